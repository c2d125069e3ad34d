// A chat started before any document was open (the teacher asked "What can you do?" first) works
// on the first lesson or Markdown file open in the editor when the teacher next writes to it. Any
// other file (settings, a script, a log) is not what a teacher means to edit with the chat, so the
// chat stays without a document until one of those is open. Said once: the host binds by this
// rule, and the panel announces the binding by it before the message is sent.
import type { BoundDocumentView } from './events';

/** The document an unbound chat takes on with the next message, if the one in the editor qualifies. */
export function documentToBind(bound: BoundDocumentView | undefined, active: BoundDocumentView | undefined): BoundDocumentView | undefined {
  if (bound || !active) return undefined;
  return active.kind === 'lesson' || /\.(md|markdown)$/i.test(active.name) ? active : undefined;
}

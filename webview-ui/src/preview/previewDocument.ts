// The document the preview shows, and how each message from the host changes it: a whole
// document replaces it (a broken one keeps the last lesson that could be read); a patch applies
// only on top of the message it names and only when it fits (src/shared/lessonPatch.ts). Pure, so
// plain Node tests run it.
import type { PlacedLesson } from '../../../src/shared/lessonPatch';
import { applyLessonPatch, placeLesson } from '../../../src/shared/lessonPatch';
import type { LessonViewError } from '../../../src/shared/lessonView';
import type { PreviewHostMessage } from '../../../src/shared/previewProtocol';

export interface PreviewDocument {
  uri: string;
  name: string;
  version: number;
  /** The number of the host's message this is (patches follow it). */
  seq: number;
  /** The last lesson that could be read (from this version or an earlier one), its blocks keyed and placed. */
  lesson: PlacedLesson | undefined;
  /** Why this version cannot be read, if it cannot. */
  error: LessonViewError | undefined;
  /** performance.now() when this version arrived. */
  receivedAt: number;
}

export type DocumentMessage = Extract<PreviewHostMessage, { type: 'document' | 'lessonPatch' }>;

/** The document after `message`, or why the message does not follow what the preview holds. */
export function nextDocument(previous: PreviewDocument | undefined, message: DocumentMessage, receivedAt: number): { document: PreviewDocument } | { refused: string } {
  const fields = { uri: message.uri, name: message.name, version: message.version, seq: message.seq, receivedAt };
  if (message.type === 'document') {
    const { result } = message;
    const kept = previous?.uri === message.uri ? previous.lesson : undefined;
    return { document: { ...fields, lesson: result.ok ? placeLesson(result.lesson) : kept, error: result.ok ? undefined : result.error } };
  }
  if (!previous?.lesson || previous.uri !== message.uri || previous.seq !== message.base) {
    return { refused: `a patch on message ${message.base}, but the preview holds ${previous?.lesson ? `message ${previous.seq}` : 'no lesson'}` };
  }
  const applied = applyLessonPatch(previous.lesson, message.patch);
  if (!applied.ok) return { refused: applied.error };
  return { document: { ...fields, lesson: applied.value, error: undefined } };
}


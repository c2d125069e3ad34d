// Small pure helpers over a session: its list entry, its title, the user-visible messages.
import type { SessionSummary } from '../../shared/view';
import type { ReadonlyMessage, ReadonlySession } from './schema';


/** A user message the person typed (not one that only carries tool results). */
export function isPrompt(message: ReadonlyMessage): boolean {
  return message.role === 'user' && message.content.some((b) => b.type === 'text');
}

/** The typed text of a prompt: its last text block (an attached context block comes first). */
export function promptText(message: ReadonlyMessage): string {
  const texts = message.content.filter((b) => b.type === 'text');
  return texts.at(-1)?.text ?? '';
}

export function sessionSummary(session: ReadonlySession): SessionSummary {
  return {
    id: session.id,
    title: session.title,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    messageCount: session.messages.filter((m) => isPrompt(m) || m.role === 'assistant').length,
    ...(session.document ? { documentName: session.document.name } : {}),
    ...(session.pending ? { awaitingUser: true } : {}),
  };
}

// The panel's requests about going back, each answer checked against the schema the host answers
// with: what a rewind would change, the rewind itself, and editing a message to send it again.
import type { RewindPreview, RewindResult, RewindTarget } from '../../../src/shared/protocol';
import { rewindPreviewSchema, rewindResultSchema } from '../../../src/shared/protocol';
import { request } from '../vscodeApi';

/** Restoring waits for VS Code to change the lesson; it answers in well under this. */
const TIMEOUT_MS = 60_000;

async function parsed<T>(result: Promise<unknown>, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }): Promise<T> {
  const checked = schema.safeParse(await result);
  if (!checked.success) throw new Error('unexpected answer from the extension');
  return checked.data;
}

export function previewRewind(target: RewindTarget): Promise<RewindPreview> {
  return parsed(request((requestId) => ({ type: 'previewRewind', requestId, target }), TIMEOUT_MS), rewindPreviewSchema);
}

export function rewind(target: RewindTarget, keepTyping: boolean): Promise<RewindResult> {
  return parsed(request((requestId) => ({ type: 'rewind', requestId, target, keepTyping }), TIMEOUT_MS), rewindResultSchema);
}

export function editResend(messageId: string, text: string, keepTyping: boolean): Promise<RewindResult> {
  return parsed(request((requestId) => ({ type: 'editResend', requestId, messageId, text, keepTyping }), TIMEOUT_MS), rewindResultSchema);
}

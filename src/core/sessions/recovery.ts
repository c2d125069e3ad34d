// After a crash: whether an edit journalled before it landed did land (by the document's hash, or
// failing that by whether its change is there), and what the model is told about a call that
// ended but whose result never reached the transcript.
import { applyTextPatch, hashText, PLACEMENT_FUZZ, reverseTextPatch } from '../documents/patch';
import type { ReadonlyEdit, ReadonlySession, ToolResultBlock } from './schema';

export type EditOutcome = 'applied' | 'not_applied';

/** Whether `edit` is in `current`: exactly by hash, else by whether its change can be found there. */
export function editOutcome(edit: ReadonlyEdit, current: string): EditOutcome {
  const hash = hashText(current);
  if (hash === edit.hashAfter) return 'applied';
  if (hash === edit.hashBefore) return 'not_applied';
  // The user typed since: the edit is there if undoing it fits, and absent if doing it fits.
  if (applyTextPatch(current, reverseTextPatch(edit.patch), PLACEMENT_FUZZ) !== undefined) return 'applied';
  return 'not_applied';
}

export const EDIT_NOT_APPLIED = 'The edit was not applied: the turn was interrupted before it reached the document, which is unchanged.';

/**
 * The result for a call that finished (its record says how) but whose tool_result was never
 * saved, because the process ended right after. Undefined: it never finished ("interrupted").
 */
export function recoveredResult(session: ReadonlySession, toolUseId: string): ToolResultBlock | undefined {
  const call = session.toolCalls[toolUseId];
  if (!call || (call.status !== 'success' && call.status !== 'error')) return undefined;
  const edit = call.editId ? session.edits.find((e) => e.id === call.editId) : undefined;
  const result = (content: string, isError: boolean): ToolResultBlock => ({ type: 'tool_result', tool_use_id: toolUseId, content, ...(isError ? { is_error: true } : {}) });
  if (call.status === 'success' && edit) {
    return result(`The edit was applied: ${edit.summary}. The turn was interrupted right after it; the change is in the document.`, false);
  }
  if (call.status === 'success') {
    // Not the step's summary: that is the teacher's, in their language; the model reads English.
    return result('This call finished, but the turn was interrupted before its result was kept; call it again if you need the result.', false);
  }
  return result(call.error === EDIT_NOT_APPLIED ? EDIT_NOT_APPLIED : `This call failed (${call.error ?? 'error'}), and the turn was then interrupted.`, true);
}

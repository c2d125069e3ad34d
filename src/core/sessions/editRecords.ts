// The owner's record of an edit to the document, kept before the edit lands: planned (a diff with
// the document's hash before and after, saved first, so a crash in between can be settled on
// load), then applied or not, settled after a crash by what the document holds, and reverted.
import { hashText, makePatch } from '../documents/patch';
import type { SessionDraft } from './draft';
import type { PresenceChange } from './presence';
import { EDIT_NOT_APPLIED, type EditOutcome } from './recovery';
import type { EditRecord } from './schema';
import { endToolCall } from './turnRecords';

/** An edit about to be applied: the text it lands on and the text it should give. */
export interface PlannedEdit {
  readonly toolCallId: string;
  readonly turnId: string;
  readonly documentUri: string;
  readonly summary: string;
  readonly before: string;
  readonly after: string;
}

/** How an edit ended: applied (with the texts it really landed on and gave), or not. */
export type EditLanding = { readonly applied: true; readonly before: string; readonly after: string } | { readonly applied: false };

/**
 * An edit about to change the document: kept as a diff with the hashes before and after, and
 * marked planned. Save before applying it, so that a crash in between can be settled on load.
 */
export function planEdit(d: SessionDraft, edit: PlannedEdit): string {
  const id = d.clock.newId('edit');
  const { before, after, ...rest } = edit;
  d.session.edits.push({ ...rest, id, patch: makePatch(before, after), hashBefore: hashText(before), hashAfter: hashText(after), status: 'planned', plannedAt: d.clock.now() });
  d.changes.edit(id);
  return id;
}

/** The planned edit landed (on the texts given, if the document moved meanwhile) or did not. */
export function landEdit(d: SessionDraft, editId: string, landing: EditLanding): void {
  const edit = editOf(d, editId);
  if (!edit) return;
  if (!landing.applied) {
    edit.status = 'not_applied';
    return;
  }
  if (hashText(landing.before) !== edit.hashBefore || hashText(landing.after) !== edit.hashAfter) {
    Object.assign(edit, { patch: makePatch(landing.before, landing.after), hashBefore: hashText(landing.before), hashAfter: hashText(landing.after) });
  }
  Object.assign(edit, { status: 'applied', appliedAt: d.clock.now() });
}

/**
 * An edit a crash left planned, settled by what the document holds: its call ends as done (Revert
 * available, the model told it was applied) or as failed (the model told it was not).
 */
export function settleEdit(d: SessionDraft, editId: string, outcome: EditOutcome): void {
  const edit = editOf(d, editId);
  if (!edit || edit.status !== 'planned') return;
  edit.status = outcome;
  if (outcome === 'applied') edit.appliedAt = d.clock.now();
  const call = d.session.toolCalls[edit.toolCallId];
  if (!call || (call.status !== 'running' && call.status !== 'awaiting')) return;
  if (outcome === 'applied') endToolCall(d, call.id, { status: 'success', editId, resultSummary: 'Applied before an interruption' });
  else endToolCall(d, call.id, { status: 'error', error: EDIT_NOT_APPLIED });
}

export function markReverted(d: SessionDraft, editId: string): boolean {
  const edit = d.session.edits.find((e) => e.id === editId);
  if (!edit || edit.status !== 'applied' || edit.revertedAt !== undefined) return false;
  const now = d.clock.now();
  Object.assign(edit, { revertedAt: now, presence: 'undone', presenceAt: now });
  d.changes.edit(editId);
  return true;
}

/**
 * What the document holds of landed edits, as just seen: undone, changed, or applied again (a
 * Revert is then over: the edit is in the document once more).
 */
export function observeEdits(d: SessionDraft, seen: readonly PresenceChange[]): void {
  for (const { editId, presence } of seen) {
    const edit = editOf(d, editId);
    if (!edit || edit.status !== 'applied') continue;
    Object.assign(edit, { presence, presenceAt: d.clock.now() });
    if (presence === 'applied') delete edit.revertedAt;
  }
}

/** The edit, about to be changed (marked changed when found). */
function editOf(d: SessionDraft, editId: string): EditRecord | undefined {
  const edit = d.session.edits.find((e) => e.id === editId);
  if (edit) d.changes.edit(editId);
  return edit;
}

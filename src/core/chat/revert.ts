// Reverting one applied agent edit from its diff record, and applying an undone one again: the
// edit's patch (or its reverse) placed on the document as it is now, hunk by hunk, rebased over
// what the teacher typed since (documents/placePatch.ts), and applied as one minimal, undoable
// edit. Where the same characters have changed since, it is refused, never forced.
import { computeEdits } from '../documents/diff';
import { reverseTextPatch } from '../documents/patch';
import { placePatch } from '../documents/placePatch';
import type { DocumentAccess, DocumentSnapshot } from '../documents/types';
import { editPresence } from '../sessions/presence';
import type { ReadonlyEdit } from '../sessions/schema';
import { l10n } from '../../shared/l10n';

export type RevertResult = { ok: true } | { ok: false; message: string };

/** `current` without `edit`; undefined when the characters it changed have changed again since. */
export function withoutEdit(edit: ReadonlyEdit, current: string): string | undefined {
  const placed = placePatch(current, reverseTextPatch(edit.patch));
  return placed.conflicts.length === 0 ? placed.text : undefined;
}

/** `current` with `edit` made again; undefined when it no longer fits. */
export function withEdit(edit: ReadonlyEdit, current: string): string | undefined {
  const placed = placePatch(current, edit.patch);
  return placed.conflicts.length === 0 ? placed.text : undefined;
}

async function readNow(document: DocumentAccess): Promise<DocumentSnapshot | { problem: string }> {
  try {
    return await document.read();
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

export async function revertEdit(document: DocumentAccess, edit: ReadonlyEdit): Promise<RevertResult> {
  if (edit.patch.length === 0) return { ok: true };
  const current = await readNow(document);
  if ('problem' in current) return { ok: false, message: current.problem };
  if (editPresence(edit, current.text) === 'undone') return { ok: false, message: l10n.t('"{0}" is already undone in {1}.', edit.summary, document.name) };
  const cannot = {
    ok: false as const,
    message: l10n.t('"{0}" cannot be reverted: the same part of {1} has changed since. Undo by hand, or use Review to compare.', edit.summary, document.name),
  };
  const reverted = withoutEdit(edit, current.text);
  if (reverted === undefined) return cannot;
  const result = await document.applyEdits(computeEdits(current.text, reverted), current, l10n.t('Revert: {0}', edit.summary));
  if (result.ok) return { ok: true };
  return result.reason === 'conflict' ? cannot : { ok: false, message: result.message };
}

/** Makes an undone (or reverted) edit again, around what was typed since. */
export async function applyEditAgain(document: DocumentAccess, edit: ReadonlyEdit): Promise<RevertResult> {
  if (edit.patch.length === 0) return { ok: true };
  const current = await readNow(document);
  if ('problem' in current) return { ok: false, message: current.problem };
  if (editPresence(edit, current.text) === 'applied') return { ok: false, message: l10n.t('"{0}" is already in {1}.', edit.summary, document.name) };
  const cannot = {
    ok: false as const,
    message: l10n.t('"{0}" cannot be applied again: the part of {1} it changed has changed since. Use Review to compare.', edit.summary, document.name),
  };
  const again = withEdit(edit, current.text);
  if (again === undefined) return cannot;
  const result = await document.applyEdits(computeEdits(current.text, again), current, l10n.t('Apply again: {0}', edit.summary));
  if (result.ok) return { ok: true };
  return result.reason === 'conflict' ? cannot : { ok: false, message: result.message };
}

// Reverting one applied agent edit: the change from `after` back to `before`, applied as a
// minimal edit against the edit's own result. The document adapter rebases it over anything the
// user (or a later agent edit) changed since, and refuses when those changes overlap it.
import { computeEdits } from '../documents/diff';
import type { DocumentAccess } from '../documents/types';
import type { ReadonlyEdit } from '../sessions/schema';

export type RevertResult = { ok: true } | { ok: false; message: string };

export async function revertEdit(document: DocumentAccess, edit: ReadonlyEdit): Promise<RevertResult> {
  if (edit.before === edit.after) return { ok: true };
  const edits = computeEdits(edit.after, edit.before);
  // Version -1: this base never equals a live version, so the adapter always compares texts.
  const result = await document.applyEdits(edits, { text: edit.after, version: -1 }, `Revert: ${edit.summary}`);
  if (result.ok) return { ok: true };
  if (result.reason === 'conflict') {
    return {
      ok: false,
      message: `"${edit.summary}" cannot be reverted: the same part of ${document.name} has changed since. Undo by hand, or use Review to compare.`,
    };
  }
  return { ok: false, message: result.message };
}

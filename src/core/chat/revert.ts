// Reverting one applied agent edit from its diff record: the edit's patch undone on the document as
// it is now (its hunks placed by their context, so changes elsewhere since are kept), applied as a
// minimal edit. When the same lines have changed since, the revert is refused, never forced.
import { computeEdits } from '../documents/diff';
import { applyTextPatch, PLACEMENT_FUZZ, reverseTextPatch } from '../documents/patch';
import type { DocumentAccess } from '../documents/types';
import type { ReadonlyEdit } from '../sessions/schema';

export type RevertResult = { ok: true } | { ok: false; message: string };

/** `current` without `edit`; undefined when the lines it changed have changed again since. */
export function withoutEdit(edit: ReadonlyEdit, current: string): string | undefined {
  return applyTextPatch(current, reverseTextPatch(edit.patch), PLACEMENT_FUZZ);
}

export async function revertEdit(document: DocumentAccess, edit: ReadonlyEdit): Promise<RevertResult> {
  if (edit.patch.length === 0) return { ok: true };
  let current;
  try {
    current = await document.read();
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const cannot = {
    ok: false as const,
    message: `"${edit.summary}" cannot be reverted: the same part of ${document.name} has changed since. Undo by hand, or use Review to compare.`,
  };
  const reverted = withoutEdit(edit, current.text);
  if (reverted === undefined) return cannot;
  const result = await document.applyEdits(computeEdits(current.text, reverted), current, `Revert: ${edit.summary}`);
  if (result.ok) return { ok: true };
  return result.reason === 'conflict' ? cannot : { ok: false, message: result.message };
}

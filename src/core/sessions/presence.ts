// Whether the document holds an agent edit now: applied, undone (Ctrl+Z, by hand, a Revert or a
// restore) or changed (partly overwritten since). Decided from the document itself, exactly by its
// hash where it can be, else by whether the edit's changed lines or the lines it replaced are
// there, so the panel's Review and Revert follow what the teacher does in the editor.
import { applyTextPatch, hashText, PLACEMENT_FUZZ, reverseTextPatch } from '../documents/patch';
import type { EditPresence, ReadonlyEdit, ReadonlySession } from './schema';

export function editPresence(edit: ReadonlyEdit, current: string, hash = hashText(current)): EditPresence {
  if (hash === edit.hashAfter) return 'applied';
  if (hash === edit.hashBefore) return 'undone';
  if (applyTextPatch(current, reverseTextPatch(edit.patch), PLACEMENT_FUZZ) !== undefined) return 'applied';
  if (applyTextPatch(current, edit.patch, PLACEMENT_FUZZ) !== undefined) return 'undone';
  return 'changed';
}

/** What the session last saw of a landed edit (a version 4 revert counts as undone). */
export function storedPresence(edit: ReadonlyEdit): EditPresence {
  return edit.presence ?? (edit.revertedAt !== undefined ? 'undone' : 'applied');
}

export interface PresenceChange {
  readonly editId: string;
  readonly presence: EditPresence;
}

/**
 * The landed edits of the conversation (those of turns set aside are not followed) whose presence
 * in `current`, the text of `documentUri` now, differs from what the session last saw.
 */
export function presenceChanges(session: ReadonlySession, documentUri: string, current: string): PresenceChange[] {
  const turns = new Set(session.turns.map((t) => t.id));
  const hash = hashText(current);
  const out: PresenceChange[] = [];
  for (const edit of session.edits) {
    if (edit.status !== 'applied' || edit.documentUri !== documentUri || edit.patch.length === 0 || !turns.has(edit.turnId)) continue;
    const presence = editPresence(edit, current, hash);
    if (presence !== storedPresence(edit)) out.push({ editId: edit.id, presence });
  }
  return out;
}

// The end of a restore, Redo or switch of branch, once the lesson holds its new text: the
// conversation's line moved through the owner (a part set aside as a branch, a branch brought
// back), the edits recorded as undone or made again, what Redo would bring back, and the record of
// the restore under way cleared. Also what a crash left under way, settled on the next load by the
// document's hash: finished if the lesson has its new text, dropped if it has its old one.
import { applyTextPatch, hashText, PLACEMENT_FUZZ, reverseTextPatch } from '../documents/patch';
import type { SessionOwner } from '../sessions/owner';
import type { ReadonlyRestoring } from '../sessions/schema';

/** Where the conversation is set aside from, for a switch: the first main-line turn after the branch left. */
function switchFrom(owner: SessionOwner, branchId: string): string | undefined {
  const s = owner.session;
  const branch = s.branches?.find((b) => b.id === branchId);
  if (!branch) throw new Error('That branch is no longer in this session.');
  const from = branch.afterTurn === undefined ? 0 : s.turns.findIndex((t) => t.id === branch.afterTurn) + 1;
  return s.turns[from]?.id;
}

/** Carries out the conversation's part and records the outcome (the caller saves). */
export function finishRewind(owner: SessionOwner, r: ReadonlyRestoring): void {
  const conversation = r.scope !== 'document';
  if (r.kind === 'restore') {
    const branch = conversation ? owner.setAside(r.to, r.undone) : undefined;
    owner.setRedo({ ...(branch ? { branch: branch.id } : {}), edits: [...r.undone], to: r.to });
  } else if (r.kind === 'redo') {
    const branch = owner.session.redo?.branch;
    if (branch && conversation) owner.bringBack(branch);
    owner.setRedo(undefined);
  } else {
    const from = switchFrom(owner, r.to);
    if (from) owner.setAside(from, r.undone);
    owner.bringBack(r.to);
    owner.setRedo(undefined);
  }
  const seen = [...r.undone.map((editId) => ({ editId, presence: 'undone' as const })), ...r.redone.map((editId) => ({ editId, presence: 'applied' as const }))];
  if (seen.length > 0) owner.observeEdits(seen);
  owner.setRestoring(undefined);
}

/**
 * A restore a crash left while it changed the lesson: finished when the document has its new text
 * (or the change is found in it), dropped when it has its old one. Nothing when the document
 * cannot be read (it stays for later) or when it waits for the teacher's decision.
 */
export function settleRewind(owner: SessionOwner, current: string | undefined): 'finished' | 'dropped' | undefined {
  const r = owner.session.restoring;
  if (!r || r.state !== 'applying' || current === undefined) return undefined;
  const hash = hashText(current);
  const landed =
    hash === r.hashAfter ||
    (hash !== r.hashBefore && r.patch !== undefined && applyTextPatch(current, reverseTextPatch(r.patch), PLACEMENT_FUZZ) !== undefined);
  if (landed || r.hashAfter === undefined) {
    finishRewind(owner, r);
    return 'finished';
  }
  owner.setRestoring(undefined);
  return 'dropped';
}

// What "Review" shows for a change kept as a diff: the two full texts for a diff view, rebuilt from
// the document as it is now. For an edit the document holds: the text without it and the text now
// (exact while the document is what the edit gave, else the edit placed on the current text). For
// an edit undone since: the text now and the text with it made again. For a proposal: the text now
// and the text with it. When the change no longer fits anywhere, only its own lines.
import { applyTextPatch, hashText, patchSides, PLACEMENT_FUZZ } from '../documents/patch';
import { editPresence } from '../sessions/presence';
import type { ReadonlyEdit, ReadonlyProposal } from '../sessions/schema';
import { withEdit, withoutEdit } from './revert';

export interface ReviewTexts {
  readonly before: string;
  readonly after: string;
  /** Set when the texts are not the exact ones of the moment (the title says so). */
  readonly note?: 'on the current text' | 'changed lines only' | 'undone';
}

export function editReview(edit: ReadonlyEdit, current: string): ReviewTexts {
  const presence = editPresence(edit, current);
  if (presence === 'undone') {
    const again = withEdit(edit, current);
    if (again !== undefined) return { before: current, after: again, note: 'undone' };
  }
  if (presence === 'applied') {
    const without = withoutEdit(edit, current);
    if (without !== undefined) return { before: without, after: current, ...(hashText(current) === edit.hashAfter ? {} : { note: 'on the current text' }) };
  }
  return { ...patchSides(edit.patch), note: 'changed lines only' };
}

export function proposalReview(proposal: ReadonlyProposal, current: string): ReviewTexts {
  const after = applyTextPatch(current, proposal.patch, PLACEMENT_FUZZ);
  if (after !== undefined) return { before: current, after, ...(hashText(current) === proposal.hashBefore ? {} : { note: 'on the current text' }) };
  return { ...patchSides(proposal.patch), note: 'changed lines only' };
}

// What "Review" shows for a change kept as a diff: the two full texts for a diff view, rebuilt from
// the document as it is now. Exact while the document still holds the edit's result (or, for a
// proposal, the text it was proposed against); otherwise the change placed on the current text by
// its context; and when it no longer fits anywhere, only its own lines.
import { applyTextPatch, hashText, patchSides, PLACEMENT_FUZZ } from '../documents/patch';
import type { ReadonlyEdit, ReadonlyProposal } from '../sessions/schema';
import { withoutEdit } from './revert';

export interface ReviewTexts {
  readonly before: string;
  readonly after: string;
  /** Set when the texts are not the exact ones of the moment (the title says so). */
  readonly note?: 'on the current text' | 'changed lines only';
}

export function editReview(edit: ReadonlyEdit, current: string): ReviewTexts {
  const without = withoutEdit(edit, current);
  if (without !== undefined) return { before: without, after: current, ...(hashText(current) === edit.hashAfter ? {} : { note: 'on the current text' }) };
  return { ...patchSides(edit.patch), note: 'changed lines only' };
}

export function proposalReview(proposal: ReadonlyProposal, current: string): ReviewTexts {
  const after = applyTextPatch(current, proposal.patch, PLACEMENT_FUZZ);
  if (after !== undefined) return { before: current, after, ...(hashText(current) === proposal.hashBefore ? {} : { note: 'on the current text' }) };
  return { ...patchSides(proposal.patch), note: 'changed lines only' };
}

// An edit of the bound document, planned once. The document is read once (by the tool, before
// it calls here); the change is diffed once and judged once: lesson validity, students' work, the
// approval rules. Typing the model had not seen is rebased over here, once. The confirmation is
// built from the plan (confirmation.ts) and land.ts applies exactly the plan.
import { applyTextEdits, computeEdits } from '../documents/diff';
import { rebaseEdits } from '../documents/rebase';
import type { DocumentAccess, DocumentSnapshot } from '../documents/types';
import { editApproval } from './approval';
import { judgeStudentWork } from './studentWorkGuard';
import type { ToolContext, ToolPlan, ToolResult } from '../tools/types';
import { editConfirmation } from './confirmation';
import { conflictResult } from './conflict';
import { checkLessonXml } from './lessonValidity';
import type { PlannedEdit } from './plannedEdit';

/** What an editing tool proposes, on the text it read. */
export interface EditProposal {
  readonly tool: string;
  readonly summary: string;
  /** The text the change was made on: what the model saw, or the live text it was located in. */
  readonly base: DocumentSnapshot;
  readonly proposed: string;
  /** The document as read for this plan, the one read before approval. */
  readonly live: DocumentSnapshot;
  /** The model's picture of the document once this lands, or undefined when it has none. */
  readonly belief: string | undefined;
  /** The answer when the proposal changes nothing. */
  readonly noChange: ToolResult;
}

function answer(result: ToolResult): ToolPlan {
  return { kind: 'answer', result };
}

/** How the plan keeps the model's picture: most often it is the plan's own result. */
function beliefOf(belief: string | undefined, after: string): PlannedEdit['belief'] {
  if (belief === undefined) return { kind: 'unknown' };
  return belief === after ? { kind: 'result' } : { kind: 'text', text: belief };
}

/** Plans `proposal` on the document: refused, nothing to do, or an edit (with its confirmation when one is needed). */
export function planEdit(ctx: ToolContext, document: DocumentAccess, proposal: EditProposal): ToolPlan {
  const { base, live, proposed, tool } = proposal;
  const edits = computeEdits(base.text, proposed);
  if (edits.length === 0) return answer(proposal.noChange);
  const xml = checkLessonXml(document, base.text, proposed);
  if (!xml.ok) return answer(xml.result);
  const work = judgeStudentWork(tool, ctx, document, base.text, proposed);
  if (work.kind === 'refuse') return answer(work.result);
  // The user typed since the model read it: rebased over the typing, or refused where they overlap.
  const onLive = live.text === base.text ? { ok: true as const, edits } : rebaseEdits(base.text, live.text, edits);
  if (!onLive.ok) return answer(conflictResult(onLive.message, live, ctx));
  const after = live.text === base.text ? proposed : applyTextEdits(live.text, onLive.edits);
  const edit: PlannedEdit = {
    tool,
    summary: proposal.summary,
    documentUri: document.uri,
    base: { text: live.text, version: live.version },
    edits: onLive.edits,
    belief: beliefOf(proposal.belief, after),
    notes: work.kind === 'free' && work.note ? [...xml.notes, work.note] : xml.notes,
  };
  const approval = editApproval(tool, ctx.settings, base.text, edits);
  if (!approval.needed && work.kind !== 'confirm') return { kind: 'edit', edit };
  const students = work.kind === 'confirm' ? work : undefined;
  return { kind: 'edit', edit, confirmation: editConfirmation(document, edit, students, approval.needed ? approval.reason : undefined) };
}

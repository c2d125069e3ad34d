// Landing a planned edit: exactly the plan's edits, rebased once over what the teacher typed
// since the plan was made (or refused where the typing meets them, with the fresh text for the
// model). Recorded in the session before the document changes; the result tells the model what
// really happened (the document is read again after applying).
import { describeChange } from '../documents/changeWords';
import { applyTextEdits, describeEdits } from '../documents/diff';
import { rebaseEdits } from '../documents/rebase';
import type { ApplyResult, DocumentAccess, DocumentSnapshot, TextEdit } from '../documents/types';
import { judgeLessonChange } from '../lesson/change';
import { buildLessonView } from '../lesson/lessonView';
import { formatErrorList } from '../lesson/validate';
import { errorResult, noDocumentResult } from '../tools/toolResults';
import type { ToolContext, ToolResult } from '../tools/types';
import { conflictResult } from './conflict';
import { beliefText, plannedText, type PlannedEdit } from './plannedEdit';
import { l10n } from '../../shared/l10n';

/** Where and why the preview cannot read the lesson ("line 43: ..."), or undefined when it can. */
function unreadableLesson(text: string): string | undefined {
  const view = buildLessonView(text);
  return view.ok ? undefined : `line ${view.error.line}: ${view.error.message.replace(/\.$/, '')}`;
}

/**
 * What the model should take the document to be after the call: its own result when it knows
 * what it edited. The user's typing is then not in that picture, on purpose: a later edit in
 * the same response is diffed against the picture and rebased over the typing, never erasing it.
 * (Each new request shows the model the live document anyway, so nothing is pasted back here.)
 */
function modelView(after: DocumentSnapshot, belief: string | undefined): DocumentSnapshot {
  if (belief === undefined || after.text === belief) return after;
  return { text: belief, version: after.version };
}

type Placement =
  | { readonly kind: 'placed'; readonly edits: readonly TextEdit[]; readonly expected: string }
  /** The teacher's typing meets the plan's edits: the plan no longer applies. */
  | { readonly kind: 'conflict'; readonly message: string }
  | { readonly kind: 'unplaceable'; readonly message: string };

/** The plan's edits on the text the edit lands on: as planned, or rebased once over the typing since. */
function placeOn(plan: PlannedEdit, landing: DocumentSnapshot): Placement {
  let edits: readonly TextEdit[] = plan.edits;
  if (landing.text !== plan.base.text) {
    const rebased = rebaseEdits(plan.base.text, landing.text, plan.edits);
    if (!rebased.ok) return { kind: 'conflict', message: rebased.message };
    edits = rebased.edits;
  }
  try {
    return { kind: 'placed', edits, expected: applyTextEdits(landing.text, edits) };
  } catch (error) {
    return { kind: 'unplaceable', message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Lands `plan` on the bound document. `landing` is the document as just read (when the plan was
 * made a moment ago); otherwise it is read now, once.
 */
export async function landEdit(plan: PlannedEdit, ctx: ToolContext, landing?: DocumentSnapshot): Promise<ToolResult> {
  const document = ctx.document;
  if (!document) return noDocumentResult();
  if (document.uri !== plan.documentUri) return errorResult(`The edit was planned for another document; ${document.name} was not changed.`, l10n.t('Not changed: the edit was meant for another document'));
  if (ctx.signal.aborted) return errorResult('Interrupted before the edit was applied; the document was not changed.', l10n.t('Stopped before anything was changed'));
  const on = landing ?? (await document.read().catch(() => plan.base));
  const placed = placeOn(plan, on);
  if (placed.kind === 'conflict') return conflictResult(placed.message, on, ctx);
  if (placed.kind === 'unplaceable') return errorResult(`The edit could not be placed: ${placed.message}`, l10n.t('Not changed: the edit could not be placed in the document'));
  const id = await ctx.beginEdit({ documentUri: document.uri, summary: plan.summary, before: on.text, after: placed.expected });
  const result = await document.applyEdits(placed.edits, on, plan.summary);
  if (!result.ok) {
    if (result.reason !== 'conflict' || !result.current) {
      const summary = result.summary ?? (result.reason === 'missing' ? l10n.t('Not changed: {0} no longer exists (it was deleted or moved)', document.name) : l10n.t('Not changed: the editor did not take the edit'));
      return errorResult(result.message, summary);
    }
    return conflictResult(result.message, result.current, ctx);
  }
  return report(plan, document, id, on, result);
}

/** The model's account of a landed edit, and the panel's words for it. */
async function report(plan: PlannedEdit, document: DocumentAccess, id: string, landing: DocumentSnapshot, result: Extract<ApplyResult, { ok: true }>): Promise<ToolResult> {
  // Re-read: the editor (or the disk) is the truth, not what we meant to write.
  const after = await document.read().catch(() => result.after);
  const belief = beliefText(plan);
  const lines = [`Applied to ${document.name}: ${plan.summary} (${describeEdits(plan.edits)}).`];
  if (plan.belief.kind !== 'result' || landing.text !== plan.base.text || result.rebased) {
    lines.push('The user edited other parts of the document meanwhile; their changes were kept. Work from the current text from now on.');
  }
  // The proposed text was checked before applying; only a merged result needs a new look.
  if (document.kind === 'lesson' && after.text !== belief) {
    const { introduced } = judgeLessonChange(landing.text, after.text);
    if (introduced.length > 0) lines.push(`Warning: merged with the user's typing, the document now has new problems:\n${formatErrorList(introduced)}`);
  }
  lines.push(...plan.notes);
  const unreadable = document.kind === 'lesson' ? unreadableLesson(after.text) : undefined;
  if (unreadable) lines.push(`The lesson still cannot be read (${unreadable}), so its preview cannot show this edit. Tell the user, in plain words, where it breaks and offer to fix it.`);
  // The panel's words for the change (the model reads the exact counts in `content`).
  const changed = describeChange(plan.base.text, plannedText(plan), document.kind);
  return {
    content: lines.join('\n'),
    summary: unreadable ? l10n.t('{0}, but the lesson still cannot be read ({1}): the preview shows its last readable version', changed, unreadable) : changed,
    edit: { id, before: result.before?.text ?? landing.text, after: result.after.text },
    documentSeen: modelView(after, belief),
  };
}

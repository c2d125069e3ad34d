// The checks a lesson edit passes before it is applied, judged on the change: XML problems the
// edit introduces refuse it (with line and column), problems the document already had are only
// reported; then the students'-work rule. Other documents (Markdown, text) are taken as they are.
import { judgeLessonChange } from '../lesson/change';
import { formatErrorList } from '../lesson/validate';
import { computeEdits } from '../documents/diff';
import type { DocumentAccess, DocumentSnapshot } from '../documents/types';
import { applyAndReport, errorResult, NO_DOCUMENT, planEditConfirmation } from './documentEdit';
import { judgeStudentWork } from './studentWorkGuard';
import type { ToolContext, ToolDefinition, ToolResult } from './types';

export type LessonEditCheck = { readonly ok: false; readonly result: ToolResult } | { readonly ok: true; readonly notes: readonly string[] };

const MAX_LISTED = 30;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function preexistingNote(count: number, list: string, uncheckedRest: boolean): string {
  const rest = uncheckedRest ? ' The XML was already broken there, so the text after it could not be checked.' : '';
  return (
    `Note: the document already had ${plural(count, 'problem')} before this edit; they did not block it (leave them unless the user asks).${rest}\n` +
    list
  );
}

/** Validation judged on the change from `before` (the text the edit is made on) to `after`. */
export function checkLessonXml(document: DocumentAccess, before: string | undefined, after: string): LessonEditCheck {
  if (document.kind !== 'lesson') return { ok: true, notes: [] };
  const change = judgeLessonChange(before, after);
  const { introduced, preexisting } = change;
  if (introduced.length > 0) {
    const n = introduced.length;
    const already = preexisting.length > 0 ? `\n(The document already had ${plural(preexisting.length, 'other problem')}; those do not block your edit.)` : '';
    const content =
      `The document was NOT changed: your edit introduces ${plural(n, 'error')} in the lesson XML.\n` +
      `${formatErrorList(introduced, 0, MAX_LISTED)}\nFix ${n === 1 ? 'it' : 'them'} and call the tool again.${already}`;
    return { ok: false, result: { content, isError: true, summary: `Invalid lesson XML (${plural(n, 'error')})` } };
  }
  if (preexisting.length === 0) return { ok: true, notes: [] };
  return { ok: true, notes: [preexistingNote(preexisting.length, formatErrorList(preexisting, 0, MAX_LISTED), change.uncheckedRest)] };
}

/** The students'-work rule on top of a passed XML check (its notes are kept). */
export function checkStudentWork(tool: string, ctx: ToolContext, document: DocumentAccess, before: string, after: string, notes: readonly string[]): LessonEditCheck {
  const work = judgeStudentWork(tool, ctx, document, before, after);
  if (work.kind === 'refuse') return { ok: false, result: work.result };
  // 'confirm' was shown on the card by needsConfirmation and approved before the tool runs.
  return { ok: true, notes: work.kind === 'free' && work.note ? [...notes, work.note] : notes };
}

/** Everything an edit of the bound document must pass before it runs; notes go into its result. */
export function checkLessonEdit(tool: string, ctx: ToolContext, document: DocumentAccess, before: string, after: string): LessonEditCheck {
  const xml = checkLessonXml(document, before, after);
  return xml.ok ? checkStudentWork(tool, ctx, document, before, after, xml.notes) : xml;
}

/** A targeted edit (edit_text, replace_element) ready to land: the text it read and the text it proposes. */
export interface PreparedEdit {
  readonly current: DocumentSnapshot;
  readonly proposed: string;
  /** The XML check's notes, passed on to the result. */
  readonly notes: readonly string[];
}

/** Lands a prepared targeted edit: nothing to do, the students'-work rule, then apply and report. */
async function landPreparedEdit(tool: string, ctx: ToolContext, prepared: PreparedEdit, summary: string, noChange: string): Promise<ToolResult> {
  const { current, proposed } = prepared;
  const document = ctx.document;
  if (!document) return errorResult(NO_DOCUMENT);
  const edits = computeEdits(current.text, proposed);
  if (edits.length === 0) return { content: noChange, summary: 'No change' };
  const check = checkStudentWork(tool, ctx, document, current.text, proposed, prepared.notes);
  if (!check.ok) return check.result;
  // The model knows the result only if it knew the text it edited (no unseen typing).
  const belief = ctx.documentSeen === undefined || ctx.documentSeen.text === current.text ? proposed : undefined;
  return applyAndReport(ctx, document, current, edits, summary, belief, check.notes);
}

/**
 * The approval and the run of a targeted edit tool (edit_text, replace_element), from how it
 * prepares its edit: the plan the teacher approves is the edit that lands, and students' answers
 * and ids in it are judged like any edit's (studentWorkGuard.ts).
 */
export function preparedEditTool<Input extends { readonly summary: string }>(
  tool: string,
  prepare: (input: Input, ctx: ToolContext) => Promise<PreparedEdit | ToolResult>,
  noChange: string,
): Required<Pick<ToolDefinition<Input>, 'needsConfirmation' | 'run'>> {
  return {
    async needsConfirmation(input, ctx) {
      const prepared = await prepare(input, ctx);
      return 'proposed' in prepared ? planEditConfirmation(tool, ctx, prepared.current, prepared.proposed, input.summary) : undefined;
    },
    async run(input, ctx) {
      const prepared = await prepare(input, ctx);
      return 'proposed' in prepared ? landPreparedEdit(tool, ctx, prepared, input.summary, noChange) : prepared;
    },
  };
}

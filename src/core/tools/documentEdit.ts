// What edit_document and edit_text share once they know the proposed text: minimal edits, the approval rule, applying through DocumentAccess, and a result that
// tells the model what really happened (re-read after applying).
import * as z from 'zod';
import { describeChange } from '../documents/changeWords';
import { applyTextEdits, computeEdits, describeEdits } from '../documents/diff';
import { rebaseEdits } from '../documents/rebase';
import type { DocumentAccess, DocumentSnapshot, TextEdit } from '../documents/types';
import { judgeLessonChange } from '../lesson/change';
import { buildLessonView } from '../lesson/lessonView';
import { formatErrorList } from '../lesson/validate';
import { DEFAULT_SETTINGS } from '../settings';
import { editApproval } from './approval';
import { judgeStudentWork } from './studentWorkGuard';
import type { ConfirmationPlan, ToolContext, ToolResult, ToolSettings } from './types';

/**
 * The edit tools' summary. The teacher may read it on a confirmation card before the edit is
 * applied, and it names the change afterwards (Review, Revert, Undo): a proposal in the imperative
 * reads right in both places, where "Removed ..." would claim on the card what has not happened.
 */
export const editSummary = z
  .string()
  .min(1)
  .max(300)
  .describe(
    'What the edit does, in one short sentence in the imperative, e.g. "Add a true/false exercise about rivers" or "Remove everything but the title" (not "Added..."): the user may read it before approving the edit, and it names the change afterwards.',
  );

/** "added an exercise" -> "Added an exercise." */
function sentence(words: string): string {
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

export function errorResult(content: string, summary?: string): ToolResult {
  return { content, isError: true, summary: summary ?? content.split('\n')[0] };
}

export const NO_DOCUMENT =
  'No document is bound to this session. Ask the user to open the lesson (or a Markdown file) in the editor and ask again: the chat takes the lesson open in the editor with their next message.';

/** Reads the document, turning "deleted" into a result the model can act on. */
export async function readDocument(document: DocumentAccess): Promise<DocumentSnapshot | ToolResult> {
  try {
    return await document.read();
  } catch (error) {
    return errorResult(`The document ${document.name} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Documents longer than this (characters) are read and edited in parts, never resent whole. */
export function largeDocumentLimit(settings: ToolSettings): number {
  return settings.largeDocumentChars ?? DEFAULT_SETTINGS.largeDocumentChars;
}

export function isSnapshot(value: DocumentSnapshot | ToolResult): value is DocumentSnapshot {
  return 'version' in value;
}

/** The confirmation an edit needs under the settings, with current and proposed text for a diff. */
export async function planEditConfirmation(
  tool: string,
  ctx: ToolContext,
  base: DocumentSnapshot,
  proposed: string,
  summary: string,
): Promise<ConfirmationPlan | undefined> {
  const document = ctx.document;
  if (!document) return undefined;
  const edits = computeEdits(base.text, proposed);
  if (edits.length === 0) return undefined;
  const approval = editApproval(tool, ctx.settings, base.text, edits);
  const work = judgeStudentWork(tool, ctx, document, base.text, proposed);
  if (!approval.needed && work.kind !== 'confirm') return undefined;
  const students = work.kind === 'confirm' ? work : undefined;
  const reasons = [students?.reason, approval.needed ? approval.reason : undefined].filter((r): r is string => r !== undefined);
  // Review shows the live text against what it would become, the user's typing included.
  const current = await document.read().catch(() => base);
  const rebased = current.text === base.text ? { ok: true as const, edits } : rebaseEdits(base.text, current.text, edits);
  const after = rebased.ok ? applyTextEdits(current.text, rebased.edits) : proposed;
  return {
    request: {
      tool,
      // "Students' work" only when a student wrote something it changes (else the reason says what).
      title: students?.answers ? `Change students' work in ${document.name}?` : `Edit ${document.name}?`,
      summary,
      reason: reasons.join(' '),
      // What it would do, in the teacher's words; Review changes shows the text itself.
      details: sentence(describeChange(base.text, proposed, document.kind, 'present')),
      ...(students && students.groups.length > 0 ? { studentWork: students.groups.map((g) => ({ place: g.place, changes: [...g.changes] })) } : {}),
      hasDiff: true,
    },
    proposal: { uri: document.uri, before: current.text, after },
  };
}

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

function conflictResult(message: string, current: DocumentSnapshot, ctx: ToolContext): ToolResult {
  // A long document is not pasted back whole (the model knows it from its outline).
  const redo =
    current.text.length > largeDocumentLimit(ctx.settings)
      ? '\nRead the part again with read_document (it now includes the user\'s typing) and redo your change on it.'
      : `\nRedo your change on the current text below (it includes the user's typing).\n\nCurrent document:\n${current.text}`;
  return errorResult(`${message}${redo}`, 'Refused: the user was editing the same place');
}

/**
 * Applies `edits` (against `base`) and reports the real outcome. `belief` is the text the model
 * thinks the document now has (undefined when it edited text with typing it had not seen). The
 * edit is planned against the live text and recorded in the session before the document changes.
 */
export async function applyAndReport(
  ctx: ToolContext,
  document: DocumentAccess,
  base: DocumentSnapshot,
  edits: readonly TextEdit[],
  summary: string,
  belief: string | undefined,
  notes: readonly string[] = [],
): Promise<ToolResult> {
  if (ctx.signal.aborted) return errorResult('Interrupted before the edit was applied; the document was not changed.');
  const landing = await document.read().catch(() => base);
  let planned = edits;
  if (landing.text !== base.text) {
    // The user typed since the model read it: rebased over the typing, or refused where they overlap.
    const rebased = rebaseEdits(base.text, landing.text, edits);
    if (!rebased.ok) return conflictResult(rebased.message, landing, ctx);
    planned = rebased.edits;
  }
  let expected: string;
  try {
    expected = applyTextEdits(landing.text, planned);
  } catch (error) {
    return errorResult(`The edit could not be placed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const id = await ctx.beginEdit({ documentUri: document.uri, summary, before: landing.text, after: expected });
  const result = await document.applyEdits(planned, landing, summary);
  if (!result.ok) {
    if (result.reason !== 'conflict' || !result.current) return errorResult(result.message);
    return conflictResult(result.message, result.current, ctx);
  }
  // Re-read: the editor (or the disk) is the truth, not what we meant to write.
  const after = await document.read().catch(() => result.after);
  const lines = [`Applied to ${document.name}: ${summary} (${describeEdits(edits)}).`];
  if (landing.text !== base.text || result.rebased || belief === undefined) {
    lines.push('The user edited other parts of the document meanwhile; their changes were kept. Work from the current text from now on.');
  }
  // The proposed text was checked before applying; only a merged result needs a new look.
  if (document.kind === 'lesson' && after.text !== belief) {
    const { introduced } = judgeLessonChange(landing.text, after.text);
    if (introduced.length > 0) lines.push(`Warning: merged with the user's typing, the document now has new problems:\n${formatErrorList(introduced)}`);
  }
  lines.push(...notes);
  const unreadable = document.kind === 'lesson' ? unreadableLesson(after.text) : undefined;
  if (unreadable) lines.push(`The lesson still cannot be read (${unreadable}), so its preview cannot show this edit. Tell the user, in plain words, where it breaks and offer to fix it.`);
  // The panel's words for the change (the model reads the exact counts in `content`).
  const changed = describeChange(base.text, applyTextEdits(base.text, edits), document.kind);
  return {
    content: lines.join('\n'),
    summary: unreadable ? `${changed}, but the lesson still cannot be read (${unreadable}): the preview shows its last readable version` : changed,
    edit: { id, before: result.before?.text ?? landing.text, after: result.after.text },
    documentSeen: modelView(after, belief),
  };
}

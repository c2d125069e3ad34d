// What edit_document and edit_text share once they know the proposed text: validation for
// lessons, minimal edits, the approval rule, applying through DocumentAccess, and a result that
// tells the model what really happened (re-read after applying).
import { applyTextEdits, computeEdits, describeEdits } from '../documents/diff';
import { rebaseEdits } from '../documents/rebase';
import type { DocumentAccess, DocumentSnapshot, TextEdit } from '../documents/types';
import { formatLessonErrors, validateLesson } from '../lesson/validate';
import { editApproval } from './approval';
import type { ConfirmationPlan, ToolContext, ToolResult } from './types';

/** Past this size a fresh copy of the document is not pasted into a tool result. */
const MAX_ECHO_CHARS = 200_000;

export function errorResult(content: string, summary?: string): ToolResult {
  return { content, isError: true, summary: summary ?? content.split('\n')[0] };
}

export const NO_DOCUMENT =
  'No document is bound to this session. Ask the user to open the lesson (or another text file) in the editor and start a new session from it.';

/** Validation for lessons; other documents (Markdown, text) are taken as they are. */
export function invalidLessonResult(document: DocumentAccess, text: string): ToolResult | undefined {
  if (document.kind !== 'lesson') return undefined;
  const validation = validateLesson(text);
  if (validation.ok) return undefined;
  const count = validation.errors.length + validation.omitted;
  return errorResult(
    `The document was NOT changed: the lesson XML has ${count} error${count === 1 ? '' : 's'}.\n` +
      `${formatLessonErrors(validation)}\nFix ${count === 1 ? 'it' : 'them'} and call the tool again.`,
    `Invalid lesson XML (${count} error${count === 1 ? '' : 's'})`,
  );
}

/** Reads the document, turning "deleted" into a result the model can act on. */
export async function readDocument(document: DocumentAccess): Promise<DocumentSnapshot | ToolResult> {
  try {
    return await document.read();
  } catch (error) {
    return errorResult(`The document ${document.name} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
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
  if (!approval.needed) return undefined;
  // Review shows the live text against what it would become, the user's typing included.
  const current = await document.read().catch(() => base);
  const rebased = current.text === base.text ? { ok: true as const, edits } : rebaseEdits(base.text, current.text, edits);
  const after = rebased.ok ? applyTextEdits(current.text, rebased.edits) : proposed;
  return {
    request: {
      tool,
      title: `Edit ${document.name}?`,
      summary,
      reason: approval.reason,
      details: describeEdits(edits),
      hasDiff: true,
    },
    proposal: { uri: document.uri, before: current.text, after },
  };
}

/**
 * What the model should take the document to be after the call, and whether to show it the
 * fresh text. Without typing by the user, that is its own result. With typing it did not see,
 * it is shown the new text (when that is of a reasonable size); otherwise its own picture stays
 * the base for the next edit, which is then rebased over the typing again rather than erase it.
 */
function modelView(after: DocumentSnapshot, belief: string | undefined, rebased: boolean): { seen: DocumentSnapshot; echo: boolean } {
  if (!rebased && belief !== undefined) {
    return { seen: after.text === belief ? after : { text: belief, version: after.version }, echo: false };
  }
  if (after.text.length <= MAX_ECHO_CHARS) return { seen: after, echo: true };
  return { seen: belief !== undefined ? { text: belief, version: after.version } : after, echo: false };
}

/**
 * Applies `edits` (against `base`) and reports the real outcome. `belief` is the text the model
 * thinks the document now has (undefined when the user typed things it has not seen).
 */
export async function applyAndReport(
  ctx: ToolContext,
  document: DocumentAccess,
  base: DocumentSnapshot,
  edits: readonly TextEdit[],
  summary: string,
  belief: string | undefined,
): Promise<ToolResult> {
  if (ctx.signal.aborted) return errorResult('Interrupted before the edit was applied; the document was not changed.');
  // What the edits land on, for Revert, in case the document access does not report it.
  const landing = await document.read().catch(() => base);
  const result = await document.applyEdits(edits, base, summary);
  if (!result.ok) {
    if (result.reason !== 'conflict' || !result.current) return errorResult(result.message);
    return errorResult(
      `${result.message}\nRedo your change on the current text below (it includes the user's typing).\n\n` +
        `Current document:\n${result.current.text}`,
      'Refused: the user was editing the same place',
    );
  }
  // Re-read: the editor (or the disk) is the truth, not what we meant to write.
  const after = await document.read().catch(() => result.after);
  const before = result.before?.text ?? landing.text;
  const lines = [`Applied to ${document.name}: ${summary} (${describeEdits(edits)}).`];
  const view = modelView(after, belief, result.rebased);
  if (result.rebased || belief === undefined) {
    lines.push('The user edited other parts of the document meanwhile; their changes were kept.');
  }
  // The proposed text was validated before applying; only a merged result needs a new look.
  if (document.kind === 'lesson' && after.text !== belief) {
    const check = validateLesson(after.text);
    if (!check.ok) lines.push(`Warning: the document is now invalid:\n${formatLessonErrors(check)}`);
  }
  if (view.echo) lines.push(`The document now reads:\n${after.text}`);
  return {
    content: lines.join('\n'),
    summary: describeEdits(edits),
    edit: { documentUri: document.uri, summary, before, after: after.text },
    documentSeen: view.seen,
  };
}

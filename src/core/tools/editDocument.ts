// edit_document: the seed's contract (the complete new document + a one-sentence summary). The
// text is validated, diffed against what the model saw, and only the changed ranges are applied:
// one undo step, the rest of the text, the cursor and the user's typing untouched.
import * as z from 'zod';
import { computeEdits } from '../documents/diff';
import {
  applyAndReport,
  editSummary,
  errorResult,
  isSnapshot,
  NO_DOCUMENT,
  planEditConfirmation,
  readDocument,
} from './documentEdit';
import { wholeRewriteRefusal } from './largeDocument';
import { checkLessonEdit, checkLessonXml } from './lessonEditCheck';
import type { ToolContext, ToolDefinition, ToolResult } from './types';

export const editDocumentInput = z.object({
  documentXml: z
    .string()
    .describe('The complete new document. For a lesson: the whole XML, wrapped in <lesson> ... </lesson>.'),
  summary: editSummary,
});
export type EditDocumentInput = z.infer<typeof editDocumentInput>;

/** The model diffs against what it saw; without a record of that, the current text is the base. */
async function baseFor(ctx: ToolContext) {
  if (ctx.documentSeen) return ctx.documentSeen;
  return ctx.document ? readDocument(ctx.document) : errorResult(NO_DOCUMENT);
}

async function run(input: EditDocumentInput, ctx: ToolContext): Promise<ToolResult> {
  const document = ctx.document;
  if (!document) return errorResult(NO_DOCUMENT);
  const base = await baseFor(ctx);
  if (!isSnapshot(base)) return base;
  const tooLong = wholeRewriteRefusal(base.text, ctx.settings);
  if (tooLong) return tooLong;
  const edits = computeEdits(base.text, input.documentXml);
  if (edits.length === 0) {
    return { content: 'No change: the document already has exactly this content.', summary: 'No change', documentSeen: base };
  }
  const check = checkLessonEdit('edit_document', ctx, document, base.text, input.documentXml);
  if (!check.ok) return check.result;
  return applyAndReport(ctx, document, base, edits, input.summary, input.documentXml, check.notes);
}

export const editDocumentTool: ToolDefinition<EditDocumentInput> = {
  name: 'edit_document',
  description:
    'Replace the whole document with a new version. Send the COMPLETE document (for a lesson, the full XML in <lesson> tags), ' +
    'keeping everything you do not mean to change, existing ids and student answers included. Only the parts that differ ' +
    'are applied, as one undoable step. Use it for large or scattered changes (restructuring, several exercises); for a ' +
    'small local change prefer edit_text. Lessons are validated first: if your edit adds errors nothing changes and you ' +
    'get each with its line and column (problems the document already had are reported, not blocking). Changing or ' +
    'removing a student\'s answer or an id needs the teacher\'s approval. Only edit when the user asked for a change.',
  inputSchema: editDocumentInput,
  displayText: () => 'Editing document',
  async needsConfirmation(input, ctx) {
    if (!ctx.document) return undefined;
    const base = await baseFor(ctx);
    // An edit that will be refused asks nobody: run() answers the model with the reason.
    if (!isSnapshot(base) || wholeRewriteRefusal(base.text, ctx.settings)) return undefined;
    if (!checkLessonXml(ctx.document, base.text, input.documentXml).ok) return undefined;
    return planEditConfirmation('edit_document', ctx, base, input.documentXml, input.summary);
  },
  run,
};

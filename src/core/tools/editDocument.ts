// edit_document: the seed's contract (the complete new document + a one-sentence summary). The
// text is validated, diffed against what the model saw, and only the changed ranges are applied:
// one undo step, the rest of the text, the cursor and the user's typing untouched.
import * as z from 'zod';
import { editSummary } from '../edits/editSummary';
import { planEdit } from '../edits/plan';
import { plannedTool } from '../edits/plannedTool';
import { wholeRewriteRefusal } from './largeDocument';
import { isSnapshot, noDocumentResult, readDocument } from './toolResults';
import type { ToolContext, ToolDefinition, ToolPlan } from './types';
import { l10n } from '../../shared/l10n';

export const editDocumentInput = z.object({
  documentXml: z
    .string()
    .describe('The complete new document. For a lesson: the whole XML, wrapped in <lesson> ... </lesson>.'),
  summary: editSummary,
});
export type EditDocumentInput = z.infer<typeof editDocumentInput>;

/** The model diffs against what it saw; without a record of that, the current text is the base. */
async function plan(input: EditDocumentInput, ctx: ToolContext): Promise<ToolPlan> {
  const document = ctx.document;
  if (!document) return { kind: 'answer', result: noDocumentResult() };
  const live = await readDocument(document);
  if (!isSnapshot(live)) return { kind: 'answer', result: live };
  const seen = ctx.documentSeen ?? live;
  const tooLong = wholeRewriteRefusal(seen.text, ctx.settings);
  if (tooLong) return { kind: 'answer', result: tooLong };
  return planEdit(ctx, document, {
    tool: 'edit_document',
    summary: input.summary,
    base: seen,
    proposed: input.documentXml,
    live,
    // The model knows the whole text it sent: that is its picture, whatever typing is merged in.
    belief: input.documentXml,
    noChange: { content: 'No change: the document already has exactly this content.', summary: l10n.t('No change'), documentSeen: seen },
  });
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
  displayText: () => l10n.t('Editing document'),
  genericText: () => l10n.t('Editing document'),
  ...plannedTool(plan),
};

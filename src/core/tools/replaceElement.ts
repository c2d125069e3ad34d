// replace_element: rewrites one part of the document whole, named like read_document names it: a
// lesson element by its id (from its start tag to its end tag), or a section by its heading
// (lessons and Markdown). It is how a long lesson, sent as an outline, gets a larger change than
// find/replace suits. The result is validated and applied like any edit: one undoable step.
import * as z from 'zod';
import { locatePart } from '../documents/locate';
import type { DocumentAccess, DocumentSnapshot } from '../documents/types';
import { editSummary } from '../edits/editSummary';
import { targetedTool } from '../edits/targetedTool';
import { errorResult } from './toolResults';
import type { ToolDefinition, ToolResult } from './types';
import { l10n } from '../../shared/l10n';

export const replaceElementInput = z.object({
  id: z.string().min(1).optional().describe('The id of the lesson element to replace (an exercise, a paragraph, a heading...).'),
  heading: z.string().min(1).optional().describe('Or: the heading whose section to replace (the heading line and what follows, up to the next heading of its level).'),
  content: z
    .string()
    .describe('The complete new element (from its start tag to its end tag, keeping its id) or the complete new section (its heading included). "" removes it.'),
  summary: editSummary,
});
export type ReplaceElementInput = z.infer<typeof replaceElementInput>;

function locate(input: ReplaceElementInput, current: DocumentSnapshot, document: DocumentAccess): string | ToolResult {
  if ((input.id === undefined) === (input.heading === undefined)) return errorResult('Name the part in exactly one way: an id or a heading.', l10n.t('Not changed: the part to replace was not named clearly'));
  const found = locatePart(current.text, document.kind, { id: input.id, heading: input.heading });
  if (!found.ok) return errorResult(`Nothing was changed. ${found.message}`, l10n.t('Part not found'));
  let content = input.content;
  // A section ends with its newline: the replacement must not run into the next heading's line.
  if (current.text[found.end - 1] === '\n' && content.length > 0 && !content.endsWith('\n')) content += '\n';
  return current.text.slice(0, found.start) + content + current.text.slice(found.end);
}

export const replaceElementTool: ToolDefinition<ReplaceElementInput> = {
  name: 'replace_element',
  description:
    'Replace one part of the document whole: a lesson element by its id (e.g. an exercise, from <exercise ...> to ' +
    '</exercise>), or a section by its heading (the heading and what follows, up to the next heading of its level; ' +
    'Markdown too). Send the complete new part, keeping its id, every other id and every student answer in it ' +
    '(changing or removing a student\'s answer or an id needs the teacher\'s approval). ' +
    'Use it for a larger change to one part, above all in a long document you know from its outline (read the part ' +
    'with read_document first); use edit_text for a few words. Lessons are validated: on errors nothing changes.',
  inputSchema: replaceElementInput,
  displayText: () => l10n.t('Editing document'),
  genericText: () => l10n.t('Editing document'),
  ...targetedTool('replace_element', locate, 'No change: the new part equals the part it replaces.'),
};

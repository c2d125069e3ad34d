// replace_element: rewrites one part of the document whole, named like read_document names it: a
// lesson element by its id (from its start tag to its end tag), or a section by its heading
// (lessons and Markdown). It is how a long lesson, sent as an outline, gets a larger change than
// find/replace suits. The result is validated and applied like any edit: one undoable step.
import * as z from 'zod';
import { locatePart } from '../documents/locate';
import {
  editSummary,
  errorResult,
  isSnapshot,
  NO_DOCUMENT,
  readDocument,
} from './documentEdit';
import type { PreparedEdit } from './lessonEditCheck';
import { checkLessonXml, preparedEditTool } from './lessonEditCheck';
import type { ToolContext, ToolDefinition, ToolResult } from './types';

export const replaceElementInput = z.object({
  id: z.string().min(1).optional().describe('The id of the lesson element to replace (an exercise, a paragraph, a heading...).'),
  heading: z.string().min(1).optional().describe('Or: the heading whose section to replace (the heading line and what follows, up to the next heading of its level).'),
  content: z
    .string()
    .describe('The complete new element (from its start tag to its end tag, keeping its id) or the complete new section (its heading included). "" removes it.'),
  summary: editSummary,
});
export type ReplaceElementInput = z.infer<typeof replaceElementInput>;

async function prepare(input: ReplaceElementInput, ctx: ToolContext): Promise<PreparedEdit | ToolResult> {
  const document = ctx.document;
  if (!document) return errorResult(NO_DOCUMENT);
  if ((input.id === undefined) === (input.heading === undefined)) return errorResult('Name the part in exactly one way: an id or a heading.');
  const current = await readDocument(document);
  if (!isSnapshot(current)) return current;
  const found = locatePart(current.text, document.kind, { id: input.id, heading: input.heading });
  if (!found.ok) return errorResult(`Nothing was changed. ${found.message}`, 'Part not found');
  let content = input.content;
  // A section ends with its newline: the replacement must not run into the next heading's line.
  if (current.text[found.end - 1] === '\n' && content.length > 0 && !content.endsWith('\n')) content += '\n';
  const proposed = current.text.slice(0, found.start) + content + current.text.slice(found.end);
  const xml = checkLessonXml(document, current.text, proposed);
  if (!xml.ok) return xml.result;
  return { current, proposed, notes: xml.notes };
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
  displayText: () => 'Editing document',
  ...preparedEditTool('replace_element', prepare, 'No change: the new part equals the part it replaces.'),
};

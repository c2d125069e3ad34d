// read_document: one part of the bound document, for a document too long to be sent whole (the
// model then has its outline). A lesson element by id, a section by its heading, or a line range;
// whole lines, with their line numbers in the header, cut at READ_MAX_CHARS so one call never costs
// more than a few thousand tokens.
import * as z from 'zod';
import { lineSpan, locatePart, queryProblem } from '../documents/locate';
import { errorResult, isSnapshot, noDocumentResult, readDocument } from './toolResults';
import type { ToolDefinition } from './types';
import { l10n } from '../../shared/l10n';

/** About 6k tokens. */
export const READ_MAX_CHARS = 24_000;

export const readDocumentInput = z.object({
  id: z.string().min(1).optional().describe('A lesson element id (an exercise, a heading, a paragraph, a question...): returns that element.'),
  heading: z.string().min(1).optional().describe('The text of a heading: returns its section (the heading and what follows, up to the next heading of its level).'),
  fromLine: z.number().int().min(1).optional().describe('First line of a range (1-based, as in the outline).'),
  toLine: z.number().int().min(1).optional().describe('Last line of a range (included).'),
});
export type ReadDocumentInput = z.infer<typeof readDocumentInput>;

/** The step's words: an id ("fb-2") means nothing to a teacher, a heading or a line range does. */
function describe(input: ReadDocumentInput): string {
  if (input.id !== undefined) return l10n.t('Reading a part of the lesson');
  if (input.heading !== undefined) return l10n.t('Reading “{0}”', input.heading);
  const from = input.fromLine ?? 1;
  if (input.toLine === undefined) return l10n.t('Reading from line {0}', from);
  return input.toLine === from ? l10n.t('Reading line {0}', from) : l10n.t('Reading lines {0} to {1}', from, input.toLine);
}

/** "line 43", "lines 40 to 52": a range in words, never "43-43". */
function lineWords(first: number, last: number): string {
  return first === last ? l10n.t('line {0}', first) : l10n.t('lines {0} to {1}', first, last);
}

export const readDocumentTool: ToolDefinition<ReadDocumentInput> = {
  name: 'read_document',
  description:
    'Read one part of the document: a lesson element by its id, a section by its heading, or a range of lines ' +
    '(name exactly one). Use it when the document came as an outline (too long to send whole) and you need the text of ' +
    `a part before you discuss or change it. Returns whole lines with their line numbers, at most ${READ_MAX_CHARS.toLocaleString('en')} characters ` +
    'a call (read the rest by line range). Copy find texts for edit_text exactly from what it returns.',
  inputSchema: readDocumentInput,
  displayText: describe,
  genericText: () => l10n.t('Reading the lesson'),
  async run(input, ctx) {
    const problem = queryProblem(input);
    if (problem) return errorResult(problem, l10n.t('Not read: the part to read was not named clearly'));
    const document = ctx.document;
    if (!document) return noDocumentResult();
    const current = await readDocument(document);
    if (!isSnapshot(current)) return current;
    const text = current.text;
    const found = locatePart(text, document.kind, input);
    if (!found.ok) return errorResult(found.message, l10n.t('Part not found'));
    // Whole lines: the indentation before an element belongs to what the model copies.
    const start = found.start === 0 ? 0 : text.lastIndexOf('\n', found.start - 1) + 1;
    const newline = text.indexOf('\n', Math.max(found.start, found.end - 1));
    const end = newline === -1 ? text.length : newline + 1;
    let part = text.slice(start, end);
    let cut = '';
    if (part.length > READ_MAX_CHARS) {
      const at = part.lastIndexOf('\n', READ_MAX_CHARS);
      part = part.slice(0, at > 0 ? at + 1 : READ_MAX_CHARS);
      const next = lineSpan(text, start, start + part.length).last + 1;
      cut = `\n(Cut at ${READ_MAX_CHARS.toLocaleString('en')} characters: read on with fromLine ${next}.)`;
    }
    const { first, last } = lineSpan(text, start, start + part.length);
    const lines = first === last ? `Line ${first}` : `Lines ${first}-${last}`;
    return {
      content: `${lines} of ${document.name} (${found.label}):\n${part.endsWith('\n') ? part.slice(0, -1) : part}${cut}`,
      summary: lineWords(first, last),
    };
  },
};

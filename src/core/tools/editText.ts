// edit_text: targeted find/replace edits, so a small change does not resend the whole document.
// Each `find` must occur exactly once in the current text; all replacements are located in that
// same text (they do not see each other) and must not overlap. The result is validated like a
// full edit and applied as one undoable step.
import * as z from 'zod';
import { LineIndex } from '../lesson/positions';
import { editSummary } from '../edits/editSummary';
import { targetedTool } from '../edits/targetedTool';
import { errorResult } from './toolResults';
import type { DocumentSnapshot } from '../documents/types';
import type { ToolDefinition, ToolResult } from './types';
import { l10n } from '../../shared/l10n';

export const editTextInput = z.object({
  edits: z
    .array(
      z.object({
        find: z.string().min(1).describe('Exact text to replace, copied from the document; must occur exactly once.'),
        replace: z.string().describe('The text to put in its place ("" deletes it).'),
      }),
    )
    .min(1)
    .max(50)
    .describe('Replacements, all located in the document as it is now; they must not overlap.'),
  summary: editSummary,
});
export type EditTextInput = z.infer<typeof editTextInput>;

interface Located {
  readonly start: number;
  readonly end: number;
  readonly replace: string;
}

function occurrences(text: string, find: string, limit: number): number[] {
  const found: number[] = [];
  for (let i = text.indexOf(find); i !== -1 && found.length < limit; i = text.indexOf(find, i + 1)) found.push(i);
  return found;
}

/** Says why a find did not match once, with enough detail for the model to fix it. */
function explainMiss(text: string, find: string, n: number, positions: number[]): string {
  const preview = JSON.stringify(find.length > 60 ? `${find.slice(0, 60)}...` : find);
  if (positions.length === 0) {
    const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
    const near = squeeze(text).includes(squeeze(find)) ? ' It does occur with different spacing or line breaks: copy it exactly.' : '';
    return `edit ${n}: find ${preview} was not found in the document.${near}`;
  }
  const lines = new LineIndex(text);
  const where = positions.map((p) => lines.positionAt(p).line).join(', ');
  const more = positions.length >= 10 ? ' (and more)' : '';
  return `edit ${n}: find ${preview} occurs ${positions.length}${more} times (lines ${where}); include more surrounding text so it matches exactly once.`;
}

/** Locates every replacement, or lists every reason some cannot be placed. */
export function locateEdits(text: string, input: EditTextInput): { ok: true; text: string } | { ok: false; message: string } {
  const problems: string[] = [];
  const located: Located[] = [];
  input.edits.forEach(({ find, replace }, i) => {
    const positions = occurrences(text, find, 10);
    const [start] = positions;
    if (positions.length !== 1 || start === undefined) problems.push(explainMiss(text, find, i + 1, positions));
    else located.push({ start, end: start + find.length, replace });
  });
  located.sort((a, b) => a.start - b.start);
  for (let i = 1; i < located.length; i++) {
    const prev = located[i - 1];
    const next = located[i];
    if (prev && next && next.start < prev.end) problems.push('two edits overlap: merge them into one find/replace.');
  }
  if (problems.length > 0) return { ok: false, message: `Nothing was changed.\n${problems.join('\n')}` };
  let out = '';
  let cursor = 0;
  for (const edit of located) {
    out += text.slice(cursor, edit.start) + edit.replace;
    cursor = edit.end;
  }
  return { ok: true, text: out + text.slice(cursor) };
}

function locate(input: EditTextInput, current: DocumentSnapshot): string | ToolResult {
  const located = locateEdits(current.text, input);
  return located.ok ? located.text : errorResult(located.message, l10n.t('Find text did not match exactly once'));
}

export const editTextTool: ToolDefinition<EditTextInput> = {
  name: 'edit_text',
  description:
    'Make small, local changes without resending the document: each edit replaces one exact piece of text ("find", ' +
    'copied from the document, long enough to occur exactly once) with "replace". To insert, include a nearby anchor ' +
    'in find and repeat it in replace. All edits apply together as one undoable step. Prefer it for changing a few words, ' +
    'a sentence, an attribute, or adding one element; use edit_document for large or scattered changes. Lessons are ' +
    'validated after the replacements: if they add errors nothing changes. Changing or removing a student\'s answer ' +
    'or an id needs the teacher\'s approval.',
  inputSchema: editTextInput,
  displayText: () => l10n.t('Editing document'),
  genericText: () => l10n.t('Editing document'),
  ...targetedTool('edit_text', locate, 'No change: the replacements equal the text they replace.'),
};

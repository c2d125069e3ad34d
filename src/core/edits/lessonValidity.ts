// Whether a lesson edit may be planned at all, judged on the change: XML problems the edit
// introduces refuse it (with line and column), problems the document already had are only
// reported. Other documents (Markdown, text) are taken as they are.
import type { DocumentAccess } from '../documents/types';
import { judgeLessonChange } from '../lesson/change';
import { formatErrorList } from '../lesson/validate';
import type { ToolResult } from '../tools/types';
import { l10n } from '../../shared/l10n';

export type LessonValidity = { readonly ok: false; readonly result: ToolResult } | { readonly ok: true; readonly notes: readonly string[] };

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
export function checkLessonXml(document: DocumentAccess, before: string | undefined, after: string): LessonValidity {
  if (document.kind !== 'lesson') return { ok: true, notes: [] };
  const change = judgeLessonChange(before, after);
  const { introduced, preexisting } = change;
  if (introduced.length > 0) {
    const n = introduced.length;
    const already = preexisting.length > 0 ? `\n(The document already had ${plural(preexisting.length, 'other problem')}; those do not block your edit.)` : '';
    const content =
      `The document was NOT changed: your edit introduces ${plural(n, 'error')} in the lesson XML.\n` +
      `${formatErrorList(introduced, 0, MAX_LISTED)}\nFix ${n === 1 ? 'it' : 'them'} and call the tool again.${already}`;
    return { ok: false, result: { content, isError: true, summary: n === 1 ? l10n.t('Invalid lesson XML (1 error)') : l10n.t('Invalid lesson XML ({0} errors)', n) } };
  }
  if (preexisting.length === 0) return { ok: true, notes: [] };
  return { ok: true, notes: [preexistingNote(preexisting.length, formatErrorList(preexisting, 0, MAX_LISTED), change.uncheckedRest)] };
}

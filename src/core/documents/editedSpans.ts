// Where a set of edits lands in the text that results from applying them: what a preview
// highlights after an agent edit. Edits are against one text and do not overlap.
import type { TextEdit } from './types';

/** [start, end) of each edit's new text in the edited text, in document order. */
export function editedSpans(edits: readonly TextEdit[]): Array<{ start: number; end: number }> {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let shift = 0;
  return ordered.map((edit) => {
    const start = edit.start + shift;
    shift += edit.newText.length - (edit.end - edit.start);
    return { start, end: start + edit.newText.length };
  });
}

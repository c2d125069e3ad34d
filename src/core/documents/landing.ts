// Where a set of edits lands in the text they produce, and where an offset of the old text moves
// to: the editor uses both to show the user what changed (reveal and highlight the new ranges) and
// to give back a cursor it moved aside while applying (see src/vscode/documentAccess.ts).
import type { TextEdit } from './types';

/** A range [start, end) of the new text. */
export interface Landed {
  readonly start: number;
  readonly end: number;
}

/** The ranges the edits' new text occupies after applying them (sorted, against the old text). */
export function landedRanges(edits: readonly TextEdit[]): Landed[] {
  const out: Landed[] = [];
  let shift = 0;
  for (const edit of edits) {
    const start = edit.start + shift;
    out.push({ start, end: start + edit.newText.length });
    shift += edit.newText.length - (edit.end - edit.start);
  }
  return out;
}

/**
 * Where `offset` of the old text is after the edits: shifted by the edits before it; inside a
 * replaced range it moves to the end of the replacement (as an editor moves a cursor there).
 */
export function mapOffset(offset: number, edits: readonly TextEdit[]): number {
  let shift = 0;
  for (const edit of edits) {
    if (edit.end <= offset && !(edit.start === edit.end && edit.start === offset)) {
      shift += edit.newText.length - (edit.end - edit.start);
      continue;
    }
    if (edit.start < offset) return edit.start + shift + edit.newText.length;
    break;
  }
  return offset + shift;
}

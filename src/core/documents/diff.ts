// Minimal edits between two texts: what the model's complete new document actually changes. Only
// the changed ranges are replaced, so the editor keeps the cursor, folding, markers and the user's
// text elsewhere, and one undo restores exactly the previous text.
//
// Strategy: strip the common prefix and suffix (linear, and all a one-paragraph change needs),
// then run jsdiff's line diff on what is left so that distant changes stay separate ranges, and
// trim each changed hunk to the characters that differ. A time budget keeps a pathological diff
// from blocking the host: past it, the middle becomes one range (still correct, just coarser).
import { diffLines } from 'diff';
import type { TextEdit } from './types';

const LINE_DIFF_TIMEOUT_MS = 250;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Common prefix and suffix lengths that never split a surrogate pair and never overlap. */
function commonEnds(a: string, b: string): { prefix: number; suffix: number } {
  const max = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  if (prefix > 0 && prefix < max && isHighSurrogate(a.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  while (suffix < max - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  if (suffix > 0 && suffix < max - prefix && isLowSurrogate(a.charCodeAt(a.length - suffix))) suffix--;
  return { prefix, suffix };
}

/** One replacement of before[start, start + oldText.length), trimmed to the characters that differ. */
function trimmedEdit(start: number, oldText: string, newText: string): TextEdit | undefined {
  if (oldText === newText) return undefined;
  const { prefix, suffix } = commonEnds(oldText, newText);
  return {
    start: start + prefix,
    end: start + oldText.length - suffix,
    newText: newText.slice(prefix, newText.length - suffix),
  };
}

function lineHunks(offset: number, oldMid: string, newMid: string): TextEdit[] | undefined {
  const changes = diffLines(oldMid, newMid, { timeout: LINE_DIFF_TIMEOUT_MS });
  if (!changes) return undefined;
  const edits: TextEdit[] = [];
  let position = offset;
  let hunkStart = -1;
  let removed = '';
  let added = '';
  const flush = () => {
    const edit = hunkStart >= 0 ? trimmedEdit(hunkStart, removed, added) : undefined;
    if (edit) edits.push(edit);
    hunkStart = -1;
    removed = '';
    added = '';
  };
  for (const change of changes) {
    if (!change.added && !change.removed) {
      flush();
      position += change.value.length;
      continue;
    }
    if (hunkStart < 0) hunkStart = position;
    if (change.removed) {
      removed += change.value;
      position += change.value.length;
    } else {
      added += change.value;
    }
  }
  flush();
  return edits;
}

/** The changed ranges that turn `before` into `after`, sorted, non-overlapping, against `before`. */
export function computeEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const { prefix, suffix } = commonEnds(before, after);
  const oldMid = before.slice(prefix, before.length - suffix);
  const newMid = after.slice(prefix, after.length - suffix);
  const single: TextEdit = { start: prefix, end: prefix + oldMid.length, newText: newMid };
  // A pure insertion or deletion is already minimal. Anything else is split by lines even when
  // small: rebasing depends on the user's separate changes staying separate.
  if (oldMid.length === 0 || newMid.length === 0) return [single];
  return lineHunks(prefix, oldMid, newMid) ?? [single];
}

/** Applies sorted, non-overlapping edits (all against `text`). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const parts: string[] = [];
  let cursor = 0;
  for (const edit of edits) {
    if (edit.start < cursor || edit.end < edit.start || edit.end > text.length) {
      throw new RangeError(`Edits overlap or fall outside the text (at ${edit.start}-${edit.end}).`);
    }
    parts.push(text.slice(cursor, edit.start), edit.newText);
    cursor = edit.end;
  }
  parts.push(text.slice(cursor));
  return parts.join('');
}

export interface EditStats {
  readonly ranges: number;
  /** Characters of the old text replaced or deleted. */
  readonly removed: number;
  readonly inserted: number;
}

export function editStats(edits: readonly TextEdit[]): EditStats {
  let removed = 0;
  let inserted = 0;
  for (const edit of edits) {
    removed += edit.end - edit.start;
    inserted += edit.newText.length;
  }
  return { ranges: edits.length, removed, inserted };
}

/** "3 changes, -120 +340 characters": the line the UI and the model read. */
export function describeEdits(edits: readonly TextEdit[]): string {
  const { ranges, removed, inserted } = editStats(edits);
  if (ranges === 0) return 'no change';
  return `${ranges} change${ranges === 1 ? '' : 's'}, -${removed} +${inserted} characters`;
}

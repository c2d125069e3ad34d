// What changed in a document, as the model is told it: a unified diff (the format models and
// tools know best) of whole lines, without context lines, so a one-paragraph change costs a few
// lines however long the document is. Built from computeEdits' ranges, so it is as fast as the
// edits themselves on a 1 MB lesson. Any standard patch tool applies it (the fake server does, to
// check that the model could rebuild the text).
import { computeEdits } from './diff';
import { LineIndex } from '../lesson/positions';
import type { TextEdit } from './types';

const NO_NEWLINE = '\\ No newline at end of file';

interface Hunk {
  /** [start, end) of whole lines in the old text. */
  start: number;
  end: number;
  /** What those lines become. */
  replacement: string;
}

function lineStart(text: string, offset: number): number {
  // lastIndexOf clamps a negative start to 0, where a leading newline would be found.
  return offset === 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset after the line holding `offset` (its newline included), or the text's end. */
function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl === -1 ? text.length : nl + 1;
}

/** The edits widened to whole lines, merged where they share a line. */
function hunksOf(before: string, edits: readonly TextEdit[]): Hunk[] {
  const hunks: Hunk[] = [];
  for (const edit of edits) {
    const start = lineStart(before, edit.start);
    // A deletion or replacement ends on the line of its last character; an insertion at a line's
    // start takes that line along (removed and added again), which keeps every hunk non-empty.
    const last = edit.end > edit.start ? edit.end - 1 : edit.start;
    const end = last >= before.length ? before.length : lineEnd(before, last);
    const prev = hunks.at(-1);
    if (prev && start < prev.end) {
      // Replacements are relative to the old text: rebuild the merged hunk from it.
      const merged = prev.replacement.slice(0, prev.replacement.length - (prev.end - edit.start)) + edit.newText;
      prev.replacement = merged + before.slice(edit.end, Math.max(end, prev.end));
      prev.end = Math.max(end, prev.end);
      continue;
    }
    hunks.push({ start, end, replacement: before.slice(start, edit.start) + edit.newText + before.slice(edit.end, end) });
  }
  // A replacement that does not end a line runs into the next one: take that line along too.
  for (const h of hunks) {
    while (h.replacement.length > 0 && !h.replacement.endsWith('\n') && h.end < before.length) {
      const next = lineEnd(before, h.end);
      h.replacement += before.slice(h.end, next);
      h.end = next;
    }
  }
  return mergeTouching(hunks);
}

/** Hunks that came to share lines after being widened become one. */
function mergeTouching(hunks: Hunk[]): Hunk[] {
  const out: Hunk[] = [];
  for (const h of hunks) {
    const prev = out.at(-1);
    if (prev && h.start < prev.end) {
      // h was widened from a line inside prev's range only if prev ran into it: prev covers h.start.
      prev.replacement = prev.replacement.slice(0, prev.replacement.length - (prev.end - h.start)) + h.replacement;
      prev.end = Math.max(prev.end, h.end);
    } else out.push(h);
  }
  return out;
}

function lines(segment: string, sign: string, atEnd: boolean): string[] {
  if (segment.length === 0) return [];
  const endsWithNewline = segment.endsWith('\n');
  const parts = (endsWithNewline ? segment.slice(0, -1) : segment).split('\n').map((l) => `${sign}${l}`);
  if (!endsWithNewline && atEnd) parts.push(NO_NEWLINE);
  return parts;
}

function count(segment: string): number {
  if (segment.length === 0) return 0;
  return segment.split('\n').length - (segment.endsWith('\n') ? 1 : 0);
}

/** The unified diff of `edits` (sorted, against `before`), with `name` in its file headers. */
export function renderUnifiedDiff(before: string, edits: readonly TextEdit[], name: string): string {
  const oldLines = new LineIndex(before);
  const out = [`--- ${name}`, `+++ ${name}`];
  let delta = 0;
  for (const hunk of hunksOf(before, edits)) {
    const removed = before.slice(hunk.start, hunk.end);
    const oldCount = count(removed);
    const newCount = count(hunk.replacement);
    const oldLine = oldLines.positionAt(hunk.start).line;
    // An empty side names the line before it (unified diff's convention for "insert after").
    const oldAt = oldCount === 0 ? oldLine - 1 : oldLine;
    const newAt = newCount === 0 ? oldLine + delta - 1 : oldLine + delta;
    out.push(`@@ -${oldAt},${oldCount} +${newAt},${newCount} @@`);
    const atEnd = hunk.end === before.length;
    out.push(...lines(removed, '-', atEnd), ...lines(hunk.replacement, '+', atEnd));
    delta += newCount - oldCount;
  }
  return out.join('\n');
}

/** The edits from `before` to `after` and their unified diff; undefined when nothing changed. */
export function changesBetween(before: string, after: string, name: string): { edits: TextEdit[]; diff: string } | undefined {
  const edits = computeEdits(before, after);
  if (edits.length === 0) return undefined;
  return { edits, diff: renderUnifiedDiff(before, edits, name) };
}

// An edit kept as a diff, not as two copies of the document: unified-diff hunks (jsdiff's
// structured patch) with a few lines of context, plus the hashes of the text before and after.
// The hashes say exactly whether a document holds an edit's result; the context lets Review and
// Revert find the edit again after the user has changed other parts of the document.
import { createHash } from 'node:crypto';
import { applyPatch, reversePatch, structuredPatch, type StructuredPatch } from 'diff';
import * as z from 'zod';

export const hunkSchema = z.object({
  oldStart: z.number().int().nonnegative(),
  oldLines: z.number().int().nonnegative(),
  newStart: z.number().int().nonnegative(),
  newLines: z.number().int().nonnegative(),
  lines: z.array(z.string()),
});
export const textPatchSchema = z.array(hunkSchema);
export type TextPatch = z.infer<typeof textPatchSchema>;
/** A patch as stored sessions hand it out (read-only all the way down). */
export type ReadonlyTextPatch = readonly (Readonly<Omit<TextPatch[number], 'lines'>> & { readonly lines: readonly string[] })[];

/** Lines of unchanged text kept around each change: enough to place it again, small on disk. */
export const PATCH_CONTEXT = 3;
const DIFF_TIMEOUT_MS = 250;
/**
 * Context lines that may differ when a change is placed again on a text edited since (Review,
 * Revert): the user's edits next to an agent edit do not block undoing it; the lines it changed
 * must still be there exactly.
 */
export const PLACEMENT_FUZZ = 2;
const NO_NEWLINE = '\\ No newline at end of file';

export function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function countLines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Start of the line `lines` lines above the one holding `offset`. */
function lineStartAbove(text: string, offset: number, lines: number): number {
  // lastIndexOf clamps a negative start to 0, which would find a break at 0 that is not above.
  const breakBefore = (at: number): number => (at < 0 ? -1 : text.lastIndexOf('\n', at));
  let start = breakBefore(offset - 1) + 1;
  for (let i = 0; i < lines && start > 0; i++) start = breakBefore(start - 2) + 1;
  return start;
}

/**
 * Start of the line after the first line break at or after `offset`, then `lines` lines further
 * down. The break found is part of the common suffix, so the same place is a line start in both texts.
 */
function lineStartBelow(text: string, offset: number, lines: number): number {
  let end = text.indexOf('\n', offset) + 1 || text.length;
  for (let i = 0; i < lines && end < text.length; i++) end = text.indexOf('\n', end) + 1 || text.length;
  return end;
}

/** The changed lines, with `context` lines around them: only these are diffed. */
function changedRegion(before: string, after: string, context: number) {
  const max = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  const start = lineStartAbove(before, prefix, context);
  // The common suffix is the same text in both: moving its start by k characters moves it in both.
  const oldEnd = lineStartBelow(before, before.length - suffix, context);
  const shift = oldEnd - (before.length - suffix);
  const newEnd = Math.min(after.length, after.length - suffix + shift);
  return { firstLine: countLines(before, start), oldMid: before.slice(start, oldEnd), newMid: after.slice(start, newEnd) };
}

function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** One hunk replacing the whole region: the fallback when a diff takes too long. */
export function wholeHunk(oldText: string, newText: string, firstLine = 0): TextPatch[number] {
  const mark = (text: string, sign: string): string[] => {
    const out = linesOf(text).map((l) => sign + l);
    if (text !== '' && !text.endsWith('\n')) out.push(NO_NEWLINE);
    return out;
  };
  const oldLines = linesOf(oldText).length;
  const newLines = linesOf(newText).length;
  return {
    // jsdiff's structured hunks count from 1 even when a side is empty.
    oldStart: firstLine + 1,
    oldLines,
    newStart: firstLine + 1,
    newLines,
    lines: [...mark(oldText, '-'), ...mark(newText, '+')],
  };
}

/** The hunks that turn `before` into `after`. Only the changed region is diffed, so it stays fast on a large document. */
export function makePatch(before: string, after: string, context = PATCH_CONTEXT): TextPatch {
  if (before === after) return [];
  const { firstLine, oldMid, newMid } = changedRegion(before, after, context);
  const patch = structuredPatch('a', 'b', oldMid, newMid, undefined, undefined, { context, timeout: DIFF_TIMEOUT_MS });
  if (!patch) return [wholeHunk(oldMid, newMid, firstLine)];
  return patch.hunks.map((h) => ({ ...h, oldStart: h.oldStart + firstLine, newStart: h.newStart + firstLine }));
}

function structured(hunks: ReadonlyTextPatch): StructuredPatch {
  return { oldFileName: 'a', newFileName: 'b', oldHeader: undefined, newHeader: undefined, hunks: hunks.map((h) => ({ ...h, lines: [...h.lines] })) };
}

/**
 * `text` with the patch applied, placing hunks by their context; undefined when they do not fit.
 * `fuzz`: how many context lines may differ (the changed lines themselves must always match).
 */
export function applyTextPatch(text: string, hunks: ReadonlyTextPatch, fuzz = 0): string | undefined {
  if (hunks.length === 0) return text;
  const out = applyPatch(text, structured(hunks), { autoConvertLineEndings: false, fuzzFactor: fuzz });
  return out === false ? undefined : out;
}

export function reverseTextPatch(hunks: ReadonlyTextPatch): TextPatch {
  return reversePatch(structured(hunks)).hunks;
}

/** What a diff view shows for a patch that no longer fits any text: its own lines, old and new. */
export function patchSides(hunks: ReadonlyTextPatch): { before: string; after: string } {
  const side = (keep: string): string =>
    hunks
      .map((h) => h.lines.filter((l) => l[0] === keep || l[0] === ' ').map((l) => l.slice(1)).join('\n'))
      .join('\n…\n');
  return { before: side('-'), after: side('+') };
}

// Placing an edit's patch (or its reverse) on a document that has changed since, hunk by hunk. A hunk
// is placed by its context lines (a little of the context may differ, as in Revert); when the lines
// it changes were typed in since, the hunk is rebased at the character level over that typing with
// the same rule as the agent's live edits (rebase.ts): both are kept where they touch different
// characters, and where they meet the hunk is a conflict, reported by its line and never forced.
import { computeEdits, applyTextEdits } from './diff';
import { applyTextPatch, PLACEMENT_FUZZ, type ReadonlyTextPatch } from './patch';
import { rebaseOverChanges } from './rebase';
import type { TextEdit } from './types';

type Hunk = ReadonlyTextPatch[number];

export interface PlacedPatch {
  /** The text with every hunk that could be placed applied. */
  readonly text: string;
  /** 1-based lines of the given text where a hunk met the teacher's typing (those hunks were left out). */
  readonly conflicts: readonly number[];
}

/** Lines of `text` as jsdiff counts them: a final line break ends the last line. */
function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function joinLines(lines: readonly string[], finalBreak: boolean): string {
  return lines.length === 0 ? '' : lines.join('\n') + (finalBreak ? '\n' : '');
}

const block = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join('');

interface Sides {
  readonly lead: string[];
  readonly oldMid: string[];
  readonly newMid: string[];
  readonly trail: string[];
}

/** A hunk's leading and trailing context, and its changed middle on each side. */
function sidesOf(hunk: Hunk): Sides | undefined {
  if (hunk.lines.some((l) => l.startsWith('\\'))) return undefined;
  const first = hunk.lines.findIndex((l) => !l.startsWith(' '));
  const last = hunk.lines.findLastIndex((l) => !l.startsWith(' '));
  if (first < 0) return undefined;
  const body = (lines: readonly string[]) => lines.map((l) => l.slice(1));
  const middle = hunk.lines.slice(first, last + 1);
  return {
    lead: body(hunk.lines.slice(0, first)),
    oldMid: body(middle.filter((l) => !l.startsWith('+'))),
    newMid: body(middle.filter((l) => !l.startsWith('-'))),
    trail: body(hunk.lines.slice(last + 1)),
  };
}

function matchesAt(lines: readonly string[], at: number, expect: readonly string[]): boolean {
  return at >= 0 && at + expect.length <= lines.length && expect.every((l, i) => lines[at + i] === l);
}

/** The index nearest `near` (within [min, max]) where `expect` starts, or undefined. */
function nearest(lines: readonly string[], expect: readonly string[], near: number, min: number, max: number): number | undefined {
  for (let d = 0; near - d >= min || near + d <= max; d++) {
    for (const at of d === 0 ? [near] : [near - d, near + d]) if (at >= min && at <= max && matchesAt(lines, at, expect)) return at;
  }
  return undefined;
}

/** How far the teacher's typing may have grown the changed lines before a hunk is not looked for there. */
const SLACK_LINES = 40;

/** Where the hunk's changed lines are in `lines` now: [p, end), between its exact context; else a line to name. */
function locate(lines: readonly string[], sides: Sides, expected: number): { p: number; end: number } | number {
  const { lead, oldMid, trail } = sides;
  const start = lead.length === 0 ? (expected <= 0 ? 0 : undefined) : nearest(lines, lead, expected, 0, lines.length - lead.length);
  if (start === undefined) return Math.max(0, Math.min(expected, lines.length - 1));
  const p = start + lead.length;
  const end = trail.length === 0 ? lines.length : nearest(lines, trail, p + oldMid.length, p, Math.min(lines.length - trail.length, p + oldMid.length + SLACK_LINES));
  if (end === undefined || (trail.length === 0 && end - p > oldMid.length + SLACK_LINES)) return p;
  return { p, end };
}

interface Rebased {
  readonly lines: string[];
  /** 0-based lines of the lines given where a change of the hunk met the typing (left out). */
  readonly conflicts: number[];
}

/**
 * The hunk on `lines`, its changed lines found between its leading and trailing context and each
 * of its changes rebased over what was typed there: kept where they touch other characters, left
 * out (and named by line) where they meet.
 */
function rebaseHunk(lines: string[], hunk: Hunk, expected: number): Rebased {
  const sides = sidesOf(hunk);
  if (!sides) return { lines, conflicts: [Math.max(0, expected)] };
  const where = locate(lines, sides, expected);
  if (typeof where === 'number') return { lines, conflicts: [where] };
  const { p, end } = where;
  const current = block(lines.slice(p, end));
  const base = block(sides.oldMid);
  const typed = computeEdits(base, current);
  const kept: TextEdit[] = [];
  const conflicts: number[] = [];
  for (const change of computeEdits(base, block(sides.newMid))) {
    const rebased = rebaseOverChanges([change], typed, current);
    if (rebased.ok) kept.push(...rebased.edits);
    else conflicts.push(p + Math.max(0, (rebased.lines[0] ?? 1) - 1));
  }
  const text = applyTextEdits(current, kept);
  if (text !== '' && !text.endsWith('\n')) return { lines, conflicts: [p] };
  return { lines: [...lines.slice(0, p), ...splitLines(text), ...lines.slice(end)], conflicts };
}

/**
 * `text` with `hunks` applied one by one, each placed by its context and, when the lines it changes
 * were typed in, rebased over that typing. Hunks that cannot keep both are left out and listed.
 */
export function placePatch(text: string, hunks: ReadonlyTextPatch): PlacedPatch {
  let current = text;
  let offset = 0;
  const conflicts: number[] = [];
  for (const hunk of hunks) {
    const moved = { ...hunk, oldStart: Math.max(1, hunk.oldStart + offset), newStart: Math.max(1, hunk.newStart + offset) };
    const placed = applyTextPatch(current, [moved], PLACEMENT_FUZZ);
    if (placed !== undefined) {
      current = placed;
      offset += hunk.newLines - hunk.oldLines;
      continue;
    }
    const lines = splitLines(current);
    const finalBreak = current.endsWith('\n') || current === '';
    const result = rebaseHunk(lines, hunk, moved.oldStart - 1);
    // Told in the lines of the text given: the hunks placed so far all lie above this one.
    for (const line of result.conflicts) conflicts.push(Math.max(1, line + 1 - offset));
    if (result.lines === lines) continue;
    offset += result.lines.length - lines.length;
    current = joinLines(result.lines, finalBreak);
  }
  return { text: current, conflicts };
}

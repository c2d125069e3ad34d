// What changed between two lesson views, so that an edit crosses to the preview as the blocks it
// touched plus where every block now starts, not the whole 100 KB view. Each top-level block has a
// key, stable across edits (its id, else its place after the last block with an id): the patch
// carries the keys in order, each block's first line, and the blocks that changed other than by
// moving; the preview takes every other block from what it has.
// The preview holds each block with its lines counted from the block's own first line
// (`PlacedLesson`), so a block that only moved, because lines were added or removed above it, keeps
// its very object and is not drawn again: only the line it starts at changes.
// The host computes the patch (src/vscode/previewPanel.ts), the preview applies it
// (webview-ui/src/preview/usePreviewHost.ts); both key a full lesson with `blockKeys`.
import equal from 'fast-deep-equal';
import * as z from 'zod';
import type { LessonBlock, LessonView } from './lessonView';
import { lessonBlockSchema } from './lessonView';
import type { ParseResult } from './parse';

const line = z.number().int().positive();
const key = z.string().min(1).max(1_000);

export const lessonPatchSchema = z.object({
  title: z.string().optional(),
  level: z.string().optional(),
  lang: z.string().optional(),
  lineCount: line,
  /** Every block's key, in document order. */
  order: z.array(key),
  /** Every block's first source line, in the same order. */
  lines: z.array(line),
  /** The blocks that are new or changed other than by moving, by key; the others are the preview's own. */
  blocks: z.record(key, lessonBlockSchema),
});
export type LessonPatch = z.infer<typeof lessonPatchSchema>;

/** A lesson with the key of each of its blocks (`keys[i]` is the key of `lesson.blocks[i]`). */
export interface KeyedLesson {
  readonly lesson: LessonView;
  readonly keys: readonly string[];
}

/**
 * A key per block, unique in the lesson and stable while text is edited or lines come and go: its
 * id when no other block has it, else its place after the last block with one ("the second note
 * after #s3-p2"), so neither an edit inside it nor lines added above it change its key.
 */
export function blockKeys(blocks: readonly LessonBlock[]): string[] {
  const ids = new Map<string, number>();
  for (const block of blocks) if (block.id !== undefined) ids.set(block.id, (ids.get(block.id) ?? 0) + 1);
  let anchor = '';
  let counts = new Map<string, number>();
  return blocks.map((block) => {
    if (block.id !== undefined && ids.get(block.id) === 1) {
      anchor = `#${block.id}`;
      counts = new Map();
      return anchor;
    }
    const n = (counts.get(block.kind) ?? 0) + 1;
    counts.set(block.kind, n);
    return `${anchor}>${block.kind}${n}`;
  });
}

export function keyLesson(lesson: LessonView): KeyedLesson {
  return { lesson, keys: blockKeys(lesson.blocks) };
}

/**
 * `value` with every source line moved by `delta`. Every `line` and `end` in a view is a source
 * line (spans of blocks, items, options, blanks...), at any depth, and nothing else is.
 */
export function shiftLines<T>(value: T, delta: number): T {
  if (delta === 0) return value;
  if (Array.isArray(value)) return value.map((v: unknown) => shiftLines(v, delta)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value)) {
    out[name] = (name === 'line' || name === 'end') && typeof v === 'number' ? v + delta : shiftLines(v, delta);
  }
  return out as T;
}

/** Whether `b` is `a` moved by `delta` lines: equal in everything else, every line `delta` further on. */
export function sameButMoved(a: unknown, b: unknown, delta: number): boolean {
  if (delta === 0) return equal(a, b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v: unknown, i) => sameButMoved(v, b[i], delta));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const names = Object.keys(left);
  if (names.length !== Object.keys(right).length) return false;
  return names.every((name) => {
    if (!Object.hasOwn(right, name)) return false;
    const [x, y] = [left[name], right[name]];
    if ((name === 'line' || name === 'end') && typeof x === 'number') return y === x + delta;
    return sameButMoved(x, y, delta);
  });
}

type LessonHead = Omit<LessonView, 'blocks'>;

function head(lesson: LessonView): LessonHead {
  const { blocks: _blocks, ...rest } = lesson;
  return rest;
}

/** What turns `previous` into `next`: `next`'s keys and lines, and its blocks that `previous` lacks or has otherwise than moved. */
export function lessonPatch(previous: KeyedLesson, next: KeyedLesson): LessonPatch {
  const before = new Map<string, LessonBlock>();
  previous.keys.forEach((k, i) => {
    const block = previous.lesson.blocks[i];
    if (block) before.set(k, block);
  });
  const blocks: Record<string, LessonBlock> = {};
  next.keys.forEach((k, i) => {
    const block = next.lesson.blocks[i];
    const old = before.get(k);
    // Identity first: the host's cache hands back the very object for an untouched block.
    if (block && block !== old && !(old && sameButMoved(old, block, block.line - old.line))) blocks[k] = block;
  });
  return { ...head(next.lesson), order: [...next.keys], lines: next.lesson.blocks.map((b) => b.line), blocks };
}

/**
 * A long lesson opened in two steps: its first `count` blocks (`opening`, the same lesson cut
 * short), then the patch that turns that opening into the whole lesson. Undefined when the lesson
 * has no more than `count` blocks (it goes whole). The patch carries the rest, and only the rest:
 * the opening's blocks are the very objects of `next`.
 */
export function splitOpening(next: KeyedLesson, count: number): { opening: LessonView; rest: LessonPatch } | undefined {
  const { blocks } = next.lesson;
  if (blocks.length <= count) return undefined;
  const opening: LessonView = { ...next.lesson, blocks: blocks.slice(0, count) };
  return { opening, rest: lessonPatch(keyLesson(opening), next) };
}

/**
 * A lesson as the preview holds it: each top-level block with its lines counted from its own first
 * line (the block's own `line` is 0), and that first line apart (`lines[i]` for `blocks[i]`). A
 * source line of an element is its block's line plus its own.
 */
export interface PlacedLesson {
  readonly head: LessonHead;
  readonly keys: readonly string[];
  readonly lines: readonly number[];
  readonly blocks: readonly LessonBlock[];
}

function place(block: LessonBlock): LessonBlock {
  return shiftLines(block, -block.line);
}

export function placeLesson(lesson: LessonView): PlacedLesson {
  return { head: head(lesson), keys: blockKeys(lesson.blocks), lines: lesson.blocks.map((b) => b.line), blocks: lesson.blocks.map(place) };
}

/**
 * `previous` with `patch` applied, or why it cannot be (the preview then keeps what it shows and
 * asks for the whole lesson): a key twice, a key with no block, a block no key names, lines that
 * do not match the keys or the blocks carried.
 */
export function applyLessonPatch(previous: PlacedLesson, patch: LessonPatch): ParseResult<PlacedLesson> {
  const before = new Map<string, LessonBlock>();
  previous.keys.forEach((k, i) => {
    const block = previous.blocks[i];
    if (block) before.set(k, block);
  });
  const { order: keys, lines, blocks: changed, ...rest } = patch;
  const order = new Set(keys);
  if (order.size !== keys.length) return { ok: false, error: 'the patch names a block twice' };
  if (lines.length !== keys.length) return { ok: false, error: `the patch has ${keys.length} blocks but ${lines.length} lines` };
  for (const k of Object.keys(changed)) if (!order.has(k)) return { ok: false, error: `the patch has a block "${k}" that its order leaves out` };
  const blocks: LessonBlock[] = [];
  for (const [i, k] of keys.entries()) {
    const carried = Object.hasOwn(changed, k) ? changed[k] : undefined;
    if (carried && carried.line !== lines[i]) return { ok: false, error: `the patch puts the block "${k}" at line ${lines[i]} and at line ${carried.line}` };
    const block = carried ? place(carried) : before.get(k);
    if (!block) return { ok: false, error: `the patch names a block "${k}" the preview does not have` };
    blocks.push(block);
  }
  return { ok: true, value: { head: rest, keys, lines, blocks } };
}

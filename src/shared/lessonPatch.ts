// What changed between two lesson views, so that an edit of one sentence crosses to the preview
// as one block plus the order of the blocks, not the whole 100 KB view. Each top-level block has a
// key, stable across edits (its id, else its place after the last block with an id): the patch carries the keys in
// order and the blocks whose value changed; the preview takes every other block from what it has.
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
  /** The blocks that are new or changed, by key; the others are the preview's own. */
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

function head(lesson: LessonView): Omit<LessonPatch, 'order' | 'blocks'> {
  const { blocks: _blocks, ...rest } = lesson;
  return rest;
}

/** What turns `previous` into `next`: `next`'s keys, and its blocks that `previous` lacks or has otherwise. */
export function lessonPatch(previous: KeyedLesson, next: KeyedLesson): LessonPatch {
  const before = new Map<string, LessonBlock>();
  previous.keys.forEach((k, i) => {
    const block = previous.lesson.blocks[i];
    if (block) before.set(k, block);
  });
  const blocks: Record<string, LessonBlock> = {};
  next.keys.forEach((k, i) => {
    const block = next.lesson.blocks[i];
    // Identity first: the host's cache hands back the very object for an untouched block.
    if (block && !equal(before.get(k), block)) blocks[k] = block;
  });
  return { ...head(next.lesson), order: [...next.keys], blocks };
}

/**
 * `previous` with `patch` applied, or why it cannot be (the preview then keeps what it shows and
 * asks for the whole lesson): a key twice, a key with no block, a block no key names.
 */
export function applyLessonPatch(previous: KeyedLesson, patch: LessonPatch): ParseResult<KeyedLesson> {
  const before = new Map<string, LessonBlock>();
  previous.keys.forEach((k, i) => {
    const block = previous.lesson.blocks[i];
    if (block) before.set(k, block);
  });
  const order = new Set(patch.order);
  if (order.size !== patch.order.length) return { ok: false, error: 'the patch names a block twice' };
  for (const k of Object.keys(patch.blocks)) if (!order.has(k)) return { ok: false, error: `the patch has a block "${k}" that its order leaves out` };
  const blocks: LessonBlock[] = [];
  for (const k of patch.order) {
    const block = Object.hasOwn(patch.blocks, k) ? patch.blocks[k] : before.get(k);
    if (!block) return { ok: false, error: `the patch names a block "${k}" the preview does not have` };
    blocks.push(block);
  }
  const { order: _order, blocks: _changed, ...rest } = patch;
  return { ok: true, value: { lesson: { ...rest, blocks }, keys: patch.order } };
}

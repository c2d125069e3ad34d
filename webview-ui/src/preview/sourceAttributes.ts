// How a rendered element says which source lines it shows. Each top-level block sits in a wrapper
// that holds the block's first line (`data-block-line`); every element inside holds its lines
// counted from there (`data-from`, `data-to`, 0 for the block's first line). When lines come or
// go above a block, only its wrapper's number changes: the block is not drawn again.

/** Selects every element tied to source lines. */
export const MAPPED = '[data-from]';
const BLOCK = '[data-block-line]';

/** The attributes that tie a rendered element to its lines (`element.line`, `element.end` counted from its block's first line). */
export function sourceOf(kind: string, element: { line: number; end: number }): Record<`data-${string}`, string> {
  return { 'data-kind': kind, 'data-from': String(element.line), 'data-to': String(element.end) };
}

/** The attribute of a top-level block's wrapper. */
export function blockAt(line: number): Record<`data-${string}`, string> {
  return { 'data-block-line': String(line) };
}

/** The source lines (1-based, `end` inclusive) an element rendered with `sourceOf` shows, if it is one. */
export function sourceLinesOf(element: Element): { line: number; end: number } | undefined {
  const block = element.closest<HTMLElement>(BLOCK);
  if (!(element instanceof HTMLElement) || !block || element.dataset.from === undefined) return undefined;
  const base = Number(block.dataset.blockLine);
  const line = base + Number(element.dataset.from);
  const end = base + Number(element.dataset.to);
  return Number.isInteger(line) && Number.isInteger(end) ? { line, end } : undefined;
}

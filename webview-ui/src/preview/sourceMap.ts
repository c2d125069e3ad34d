// From source lines to rendered elements and back, as plain functions over what the DOM says
// (tested in Node): where to scroll for the editor's first visible line, and which elements show
// an edit's lines.

/** A rendered element tied to source lines (1-based, `end` inclusive) and its place on the page. */
export interface Mapped {
  line: number;
  end: number;
  top: number;
  bottom: number;
  /** Index of the nearest enclosing mapped element, if any. */
  parent?: number;
}

/**
 * The scroll offset that puts source `line` at the top: inside the element that covers the line,
 * in proportion to how far into it the line is; between two elements, in proportion to the gap.
 * `items` are in document order.
 */
export function scrollTopForLine(items: readonly Mapped[], line: number): number {
  let prev: Mapped | undefined;
  let next: Mapped | undefined;
  for (const item of items) {
    if (item.line <= line) {
      // The latest start wins; among elements starting on the same line, the innermost (latest in document order).
      if (!prev || item.line >= prev.line) prev = item;
    } else if (!next || item.line < next.line) {
      next = item;
    }
  }
  if (!prev) return 0;
  if (line <= prev.end) {
    const fraction = (line - prev.line) / (prev.end - prev.line + 1);
    return prev.top + (prev.bottom - prev.top) * fraction;
  }
  if (!next) return prev.bottom;
  const fraction = (line - prev.end) / (next.line - prev.end);
  return prev.bottom + (next.top - prev.bottom) * fraction;
}

export interface LineRange {
  from: number;
  to: number;
}

function overlaps(item: Mapped, range: LineRange): boolean {
  return item.line <= range.to && item.end >= range.from;
}

function inside(item: Mapped, range: LineRange): boolean {
  return item.line >= range.from && item.end <= range.to;
}

/**
 * The elements that show an edit: for each innermost element the edited lines touch, the largest
 * enclosing element that lies wholly inside the edit (a new exercise lights up whole, a changed
 * gap lights up its paragraph). Indexes, in document order, none inside another.
 */
export function editedElements(items: readonly Mapped[], ranges: readonly LineRange[]): number[] {
  const touched = items.map((item) => ranges.some((r) => overlaps(item, r)));
  const hasTouchedChild = new Set<number>();
  items.forEach((item, i) => {
    if (touched[i] && item.parent !== undefined) hasTouchedChild.add(item.parent);
  });
  const chosen = new Set<number>();
  items.forEach((item, i) => {
    if (!touched[i] || hasTouchedChild.has(i)) return;
    let at = i;
    for (;;) {
      const parent = items[at]?.parent;
      const up = parent === undefined ? undefined : items[parent];
      if (parent === undefined || !up || !ranges.some((r) => inside(up, r))) break;
      at = parent;
    }
    chosen.add(at);
  });
  // Drop any chosen element inside another chosen one.
  const result = [...chosen].filter((i) => {
    for (let p = items[i]?.parent; p !== undefined; p = items[p]?.parent) if (chosen.has(p)) return false;
    return true;
  });
  return result.sort((a, b) => a - b);
}

// A long lesson opens in two messages, its first blocks and then the rest as a patch on them
// (src/vscode/previewPanel.ts postWhole). Applied back to back, React would draw both at once and
// the teacher would wait for the whole lesson; so what comes after a whole document waits until
// that document is painted (the frame after it, then the task after that frame), and the top of
// the lesson is on screen before the rest is built. A hidden page gets no frames: a fallback timer
// lets the messages through anyway.

/** How long messages after a whole document wait for its paint at most. */
export const PAINT_FALLBACK_MS = 250;

interface Waiting {
  readonly data: unknown;
  readonly receivedAt: number;
}

/**
 * A message listener that hands each message to `apply` in order; when `apply` says a message was
 * a whole document to paint first (returns true), the messages after it wait for that paint.
 */
export function paintGate(apply: (data: unknown, receivedAt: number) => boolean): (event: MessageEvent<unknown>) => void {
  let waiting: Waiting[] | undefined;

  const release = (): void => {
    const queue = waiting ?? [];
    waiting = undefined;
    for (const [i, item] of queue.entries()) {
      if (apply(item.data, item.receivedAt)) {
        hold(queue.slice(i + 1));
        return;
      }
    }
  };

  const hold = (queue: Waiting[]): void => {
    waiting = queue;
    let released = false;
    const once = (): void => {
      if (released) return;
      released = true;
      clearTimeout(fallback);
      release();
    };
    const fallback = setTimeout(once, PAINT_FALLBACK_MS);
    requestAnimationFrame(() => setTimeout(once, 0));
  };

  return (event) => {
    // Update times count from here: checking the message is part of the preview's work.
    const receivedAt = performance.now();
    if (waiting) waiting.push({ data: event.data, receivedAt });
    else if (apply(event.data, receivedAt)) hold([]);
  };
}

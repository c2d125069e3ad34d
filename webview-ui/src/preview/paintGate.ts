// A long lesson opens in two messages, its first blocks and then the rest as a patch on them
// (src/vscode/previewPanel.ts postWhole). Applied back to back, React would draw both at once and
// the teacher would wait for the whole lesson; so what comes after a whole document waits until
// that document is painted: committed by React (the page says so), then the frame after it, then
// the task after that frame. The top of the lesson is on screen before the rest is built. A hidden
// page gets no frames: a timer from the commit lets the messages through anyway. Before the commit
// no timer runs (a first render slower than the timer would otherwise let the rest in before it,
// and both would be drawn at once), save a last resort.

/** How long messages after a whole document wait for its paint, once it is committed, at most. */
export const PAINT_FALLBACK_MS = 250;
/** How long they wait for the commit itself at most (it does not depend on frames; a last resort). */
export const COMMIT_FALLBACK_MS = 2000;

interface Waiting {
  readonly data: unknown;
  readonly receivedAt: number;
}

export interface PaintGate {
  /** The window's message listener. */
  readonly onMessage: (event: MessageEvent<unknown>) => void;
  /** The page committed a document: what waits for it goes through after the next frame. */
  readonly committed: () => void;
}

/**
 * Hands each message to `apply` in order; when `apply` says a message was a whole document to
 * paint first (returns true), the messages after it wait for that paint.
 */
export function paintGate(apply: (data: unknown, receivedAt: number) => boolean): PaintGate {
  let waiting: Waiting[] | undefined;
  // Starts the current wait's countdown to the paint (once); undefined while nothing waits.
  let onCommit: (() => void) | undefined;

  const release = (): void => {
    const queue = waiting ?? [];
    waiting = undefined;
    onCommit = undefined;
    for (const [i, item] of queue.entries()) {
      if (apply(item.data, item.receivedAt)) {
        hold(queue.slice(i + 1));
        return;
      }
    }
  };

  const hold = (queue: Waiting[]): void => {
    waiting = queue;
    let done = false;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const once = (): void => {
      if (done) return;
      done = true;
      for (const timer of timers) clearTimeout(timer);
      release();
    };
    timers.push(setTimeout(once, COMMIT_FALLBACK_MS));
    onCommit = () => {
      onCommit = undefined;
      timers.push(setTimeout(once, PAINT_FALLBACK_MS));
      requestAnimationFrame(() => timers.push(setTimeout(once, 0)));
    };
  };

  return {
    onMessage: (event) => {
      // Update times count from here: checking the message is part of the preview's work.
      const receivedAt = performance.now();
      if (waiting) waiting.push({ data: event.data, receivedAt });
      else if (apply(event.data, receivedAt)) hold([]);
    },
    committed: () => onCommit?.(),
  };
}

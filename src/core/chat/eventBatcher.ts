// Coalesces agent events on their way to the webview: consecutive text deltas (and progress-note
// deltas) of one turn are merged, and at most one batch is posted per interval (about 60 a second), so a fast stream
// costs the webview one render per frame rather than one per token.
import type { AgentEvent } from '../../shared/events';

export type Scheduler = (fn: () => void, ms: number) => () => void;

export const defaultScheduler: Scheduler = (fn, ms) => {
  const handle = setTimeout(fn, ms);
  return () => clearTimeout(handle);
};

export function coalesce(events: readonly AgentEvent[]): AgentEvent[] {
  const out: AgentEvent[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    const sameTurn = last !== undefined && last.turnId === event.turnId && last.sessionId === event.sessionId;
    if (event.type === 'text' && last?.type === 'text' && sameTurn) {
      out[out.length - 1] = { ...last, delta: last.delta + event.delta };
    } else if (event.type === 'thinking' && last?.type === 'thinking' && sameTurn) {
      out[out.length - 1] = { ...last, text: last.text + event.text };
    } else {
      out.push(event);
    }
  }
  return out;
}

export class EventBatcher {
  private buffer: AgentEvent[] = [];
  private cancel: (() => void) | undefined;

  constructor(
    private readonly flushTo: (events: AgentEvent[]) => void,
    private readonly intervalMs = 16,
    private readonly schedule: Scheduler = defaultScheduler,
  ) {}

  push(event: AgentEvent): void {
    this.buffer.push(event);
    if (!this.cancel) this.cancel = this.schedule(() => this.flush(), this.intervalMs);
  }

  /** Posts what is buffered now (a turn's end should not wait for the timer). */
  flush(): void {
    this.cancel?.();
    this.cancel = undefined;
    if (this.buffer.length === 0) return;
    const events = coalesce(this.buffer);
    this.buffer = [];
    this.flushTo(events);
  }

  /** Drops what is buffered: a snapshot about to be sent already contains it. */
  discard(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.buffer = [];
  }

  dispose(): void {
    this.discard();
  }
}

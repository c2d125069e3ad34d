// What the host posts to the chat webview, in order: a snapshot, then the agent's events coalesced
// into numbered batches (eventBatcher.ts), and the host's meta with the problems noticed on the way
// (a damaged session, a bad list entry). Nothing is posted while no webview is attached.
import type { AgentEvent } from '../../shared/events';
import type { HostMessage } from '../../shared/protocol';
import type { HostMeta, SessionSummary, SessionView } from '../../shared/view';
import type { Scheduler } from './eventBatcher';
import { EventBatcher } from './eventBatcher';

/** The most problems kept for the panel at once (the oldest go first). */
const MAX_NOTICES = 6;

export class PanelChannel {
  private post: ((message: HostMessage) => void) | undefined;
  private seq = 0;
  private readonly batcher: EventBatcher;
  /** Problems the user should know about, shown as notices. */
  private readonly notices: string[] = [];

  constructor(
    private readonly baseMeta: () => HostMeta,
    schedule?: Scheduler,
  ) {
    // seq counts the events as posted (after coalescing): a batch of n events covers exactly the
    // n seqs after the previous one, which is how the webview tells a gap from a normal batch.
    this.batcher = new EventBatcher(
      (events) => {
        this.seq += events.length;
        this.send({ type: 'events', seq: this.seq, events });
      },
      16,
      schedule,
    );
  }

  attach(post: (message: HostMessage) => void): void {
    this.post = post;
  }

  detach(): void {
    this.post = undefined;
    this.batcher.discard();
  }

  send(message: HostMessage): void {
    this.post?.(message);
  }

  /** An event of the session shown, posted with the next batch. */
  event(event: AgentEvent): void {
    this.batcher.push(event);
  }

  /** Posts the events buffered now (a turn's end should not wait for the timer). */
  flush(): void {
    this.batcher.flush();
  }

  /** The whole state, numbered after the last batch; the events buffered are in it already. */
  snapshot(session: SessionView, sessions: SessionSummary[]): HostMessage {
    this.batcher.discard();
    return { type: 'snapshot', seq: this.seq, session, sessions, meta: this.meta() };
  }

  pushMeta(): void {
    this.send({ type: 'meta', meta: this.meta() });
  }

  /** A problem for the panel's notices, said once. */
  notice(message: string): void {
    if (this.notices.includes(message)) return;
    this.notices.push(message);
    if (this.notices.length > MAX_NOTICES) this.notices.shift();
    this.pushMeta();
  }

  dispose(): void {
    this.batcher.dispose();
  }

  private meta(): HostMeta {
    const meta = this.baseMeta();
    return this.notices.length === 0 ? meta : { ...meta, notices: [...meta.notices, ...this.notices] };
  }
}

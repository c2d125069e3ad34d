// Plays the extension host for the preview harness: keeps the session view with the shared
// reducer and a seq counter, and posts snapshots and event batches the way the host does.
import type { AgentEvent } from '../../src/shared/events';
import type { HostMeta, SessionView } from '../../src/shared/view';
import { applyAgentEvents } from '../../src/shared/viewReducer';
import { SESSIONS, sessionFrom, snapshot } from './fixtures';
import type { WebviewPage } from './harness';

export class ScriptedHost {
  seq = 0;
  session: SessionView;

  constructor(
    public page: WebviewPage,
    session: SessionView = sessionFrom([]),
  ) {
    this.session = session;
  }

  async sendSnapshot(meta: Partial<HostMeta> = {}): Promise<void> {
    await this.page.push(snapshot(this.session, this.seq, meta, SESSIONS));
  }

  /** Applies events to the host's view without posting them (the panel is hidden). */
  record(...events: AgentEvent[]): void {
    this.session = applyAgentEvents(this.session, events, (w) => {
      throw new Error(`scripted host produced a reducer warning: ${w}`);
    });
    this.seq += events.length;
  }

  /** Applies events and posts them as one batch. */
  async emit(...events: AgentEvent[]): Promise<void> {
    this.record(...events);
    await this.page.push({ type: 'events', seq: this.seq, events });
  }
}

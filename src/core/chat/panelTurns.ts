// The turn the chat panel runs: one at a time, whichever session it is in, Stop, and what the user
// is told when a request cannot run. Model and tool faults arrive as error events in the stream;
// what ends a run here is a request the agent refused, a session another writer took first, or a
// bug, and none of them takes the panel down.
import type { AgentEvent } from '../../shared/events';
import type { Agent, TurnOutcome, TurnRequest } from '../agent/agent';
import { AgentRequestError, NoApiKeyError } from '../agent/agent';
import { DiskFullError, SessionInUseError } from '../sessions/types';
import type { LogLevel } from '../agent/context';
import { l10n } from '../../shared/l10n';

export interface PanelTurnsDeps {
  agent: Pick<Agent, 'run'>;
  onEvent(event: AgentEvent): void;
  log(level: LogLevel, message: string): void;
  notify(level: LogLevel, message: string): void;
  /** The run is over: called before the editor hears the agent is idle (its last events go out). */
  settled(): void;
  /** The editor shows whether a turn runs (the status bar; Stop enabled). */
  onBusyChange(busy: boolean): void;
}

/** How a run ended, as far as the panel cares: another writer held the session, or not. */
export type PanelRunEnd = 'ended' | 'in_use';

interface RunningTurn {
  sessionId: string;
  abort: AbortController;
  done: Promise<TurnOutcome>;
}

export class PanelTurns {
  private running: RunningTurn | undefined;
  private starting = false;

  constructor(private readonly deps: PanelTurnsDeps) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** A turn runs, or one is about to start (its session being created). */
  get taken(): boolean {
    return this.running !== undefined || this.starting;
  }

  /** The session whose turn is running. */
  get sessionId(): string | undefined {
    return this.running?.sessionId;
  }

  /** Creating the session takes a moment; a second Enter in that moment must not start a second turn. */
  async whileStarting<T>(prepare: () => Promise<T>): Promise<T> {
    this.starting = true;
    try {
      return await prepare();
    } finally {
      this.starting = false;
    }
  }

  async run(request: TurnRequest): Promise<PanelRunEnd> {
    const abort = new AbortController();
    const done = this.deps.agent.run(request, (event) => this.deps.onEvent(event), abort.signal);
    this.running = { sessionId: request.sessionId, abort, done };
    this.deps.onBusyChange(true);
    try {
      const outcome = await done;
      this.deps.log('info', `Turn ${outcome.turnId} ended: ${outcome.status}`);
      return 'ended';
    } catch (error) {
      return this.report(error);
    } finally {
      this.running = undefined;
      this.deps.settled();
      this.deps.onBusyChange(false);
    }
  }

  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.abort.abort();
    await running.done.catch(() => undefined);
  }

  /** Stops the running turn without waiting for it (the panel is going away). */
  abort(): void {
    this.running?.abort.abort();
  }

  /** Tells the user why the run ended without a turn's own ending. */
  private report(error: unknown): PanelRunEnd {
    if (error instanceof SessionInUseError) {
      // Another window or the command line took the session first: show it read-only until it is done.
      this.deps.log('warn', error.message);
      this.deps.notify('warn', error.message);
      return 'in_use';
    }
    if (error instanceof AgentRequestError || error instanceof NoApiKeyError || error instanceof DiskFullError) {
      // The request could not apply (nothing pending, a turn already running, no key): the
      // session is untouched and the message says why.
      this.deps.log('warn', error.message);
      this.deps.notify('warn', error.message);
    } else {
      // Model and tool faults arrive as error events; reaching here is a bug, but the panel must live.
      this.deps.log('error', `The agent failed unexpectedly: ${error instanceof Error ? error.stack : String(error)}`);
      this.deps.notify('error', l10n.t('The agent failed unexpectedly; see the Lesson Agent log.'));
    }
    return 'ended';
  }
}

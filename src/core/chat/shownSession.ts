// Which session the chat panel shows, and the list beside it: the open session's view (kept up to
// date by the agent's events, read-only while another writer holds the session), opening one,
// starting afresh, renaming and deleting, and remembering the open one across reloads. Every
// change reaches the store through the agent (and so the session's owner); this only reads.
import type { AgentEvent } from '../../shared/events';
import type { BoundDocumentView, SessionSummary, SessionView } from '../../shared/view';
import { emptySessionView } from '../../shared/view';
import { applyAgentEvent } from '../../shared/viewReducer';
import type { Agent } from '../agent/agent';
import { describeHolder } from '../sessions/lock';
import type { ReadonlySession } from '../sessions/schema';
import { SessionCorruptError, type LockHolder, type SessionReader } from '../sessions/types';
import { sessionToView } from '../sessions/view';
import type { ChatControllerDeps } from './chatTypes';
import type { LogLevel } from '../agent/context';
import { WriterWatch } from './writerWatch';
import { l10n } from '../../shared/l10n';

export interface ShownSessionDeps {
  agent: Pick<Agent, 'openSession' | 'writer' | 'renameSession' | 'deleteSession' | 'takeOverSession'>;
  store: SessionReader;
  lastSession: ChatControllerDeps['lastSession'];
  /** The document a new session would be bound to (the active editor's). */
  activeDocument(): BoundDocumentView | undefined;
  log(level: LogLevel, message: string): void;
  notify(level: LogLevel, message: string): void;
  /** The session whose turn the panel is running, if any. */
  runningSessionId(): string | undefined;
  /** What is shown changed: the panel gets a snapshot. */
  changed(): void;
  /** How often a read-only session checks whether its other writer has finished (ms). */
  writerPollMs: number;
}

function readOnlyText(holder: LockHolder): string {
  return l10n.t('This session is in use by {0}. It is shown read-only until that has finished.', describeHolder(holder));
}

export class ShownSession {
  private shown: SessionView = emptySessionView('');
  private list: SessionSummary[] = [];
  /** What is shown is a save from the middle of the running turn (or another writer took it): opened again when the turn is over. */
  private reopenAfterTurn = false;
  /** While the open session is read-only: the check for its other writer to finish. */
  private readonly writerWatch: WriterWatch;

  constructor(private readonly deps: ShownSessionDeps) {
    this.writerWatch = new WriterWatch({
      busy: async (id) => (await deps.agent.writer(id)) !== undefined,
      showing: (id) => this.shown.sessionId === id,
      free: (id) => this.open(id, { quiet: true }),
      everyMs: deps.writerPollMs,
    });
  }

  get view(): SessionView {
    return this.shown;
  }

  get sessions(): SessionSummary[] {
    return this.list;
  }

  get id(): string | undefined {
    return this.shown.sessionId || undefined;
  }

  /** What a snapshot shows: the open session, or a blank one bound to the active document. */
  current(): SessionView {
    return this.shown.sessionId ? this.shown : this.blank();
  }

  /** Opens the session that was open last time if it still loads, else the newest, else a new one. */
  async init(): Promise<void> {
    await this.refreshList();
    for (const id of await this.deps.lastSession.candidates(this.list)) {
      await this.open(id, { quiet: true });
      if (this.id) return;
    }
    this.shown = this.blank();
  }

  async open(sessionId: string, options: { quiet?: boolean } = {}): Promise<void> {
    try {
      // The agent settles a turn that a crash or reload left "running", so no stream shows forever.
      await this.show(await this.deps.agent.openSession(sessionId));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.deps.log('error', `Session ${sessionId} could not be opened: ${reason}`);
      // A file that cannot be read says itself which session, why and where it went, in the teacher's language.
      const message = error instanceof SessionCorruptError ? reason : l10n.t('The session could not be opened: {0}', reason);
      if (!options.quiet) this.deps.notify('error', message);
      this.writerWatch.watch(undefined);
      this.shown = this.blank();
      await this.deps.lastSession.set(undefined);
      await this.refreshList();
      this.deps.changed();
    }
  }

  async show(session: ReadonlySession): Promise<void> {
    // A session opened while its turn runs shows its last save; its turn's end refreshes it.
    if (this.deps.runningSessionId() === session.id) this.reopenAfterTurn = true;
    const writer = await this.deps.agent.writer(session.id).catch(() => undefined);
    this.shown = { ...sessionToView(session), ...(writer ? { readOnly: readOnlyText(writer) } : {}) };
    this.writerWatch.watch(writer ? session.id : undefined);
    await this.deps.lastSession.set(session.id);
    await this.refreshList();
    this.deps.changed();
  }

  /** The teacher took the session over from its other writer (warned in the panel): shown writable. */
  async takeOver(sessionId: string): Promise<void> {
    await this.show(await this.deps.agent.takeOverSession(sessionId));
  }

  /** Nothing open: the next message starts a new session. */
  async clear(): Promise<void> {
    this.writerWatch.watch(undefined);
    this.shown = this.blank();
    await this.deps.lastSession.set(undefined);
    this.deps.changed();
  }

  async rename(sessionId: string, title: string): Promise<void> {
    await this.deps.agent.renameSession(sessionId, title);
    if (sessionId === this.id) this.shown = { ...this.shown, title };
    await this.refreshList();
    this.deps.changed();
  }

  async delete(sessionId: string): Promise<void> {
    await this.deps.agent.deleteSession(sessionId);
    if (sessionId === this.id) {
      this.shown = this.blank();
      await this.deps.lastSession.set(undefined);
    }
    await this.refreshList();
    this.deps.changed();
  }

  /** An event of a running turn; true when it is the shown session's (the panel gets it too). */
  apply(event: AgentEvent): boolean {
    if (event.sessionId !== this.shown.sessionId) return false;
    this.shown = applyAgentEvent(this.shown, event, (warning) => this.deps.log('warn', warning));
    return true;
  }

  /** This (saved) session changed outside a turn (an edit reverted, a restore): it is shown as saved. */
  refresh(session: ReadonlySession): void {
    if (this.shown.sessionId !== session.id) return;
    this.shown = sessionToView(session);
    this.deps.changed();
  }

  /** Another writer took the session the turn was for: it is shown again (read-only) when the run is over. */
  takenByAnother(): void {
    this.reopenAfterTurn = true;
  }

  /** The panel's turn in `sessionId` is over: a stale view of that session is opened again. */
  async turnOver(sessionId: string): Promise<void> {
    if (this.reopenAfterTurn && this.shown.sessionId === sessionId) await this.open(sessionId, { quiet: true });
    this.reopenAfterTurn = false;
  }

  async refreshList(): Promise<void> {
    try {
      this.list = await this.deps.store.list();
    } catch (error) {
      this.deps.log('error', `Listing sessions failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  dispose(): void {
    this.writerWatch.stop();
  }

  private blank(): SessionView {
    const document = this.deps.activeDocument();
    return { ...emptySessionView(''), ...(document ? { document } : {}) };
  }
}

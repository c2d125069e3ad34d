// The chat panel's brain, without any editor API: it owns the current session's view, runs turns
// through the agent, answers the webview's messages and posts snapshots and coalesced events.
// The host is the source of truth: a webview that (re)loads says `ready` and gets a snapshot.
import type { AgentEvent } from '../../shared/events';
import type { HostMessage, RevertResult, WebviewMessage } from '../../shared/protocol';
import { parseWebviewMessage } from '../../shared/protocol';
import type { BoundDocumentView, HostMeta, SessionSummary, SessionView } from '../../shared/view';
import { emptySessionView } from '../../shared/view';
import { applyAgentEvent, pendingCard } from '../../shared/viewReducer';
import type { Agent, TurnOutcome, TurnRequest } from '../agent/agent';
import { AgentRequestError, NoApiKeyError } from '../agent/agent';

import { describeHolder } from '../sessions/lock';
import type { ReadonlyEdit, ReadonlyProposal, ReadonlySession } from '../sessions/schema';
import { SessionCorruptError, SessionInUseError, type LockHolder, type SessionReader } from '../sessions/types';
import { sessionToView } from '../sessions/view';
import type { Scheduler } from './eventBatcher';
import { WriterWatch } from './writerWatch';
import { EventBatcher } from './eventBatcher';
import type { LastSessionTracker } from './lastSession';
import { PanelActions, proposalKey } from './panelActions';

export type LogLevel = 'info' | 'warn' | 'error';

/** Where an export went: what to call it in the panel, and the file to open. */
export interface ExportedFile {
  uri: string;
  name: string;
}

/** What only the editor can do: dialogs, diffs, documents. */
export interface ChatHostActions {
  pickFile(): Promise<string | undefined>;
  /** A proposed change (a diff record, rebuilt on the document's current text); `key` names the diff so it can be closed when the proposal is decided or the edit reverted. */
  openProposalDiff(key: string, proposal: ReadonlyProposal, title: string): Promise<void>;
  openEditDiff(key: string, edit: ReadonlyEdit): Promise<void>;
  /** Closes the diff tabs opened under these keys (those still open). */
  closeDiffs(keys: readonly string[]): Promise<void>;
  revertEdit(session: ReadonlySession, edit: ReadonlyEdit): Promise<RevertResult>;
  /** Asks where (a save dialog) and writes the file; undefined when the user cancelled. */
  exportSession(session: ReadonlySession): Promise<ExportedFile | undefined>;
  /** Shows a document in an editor (the session's bound one, or an export). */
  showDocument(uri: string): Promise<void>;
  setApiKey(): Promise<void>;
  openSettings(): Promise<void>;
  notify(level: LogLevel, message: string): void;
}

export interface ChatControllerDeps {
  agent: Agent;
  /** Lists the stored sessions; every change goes through the agent (and so the session's owner). */
  store: SessionReader;
  actions: ChatHostActions;
  meta(): HostMeta;
  /** The document a new session would be bound to (the active editor's). */
  activeDocument(): BoundDocumentView | undefined;
  /** Remembers the open session across reloads and browsers (lastSession.ts). */
  lastSession: LastSessionTracker;
  log(level: LogLevel, message: string): void;
  onBusyChange?(busy: boolean): void;
  schedule?: Scheduler;
  /** How often a read-only session checks whether its other writer has finished (default 2 s). */
  writerPollMs?: number;
}

/** The most problems kept for the panel at once (the oldest go first). */
const MAX_NOTICES = 6;

function readOnlyText(holder: LockHolder): string {
  return `This session is in use by ${describeHolder(holder)}. It is shown read-only until that has finished.`;
}

interface RunningTurn {
  sessionId: string;
  abort: AbortController;
  done: Promise<TurnOutcome>;
}

export class ChatController {
  private view: SessionView = emptySessionView('');
  private sessions: SessionSummary[] = [];
  private seq = 0;
  private post: ((message: HostMessage) => void) | undefined;
  private running: RunningTurn | undefined;
  private starting = false;
  private reopenedMidTurn = false;
  /** Open Chat asked for the input's focus: said again when the (re)loaded webview is ready. */
  private focusOnReady = false;
  /** Review, Revert, export: what the panel asks of the editor around the conversation. */
  private readonly panel: PanelActions;
  private readonly batcher: EventBatcher;
  /** Problems the user should know about (a damaged session, a bad list entry), shown as notices. */
  private readonly notices: string[] = [];
  /** While the open session is read-only: the check for its other writer to finish. */
  private readonly writerWatch: WriterWatch;

  constructor(private readonly deps: ChatControllerDeps) {
    this.writerWatch = new WriterWatch({
      busy: async (id) => (await deps.agent.writer(id)) !== undefined,
      showing: (id) => this.view.sessionId === id,
      free: (id) => this.open(id, { quiet: true }),
      everyMs: deps.writerPollMs ?? 2000,
    });
    this.panel = new PanelActions({
      agent: deps.agent,
      actions: deps.actions,
      log: deps.log,
      currentSessionId: () => this.currentSessionId,
      busy: () => this.running !== undefined,
      send: (message) => this.send(message),
      reverted: (session) => {
        // The step now shows "Reverted", its button disabled.
        if (this.view.sessionId !== session.id) return;
        this.view = sessionToView(session);
        this.pushSnapshot();
      },
    });
    // seq counts the events as posted (after coalescing): a batch of n events covers exactly the
    // n seqs after the previous one, which is how the webview tells a gap from a normal batch.
    this.batcher = new EventBatcher(
      (events) => {
        this.seq += events.length;
        this.send({ type: 'events', seq: this.seq, events });
      },
      16,
      deps.schedule,
    );
  }

  get currentSessionId(): string | undefined {
    return this.view.sessionId || undefined;
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Opens the session that was open last time if it still loads, else the newest, else a new one. */
  async init(): Promise<void> {
    await this.refreshSessions();
    for (const id of await this.deps.lastSession.candidates(this.sessions)) {
      await this.open(id, { quiet: true });
      if (this.currentSessionId) return;
    }
    this.view = this.blankView();
  }

  attach(post: (message: HostMessage) => void): void {
    this.post = post;
  }

  detach(): void {
    this.post = undefined;
    this.batcher.discard();
  }

  snapshot(): HostMessage {
    this.batcher.discard();
    const view = this.view.sessionId ? this.view : this.blankView();
    return { type: 'snapshot', seq: this.seq, session: view, sessions: this.sessions, meta: this.meta() };
  }

  pushSnapshot(): void {
    this.send(this.snapshot());
  }

  pushMeta(): void {
    this.send({ type: 'meta', meta: this.meta() });
  }

  /** A problem for the panel's notices (the session store reports damage it repaired, bad list entries). */
  notice(message: string): void {
    if (this.notices.includes(message)) return;
    this.notices.push(message);
    if (this.notices.length > MAX_NOTICES) this.notices.shift();
    this.pushMeta();
  }

  private meta(): HostMeta {
    const meta = this.deps.meta();
    return this.notices.length === 0 ? meta : { ...meta, notices: [...meta.notices, ...this.notices] };
  }

  prefill(text: string, send = false): void {
    this.send({ type: 'prefill', text, send });
  }

  /** Puts the keyboard focus in the chat's input (the view itself is revealed by the caller). */
  focusInput(): void {
    this.focusOnReady = true;
    this.send({ type: 'focusInput' });
  }

  /** Entry point for everything the webview posts: validated here, never trusted. */
  async handle(raw: unknown): Promise<void> {
    const parsed = parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.deps.log('warn', `Ignored an invalid message from the chat view: ${parsed.error}`);
      return;
    }
    // A webview that talks has had its chance to take the focus asked for.
    if (parsed.value.type !== 'ready' && parsed.value.type !== 'log') this.focusOnReady = false;
    try {
      await this.dispatch(parsed.value);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.deps.log('error', `Handling "${parsed.value.type}" failed: ${message}`);
      this.deps.actions.notify('error', message);
    }
  }

  private async dispatch(message: WebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.pushSnapshot();
        if (this.focusOnReady) this.send({ type: 'focusInput' });
        this.focusOnReady = false;
        return;
      case 'send':
        return this.sendMessage(message.text);
      case 'stop':
        return this.stop();
      case 'retry':
        return this.runOnCurrent((sessionId) => ({ kind: 'retry', sessionId }));
      case 'answer':
        return this.runOnCurrent((sessionId) => ({ kind: 'answer', sessionId, toolCallId: message.toolCallId, answers: message.answers }));
      case 'decide':
        // Decided: the proposal's diff has nothing more to show.
        await this.deps.actions.closeDiffs([proposalKey(message.toolCallId)]);
        return this.runOnCurrent((sessionId) => ({
          kind: 'decision',
          sessionId,
          toolCallId: message.toolCallId,
          approved: message.approved,
          ...(message.feedback ? { feedback: message.feedback } : {}),
        }));
      case 'reviewProposal':
        return this.panel.reviewProposal(message.toolCallId);
      case 'reviewEdit':
        return this.panel.reviewEdit(message.editId);
      case 'revertEdit': {
        const result = await this.panel.revert(message.editId);
        if (message.requestId) this.send({ type: 'response', requestId: message.requestId, ok: true, result });
        else if (!result.ok) this.deps.actions.notify('warn', result.message);
        return;
      }
      case 'showDocument':
        if (this.view.document) await this.deps.actions.showDocument(this.view.document.uri);
        return;
      case 'openFile':
        return this.panel.openFile(message.uri);
      case 'newSession':
        return this.newSession();
      case 'openSession':
        return this.open(message.sessionId);
      case 'renameSession':
        return this.rename(message.sessionId, message.title);
      case 'deleteSession':
        return this.delete(message.sessionId);
      case 'exportSession':
        return this.exportSession(message.sessionId);
      case 'setApiKey':
        return this.deps.actions.setApiKey();
      case 'openSettings':
        return this.deps.actions.openSettings();
      case 'pickFile': {
        const path = await this.deps.actions.pickFile();
        return this.send({ type: 'response', requestId: message.requestId, ok: true, result: path ?? null });
      }
      case 'log':
        return this.deps.log(message.level, `[webview] ${message.message}`);
    }
  }

  /** Sends a user message, creating a session bound to the active document if none is open. */
  async sendMessage(text: string, context?: { label: string; text: string }): Promise<void> {
    if (this.view.readOnly) {
      this.deps.actions.notify('warn', this.view.readOnly);
      return;
    }
    if (this.running || this.starting) {
      const where = this.sessions.find((s) => s.id === this.running?.sessionId);
      const place = where && where.id !== this.currentSessionId ? ` in "${where.title}"` : '';
      this.deps.actions.notify('warn', `The agent is still working on the last request${place}. Stop it first, or wait.`);
      return;
    }
    // Creating the session takes a moment; a second Enter in that moment must not start a second turn.
    this.starting = true;
    // A new message leaves a waiting proposal undecided for good: its diff has nothing to show.
    const waiting = pendingCard(this.view);
    if (waiting?.kind === 'confirmation') await this.deps.actions.closeDiffs([proposalKey(waiting.toolCallId)]).catch(() => undefined);
    let sessionId = this.currentSessionId;
    try {
      if (!sessionId) {
        const document = this.deps.activeDocument();
        const session = await this.deps.agent.createSession(document ? { document } : {});
        sessionId = session.id;
        await this.show(session);
      }
    } finally {
      this.starting = false;
    }
    await this.run({ kind: 'message', sessionId, text, ...(context ? { context } : {}) });
  }

  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.abort.abort();
    await running.done.catch(() => undefined);
  }

  async newSession(): Promise<void> {
    this.writerWatch.watch(undefined);
    this.view = this.blankView();
    await this.deps.lastSession.set(undefined);
    this.pushSnapshot();
  }

  async open(sessionId: string, options: { quiet?: boolean } = {}): Promise<void> {
    try {
      // The agent settles a turn that a crash or reload left "running", so no stream shows forever.
      await this.show(await this.deps.agent.openSession(sessionId));
    } catch (error) {
      const message =
        error instanceof SessionCorruptError
          ? `The session file "${sessionId}" could not be read and was set aside: ${error.message}`
          : `The session could not be opened: ${error instanceof Error ? error.message : String(error)}`;
      this.deps.log('error', message);
      if (!options.quiet) this.deps.actions.notify('error', message);
      this.writerWatch.watch(undefined);
      this.view = this.blankView();
      await this.deps.lastSession.set(undefined);
      await this.refreshSessions();
      this.pushSnapshot();
    }
  }

  async loadSession(sessionId: string): Promise<ReadonlySession> {
    return this.deps.agent.readSession(sessionId);
  }

  private async show(session: ReadonlySession): Promise<void> {
    // A session opened while its turn runs shows its last save; its turn's end refreshes it.
    if (this.running?.sessionId === session.id) this.reopenedMidTurn = true;
    const writer = await this.deps.agent.writer(session.id).catch(() => undefined);
    this.view = { ...sessionToView(session), ...(writer ? { readOnly: readOnlyText(writer) } : {}) };
    this.writerWatch.watch(writer ? session.id : undefined);
    await this.deps.lastSession.set(session.id);
    await this.refreshSessions();
    this.pushSnapshot();
  }

  private async rename(sessionId: string, title: string): Promise<void> {
    await this.deps.agent.renameSession(sessionId, title);
    if (sessionId === this.currentSessionId) this.view = { ...this.view, title };
    await this.refreshSessions();
    this.pushSnapshot();
  }

  private async delete(sessionId: string): Promise<void> {
    // The sessions list already asked ("Delete ...?" in the row): a second, modal question here
    // asked the user twice, and VS Code refuses modal dialogs under extension tests.
    if (this.running?.sessionId === sessionId) await this.stop();
    await this.deps.agent.deleteSession(sessionId);
    if (sessionId === this.currentSessionId) {
      this.view = this.blankView();
      await this.deps.lastSession.set(undefined);
    }
    await this.refreshSessions();
    this.pushSnapshot();
  }

  /** Exports a session (after a save dialog) and says where it went, in the panel. */
  async exportSession(sessionId = this.currentSessionId): Promise<void> {
    if (sessionId) await this.panel.exportSession(sessionId);
  }

  private async runOnCurrent(build: (sessionId: string) => TurnRequest): Promise<void> {
    const sessionId = this.currentSessionId;
    if (!sessionId) return;
    if (this.view.readOnly) {
      this.deps.actions.notify('warn', this.view.readOnly);
      return;
    }
    if (this.running) {
      this.deps.actions.notify('warn', 'The agent is still working on the last request.');
      return;
    }
    await this.run(build(sessionId));
  }

  private async run(request: TurnRequest): Promise<void> {
    const abort = new AbortController();
    const done = this.deps.agent.run(request, (event) => this.onAgentEvent(event), abort.signal);
    this.running = { sessionId: request.sessionId, abort, done };
    this.deps.onBusyChange?.(true);
    try {
      const outcome = await done;
      this.deps.log('info', `Turn ${outcome.turnId} ended: ${outcome.status}`);
    } catch (error) {
      if (error instanceof SessionInUseError) {
        // Another window or the command line took the session first: show it read-only until it is done.
        this.deps.log('warn', error.message);
        this.deps.actions.notify('warn', error.message);
        this.reopenedMidTurn = true;
      } else if (error instanceof AgentRequestError || error instanceof NoApiKeyError) {
        // The request could not apply (nothing pending, a turn already running, no key): the
        // session is untouched and the message says why.
        this.deps.log('warn', error.message);
        this.deps.actions.notify('warn', error.message);
      } else {
        // Model and tool faults arrive as error events; reaching here is a bug, but the panel must live.
        this.deps.log('error', `The agent failed unexpectedly: ${error instanceof Error ? error.stack : String(error)}`);
        this.deps.actions.notify('error', 'The agent failed unexpectedly; see the Lesson Agent log.');
      }
    } finally {
      this.running = undefined;
      this.batcher.flush();
      this.deps.onBusyChange?.(false);
      await this.refreshSessions();
      this.send({ type: 'sessions', sessions: this.sessions });
      if (this.reopenedMidTurn && this.view.sessionId === request.sessionId) await this.open(request.sessionId, { quiet: true });
      this.reopenedMidTurn = false;
    }
  }


  private onAgentEvent(event: AgentEvent): void {
    if (event.sessionId !== this.view.sessionId) return;
    this.view = applyAgentEvent(this.view, event, (warning) => this.deps.log('warn', warning));
    this.batcher.push(event);
  }

  private async refreshSessions(): Promise<void> {
    try {
      this.sessions = await this.deps.store.list();
    } catch (error) {
      this.deps.log('error', `Listing sessions failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private blankView(): SessionView {
    const document = this.deps.activeDocument();
    return { ...emptySessionView(''), ...(document ? { document } : {}) };
  }

  private send(message: HostMessage): void {
    this.post?.(message);
  }

  dispose(): void {
    this.writerWatch.stop();
    this.running?.abort.abort();
    this.batcher.dispose();
  }
}

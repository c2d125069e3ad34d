// The chat panel's brain, without any editor API: it answers the webview's messages (validated
// here, never trusted) and joins the panel's parts: the session shown (shownSession.ts), the turn
// running (panelTurns.ts), what is posted to the webview (panelChannel.ts) and the editor's
// actions around the conversation (panelActions.ts). The host is the source of truth: a webview
// that (re)loads says `ready` and gets a snapshot.
import type { HostMessage, ResponseOf, WebviewMessage, WebviewRequest } from '../../shared/protocol';
import { parseWebviewMessage } from '../../shared/protocol';
import { documentToBind } from '../../shared/lateBinding';
import type { BoundDocumentView } from '../../shared/view';
import { pendingCard } from '../../shared/viewReducer';
import type { TurnRequest } from '../agent/agent';
import type { ReadonlySession } from '../sessions/schema';
import { PanelActions, proposalKey } from './panelActions';
import { PanelChannel } from './panelChannel';
import type { RequestHandlers } from './panelRequests';
import { answerRequest } from './panelRequests';
import { PanelRewind } from './panelRewind';
import { PanelTurns } from './panelTurns';
import { ShownSession } from './shownSession';
import type { ChatControllerDeps } from './chatTypes';
import { l10n } from '../../shared/l10n';
export type { ChatControllerDeps, ChatHostActions, ExportedFile } from './chatTypes';

export class ChatController {
  /** Open Chat asked for the input's focus: said again when the (re)loaded webview is ready. */
  private focusOnReady = false;
  private readonly channel: PanelChannel;
  private readonly shown: ShownSession;
  private readonly turns: PanelTurns;
  /** Review, Revert, export: what the panel asks of the editor around the conversation. */
  private readonly panel: PanelActions;
  /** Restore to here, Redo, branches, edit and resend, new session from here. */
  private readonly rewinds: PanelRewind;
  /** What answers each of the panel's requests: every kind, each with the answer the protocol declares. */
  private readonly requests = {
    revertEdit: (request) => this.panel.revert(request.editId),
    applyEditAgain: (request) => this.panel.applyAgain(request.editId),
    previewRewind: (request) => this.rewinds.preview(request.target),
    rewind: (request) => this.rewinds.rewind(request.target, request.keepTyping),
    editResend: (request) => this.rewinds.restoreForResend(request.messageId, request.keepTyping),
    pickFile: async () => (await this.deps.actions.pickFile()) ?? null,
  } satisfies RequestHandlers;

  constructor(private readonly deps: ChatControllerDeps) {
    this.channel = new PanelChannel(() => deps.meta(), deps.schedule);
    this.turns = new PanelTurns({
      agent: deps.agent,
      onEvent: (event) => {
        if (this.shown.apply(event)) this.channel.event(event);
      },
      log: (level, message) => deps.log(level, message),
      notify: (level, message) => deps.actions.notify(level, message),
      settled: () => this.channel.flush(),
      onBusyChange: (busy) => deps.onBusyChange?.(busy),
    });
    this.shown = new ShownSession({
      agent: deps.agent,
      store: deps.store,
      lastSession: deps.lastSession,
      activeDocument: () => deps.activeDocument(),
      log: (level, message) => deps.log(level, message),
      notify: (level, message) => deps.actions.notify(level, message),
      runningSessionId: () => this.turns.sessionId,
      changed: () => {
        this.pushSnapshot();
        deps.onSessionShown?.(this.currentSessionId);
      },
      writerPollMs: deps.writerPollMs ?? 2000,
    });
    this.panel = new PanelActions({
      agent: deps.agent,
      actions: deps.actions,
      log: deps.log,
      currentSessionId: () => this.currentSessionId,
      busy: () => this.turns.busy,
      send: (message) => this.channel.send(message),
      reverted: (session) => this.shown.refresh(session),
    });
    this.rewinds = new PanelRewind({
      agent: deps.agent,
      actions: deps.actions,
      currentSessionId: () => this.currentSessionId,
      busy: () => this.turns.taken,
      changed: async (session) => {
        this.shown.refresh(session);
        await this.shown.refreshList();
        this.channel.send({ type: 'sessions', sessions: this.shown.sessions });
      },
      show: (session) => this.shown.show(session),
      prefill: (text) => this.prefill(text),
    });
  }

  get currentSessionId(): string | undefined {
    return this.shown.id;
  }

  get busy(): boolean {
    return this.turns.busy;
  }

  /** Opens the session that was open last time if it still loads, else the newest, else a new one. */
  async init(): Promise<void> {
    await this.shown.init();
  }

  attach(post: (message: HostMessage) => void): void {
    this.channel.attach(post);
  }

  detach(): void {
    this.channel.detach();
  }

  snapshot(): HostMessage {
    return this.channel.snapshot(this.shown.current(), this.shown.sessions);
  }

  pushSnapshot(): void {
    this.channel.send(this.snapshot());
  }

  pushMeta(): void {
    this.channel.pushMeta();
  }

  /** A problem for the panel's notices (the session store reports damage it repaired, bad list entries). */
  notice(message: string): void {
    this.channel.notice(message);
  }

  prefill(text: string, send = false): void {
    this.channel.send({ type: 'prefill', text, send });
  }

  /** Puts the keyboard focus in the chat's input (the view itself is revealed by the caller). */
  focusInput(): void {
    this.focusOnReady = true;
    this.channel.send({ type: 'focusInput' });
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
        return this.ready();
      case 'send':
        return this.sendMessage(message.text);
      case 'stop':
        return this.stop();
      case 'retry':
        return this.runOnCurrent((sessionId) => ({ kind: 'retry', sessionId }));
      case 'answer':
        return this.runOnCurrent((sessionId) => ({ kind: 'answer', sessionId, toolCallId: message.toolCallId, answers: message.answers }));
      case 'decide':
        return this.decide(message);
      case 'reviewProposal':
        return this.panel.reviewProposal(message.toolCallId);
      case 'reviewEdit':
        return this.panel.reviewEdit(message.editId);
      case 'revertEdit':
      case 'applyEditAgain':
      case 'previewRewind':
      case 'rewind':
      case 'pickFile':
        return void (await this.answer(message));
      case 'showDocument':
        if (this.shown.view.document) await this.deps.actions.showDocument(this.shown.view.document.uri);
        return;
      case 'openFile':
        return this.panel.openFile(message.uri);
      case 'reviewRewind':
        return this.rewinds.review(message.target);
      case 'editResend':
        return this.editResend(message);
      case 'newSessionFrom':
        return this.rewinds.newSessionFrom(message.messageId);
      case 'newSession':
        return this.newSession();
      case 'openSession':
        return this.open(message.sessionId);
      case 'renameSession':
        return this.shown.rename(message.sessionId, message.title);
      case 'deleteSession':
        return this.delete(message.sessionId);
      case 'exportSession':
        return this.exportSession(message.sessionId);
      case 'takeOverSession':
        return this.shown.takeOver(message.sessionId);
      case 'setApiKey':
        return this.deps.actions.setApiKey();
      case 'openSettings':
        return this.deps.actions.openSettings();
      case 'log':
        return this.deps.log(message.level, `[webview] ${message.message}`);
    }
  }

  private ready(): void {
    this.pushSnapshot();
    if (this.focusOnReady) this.channel.send({ type: 'focusInput' });
    this.focusOnReady = false;
  }

  private async decide(message: Extract<WebviewMessage, { type: 'decide' }>): Promise<void> {
    // Decided: the proposal's diff has nothing more to show.
    await this.deps.actions.closeDiffs([proposalKey(message.toolCallId)]);
    return this.runOnCurrent((sessionId) => ({
      kind: 'decision',
      sessionId,
      toolCallId: message.toolCallId,
      approved: message.approved,
      ...(message.feedback ? { feedback: message.feedback } : {}),
    }));
  }

  /** Answers one of the panel's requests with what its kind declares, or with why not (the panel shows it). */
  private answer<M extends WebviewRequest>(request: M): Promise<ResponseOf<M['type']> | undefined> {
    return answerRequest(this.requests, request, (message) => this.channel.send(message), this.deps.log);
  }

  /**
   * A document changed in the editor: when it is the open session's, the edits it no longer holds
   * (Ctrl+Z, typed over) or holds again (Ctrl+Y) are shown so. Waits while a turn runs (its end
   * looks again).
   */
  async documentChanged(uri: string): Promise<void> {
    if (this.shown.view.document?.uri !== uri || this.shown.view.readOnly) return;
    try {
      await this.panel.followDocument();
    } catch (error) {
      this.deps.log('warn', `Following the document failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Restores both to before the message, then sends the new words (the old path stays a branch). */
  private async editResend(message: Extract<WebviewMessage, { type: 'editResend' }>): Promise<void> {
    const result = await this.answer(message);
    if (result?.ok) await this.sendMessage(message.text);
  }

  /** Sends a user message, creating a session bound to the active document if none is open. */
  async sendMessage(text: string, context?: { label: string; text: string }): Promise<void> {
    if (this.shown.view.readOnly) {
      this.deps.actions.notify('warn', this.shown.view.readOnly);
      return;
    }
    if (this.turns.taken) {
      const where = this.shown.sessions.find((s) => s.id === this.turns.sessionId);
      this.deps.actions.notify(
        'warn',
        where && where.id !== this.currentSessionId
          ? l10n.t('The agent is still working on the last request in "{0}". Stop it first, or wait.', where.title)
          : l10n.t('The agent is still working on the last request. Stop it first, or wait.'),
      );
      return;
    }
    let bind: BoundDocumentView | undefined;
    const sessionId = await this.turns.whileStarting(async () => {
      // A new message leaves a waiting proposal undecided for good: its diff has nothing to show.
      const waiting = pendingCard(this.shown.view);
      if (waiting?.kind === 'confirmation') await this.deps.actions.closeDiffs([proposalKey(waiting.toolCallId)]).catch(() => undefined);
      const current = this.currentSessionId;
      const document = this.deps.activeDocument();
      // A chat started before any lesson was open takes the lesson the teacher works in now.
      if (current) bind = documentToBind(this.shown.view.document, document);
      if (current) return current;
      const session = await this.deps.agent.createSession(document ? { document } : {});
      await this.shown.show(session);
      return session.id;
    });
    await this.run({ kind: 'message', sessionId, text, ...(context ? { context } : {}), ...(bind ? { bind } : {}) });
  }

  async stop(): Promise<void> {
    await this.turns.stop();
  }

  async newSession(): Promise<void> {
    await this.shown.clear();
  }

  async open(sessionId: string, options: { quiet?: boolean } = {}): Promise<void> {
    await this.shown.open(sessionId, options);
  }

  async loadSession(sessionId: string): Promise<ReadonlySession> {
    return this.deps.agent.readSession(sessionId);
  }

  private async delete(sessionId: string): Promise<void> {
    // The sessions list already asked ("Delete ...?" in the row): a second, modal question here
    // asked the user twice, and VS Code refuses modal dialogs under extension tests.
    if (this.turns.sessionId === sessionId) await this.stop();
    await this.shown.delete(sessionId);
  }

  /** Exports a session (after a save dialog) and says where it went, in the panel. */
  async exportSession(sessionId = this.currentSessionId): Promise<void> {
    if (sessionId) await this.panel.exportSession(sessionId);
  }

  private async runOnCurrent(build: (sessionId: string) => TurnRequest): Promise<void> {
    const sessionId = this.currentSessionId;
    if (!sessionId) return;
    if (this.shown.view.readOnly) {
      this.deps.actions.notify('warn', this.shown.view.readOnly);
      return;
    }
    if (this.turns.busy) {
      this.deps.actions.notify('warn', l10n.t('The agent is still working on the last request.'));
      return;
    }
    await this.run(build(sessionId));
  }

  /** Runs a turn; after it the list shows its new state, and a stale view of its session is opened again. */
  private async run(request: TurnRequest): Promise<void> {
    try {
      if ((await this.turns.run(request)) === 'in_use') this.shown.takenByAnother();
    } finally {
      await this.shown.refreshList();
      this.channel.send({ type: 'sessions', sessions: this.shown.sessions });
      await this.shown.turnOver(request.sessionId);
      // What the teacher undid or redid in the editor while the turn ran is shown now.
      const document = this.shown.view.document;
      if (document) await this.documentChanged(document.uri);
    }
  }

  dispose(): void {
    this.shown.dispose();
    this.turns.abort();
    this.channel.dispose();
  }
}

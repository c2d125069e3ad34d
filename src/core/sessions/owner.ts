// The one owner of a session: every change to a session is one of the transitions below, and only
// this module writes sessions to their store. Everyone else reads a `ReadonlySession`.
//
// A turn's lifecycle, as transitions:
//   start -> running -+-> reply (a model call answered) -> tool calls (start, end, edit) -> ...
//                     +-> pause (a question or confirmation) -> awaiting_user -> resume -> running
//                     +-> complete | stop | fail | refuse            (the turn ended)
//   error | stopped -> retry -> running
// A turn's messages are only ever appended while it runs: thinking blocks must go back to the
// model exactly as they came, in their original order.
//
// An owner holds the session's write lock from open (or create) to close: one writer per session,
// across processes. Each transition marks what it changed; save() hands those changes to the store,
// which appends them to the session's journal as one checkpoint.
import type { ErrorCode, Usage } from '../../shared/events';
import { addCall, spendOf } from '../../shared/spend';
import { DEFAULT_TITLE, titleFrom } from '../../shared/titles';
import type { BoundDocumentView } from '../../shared/view';
import { hashText, makePatch } from '../documents/patch';
import { ChangeSet } from './changes';
import { interruptedResult, repairPairing } from './pairing';
import { emptySession } from './newSession';
import { EDIT_NOT_APPLIED, recoveredResult, type EditOutcome } from './recovery';
import type {
  DocumentAttachment,
  EditRecord,
  PendingInteraction,
  ReadonlySession,
  ReadonlyTurn,
  Session,
  StoredBlock,
  StoredMessage,
  ToolCallRecord,
  ToolResultBlock,
  TurnAnswer,
  TurnRecord,
} from './schema';
import type { SessionLease, SessionStore } from './types';
import { turnText } from './view';

export interface OwnerClock {
  now(): number;
  newId(prefix: string): string;
}

export interface TurnError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly retryable: boolean;
}

export interface ModelReply {
  readonly content: StoredBlock[];
  /** The model the response named. */
  readonly model: string;
  /** The model id the request asked for (thinking blocks belong to it). */
  readonly requestedModel: string;
  readonly usage: Usage;
  /** What the call cost in US dollars; absent when its model has no known price. */
  readonly cost?: number;
  readonly stopReason: string | null;
}

export type ToolCallEnd = Pick<ToolCallRecord, 'status'> & Partial<Pick<ToolCallRecord, 'error' | 'resultSummary' | 'editId'>>;

/** An edit about to be applied: the text it lands on and the text it should give. */
export interface PlannedEdit {
  readonly toolCallId: string;
  readonly turnId: string;
  readonly documentUri: string;
  readonly summary: string;
  readonly before: string;
  readonly after: string;
}

/** How an edit ended: applied (with the texts it really landed on and gave), or not. */
export type EditLanding = { readonly applied: true; readonly before: string; readonly after: string } | { readonly applied: false };

export const NOT_ANSWERED = 'The user did not answer; they wrote a new message instead.';

export class SessionOwner {
  private readonly changes = new ChangeSet();
  /** Saves run one after another, so checkpoints reach the journal in order. */
  private saving: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly store: SessionStore,
    private readonly lease: SessionLease,
    private readonly s: Session,
    private readonly clock: OwnerClock,
  ) {}

  /** A new, empty session, saved at once. The caller closes the owner. */
  static async create(store: SessionStore, clock: OwnerClock, init: { document?: BoundDocumentView; title?: string } = {}): Promise<SessionOwner> {
    const session = emptySession({ id: clock.newId('s'), now: clock.now(), ...init });
    const lease = await store.lock(session.id, { create: true });
    const owner = new SessionOwner(store, lease, session, clock);
    try {
      owner.changes.title();
      await owner.save();
    } catch (err) {
      await owner.close();
      throw err;
    }
    return owner;
  }

  /** Takes the session's write lock and loads it; throws SessionInUseError when another writer holds it. */
  static async open(store: SessionStore, id: string, clock: OwnerClock): Promise<SessionOwner> {
    const lease = await store.lock(id);
    try {
      return new SessionOwner(store, lease, await store.load(lease), clock);
    } catch (err) {
      await store.release(lease);
      throw err;
    }
  }

  /** Deleting is a write too: it goes through the owner module, under the session's lock. */
  static async delete(store: SessionStore, id: string): Promise<void> {
    const lease = await store.lock(id);
    try {
      await store.delete(lease);
    } finally {
      await store.release(lease);
    }
  }

  get session(): ReadonlySession {
    return this.s;
  }

  get id(): string {
    return this.s.id;
  }

  /** A checkpoint: what changed since the last one is recorded durably before this resolves. */
  save(): Promise<void> {
    const run = this.saving.then(async () => {
      if (this.closed) throw new Error(`Session ${this.s.id} was closed; the change was not saved.`);
      if (!this.changes.empty) this.s.updatedAt = this.clock.now();
      await this.store.append(this.lease, this.s, this.changes.take(this.s));
    });
    this.saving = run.catch(() => undefined);
    return run;
  }

  /** Gives up the write lock (after the saves in flight). */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.saving;
    this.closed = true;
    await this.store.release(this.lease);
  }

  /** The turn, about to be changed (every caller changes it). */
  private turnOf(turnId: string): TurnRecord {
    const turn = this.s.turns.find((t) => t.id === turnId);
    if (!turn) throw new Error(`Turn ${turnId} is not in session ${this.s.id}.`);
    return this.changedTurn(turn);
  }

  private append(turnId: string, role: StoredMessage['role'], content: StoredBlock[], extra: Partial<StoredMessage> = {}): StoredMessage {
    const message: StoredMessage = { id: this.clock.newId('msg'), role, content, createdAt: this.clock.now(), turnId, ...extra };
    this.s.messages.push(message);
    this.changes.message(message.id);
    return message;
  }

  private changedTurn(turn: TurnRecord): TurnRecord {
    this.changes.turn(turn.id);
    return turn;
  }

  // ---- start, resume, retry ------------------------------------------------------------------

  /**
   * The user's message opens a new turn. Whatever an earlier turn left open is settled first: a
   * turn a crash left running is stopped, a pending card is answered "not answered", and any
   * unanswered tool call is answered "interrupted", so the next request is valid.
   * Returns the new turn and the turn whose card was abandoned, if any.
   */
  startTurn(request: { text: string; context?: { label: string; block: string } }): { turn: ReadonlyTurn; message: StoredMessage; abandoned?: string } {
    this.settleStaleTurns();
    const abandoned = this.abandonPending();
    this.repairPairing();
    const firstPrompt = !this.s.messages.some((m) => m.role === 'user' && m.content.some((b) => b.type === 'text'));
    const now = this.clock.now();
    const turn: TurnRecord = { id: this.clock.newId('turn'), startedAt: now, status: 'running', steps: 0 };
    this.s.turns.push(this.changedTurn(turn));
    const context = request.context;
    const blocks: StoredBlock[] = [...(context ? [{ type: 'text' as const, text: context.block }] : []), { type: 'text', text: request.text }];
    const message = this.append(turn.id, 'user', blocks, context ? { context: context.label } : {});
    if (firstPrompt && this.s.title === DEFAULT_TITLE) {
      this.s.title = titleFrom(request.text);
      this.changes.title();
    }
    return { turn, message, ...(abandoned ? { abandoned } : {}) };
  }

  /** A paused turn goes on after an answer or decision. */
  resumeTurn(turnId: string): ReadonlyTurn {
    const turn = this.turnOf(turnId);
    if (turn.status !== 'awaiting_user') throw new Error(`Turn ${turnId} is ${turn.status}, not waiting for the user.`);
    turn.status = 'running';
    delete turn.endedAt;
    return turn;
  }

  /** A failed or stopped last turn runs again from where its transcript ends. */
  retryTurn(turnId: string): ReadonlyTurn {
    this.settleStaleTurns();
    this.repairPairing();
    const turn = this.turnOf(turnId);
    if (turn.status !== 'error' && turn.status !== 'stopped') throw new Error(`Turn ${turnId} is ${turn.status}; only a failed or stopped turn is retried.`);
    turn.status = 'running';
    delete turn.error;
    delete turn.endedAt;
    return turn;
  }

  // ---- the model's replies ---------------------------------------------------------------------

  /** One model call answered: its cost is counted and its content kept, exactly as received. */
  recordReply(turnId: string, reply: ModelReply): StoredMessage | undefined {
    const turn = this.turnOf(turnId);
    turn.steps++;
    const spent = addCall(turn.usage ? spendOf(turn.usage, turn.cost) : undefined, spendOf(reply.usage, reply.cost));
    turn.usage = spent.usage;
    if (spent.cost !== undefined) turn.cost = spent.cost;
    else delete turn.cost;
    turn.model = reply.model;
    if (reply.content.length === 0) return undefined;
    return this.append(turnId, 'assistant', reply.content, {
      model: reply.model,
      requestedModel: reply.requestedModel,
      usage: reply.usage,
      ...(reply.stopReason ? { stopReason: reply.stopReason } : {}),
    });
  }

  /** What a failed attempt streamed, kept for display only (never sent to the model). */
  recordPartial(turnId: string, texts: readonly string[]): void {
    const content = texts.filter((t) => t.length > 0).map((text): StoredBlock => ({ type: 'text', text }));
    if (content.length > 0) this.append(turnId, 'assistant', content, { partial: true });
  }

  recordToolResults(turnId: string, results: ToolResultBlock[]): void {
    if (results.length > 0) this.append(turnId, 'user', results);
  }

  // ---- the document as the model is shown it (agent/documentContext.ts decides) ------------------

  /**
   * Something new about the document goes with the newest user message (sent next, or sent only
   * by a failed attempt): appended, so nothing the model already saw changes.
   */
  attachDocument(messageId: string, attachment: DocumentAttachment): void {
    const message = this.messageOf(messageId);
    message.document = [...(message.document ?? []), attachment];
    this.changes.attachments(messageId);
  }

  /**
   * A turn starts from a new base: every earlier copy and diff is dropped, `base` becomes the only
   * attachment of the window's first message, and `changes` (if any) go with the turn's message.
   * Only ever done when a turn starts: a running turn's messages are never rewritten.
   */
  rebaseDocument(topId: string, base: DocumentAttachment, changes?: { messageId: string; attachment: DocumentAttachment }): void {
    const top = this.messageOf(topId);
    const target = changes ? this.messageOf(changes.messageId) : undefined;
    for (const m of this.s.messages) {
      if (m.document === undefined) continue;
      delete m.document;
      this.changes.attachments(m.id);
    }
    top.document = [base];
    this.changes.attachments(top.id);
    if (target && changes) {
      target.document = [...(target.document ?? []), changes.attachment];
      this.changes.attachments(target.id);
    }
  }

  private messageOf(id: string): StoredMessage {
    const message = this.s.messages.find((m) => m.id === id);
    if (!message) throw new Error(`Message ${id} is not in session ${this.s.id}.`);
    if (message.role !== 'user') throw new Error(`Message ${id} is not a user message; the document only goes with user messages.`);
    return message;
  }

  // ---- tool calls ------------------------------------------------------------------------------

  startToolCall(record: ToolCallRecord): void {
    this.s.toolCalls[record.id] = record;
    this.changes.call(record.id);
  }

  endToolCall(id: string, end: ToolCallEnd): void {
    const record = this.s.toolCalls[id];
    if (!record) return;
    Object.assign(record, end, { endedAt: this.clock.now() });
    this.changes.call(id);
  }

  // ---- edits: recorded before they land ---------------------------------------------------------

  /**
   * An edit about to change the document: kept as a diff with the hashes before and after, and
   * marked planned. Save before applying it, so that a crash in between can be settled on load.
   */
  planEdit(edit: PlannedEdit): string {
    const id = this.clock.newId('edit');
    const { before, after, ...rest } = edit;
    this.s.edits.push({ ...rest, id, patch: makePatch(before, after), hashBefore: hashText(before), hashAfter: hashText(after), status: 'planned', plannedAt: this.clock.now() });
    this.changes.edit(id);
    return id;
  }

  /** The planned edit landed (on the texts given, if the document moved meanwhile) or did not. */
  landEdit(editId: string, landing: EditLanding): void {
    const edit = this.editOf(editId);
    if (!edit) return;
    if (!landing.applied) {
      edit.status = 'not_applied';
      return;
    }
    if (hashText(landing.before) !== edit.hashBefore || hashText(landing.after) !== edit.hashAfter) {
      Object.assign(edit, { patch: makePatch(landing.before, landing.after), hashBefore: hashText(landing.before), hashAfter: hashText(landing.after) });
    }
    Object.assign(edit, { status: 'applied', appliedAt: this.clock.now() });
  }

  /**
   * An edit a crash left planned, settled by what the document holds: its call ends as done (Revert
   * available, the model told it was applied) or as failed (the model told it was not).
   */
  settleEdit(editId: string, outcome: EditOutcome): void {
    const edit = this.editOf(editId);
    if (!edit || edit.status !== 'planned') return;
    edit.status = outcome;
    if (outcome === 'applied') edit.appliedAt = this.clock.now();
    const call = this.s.toolCalls[edit.toolCallId];
    if (!call || (call.status !== 'running' && call.status !== 'awaiting')) return;
    if (outcome === 'applied') this.endToolCall(call.id, { status: 'success', editId, resultSummary: 'Applied before an interruption' });
    else this.endToolCall(call.id, { status: 'error', error: EDIT_NOT_APPLIED });
  }

  markReverted(editId: string): boolean {
    const edit = this.s.edits.find((e) => e.id === editId);
    if (!edit || edit.status !== 'applied' || edit.revertedAt !== undefined) return false;
    edit.revertedAt = this.clock.now();
    this.changes.edit(editId);
    return true;
  }

  private editOf(editId: string): EditRecord | undefined {
    const edit = this.s.edits.find((e) => e.id === editId);
    if (edit) this.changes.edit(editId);
    return edit;
  }

  // ---- pause and answer ------------------------------------------------------------------------

  /** The turn waits for the user; nothing is held in memory, the session says it all. */
  pause(pending: PendingInteraction): void {
    const turn = this.turnOf(pending.turnId);
    const record = this.s.toolCalls[pending.toolCallId];
    if (record) {
      this.changes.call(record.id);
      record.status = 'awaiting';
      record.interaction =
        pending.kind === 'question' ? { kind: 'question', questions: pending.questions } : { kind: 'confirmation', request: pending.request };
    }
    this.s.pending = pending;
    this.changes.pending();
    turn.status = 'awaiting_user';
    turn.endedAt = this.clock.now();
  }

  /** The user's answer or decision, kept with the turn (the card shows it). */
  recordAnswer(turnId: string, toolCallId: string, answer: TurnAnswer): void {
    const turn = this.turnOf(turnId);
    turn.answers = { ...turn.answers, [toolCallId]: answer };
  }

  /** The pending interaction, now being answered: it is no longer pending. */
  takePending(): PendingInteraction | undefined {
    const pending = this.s.pending;
    if (pending) this.changes.pending();
    delete this.s.pending;
    return pending;
  }

  /**
   * The user wrote a new message instead of answering: the paused call and those after it are
   * answered as not done, and that turn ends as stopped. Returns the old turn's id.
   */
  private abandonPending(): string | undefined {
    const pending = this.takePending();
    if (!pending) return undefined;
    const results = [
      ...pending.completedResults,
      interruptedResult(pending.toolCallId, NOT_ANSWERED),
      ...pending.remainingToolUseIds.map((id) => interruptedResult(id)),
    ];
    // The paused reply is the turn's last message: the results are appended right after it.
    this.append(pending.turnId, 'user', results);
    if (this.s.turns.some((t) => t.id === pending.turnId)) this.endTurn(pending.turnId, 'stopped');
    return pending.turnId;
  }

  // ---- endings ---------------------------------------------------------------------------------

  complete(turnId: string): void {
    this.endTurn(turnId, 'completed');
  }

  stop(turnId: string): void {
    this.endTurn(turnId, 'stopped');
  }

  fail(turnId: string, error: TurnError): void {
    this.endTurn(turnId, 'error', error);
  }

  /**
   * Claude declined: the refused reply is kept for display only (never sent again), and so is the
   * rest of that turn (history.ts leaves refused turns out), so the conversation can go on.
   */
  refuse(turnId: string, texts: readonly string[], error: TurnError): void {
    this.recordPartial(turnId, texts);
    this.endTurn(turnId, 'error', error);
  }

  private endTurn(turnId: string, status: 'completed' | 'stopped' | 'error', error?: TurnError): void {
    const turn = this.turnOf(turnId);
    if (status !== 'completed') {
      // Every tool_use of the turn gets a result (the pending one excepted), every open call ends.
      this.repairPairing();
      this.interruptOpenCalls(turnId);
      if (turnText(this.s.messages, turnId).length > 0) turn.partial = true;
    }
    turn.status = status;
    turn.endedAt = this.clock.now();
    if (error) turn.error = { code: error.code, message: error.message, retryable: error.retryable };
  }

  /** Calls that were started but will never finish: their steps show "Interrupted". */
  private interruptOpenCalls(turnId: string): void {
    for (const call of Object.values(this.s.toolCalls)) {
      if (call.turnId !== turnId || (call.status !== 'running' && call.status !== 'awaiting')) continue;
      Object.assign(call, { status: 'interrupted', error: 'Interrupted', endedAt: this.clock.now() });
      this.changes.call(call.id);
    }
  }

  /**
   * Leftovers of a crash or a reload: a turn still marked running (and not running here) ends as
   * stopped. Returns true when something changed.
   */
  settleStaleTurns(): boolean {
    let changed = false;
    for (const turn of this.s.turns) {
      if (turn.status !== 'running') continue;
      this.endTurn(turn.id, 'stopped');
      changed = true;
    }
    return changed;
  }

  /** Answers every tool_use left without a result, except those legitimately waiting. */
  private repairPairing(): string[] {
    const p = this.s.pending;
    const waiting = new Set(p ? [p.toolCallId, ...p.remainingToolUseIds] : []);
    // A call that finished but whose result a crash kept out of the transcript is answered with how it ended.
    return repairPairing(this.s.messages, (results, after) => this.messageFor(after.turnId, results), waiting, (id) => recoveredResult(this.s, id));
  }

  private messageFor(turnId: string, results: ToolResultBlock[]): StoredMessage {
    const message: StoredMessage = { id: this.clock.newId('msg'), role: 'user', content: results, createdAt: this.clock.now(), turnId };
    this.changes.message(message.id);
    return message;
  }

  // ---- the session itself ----------------------------------------------------------------------

  rename(title: string): void {
    const trimmed = title.trim();
    if (trimmed.length === 0) throw new Error('A session title cannot be empty.');
    this.s.title = trimmed.slice(0, 200);
    this.changes.title();
  }

  bindDocument(document: BoundDocumentView): void {
    this.s.document = { ...document };
    this.changes.document();
  }
}

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
// which appends them to the session's journal as one checkpoint. The transitions are written in
// the owner's parts, which change its working copy (draft.ts) and are reached only through this
// class: the turn's lifecycle (turnLifecycle.ts), what a running turn records (turnRecords.ts),
// and the edits (editRecords.ts).
import type { BoundDocumentView } from '../../shared/view';
import { SessionDraft, type OwnerClock } from './draft';
import * as edits from './editRecords';
import * as line from './lineRecords';
import { emptySession } from './newSession';
import type { PresenceChange } from './presence';
import type { EditOutcome } from './recovery';
import type {
  DocumentAttachment,
  Frame,
  Notice,
  PendingInteraction,
  ReadonlyBranch,
  ReadonlySession,
  Redo,
  Restoring,
  ReadonlyTurn,
  Session,
  StoredMessage,
  ThinkingRepair,
  ToolCallRecord,
  ToolResultBlock,
  TurnAnswer,
} from './schema';
import * as lifecycle from './turnLifecycle';
import * as records from './turnRecords';
import type { SessionLease, SessionStore } from './types';

// The owner's callers name its clock from here.
export type { OwnerClock };

export class SessionOwner {
  private readonly draft: SessionDraft;
  /** Saves run one after another, so checkpoints reach the journal in order. */
  private saving: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly store: SessionStore,
    private readonly lease: SessionLease,
    session: Session,
    clock: OwnerClock,
  ) {
    this.draft = new SessionDraft(session, clock);
  }

  /** A new, empty session, saved at once. The caller closes the owner. */
  static async create(store: SessionStore, clock: OwnerClock, init: { document?: BoundDocumentView; title?: string } = {}): Promise<SessionOwner> {
    const session = emptySession({ id: clock.newId('s'), now: clock.now(), ...init });
    const lease = await store.lock(session.id, { create: true });
    const owner = new SessionOwner(store, lease, session, clock);
    try {
      owner.draft.changes.title();
      await owner.save();
    } catch (err) {
      await owner.close();
      throw err;
    }
    return owner;
  }

  /**
   * Takes the session's write lock and loads it; throws SessionInUseError when another writer holds
   * it, unless `takeOver` (the user chose to, warned): then the other writer's later saves fail.
   */
  static async open(store: SessionStore, id: string, clock: OwnerClock, options: { takeOver?: boolean } = {}): Promise<SessionOwner> {
    const lease = await store.lock(id, options.takeOver ? { takeOver: true } : {});
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
    return this.draft.session;
  }

  get id(): string {
    return this.draft.session.id;
  }

  /** A checkpoint: what changed since the last one is recorded durably before this resolves. */
  save(): Promise<void> {
    const run = this.saving.then(async () => {
      const s = this.draft.session;
      if (this.closed) throw new Error(`Session ${s.id} was closed; the change was not saved.`);
      if (!this.draft.changes.empty) s.updatedAt = this.draft.clock.now();
      await this.store.append(this.lease, s, this.draft.changes.take(s));
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

  // ---- the turn's lifecycle (turnLifecycle.ts) ---------------------------------------------------

  /** Opens a turn with the user's message, settling what earlier turns left open first. */
  startTurn(request: { text: string; context?: { label: string; block: string }; bind?: BoundDocumentView }): { turn: ReadonlyTurn; message: StoredMessage; abandoned?: string } {
    return lifecycle.startTurn(this.draft, request);
  }

  resumeTurn(turnId: string): ReadonlyTurn {
    return lifecycle.resumeTurn(this.draft, turnId);
  }

  retryTurn(turnId: string): ReadonlyTurn {
    return lifecycle.retryTurn(this.draft, turnId);
  }

  pause(pending: PendingInteraction): void {
    lifecycle.pause(this.draft, pending);
  }

  recordAnswer(turnId: string, toolCallId: string, answer: TurnAnswer): void {
    lifecycle.recordAnswer(this.draft, turnId, toolCallId, answer);
  }

  takePending(): PendingInteraction | undefined {
    return lifecycle.takePending(this.draft);
  }

  complete(turnId: string): void {
    lifecycle.endTurn(this.draft, turnId, 'completed');
  }

  stop(turnId: string): void {
    lifecycle.endTurn(this.draft, turnId, 'stopped');
  }

  fail(turnId: string, error: lifecycle.TurnError): void {
    lifecycle.endTurn(this.draft, turnId, 'error', error);
  }

  refuse(turnId: string, texts: readonly string[], error: lifecycle.TurnError): void {
    lifecycle.refuse(this.draft, turnId, texts, error);
  }

  /** A turn a crash or reload left running ends as stopped; true when something changed. */
  settleStaleTurns(): boolean {
    return lifecycle.settleStaleTurns(this.draft);
  }

  // ---- what a running turn records (turnRecords.ts) ----------------------------------------------

  recordReply(turnId: string, reply: records.ModelReply): StoredMessage | undefined {
    return records.recordReply(this.draft, turnId, reply);
  }

  recordPartial(turnId: string, texts: readonly string[]): void {
    records.recordPartial(this.draft, turnId, texts);
  }

  recordToolResults(turnId: string, results: ToolResultBlock[]): void {
    records.recordToolResults(this.draft, turnId, results);
  }

  startToolCall(record: ToolCallRecord): void {
    records.startToolCall(this.draft, record);
  }

  endToolCall(id: string, end: records.ToolCallEnd): void {
    records.endToolCall(this.draft, id, end);
  }

  attachDocument(messageId: string, attachment: DocumentAttachment): void {
    records.attachDocument(this.draft, messageId, attachment);
  }

  rebaseDocument(topId: string, base: DocumentAttachment, changes?: { messageId: string; attachment: DocumentAttachment }): void {
    records.rebaseDocument(this.draft, topId, base, changes);
  }

  addNotice(messageId: string, notice: Notice): void {
    records.addNotice(this.draft, messageId, notice);
  }

  setFrame(frame: Frame): void {
    records.setFrame(this.draft, frame);
  }

  repairThinking(repair: ThinkingRepair): void {
    records.repairThinking(this.draft, repair);
  }

  // ---- edits: recorded before they land (editRecords.ts) -----------------------------------------

  /** Returns the new edit's id; save before applying it. */
  planEdit(edit: edits.PlannedEdit): string {
    return edits.planEdit(this.draft, edit);
  }

  landEdit(editId: string, landing: edits.EditLanding): void {
    edits.landEdit(this.draft, editId, landing);
  }

  settleEdit(editId: string, outcome: EditOutcome): void {
    edits.settleEdit(this.draft, editId, outcome);
  }

  markReverted(editId: string): boolean {
    return edits.markReverted(this.draft, editId);
  }

  observeEdits(seen: readonly PresenceChange[]): void {
    edits.observeEdits(this.draft, seen);
  }

  // ---- the conversation's line: restore, Redo, branches (lineRecords.ts) --------------------------

  /** Sets the turns from `toTurnId` on aside as a branch (save first); undefined when there is none. */
  setAside(toTurnId: string, undone: readonly string[]): ReadonlyBranch | undefined {
    return line.setAside(this.draft, toTurnId, undone);
  }

  /** Brings a branch back at the end of the main line (save first). */
  bringBack(branchId: string): ReadonlyBranch {
    return line.bringBack(this.draft, branchId);
  }

  setRedo(redo: Redo | undefined): void {
    line.setRedo(this.draft, redo);
  }

  setRestoring(restoring: Restoring | undefined): void {
    line.setRestoring(this.draft, restoring);
  }

  /** A new session takes the conversation of `source` before turn `beforeTurn` ("New session from here"). */
  copyConversation(source: ReadonlySession, beforeTurn: string): void {
    line.copyConversation(this.draft, source, beforeTurn);
  }

  // ---- the session itself ----------------------------------------------------------------------

  rename(title: string): void {
    const trimmed = title.trim();
    if (trimmed.length === 0) throw new Error('A session title cannot be empty.');
    this.draft.session.title = trimmed.slice(0, 200);
    this.draft.changes.title();
  }

  bindDocument(document: BoundDocumentView): void {
    this.draft.session.document = { ...document };
    this.draft.changes.document();
  }
}

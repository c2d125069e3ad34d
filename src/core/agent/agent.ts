// The agent core's entry point. `run` takes one request (a new message, an answer, a decision, a
// retry), emits the turn's events as they happen, has the session's owner save it at every
// checkpoint, and resolves when the turn completes, pauses for the user, fails or is stopped. Model
// and tool faults become `error` events; only a request that cannot apply (nothing pending, a turn
// already running for the session, a missing session) rejects.
import { randomBytes } from 'node:crypto';
import type { AgentEvent } from '../../shared/events';
import { redactSecrets } from '../../shared/secrets';
import type { BoundDocumentView } from '../../shared/view';
import { contextBlock } from '../prompt/assemble';
import { SessionOwner, type OwnerClock } from '../sessions/owner';
import { presenceChanges, type PresenceChange } from '../sessions/presence';
import type { ReadonlySession } from '../sessions/schema';
import { isDiskFull } from '../durableFs';
import { DiskFullError, SessionInUseError, type LockHolder, type SessionStore } from '../sessions/types';
import type { EventBody, LogLevel } from './context';
import { AgentRequestError, NoApiKeyError } from './errors';
import { refusedTurns, toApiMessages } from './history';
import { settleSession } from './settle';
import { Rewinder } from '../rewind/rewinder';
import { applyAnswers, applyDecision, continuePaused, requirePending, requireValidAnswers } from './resume';
import type { ToolUsesOutcome } from './toolCalls';
import { failBeforeStart, setUpRun, type Emit, type RunSetup, type RunSources } from './runSetup';
import { panelWords, type SurfaceWords } from './surface';
import { TurnRunner } from './turn';
import type { TurnOutcome, TurnRequest } from './types';
import { l10n } from '../../shared/l10n';

export { AgentRequestError, NoApiKeyError };
export type { TurnOutcome, TurnRequest };

export interface AgentDeps extends RunSources {
  store: SessionStore;
  now?(): number;
  newId?(prefix: string): string;
  log?(level: LogLevel, message: string): void;
  /** The words for the user's actions where the agent's messages appear (the panel's by default). */
  words?: SurfaceWords;
}

export function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
}

const systemClock: OwnerClock = { now: () => Date.now(), newId };

/** A new session, saved at once (the CLI and the chat panel create sessions through this). */
export async function createSession(store: SessionStore, init: { document?: BoundDocumentView; title?: string }, clock = systemClock): Promise<ReadonlySession> {
  const owner = await SessionOwner.create(store, clock, init).catch(diskFull);
  await owner.close();
  return owner.session;
}

/** A full disk before a turn could start is said in the user's words (the turn's own saves say it as an error event). */
function diskFull(err: unknown): never {
  throw isDiskFull(err) ? new DiskFullError() : err;
}

export class Agent {
  /** Sessions with a turn starting or running here. */
  private readonly active = new Set<string>();
  /** Per session, the last of this process's openings of its owner, so they queue instead of refusing each other. */
  private readonly opening = new Map<string, Promise<unknown>>();
  /** Their owners, once loaded: the live truth until the turn ends. */
  private readonly live = new Map<string, SessionOwner>();
  private readonly clock: OwnerClock;
  /** Restore, Redo and switching branches, through the same sessions and documents (rewind/rewinder.ts). */
  readonly rewinder: Rewinder;

  constructor(private readonly deps: AgentDeps) {
    this.clock = { now: () => deps.now?.() ?? Date.now(), newId: (p) => deps.newId?.(p) ?? newId(p) };
    this.rewinder = new Rewinder({
      store: deps.store,
      clock: this.clock,
      document: (session) => deps.document(session),
      busy: (sessionId) => this.active.has(sessionId),
      settle: (owner) => this.settle(owner),
      exclusive: (sessionId, fn) => this.exclusive(sessionId, fn),
    });
  }

  private readonly log = (level: LogLevel, message: string): void => {
    this.deps.log?.(level, message);
  };

  /**
   * Loads a session for display. What a crash or a window reload left open is settled first and
   * saved: an edit recorded before it landed becomes applied or not applied by what the document
   * holds, and a turn left running (and not running here) is stopped, its open tool calls answered,
   * so the panel does not show a stream that will never end. A session another process is writing
   * is only read (see `writer`).
   */
  async openSession(sessionId: string): Promise<ReadonlySession> {
    const running = this.live.get(sessionId);
    if (running) return running.session;
    if (this.active.has(sessionId)) return this.deps.store.get(sessionId);
    return this.exclusive(sessionId, async () => {
      let owner: SessionOwner;
      try {
        owner = await SessionOwner.open(this.deps.store, sessionId, this.clock);
      } catch (err) {
        // Reading needs no lock: in use elsewhere, or no room on the disk for one, the session is shown as stored.
        if (err instanceof SessionInUseError || isDiskFull(err)) return this.deps.store.get(sessionId);
        throw err;
      }
      try {
        if (await this.settle(owner)) await owner.save();
        return owner.session;
      } finally {
        await owner.close();
      }
    });
  }

  /** Who else is writing the session (another window, the command line), if anyone. */
  async writer(sessionId: string): Promise<LockHolder | undefined> {
    if (this.active.has(sessionId)) return undefined;
    return this.deps.store.writer(sessionId);
  }

  /** Settles what a crash left open (see openSession), and follows the document; true when something changed. */
  private settle(owner: SessionOwner): Promise<boolean> {
    return settleSession(owner, this.deps.document(owner.session), this.log);
  }

  /**
   * Follows the document: the edits it no longer holds (Ctrl+Z, typed over) or holds again (Ctrl+Y)
   * are recorded as such. Returns the edits whose state changed; nothing while a turn runs here
   * (its own edits are landing) or another writer holds the session.
   */
  async observeEdits(sessionId: string): Promise<string[]> {
    if (this.active.has(sessionId)) return [];
    const stored = await this.deps.store.get(sessionId);
    const document = this.deps.document(stored);
    if (!document) return [];
    const current = await document.read().then(
      (snapshot) => snapshot.text,
      () => undefined,
    );
    if (current === undefined || presenceChanges(stored, document.uri, current).length === 0) return [];
    let seen: readonly PresenceChange[] = [];
    try {
      await this.change(sessionId, (owner) => {
        seen = presenceChanges(owner.session, document.uri, current);
        if (seen.length > 0) owner.observeEdits(seen);
      });
    } catch (err) {
      if (err instanceof SessionInUseError) return [];
      throw err;
    }
    return seen.map((s) => s.editId);
  }

  /** A new session, saved at once. */
  async createSession(init: { document?: BoundDocumentView; title?: string } = {}): Promise<ReadonlySession> {
    return createSession(this.deps.store, init, this.clock);
  }

  /** The session as it is now: a running turn's live state, else what is stored. */
  async readSession(sessionId: string): Promise<ReadonlySession> {
    return this.live.get(sessionId)?.session ?? this.deps.store.get(sessionId);
  }

  /**
   * Takes a session over from the writer holding it (the user chose to, warned that the other
   * writer's later changes will not be saved), settles what it left open, and lets go again.
   */
  async takeOverSession(sessionId: string): Promise<ReadonlySession> {
    if (this.active.has(sessionId)) return this.readSession(sessionId);
    return this.exclusive(sessionId, async () => {
      const owner = await SessionOwner.open(this.deps.store, sessionId, this.clock, { takeOver: true }).catch(diskFull);
      try {
        this.log('warn', `Session ${sessionId} was taken over from its other writer.`);
        if (await this.settle(owner)) await owner.save();
        return owner.session;
      } finally {
        await owner.close();
      }
    });
  }

  /** Changes to a session outside a turn; applied to the live owner when a turn is running. */
  private async change(sessionId: string, apply: (owner: SessionOwner) => void): Promise<ReadonlySession> {
    return this.exclusive(sessionId, async () => {
      const live = this.live.get(sessionId);
      if (live) {
        apply(live);
        await live.save();
        return live.session;
      }
      const owner = await SessionOwner.open(this.deps.store, sessionId, this.clock);
      try {
        apply(owner);
        await owner.save();
        return owner.session;
      } finally {
        await owner.close();
      }
    });
  }

  /**
   * Runs `fn` after this process's other openings of the session's owner (every one goes through
   * here: showing, changing, running, restoring, taking over, deleting): a change made while the
   * teacher types (an edit marked as changed since) and the next message's turn take the lock in
   * turn, where the second was refused as if another window held the session.
   */
  private exclusive<T>(sessionId: string, fn: () => Promise<T>): Promise<T> {
    const result = (this.opening.get(sessionId) ?? Promise.resolve()).then(fn, fn);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.opening.set(sessionId, tail);
    void tail.then(() => {
      if (this.opening.get(sessionId) === tail) this.opening.delete(sessionId);
    });
    return result;
  }

  renameSession(sessionId: string, title: string): Promise<ReadonlySession> {
    return this.change(sessionId, (owner) => owner.rename(title));
  }

  bindDocument(sessionId: string, document: BoundDocumentView): Promise<ReadonlySession> {
    return this.change(sessionId, (owner) => owner.bindDocument(document));
  }

  /** Records that an applied edit was reverted; false when it already was (or is unknown). */
  async markReverted(sessionId: string, editId: string): Promise<boolean> {
    let marked = false;
    await this.change(sessionId, (owner) => {
      marked = owner.markReverted(editId);
    });
    return marked;
  }

  /**
   * A new session holding the conversation of `sessionId` before turn `beforeTurn` (its frame too,
   * so its requests start as the original's did), bound to the same document. Saved at once.
   */
  async copySession(sessionId: string, beforeTurn: string): Promise<ReadonlySession> {
    const source = await this.readSession(sessionId);
    if (!source.turns.some((t) => t.id === beforeTurn)) throw new AgentRequestError(l10n.t('That message is no longer in the conversation.'));
    const owner = await SessionOwner.create(this.deps.store, this.clock, { ...(source.document ? { document: source.document } : {}), title: l10n.t('Copy of {0}', source.title) });
    try {
      owner.copyConversation(source, beforeTurn);
      await owner.save();
      return owner.session;
    } finally {
      await owner.close();
    }
  }

  async deleteSession(sessionId: string): Promise<void> {
    if (this.active.has(sessionId)) throw new AgentRequestError(l10n.t('Stop the running request before deleting its session.'));
    await this.exclusive(sessionId, () => SessionOwner.delete(this.deps.store, sessionId));
  }

  async run(request: TurnRequest, onEvent: (e: AgentEvent) => void, signal: AbortSignal = new AbortController().signal): Promise<TurnOutcome> {
    if (this.active.has(request.sessionId)) throw new AgentRequestError(l10n.t('A turn is already running for this session.'));
    this.active.add(request.sessionId);
    let owner: SessionOwner | undefined;
    try {
      owner = await this.exclusive(request.sessionId, async () => {
        const opened = await SessionOwner.open(this.deps.store, request.sessionId, this.clock);
        this.live.set(request.sessionId, opened);
        return opened;
      });
      if (await this.settle(owner)) await owner.save();
      const opened = owner;
      const emitFor =
        (turnId: string) =>
        (event: EventBody | AgentEvent): void => {
          try {
            // Text deltas arrive complete (the hot path: no copy); other events get their ids here.
            onEvent('sessionId' in event ? event : ({ ...event, sessionId: opened.id, turnId } as AgentEvent));
          } catch (err) {
            // A listener's bug must not break the turn or corrupt the session.
            this.log('error', `An event listener failed: ${err instanceof Error ? err.message : String(err)}`);
          }
        };
      return await this.dispatch(request, owner, emitFor, signal);
    } catch (err) {
      return diskFull(err);
    } finally {
      this.live.delete(request.sessionId);
      this.active.delete(request.sessionId);
      await owner?.close().catch((err: unknown) => this.log('error', `Releasing session ${request.sessionId} failed: ${String(err)}`));
    }
  }

  private async dispatch(request: TurnRequest, owner: SessionOwner, emitFor: EmitFor, signal: AbortSignal): Promise<TurnOutcome> {
    switch (request.kind) {
      case 'message':
        return this.runMessage(request, owner, emitFor, signal);
      case 'retry':
        return this.runRetry(owner, emitFor, signal);
      case 'answer': {
        const pending = requirePending(owner.session, 'question', request.toolCallId);
        requireValidAnswers(pending, request.answers);
        return this.runResume(owner, pending.turnId, emitFor, signal, (ctx) => continuePaused(ctx, pending, applyAnswers(ctx, pending, request.answers)));
      }
      case 'decision': {
        const pending = requirePending(owner.session, 'confirmation', request.toolCallId);
        return this.runResume(owner, pending.turnId, emitFor, signal, async (ctx) =>
          continuePaused(ctx, pending, await applyDecision(ctx, pending, request.approved, request.feedback)),
        );
      }
    }
  }

  private async runMessage(request: Extract<TurnRequest, { kind: 'message' }>, owner: SessionOwner, emitFor: EmitFor, signal: AbortSignal): Promise<TurnOutcome> {
    // A key pasted into the chat is not kept either.
    const text = redactSecrets(request.text.trim());
    if (text.length === 0) throw new AgentRequestError(l10n.t('The message is empty.'));
    const context = request.context;
    const block = context ? { context: { label: context.label, block: contextBlock(context.label, context.text) } } : {};
    const started = owner.startTurn({ text, ...block, ...(request.bind ? { bind: request.bind } : {}) });
    await owner.save();
    const { turn, message, abandoned } = started;
    if (abandoned) emitFor(abandoned)({ type: 'error', code: 'cancelled', message: l10n.t('You sent a new message instead of answering.'), retryable: false });
    const userMessage = { id: message.id, text, createdAt: message.createdAt, ...(context ? { context: context.label } : {}), ...(message.bound ? { bound: message.bound } : {}) };
    const emit = emitFor(turn.id);
    emit({ type: 'turn_start', userMessage, createdAt: turn.startedAt });
    return this.start(owner, turn.id, emit, signal);
  }

  private async runRetry(owner: SessionOwner, emitFor: EmitFor, signal: AbortSignal): Promise<TurnOutcome> {
    const session = owner.session;
    const turn = session.turns.at(-1);
    if (!turn || session.pending || !['error', 'stopped', 'running'].includes(turn.status)) {
      throw new AgentRequestError(l10n.t('There is no failed or stopped request to retry in this session.'));
    }
    if (turn.error?.code === 'refusal') throw new AgentRequestError(l10n.t('Claude declined that request; send a new message instead of retrying it.'));
    owner.settleStaleTurns();
    const history = toApiMessages(owner.session.messages, { skipTurns: refusedTurns(owner.session) });
    if (history.at(-1)?.role !== 'user') {
      throw new AgentRequestError(l10n.t('The last answer is complete; send a new message instead of retrying.'));
    }
    owner.retryTurn(turn.id);
    await owner.save();
    const emit = emitFor(turn.id);
    emit({ type: 'turn_start', createdAt: turn.startedAt });
    return this.start(owner, turn.id, emit, signal);
  }

  /**
   * Answers a pause. Setup comes first: if there is no key, the session stays exactly as it was
   * (still waiting, the card still answerable) and the request rejects.
   */
  private async runResume(
    owner: SessionOwner,
    turnId: string,
    emitFor: EmitFor,
    signal: AbortSignal,
    apply: (runner: TurnRunner) => Promise<ToolUsesOutcome>,
  ): Promise<TurnOutcome> {
    const setup = setUpRun(this.deps, owner.session, this.log);
    if (!setup.ok) throw setup.cause instanceof Error ? setup.cause : new AgentRequestError(setup.error.message);
    const pending = owner.session.pending;
    owner.resumeTurn(turnId);
    const emit = emitFor(turnId);
    emit({ type: 'turn_start', createdAt: owner.session.turns.find((t) => t.id === turnId)?.startedAt ?? this.clock.now() });
    const runner = this.runner(owner, turnId, setup.value, emit, signal);
    if (pending?.documentSeen) runner.documentSeen = { ...pending.documentSeen };
    return runner.resume(setup.value.client, () => apply(runner));
  }

  private runner(owner: SessionOwner, turnId: string, setup: RunSetup, emit: Emit, signal: AbortSignal): TurnRunner {
    return new TurnRunner({
      owner,
      turnId,
      settings: setup.settings,
      registry: setup.registry,
      skills: setup.skills,
      document: setup.document,
      workspace: setup.workspace,
      signal,
      clock: this.clock,
      words: this.deps.words ?? panelWords(),
      onEvent: emit,
      log: this.log,
    });
  }

  /** Runs the loop for a turn already recorded in the session; setup faults end it as an error. */
  private async start(owner: SessionOwner, turnId: string, emit: Emit, signal: AbortSignal): Promise<TurnOutcome> {
    const setup = setUpRun(this.deps, owner.session, this.log);
    if (!setup.ok) return failBeforeStart(owner, turnId, emit, setup.error, this.log);
    // A document it must not work on (too large, not text) is said before any model call.
    const problem = await setup.value.document?.check?.({ maxBytes: setup.value.settings.maxDocumentBytes }).catch(() => undefined);
    if (problem) return failBeforeStart(owner, turnId, emit, { code: 'document', message: problem, retryable: false }, this.log);
    return this.runner(owner, turnId, setup.value, emit, signal).loop(setup.value.client);
  }

}

type EmitFor = (turnId: string) => Emit;

// The agent core's entry point. `run` takes one request (a new message, an answer, a decision, a
// retry), emits the turn's events as they happen, saves the session at every checkpoint, and
// resolves when the turn completes, pauses for the user, fails or is stopped. Model and tool faults
// become `error` events; only a request that cannot apply (nothing pending, a turn already running
// for the session, a missing session) rejects.
import type Anthropic from '@anthropic-ai/sdk';
import { randomBytes } from 'node:crypto';
import type { AgentEvent } from '../../shared/events';
import type { AnswerValue } from '../../shared/questions';
import type { BoundDocumentView } from '../../shared/view';
import type { DocumentAccess, WorkspaceAccess } from '../documents/types';
import { emptySession } from '../sessions/newSession';
import { DEFAULT_TITLE, titleFrom } from '../../shared/titles';
import { isPrompt } from '../sessions/summary';
import { turnText } from '../sessions/view';
import type { PendingInteraction, Session, SessionStore, StoredMessage, TurnRecord } from '../sessions/types';
import type { SkillCatalog } from '../skills/types';
import { askUserQuestionTool } from '../tools/askUserQuestion';
import { createToolRegistry, type ToolRegistry } from '../tools/registry';
import type { AnyTool, ApprovalRule } from '../tools/types';
import { contextBlock } from '../prompt/assemble';
import type { EventBody, LogLevel } from './context';
import { AgentRequestError, NoApiKeyError, type AgentError } from './errors';
import { repairPairing, toApiMessages } from './history';
import { abandonPending, applyAnswers, applyDecision, continuePaused, requirePending, requireValidAnswers } from './resume';
import { interruptOpenCalls, type ToolResultBlock } from './toolCalls';
import { TurnRunner } from './turn';

export { AgentRequestError, NoApiKeyError };

export interface AgentSettings {
  model: string;
  maxSteps: number;
  historyLength: number;
  maxTokens: number;
  stallTimeoutMs: number;
  approvalEdits: ApprovalRule;
  alwaysConfirm: string[];
  /** Loop-level retries of a model call that failed mid-stream or stalled (default 2). */
  loopRetries?: number;
  /** The first loop-level retry waits this long, doubling after (default 1000 ms). */
  retryDelayMs?: number;
}

export interface AgentDeps {
  store: SessionStore;
  /** Throws an error the loop turns into an `error` event with code 'no_api_key' when no key exists. */
  createClient(): Anthropic;
  /** Called per turn (skills may change); order must be stable. AskUserQuestion is added if absent. */
  tools(): readonly AnyTool[];
  skills(): SkillCatalog;
  document(session: Session): DocumentAccess | undefined;
  workspace(): WorkspaceAccess | undefined;
  settings(): AgentSettings;
  now?(): number;
  newId?(prefix: string): string;
  log?(level: LogLevel, message: string): void;
}

export type TurnRequest =
  | { kind: 'message'; sessionId: string; text: string; context?: { label: string; text: string } }
  | { kind: 'answer'; sessionId: string; toolCallId: string; answers: AnswerValue[] }
  | { kind: 'decision'; sessionId: string; toolCallId: string; approved: boolean; feedback?: string }
  | { kind: 'retry'; sessionId: string };

type Emit = (event: EventBody | AgentEvent, turnId: string) => void;

interface RunSetup {
  settings: AgentSettings;
  registry: ToolRegistry;
  skills: SkillCatalog;
  document: DocumentAccess | undefined;
  workspace: WorkspaceAccess | undefined;
  client: Anthropic;
}

export type TurnOutcome = {
  status: 'completed' | 'awaiting_user' | 'error' | 'stopped';
  turnId: string;
  error?: AgentError;
};

export function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
}

export async function createSession(store: SessionStore, init: { document?: BoundDocumentView; title?: string }): Promise<Session> {
  const session = emptySession({ id: newId('s'), now: Date.now(), ...init });
  await store.save(session);
  return session;
}

/** Leftovers of a crash: a turn still marked running ends as stopped. */
function settleStaleTurns(session: Session, now: number): void {
  for (const turn of session.turns) {
    if (turn.status !== 'running') continue;
    interruptOpenCalls({ session, turn, now: () => now });
    Object.assign(turn, { status: 'stopped', endedAt: now });
    if (turnText(session.messages, turn.id).length > 0) turn.partial = true;
  }
}

/** tool_use ids legitimately unanswered: the pending call and those after it. */
function waitingIds(session: Session): Set<string> {
  const p = session.pending;
  return new Set(p ? [p.toolCallId, ...p.remainingToolUseIds] : []);
}

export class Agent {
  private readonly active = new Set<string>();

  constructor(private readonly deps: AgentDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private id(prefix: string): string {
    return this.deps.newId?.(prefix) ?? newId(prefix);
  }

  private log(level: LogLevel, message: string): void {
    this.deps.log?.(level, message);
  }

  /** Answers every tool_use left without a result (except a pending one) as interrupted. */
  private repair(session: Session, now: number): void {
    const make = (results: ToolResultBlock[], after: { turnId: string }): StoredMessage => ({
      id: this.id('msg'),
      role: 'user' as const,
      content: results,
      createdAt: now,
      turnId: after.turnId,
    });
    const repaired = repairPairing(session.messages, make, waitingIds(session));
    if (repaired.length > 0) this.log('warn', `Session ${session.id}: answered ${repaired.length} unfinished tool call(s) as interrupted.`);
  }

  /**
   * Loads a session for display. A turn left running by a crash or a window reload (and not
   * running in this agent) is settled as stopped, with its open tool calls answered as interrupted,
   * and saved, so the panel does not show a stream that will never end.
   */
  async openSession(sessionId: string): Promise<Session> {
    const session = await this.deps.store.get(sessionId);
    if (this.active.has(sessionId) || !session.turns.some((t) => t.status === 'running')) return session;
    const now = this.now();
    settleStaleTurns(session, now);
    this.repair(session, now);
    session.updatedAt = now;
    await this.deps.store.save(session);
    return session;
  }

  async run(request: TurnRequest, onEvent: (e: AgentEvent) => void, signal: AbortSignal = new AbortController().signal): Promise<TurnOutcome> {
    if (this.active.has(request.sessionId)) throw new AgentRequestError('A turn is already running for this session.');
    this.active.add(request.sessionId);
    try {
      const session = await this.deps.store.get(request.sessionId);
      const emit = (event: EventBody | AgentEvent, turnId: string): void => {
        try {
          // Text deltas arrive complete (the hot path: no copy); other events get their ids here.
          onEvent('sessionId' in event ? event : ({ ...event, sessionId: session.id, turnId } as AgentEvent));
        } catch (err) {
          // A listener's bug must not break the turn or corrupt the session.
          this.log('error', `An event listener failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      };
      return await this.dispatch(request, session, emit, signal);
    } finally {
      this.active.delete(request.sessionId);
    }
  }

  private async dispatch(request: TurnRequest, session: Session, emit: Emit, signal: AbortSignal): Promise<TurnOutcome> {
    switch (request.kind) {
      case 'message':
        return this.runMessage(request, session, emit, signal);
      case 'retry':
        return this.runRetry(session, emit, signal);
      case 'answer': {
        const pending = requirePending(session, 'question', request.toolCallId);
        requireValidAnswers(pending, request.answers);
        return this.runResume(session, pending, emit, signal, (ctx) => applyAnswers(ctx, pending, request.answers));
      }
      case 'decision': {
        const pending = requirePending(session, 'confirmation', request.toolCallId);
        return this.runResume(session, pending, emit, signal, (ctx) => applyDecision(ctx, pending, request.approved, request.feedback));
      }
    }
  }

  private async runMessage(
    request: Extract<TurnRequest, { kind: 'message' }>,
    session: Session,
    emit: Emit,
    signal: AbortSignal,
  ): Promise<TurnOutcome> {
    const text = request.text.trim();
    if (text.length === 0) throw new AgentRequestError('The message is empty.');
    const now = this.now();
    settleStaleTurns(session, now);
    const abandoned = abandonPending(session, now, (p) => this.id(p));
    this.repair(session, now);
    const firstPrompt = !session.messages.some(isPrompt);
    const turn: TurnRecord = { id: this.id('turn'), startedAt: now, status: 'running', steps: 0 };
    const context = request.context;
    const content = context ? [{ type: 'text' as const, text: contextBlock(context.label, context.text) }] : [];
    const message = { id: this.id('msg'), role: 'user' as const, content: [...content, { type: 'text' as const, text }], createdAt: now, turnId: turn.id };
    session.messages.push(context ? { ...message, context: context.label } : message);
    session.turns.push(turn);
    if (firstPrompt && session.title === DEFAULT_TITLE) session.title = titleFrom(text);
    session.updatedAt = now;
    await this.deps.store.save(session);
    if (abandoned) emit({ type: 'error', code: 'cancelled', message: 'You sent a new message instead of answering.', retryable: false }, abandoned);
    const userMessage = { id: message.id, text, createdAt: now, ...(context ? { context: context.label } : {}) };
    emit({ type: 'turn_start', userMessage, createdAt: turn.startedAt }, turn.id);
    return this.start(session, turn, emit, signal);
  }

  private async runRetry(session: Session, emit: Emit, signal: AbortSignal): Promise<TurnOutcome> {
    const turn = session.turns.at(-1);
    if (!turn || session.pending || !['error', 'stopped', 'running'].includes(turn.status)) {
      throw new AgentRequestError('There is no failed or stopped turn to retry in this session.');
    }
    const now = this.now();
    settleStaleTurns(session, now);
    this.repair(session, now);
    if (toApiMessages(session.messages).at(-1)?.role !== 'user') {
      throw new AgentRequestError('The last answer is complete; send a new message instead of retrying.');
    }
    turn.status = 'running';
    delete turn.error;
    delete turn.endedAt;
    await this.deps.store.save(session);
    emit({ type: 'turn_start', createdAt: turn.startedAt }, turn.id);
    return this.start(session, turn, emit, signal);
  }

  /**
   * Answers a pause. Setup comes first: if there is no key, the session stays exactly as it was
   * (still waiting, the card still answerable) and the request rejects.
   */
  private async runResume(
    session: Session,
    pending: PendingInteraction,
    emit: Emit,
    signal: AbortSignal,
    apply: (runner: TurnRunner) => ToolResultBlock | Promise<ToolResultBlock>,
  ): Promise<TurnOutcome> {
    const turn = session.turns.find((t) => t.id === pending.turnId);
    if (!turn) throw new AgentRequestError(`The paused turn ${pending.turnId} is missing from the session.`);
    const setup = this.setup(session);
    if (!setup.ok) throw setup.cause instanceof Error ? setup.cause : new AgentRequestError(setup.error.message);
    turn.status = 'running';
    delete turn.endedAt;
    emit({ type: 'turn_start', createdAt: turn.startedAt }, turn.id);
    const runner = this.runner(session, turn, setup.value, emit, signal);
    if (pending.documentSeen) runner.documentSeen = { ...pending.documentSeen };
    return runner.resume(setup.value.client, async () => continuePaused(runner, pending, await apply(runner)));
  }

  /** The run's settings, tools, document and client; a fault here is reported, not thrown. */
  private setup(session: Session): { ok: true; value: RunSetup } | { ok: false; error: AgentError; cause: unknown } {
    try {
      const settings = this.deps.settings();
      const tools = this.deps.tools();
      const all = tools.some((t) => t.name === askUserQuestionTool.name) ? tools : [...tools, askUserQuestionTool];
      const value: Omit<RunSetup, 'client'> = {
        settings,
        registry: createToolRegistry(all, (m) => this.log('warn', m)),
        skills: this.deps.skills(),
        document: this.deps.document(session),
        workspace: this.deps.workspace(),
      };
      try {
        return { ok: true, value: { ...value, client: this.deps.createClient() } };
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        return { ok: false, error: { code: 'no_api_key', message, retryable: true }, cause: err };
      }
    } catch (err) {
      const message = `The agent could not start: ${err instanceof Error ? err.message : String(err)}`;
      return { ok: false, error: { code: 'unknown', message, retryable: true }, cause: err };
    }
  }

  private runner(session: Session, turn: TurnRecord, setup: RunSetup, emit: Emit, signal: AbortSignal): TurnRunner {
    return new TurnRunner({
      session,
      turn,
      settings: setup.settings,
      registry: setup.registry,
      skills: setup.skills,
      document: setup.document,
      workspace: setup.workspace,
      signal,
      store: this.deps.store,
      onEvent: emit,
      now: () => this.now(),
      newId: (p) => this.id(p),
      log: (level, message) => this.log(level, message),
    });
  }

  /** Runs the loop for a turn already recorded in the session; setup faults end it as an error. */
  private async start(session: Session, turn: TurnRecord, emit: Emit, signal: AbortSignal): Promise<TurnOutcome> {
    const setup = this.setup(session);
    if (!setup.ok) return this.failBeforeStart(session, turn, emit, setup.error);
    return this.runner(session, turn, setup.value, emit, signal).loop(setup.value.client);
  }

  private async failBeforeStart(session: Session, turn: TurnRecord, emit: Emit, error: AgentError): Promise<TurnOutcome> {
    Object.assign(turn, { status: 'error', endedAt: this.now(), error });
    session.updatedAt = this.now();
    try {
      await this.deps.store.save(session);
    } catch (err) {
      this.log('error', `Saving session ${session.id} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    emit({ type: 'error', ...error }, turn.id);
    return { status: 'error', turnId: turn.id, error };
  }
}

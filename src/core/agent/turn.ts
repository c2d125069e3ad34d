// One run of a turn: model calls and tool rounds until the model stops calling tools, a question or
// confirmation pauses the turn, the step limit is reached, Stop is pressed, or a fault ends it. The
// session is saved at every checkpoint and the transcript stays valid whatever happens.
import type Anthropic from '@anthropic-ai/sdk';
import type { AgentEvent, Usage } from '../../shared/events';
import type { DocumentAccess, DocumentSnapshot, WorkspaceAccess } from '../documents/types';
import { buildRequest, type PromptDocument, type UnreadableDocument } from '../prompt/assemble';
import type { Session, StoredBlock, StoredMessage, TurnRecord } from '../sessions/types';
import type { SkillCatalog } from '../skills/types';
import type { ToolRegistry } from '../tools/registry';
import type { AgentSettings, TurnOutcome } from './agent';
import type { EventBody, LogLevel, TurnContext } from './context';
import { classifyFailure, scrubSecrets, type AgentError } from './errors';
import { pairingProblems, repairPairing, toApiMessages, windowMessages } from './history';
import { callModel, ModelCallFailure } from './modelCall';
import { interruptOpenCalls, runToolUses, type ToolResultBlock, type ToolUse, type ToolUsesOutcome } from './toolCalls';
import { TEXT_BLOCK_SEPARATOR, turnText } from '../sessions/view';

/** Ends the run: a failure to report, or Stop. */
class TurnEnd extends Error {
  constructor(readonly failure: AgentError | 'stopped') {
    super(failure === 'stopped' ? 'stopped' : failure.message);
  }
}

export interface TurnSetup {
  readonly session: Session;
  readonly turn: TurnRecord;
  readonly settings: AgentSettings;
  readonly registry: ToolRegistry;
  readonly skills: SkillCatalog;
  readonly document: DocumentAccess | undefined;
  readonly workspace: WorkspaceAccess | undefined;
  readonly signal: AbortSignal;
  readonly store: { save(session: Session): Promise<void> };
  readonly onEvent: (event: EventBody | AgentEvent, turnId: string) => void;
  readonly now: () => number;
  readonly newId: (prefix: string) => string;
  readonly log: (level: LogLevel, message: string) => void;
}

function addUsage(a: Usage | undefined, b: Usage): Usage {
  if (!a) return b;
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheCreationTokens: a.cacheCreationTokens + b.cacheCreationTokens,
  };
}

function usageOf(u: Anthropic.Usage): Usage {
  return {
    inputTokens: u.input_tokens ?? 0,
    outputTokens: u.output_tokens ?? 0,
    cacheReadTokens: u.cache_read_input_tokens ?? 0,
    cacheCreationTokens: u.cache_creation_input_tokens ?? 0,
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

export class TurnRunner implements TurnContext {
  readonly session: Session;
  readonly turn: TurnRecord;
  readonly settings: AgentSettings;
  readonly registry: ToolRegistry;
  readonly skills: SkillCatalog;
  readonly document: DocumentAccess | undefined;
  readonly workspace: WorkspaceAccess | undefined;
  readonly signal: AbortSignal;
  documentSeen: DocumentSnapshot | undefined;
  private client: Anthropic | undefined;
  private hasText: boolean;
  /** Characters of text the current model call has streamed (withdrawn if it is retried). */
  private attemptChars = 0;
  private calls = 0;

  constructor(private readonly setup: TurnSetup) {
    this.session = setup.session;
    this.turn = setup.turn;
    this.settings = setup.settings;
    this.registry = setup.registry;
    this.skills = setup.skills;
    this.document = setup.document;
    this.workspace = setup.workspace;
    this.signal = setup.signal;
    // A resumed turn may already show text: the next block then starts after a blank line.
    this.hasText = turnText(setup.session.messages, setup.turn.id).length > 0;
  }

  emit(event: EventBody): void {
    this.setup.onEvent(event, this.turn.id);
  }

  now(): number {
    return this.setup.now();
  }

  newId(prefix: string): string {
    return this.setup.newId(prefix);
  }

  log(level: LogLevel, message: string): void {
    this.setup.log(level, message);
  }

  async save(): Promise<void> {
    this.session.updatedAt = this.now();
    try {
      await this.setup.store.save(this.session);
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      throw new TurnEnd({ code: 'session', message: `The session could not be saved: ${detail}`, retryable: true });
    }
  }

  private scrub(text: string): string {
    return scrubSecrets(text, [this.client?.apiKey, this.client?.authToken]);
  }

  /** Runs model calls and tool rounds from the current transcript until the turn ends. */
  async loop(client: Anthropic): Promise<TurnOutcome> {
    this.client = client;
    try {
      for (;;) {
        if (this.signal.aborted) throw new TurnEnd('stopped');
        if (this.calls >= this.settings.maxSteps) {
          throw new TurnEnd({
            code: 'step_limit',
            message: `Stopped after ${this.calls} model calls in one turn (the maxSteps setting is ${this.settings.maxSteps}). Retry to let it continue.`,
            retryable: true,
          });
        }
        const message = await this.callWithRetries(client);
        const outcome = await this.afterMessage(message);
        if (outcome) return outcome;
      }
    } catch (err) {
      return this.end(err);
    }
  }

  /** Tool rounds that follow an answer or decision, then the loop. */
  async resume(client: Anthropic, tools: () => Promise<ToolUsesOutcome>): Promise<TurnOutcome> {
    this.client = client;
    try {
      if ((await this.finishRound(await tools())) === 'paused') return this.outcome('awaiting_user');
    } catch (err) {
      return this.end(err);
    }
    return this.loop(client);
  }

  private outcome(status: TurnOutcome['status'], error?: AgentError): TurnOutcome {
    return { status, turnId: this.turn.id, ...(error ? { error } : {}) };
  }

  private async buildParams(): Promise<Anthropic.MessageCreateParamsNonStreaming> {
    const api = windowMessages(toApiMessages(this.session.messages), this.settings.historyLength);
    const problems = pairingProblems(api);
    if (problems.length > 0) {
      throw new TurnEnd({ code: 'session', message: `The conversation history is inconsistent (${problems[0]}).`, retryable: false });
    }
    let document: PromptDocument | UnreadableDocument | undefined;
    if (this.document) {
      try {
        const snapshot = await this.document.read();
        this.documentSeen = snapshot;
        document = { name: this.document.name, kind: this.document.kind, text: snapshot.text };
      } catch (err) {
        this.documentSeen = undefined;
        document = { name: this.document.name, problem: `The document could not be read: ${err instanceof Error ? err.message : String(err)}` };
      }
    }
    return buildRequest({
      model: this.settings.model,
      maxTokens: this.settings.maxTokens,
      tools: this.registry.apiTools,
      messages: api,
      ...(document ? { document } : {}),
    });
  }

  private onText(delta: string, opensBlock: boolean): void {
    // Text blocks of one turn are joined by a blank line, exactly as the stored view joins them.
    const text = opensBlock && this.hasText ? TEXT_BLOCK_SEPARATOR + delta : delta;
    this.hasText = true;
    this.attemptChars += text.length;
    this.setup.onEvent({ sessionId: this.session.id, turnId: this.turn.id, type: 'text', delta: text }, this.turn.id);
  }

  /** Keeps what a failed attempt streamed, for display only (never sent to the model). */
  private keepPartial(texts: readonly string[]): void {
    const content = texts.filter((t) => t.length > 0).map((text): StoredBlock => ({ type: 'text', text }));
    if (content.length === 0) return;
    this.session.messages.push({ id: this.newId('msg'), role: 'assistant', content, createdAt: this.now(), turnId: this.turn.id, partial: true });
  }

  private async callWithRetries(client: Anthropic): Promise<Anthropic.Message> {
    const params = await this.buildParams();
    const retries = this.settings.loopRetries ?? 2;
    const base = this.settings.retryDelayMs ?? 1000;
    for (let attempt = 0; ; attempt++) {
      const hadText = this.hasText;
      this.attemptChars = 0;
      try {
        return await callModel({
          client,
          params,
          signal: this.signal,
          stallTimeoutMs: this.settings.stallTimeoutMs,
          onText: (delta, opens) => this.onText(delta, opens),
          log: (level, message) => this.log(level, message),
        });
      } catch (err) {
        const failure = err instanceof ModelCallFailure ? err : new ModelCallFailure(err, false, []);
        const c = classifyFailure(failure.cause, { connected: failure.connected });
        const error = { code: c.code, message: this.scrub(c.message), retryable: c.retryable };
        const stopped = this.signal.aborted || c.code === 'cancelled';
        if (stopped || !c.loopRetry || attempt >= retries) {
          // The turn ends here: what this attempt streamed stays, marked partial.
          this.keepPartial(failure.texts);
          throw new TurnEnd(stopped ? 'stopped' : error);
        }
        // The retry streams the answer again from its start: the failed attempt's text is
        // withdrawn (discard) so the reply does not show its opening twice.
        const discard = this.attemptChars;
        this.hasText = hadText;
        const delayMs = Math.min(base * 2 ** attempt, 30_000);
        this.log('warn', `Model call failed (${c.code}: ${error.message}); retrying in ${delayMs} ms (attempt ${attempt + 1} of ${retries}).`);
        this.emit({ type: 'status', kind: 'retrying', code: c.code, attempt: attempt + 1, delayMs, ...(discard > 0 ? { discard } : {}) });
        await sleep(delayMs, this.signal);
        if (this.signal.aborted) throw new TurnEnd('stopped');
      }
    }
  }

  /** Stores the answer, then ends the turn or runs its tools. Returns an outcome when the run ends. */
  private async afterMessage(message: Anthropic.Message): Promise<TurnOutcome | undefined> {
    this.calls++;
    this.turn.steps++;
    const usage = usageOf(message.usage);
    this.turn.usage = addUsage(this.turn.usage, usage);
    this.turn.model = message.model;
    const content = message.content.flatMap((b): StoredBlock[] => {
      if (b.type === 'text') return b.text.length > 0 ? [{ type: 'text', text: b.text }] : [];
      if (b.type === 'tool_use') return [{ type: 'tool_use', id: b.id, name: b.name, input: b.input ?? {} }];
      return [];
    });
    if (content.length > 0) {
      const stored: StoredMessage = {
        id: this.newId('msg'),
        role: 'assistant',
        content,
        createdAt: this.now(),
        turnId: this.turn.id,
        model: message.model,
        usage,
        ...(message.stop_reason ? { stopReason: message.stop_reason } : {}),
      };
      this.session.messages.push(stored);
    }
    this.emit({ type: 'usage', usage, model: message.model });
    const uses = content.filter((b): b is ToolUse & StoredBlock => b.type === 'tool_use');
    // A checkpoint before tools run; a final answer is saved once, by complete() or end().
    if (uses.length > 0) await this.save();
    if (uses.length === 0) {
      if (message.stop_reason === 'max_tokens') {
        throw new TurnEnd({
          code: 'max_tokens',
          message: `The answer reached the output limit (${this.settings.maxTokens} tokens) and was cut. Raise the lessonAgent.maxTokens setting or ask for something shorter.`,
          retryable: false,
        });
      }
      return this.complete();
    }
    const cutOff = message.stop_reason === 'max_tokens' ? uses.at(-1)?.id : undefined;
    const round = await runToolUses(this, uses, [], cutOff);
    return (await this.finishRound(round)) === 'paused' ? this.outcome('awaiting_user') : undefined;
  }

  /** Sends a finished round's results as the next user message; Stop ends the turn here. */
  private async finishRound(round: ToolUsesOutcome): Promise<'paused' | 'continue'> {
    if (round.kind === 'paused') return 'paused';
    this.appendResults(round.results);
    await this.save();
    if (this.signal.aborted) throw new TurnEnd('stopped');
    return 'continue';
  }

  private appendResults(results: ToolResultBlock[]): void {
    if (results.length === 0) return;
    this.session.messages.push({ id: this.newId('msg'), role: 'user', content: results, createdAt: this.now(), turnId: this.turn.id });
  }

  private async complete(): Promise<TurnOutcome> {
    Object.assign(this.turn, { status: 'completed', endedAt: this.now() });
    await this.save();
    this.emit({ type: 'done', reason: 'completed' });
    return this.outcome('completed');
  }

  /** Ends the run on Stop or a failure, leaving a transcript the next request can use. */
  private async end(err: unknown): Promise<TurnOutcome> {
    const failure: AgentError | 'stopped' =
      err instanceof TurnEnd
        ? err.failure
        : { code: 'unknown', message: this.scrub(`Unexpected error: ${err instanceof Error ? err.message : String(err)}`), retryable: true };
    if (!(err instanceof TurnEnd)) this.log('error', `Turn ${this.turn.id} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    const stopped = failure === 'stopped';
    const pending = this.session.pending;
    const waiting = new Set(pending ? [pending.toolCallId, ...pending.remainingToolUseIds] : []);
    repairPairing(this.session.messages, (results) => ({
      id: this.newId('msg'),
      role: 'user',
      content: results,
      createdAt: this.now(),
      turnId: this.turn.id,
    }), waiting);
    interruptOpenCalls(this);
    this.turn.status = stopped ? 'stopped' : 'error';
    this.turn.endedAt = this.now();
    if (!stopped) this.turn.error = failure;
    if (turnText(this.session.messages, this.turn.id).length > 0) this.turn.partial = true;
    try {
      await this.save();
    } catch (saveErr) {
      this.log('error', `Saving session ${this.session.id} failed: ${saveErr instanceof Error ? saveErr.message : String(saveErr)}`);
    }
    const error = stopped ? { code: 'cancelled' as const, message: 'Stopped.', retryable: true } : failure;
    this.emit({ type: 'error', ...error });
    return this.outcome(stopped ? 'stopped' : 'error', error);
  }
}

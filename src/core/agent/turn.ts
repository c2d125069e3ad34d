// One run of a turn: model calls and tool rounds until the model stops calling tools, a question or
// confirmation pauses the turn, the step limit is reached, Stop is pressed, or a fault ends it. Every
// change goes through the session's owner, which is saved at every checkpoint, and the transcript
// stays valid whatever happens.
import type Anthropic from '@anthropic-ai/sdk';
import type { AgentEvent, EventBody, Usage } from '../../shared/events';
import { redactSecrets } from '../../shared/secrets';
import type { DocumentSnapshot } from '../documents/types';
import { isDiskFull } from '../durableFs';
import type { ReadonlySession, ReadonlyTurn, StoredBlock } from '../sessions/schema';
import { replayStream } from '../sessions/replay';
import type { TurnStream } from '../sessions/turnStream';
import type { LogLevel, TurnContext, TurnSetup } from './context';
import { callCost } from './cost';
import { classifyFailure, scrubSecrets, type AgentError } from './errors';
import type { DocumentNow } from './documentContext';
import { toApiBlock } from './history';
import { callModel, ModelCallFailure } from './modelCall';
import { bindingRepair, InconsistentHistory, nextRequest, type BindingRepair, type BuiltRequest } from './nextRequest';
import { replyPrefixes } from './preservedThinking';
import { storedContent, stopOutcome } from './replies';
import { runToolUses, type ToolUse, type ToolUsesOutcome } from './toolCalls';
import type { TurnOutcome } from './types';
import { l10n } from '../../shared/l10n';

/** Ends the run: a failure to report, or Stop. */
class TurnEnd extends Error {
  constructor(readonly failure: AgentError | 'stopped') {
    super(failure === 'stopped' ? 'stopped' : failure.message);
  }
}

function usageOf(u: Anthropic.Usage): Usage {
  return {
    inputTokens: u.input_tokens ?? 0,
    outputTokens: u.output_tokens ?? 0,
    cacheReadTokens: u.cache_read_input_tokens ?? 0,
    cacheCreationTokens: u.cache_creation_input_tokens ?? 0,
  };
}

/** Nothing was changed, unless an edit of this turn landed before the disk filled: then that is said. */
function diskFullMessage(session: ReadonlySession, turnId: string): string {
  const landed = session.edits.some((e) => e.turnId === turnId && e.status === 'applied');
  return landed
    ? l10n.t('The disk is full: the rest of this reply could not be saved. The changes already made to the document stay; nothing more was changed. Free some space on the disk, then try again.')
    : l10n.t('The disk is full: nothing was changed. Free some space on the disk, then try again.');
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
  readonly owner: TurnSetup['owner'];
  readonly turnId: string;
  readonly settings: TurnSetup['settings'];
  readonly registry: TurnSetup['registry'];
  readonly skills: TurnSetup['skills'];
  readonly document: TurnSetup['document'];
  readonly workspace: TurnSetup['workspace'];
  readonly signal: AbortSignal;
  documentSeen: DocumentSnapshot | undefined;
  private client: Anthropic | undefined;
  /** How this turn's text and notes stream; a resumed turn's goes on from what it already shows. */
  private readonly stream: TurnStream;
  /** Characters of text and of notes the current model call has streamed (withdrawn on retry). */
  private attemptChars = 0;
  private attemptNoteChars = 0;
  private calls = 0;

  constructor(private readonly setup: TurnSetup) {
    this.owner = setup.owner;
    this.turnId = setup.turnId;
    this.settings = setup.settings;
    this.registry = setup.registry;
    this.skills = setup.skills;
    this.document = setup.document;
    this.workspace = setup.workspace;
    this.signal = setup.signal;
    this.stream = replayStream(this.session, this.turnId);
  }

  get session(): ReadonlySession {
    return this.owner.session;
  }

  get turn(): ReadonlyTurn {
    const turn = this.session.turns.find((t) => t.id === this.turnId);
    if (!turn) throw new Error(`Turn ${this.turnId} is missing from session ${this.session.id}.`);
    return turn;
  }

  emit(event: EventBody): void {
    this.setup.onEvent(event);
  }

  now(): number {
    return this.setup.clock.now();
  }

  newId(prefix: string): string {
    return this.setup.clock.newId(prefix);
  }

  log(level: LogLevel, message: string): void {
    this.setup.log(level, message);
  }

  async save(): Promise<void> {
    try {
      await this.owner.save();
    } catch (err) {
      if (isDiskFull(err)) throw new TurnEnd({ code: 'disk_full', message: diskFullMessage(this.session, this.turnId), retryable: true });
      const detail = err instanceof Error ? err.message : String(err);
      throw new TurnEnd({ code: 'session', message: l10n.t('The session could not be saved: {0}', detail), retryable: true });
    }
  }

  private scrub(text: string): string {
    return scrubSecrets(text, this.secrets());
  }

  /** The configured key: never stored, shown or exported. */
  private secrets(): (string | null | undefined)[] {
    return [this.client?.apiKey, this.client?.authToken];
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
            message: l10n.t('Stopped after {0} model calls in one request ({1} is {2}). {3}', this.calls, this.setup.words.maxSteps, this.settings.maxSteps, this.setup.words.retryToContinue),
            retryable: true,
          });
        }
        const { message, request } = await this.callWithRetries(client);
        const outcome = await this.afterMessage(message, request);
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
    return { status, turnId: this.turnId, ...(error ? { error } : {}) };
  }

  /** The document now; what the model sees of it is decided by placeDocument. */
  private async readDocument(): Promise<DocumentNow | undefined> {
    if (!this.document) return undefined;
    try {
      const snapshot = await this.document.read();
      this.documentSeen = snapshot;
      return { name: this.document.name, kind: this.document.kind, text: snapshot.text };
    } catch (err) {
      this.documentSeen = undefined;
      return { name: this.document.name, problem: `The document could not be read: ${err instanceof Error ? err.message : String(err)}` };
    }
  }

  private async buildParams(): Promise<BuiltRequest> {
    try {
      return await nextRequest({
        owner: this.owner,
        turnId: this.turnId,
        settings: this.settings,
        registry: this.registry,
        skills: this.skills,
        readDocument: () => this.readDocument(),
        now: () => this.now(),
        log: (level, message) => this.log(level, message),
      });
    } catch (err) {
      if (!(err instanceof InconsistentHistory)) throw err;
      throw new TurnEnd({ code: 'session', message: l10n.t('The conversation history is inconsistent ({0}).', err.message), retryable: false });
    }
  }

  private onText(raw: string, opensBlock: boolean): void {
    // The key never shows (a key split across two deltas is caught where the reply is stored).
    const delta = redactSecrets(raw, this.secrets());
    const text = this.stream.text(delta, opensBlock);
    this.attemptChars += text.length;
    this.setup.onEvent({ sessionId: this.session.id, turnId: this.turnId, type: 'text', delta: text } satisfies AgentEvent);
  }

  private onThinking(raw: string, opensBlock: boolean): void {
    const delta = redactSecrets(raw, this.secrets());
    const steps = Object.values(this.session.toolCalls).filter((c) => c.turnId === this.turnId).length;
    const text = this.stream.thinking(delta, opensBlock, steps);
    this.attemptNoteChars += text.length;
    this.emit({ type: 'thinking', text });
  }

  /**
   * The next model call. A request the API refuses because earlier thinking is "bound to a
   * different conversation" is repaired (the finished turns' thinking left out, else the API asked
   * to drop what it cannot accept) and built again: at most once each.
   */
  private async callWithRetries(client: Anthropic): Promise<{ message: Anthropic.Message; request: BuiltRequest }> {
    for (;;) {
      const request = await this.buildParams();
      const outcome = await this.attempts(client, request);
      if ('message' in outcome) return { message: outcome.message, request };
      this.owner.repairThinking(outcome.repair);
      await this.save();
      const how = 'dropBlock' in outcome.repair ? 'asking the API to drop the thinking it cannot accept' : "leaving out the earlier turns' thinking";
      this.log('warn', `The API refused earlier thinking of turn ${this.turnId} as bound to a different conversation; sending the request again, ${how}.`);
    }
  }

  /** One request, retried where safe; a refusal of its thinking comes back as the repair to make. */
  private async attempts(client: Anthropic, request: BuiltRequest): Promise<{ message: Anthropic.Message } | { repair: BindingRepair }> {
    const retries = this.settings.loopRetries ?? 2;
    const base = this.settings.retryDelayMs ?? 1000;
    for (let attempt = 0; ; attempt++) {
      const mark = this.stream.mark();
      this.attemptChars = 0;
      this.attemptNoteChars = 0;
      try {
        const message = await callModel({
          client,
          params: request.params,
          betas: request.betas,
          signal: this.signal,
          stallTimeoutMs: this.settings.stallTimeoutMs,
          responseTimeoutMs: this.settings.responseTimeoutMs,
          onWaiting: (waitedMs) => this.emit({ type: 'status', kind: 'waiting', waitedMs, limitMs: this.settings.responseTimeoutMs }),
          onText: (delta, opens) => this.onText(delta, opens),
          onThinking: (delta, opens) => this.onThinking(delta, opens),
          log: (level, message) => this.log(level, message),
        });
        return { message };
      } catch (err) {
        const failure = err instanceof ModelCallFailure ? err : new ModelCallFailure(err, false, []);
        const repair = bindingRepair(this.session, this.turnId, request, failure.cause);
        if (repair) return { repair };
        const c = classifyFailure(failure.cause, { connected: failure.connected, baseURL: client.baseURL, words: this.setup.words });
        const error = { code: c.code, message: this.scrub(c.message), retryable: c.retryable };
        const stopped = this.signal.aborted || c.code === 'cancelled';
        if (stopped || !c.loopRetry || attempt >= retries) {
          // The turn ends here: what this attempt streamed stays, marked partial.
          this.owner.recordPartial(this.turnId, failure.texts.map((t) => redactSecrets(t, this.secrets())));
          throw new TurnEnd(stopped ? 'stopped' : error);
        }
        // The retry streams the answer again from its start: the failed attempt's text and notes
        // are withdrawn (discard) so the reply does not show its opening twice.
        const discard = this.attemptChars;
        const discardThinking = this.attemptNoteChars;
        this.stream.restore(mark);
        const delayMs = Math.min(base * 2 ** attempt, 30_000);
        this.log('warn', `Model call failed (${c.code}: ${error.message}); retrying in ${delayMs} ms (attempt ${attempt + 1} of ${retries}).`);
        this.emit({
          type: 'status',
          kind: 'retrying',
          code: c.code,
          attempt: attempt + 1,
          delayMs,
          ...(discard > 0 ? { discard } : {}),
          ...(discardThinking > 0 ? { discardThinking } : {}),
        });
        await sleep(delayMs, this.signal);
        if (this.signal.aborted) throw new TurnEnd('stopped');
      }
    }
  }

  /** The reply as stored: each thinking block with the digest of what preceded it (preservedThinking.ts). */
  private storedReply(message: Anthropic.Message, request: BuiltRequest): StoredBlock[] {
    // The prefixes are of the reply as the API signed it; the stored text has the key redacted (a
    // block after a redaction then no longer matches its prefix, and is left out, never refused).
    const prefixes = replyPrefixes(request.params, storedContent(message).map(toApiBlock));
    const content = storedContent(message, this.secrets());
    return content.map((b, i) => {
      const prefix = prefixes[i];
      return (b.type === 'thinking' || b.type === 'redacted_thinking') && prefix !== undefined ? { ...b, prefix } : b;
    });
  }

  /** Stores the reply, then ends the turn or runs its tools. Returns an outcome when the run ends. */
  private async afterMessage(message: Anthropic.Message, request: BuiltRequest): Promise<TurnOutcome | undefined> {
    this.calls++;
    const usage = usageOf(message.usage);
    // Priced by the model that answered (the response names it), one call at a time.
    const cost = callCost(usage, message.model);
    const stop = stopOutcome(message, this.setup.words.modelChoice);
    const reply = { model: message.model, requestedModel: this.settings.model, usage, ...(cost !== undefined ? { cost } : {}), stopReason: message.stop_reason };
    this.emit({ type: 'usage', usage, model: message.model, ...(cost !== undefined ? { cost } : {}) });
    if (stop.kind === 'refused') {
      // Nothing of a declined reply runs or is sent again; what streamed stays, for the record.
      this.owner.recordReply(this.turnId, { ...reply, content: [] });
      this.owner.refuse(this.turnId, storedContent(message, this.secrets()).flatMap((b) => (b.type === 'text' ? [b.text] : [])), stop.error);
      throw new TurnEnd(stop.error);
    }
    const stored = this.owner.recordReply(this.turnId, { ...reply, content: this.storedReply(message, request) });
    if (stop.kind === 'failed') throw new TurnEnd(stop.error);
    const uses = (stored?.content ?? []).flatMap((b): ToolUse[] => (b.type === 'tool_use' ? [{ id: b.id, name: b.name, input: b.input }] : []));
    if (uses.length === 0) {
      if (stop.kind === 'cut') throw new TurnEnd(stop.error);
      return this.complete();
    }
    // A checkpoint before tools run; a final answer is saved once, by complete() or end().
    await this.save();
    const cutOff = stop.kind === 'cut' ? uses.at(-1)?.id : undefined;
    const round = await runToolUses(this, uses, [], cutOff);
    return (await this.finishRound(round)) === 'paused' ? this.outcome('awaiting_user') : undefined;
  }

  /** Sends a finished round's results as the next user message; Stop ends the turn here. */
  private async finishRound(round: ToolUsesOutcome): Promise<'paused' | 'continue'> {
    if (round.kind === 'paused') return 'paused';
    this.owner.recordToolResults(this.turnId, round.results);
    await this.save();
    if (this.signal.aborted) throw new TurnEnd('stopped');
    return 'continue';
  }

  private async complete(): Promise<TurnOutcome> {
    this.owner.complete(this.turnId);
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
    if (!(err instanceof TurnEnd)) this.log('error', `Turn ${this.turnId} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    const stopped = failure === 'stopped';
    const turn = this.turn;
    // A refusal has already ended the turn; every other failure ends it here.
    if (turn.status === 'running' || turn.status === 'awaiting_user') {
      if (stopped) this.owner.stop(this.turnId);
      else this.owner.fail(this.turnId, failure);
    }
    try {
      await this.owner.save();
    } catch (saveErr) {
      this.log('error', `Saving session ${this.session.id} failed: ${saveErr instanceof Error ? saveErr.message : String(saveErr)}`);
    }
    const error = stopped ? { code: 'cancelled' as const, message: l10n.t('Stopped.'), retryable: true } : failure;
    this.emit({ type: 'error', ...error });
    return this.outcome(stopped ? 'stopped' : 'error', error);
  }
}

// One streamed model call on `client.messages.stream`, with the loop's own idle watchdog: once
// response headers have arrived the SDK's timeout no longer counts, so a silent stream would hang
// forever without it. The watchdog counts bytes, not parsed events: the SDK swallows `ping`
// events, and a model thinking with its thinking hidden sends nothing else for minutes.
// Text and thinking deltas go out as they arrive, each tagged with whether it opens a new block;
// what streamed so far is kept so a failed attempt can be shown as partial. Before any answer at
// all (no response headers, across the SDK's retries) the call says it is waiting, and gives up
// after the response timeout: a server that accepts the connection and says nothing is not
// waited on for three stall timeouts.
import type Anthropic from '@anthropic-ai/sdk';
import { NoResponseError, StallError } from './errors';

/** The first "still waiting" comes after this long without an answer, then one every WAITING_EVERY_MS. */
const WAITING_FIRST_MS = 5_000;
const WAITING_EVERY_MS = 10_000;

export interface ModelCallOptions {
  readonly client: Anthropic;
  readonly params: Anthropic.MessageCreateParamsNonStreaming;
  /** Beta features to ask for: the request then goes through the SDK's beta messages. */
  readonly betas?: readonly string[] | undefined;
  readonly signal: AbortSignal;
  readonly stallTimeoutMs: number;
  /** No response at all (not even headers) for this long, retries included: the call gives up. */
  readonly responseTimeoutMs?: number;
  /** The request has had no answer yet, for `waitedMs`. */
  onWaiting?(waitedMs: number): void;
  onText(delta: string, opensBlock: boolean): void;
  /** Summarised thinking: the model's progress notes. */
  onThinking?(delta: string, opensBlock: boolean): void;
  /** One line per call for the log: request id, timings and token usage; never content. */
  log?(level: 'info' | 'warn', message: string): void;
}

export class ModelCallFailure extends Error {
  constructor(
    override readonly cause: unknown,
    /** Response headers had arrived. */
    readonly connected: boolean,
    /** The text blocks streamed before the failure, as shown to the user. */
    readonly texts: readonly string[],
    /** Characters of thinking streamed before the failure. */
    readonly thinkingChars = 0,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ModelCallFailure';
  }
}

type Fetch = typeof fetch;

/** A fetch that reports every response (its headers arrived) and every chunk of its body as it arrives. */
function activityFetch(onBytes: () => void, onResponse: () => void): Fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    onResponse();
    if (!response.body) return response;
    const tap = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onBytes();
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(tap), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** Until the server answers at all: "still waiting" now and then, and giving up at the limit. */
function awaitAnswer(opts: ModelCallOptions, giveUp: (err: NoResponseError) => void): { answered(): void } {
  const started = Date.now();
  const limit = opts.responseTimeoutMs;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const waiting = (): void => {
    opts.onWaiting?.(Date.now() - started);
    timers.push(setTimeout(waiting, WAITING_EVERY_MS));
  };
  if (opts.onWaiting) timers.push(setTimeout(waiting, WAITING_FIRST_MS));
  if (limit !== undefined) timers.push(setTimeout(() => giveUp(new NoResponseError(limit)), limit));
  const answered = (): void => {
    for (const t of timers) clearTimeout(t);
    timers.length = 0;
    opts.signal.removeEventListener('abort', answered);
  };
  opts.signal.addEventListener('abort', answered);
  return { answered };
}

type MessageStream = ReturnType<Anthropic['messages']['stream']>;

/** The stream of one call; with betas, through the SDK's beta messages (same events, same message). */
function openStream(client: Anthropic, opts: ModelCallOptions): MessageStream {
  if (!opts.betas) return client.messages.stream(opts.params, { signal: opts.signal });
  const params = { ...opts.params, betas: [...opts.betas] } as Parameters<Anthropic['beta']['messages']['stream']>[0];
  return client.beta.messages.stream(params, { signal: opts.signal }) as unknown as MessageStream;
}

interface StallWatch {
  /** Response headers had arrived. */
  readonly connected: boolean;
  /** Set when the watchdog aborted the stream. */
  readonly stalled: StallError | undefined;
  stop(): void;
}

/**
 * The idle watchdog, from the connection on: silence of stallTimeoutMs aborts the stream. Arrivals
 * only stamp the time (activity.last); one timer re-arms itself for the remaining quiet time, so a
 * 10,000-delta stream does not create 10,000 timers.
 */
function watchStalls(stream: MessageStream, stallTimeoutMs: number, activity: { last: number }): StallWatch {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = { connected: false, stalled: undefined as StallError | undefined, stop: () => clearTimeout(timer) };
  const check = (): void => {
    const idle = Date.now() - activity.last;
    if (idle >= stallTimeoutMs) {
      watch.stalled = new StallError(idle);
      stream.abort();
      return;
    }
    timer = setTimeout(check, stallTimeoutMs - idle);
  };
  stream.on('connect', () => {
    watch.connected = true;
    activity.last = Date.now();
    timer = setTimeout(check, stallTimeoutMs);
  });
  return watch;
}

/** The call's line in the log: request id, timings and token usage; never content. */
function logFinished(opts: ModelCallOptions, requestId: string | null | undefined, message: Anthropic.Message, timing: string): void {
  const dropped = (message as { input_transformations?: unknown[] }).input_transformations?.length ?? 0;
  if (dropped > 0) opts.log?.('warn', `The API left out ${dropped} thinking block${dropped === 1 ? '' : 's'} it could not accept.`);
  const u = message.usage;
  opts.log?.(
    'info',
    `Model call ${requestId ?? '(no request id)'} ${message.model}: ${timing}, stop ${message.stop_reason}; ` +
      `tokens in ${u.input_tokens}, out ${u.output_tokens}, cache read ${u.cache_read_input_tokens ?? 0}, cache write ${u.cache_creation_input_tokens ?? 0}`,
  );
}

export async function callModel(opts: ModelCallOptions): Promise<Anthropic.Message> {
  const activity = { last: Date.now() };
  let noAnswer: NoResponseError | undefined;
  // The stream is made after the watch that may abort it (its fetch reports the answer).
  const abort: { stream?: () => void } = {};
  const answer = awaitAnswer(opts, (err) => {
    noAnswer = err;
    abort.stream?.();
  });
  const client = opts.client.withOptions({ fetch: activityFetch(() => (activity.last = Date.now()), answer.answered) });
  const stream = openStream(client, opts);
  abort.stream = () => stream.abort();
  const texts: string[] = [];
  let thinkingChars = 0;
  const started = Date.now();
  let firstText: number | undefined;
  const watch = watchStalls(stream, opts.stallTimeoutMs, activity);
  stream.on('text', (delta: string, snapshot: string) => {
    if (delta.length === 0) return;
    firstText ??= Date.now();
    // The snapshot is the block's text so far: equal to the delta on a block's first text.
    const opensBlock = snapshot.length === delta.length;
    if (opensBlock || texts.length === 0) texts.push(delta);
    else texts[texts.length - 1] += delta;
    opts.onText(delta, opensBlock);
  });
  stream.on('thinking', (delta: string, snapshot: string) => {
    if (delta.length === 0) return;
    thinkingChars += delta.length;
    opts.onThinking?.(delta, snapshot.length === delta.length);
  });
  const timing = (): string =>
    `${Date.now() - started} ms${firstText === undefined ? '' : `, first text after ${firstText - started} ms`}`;
  try {
    const message = await stream.finalMessage();
    logFinished(opts, stream.request_id, message, timing());
    return message;
  } catch (err) {
    opts.log?.('warn', `Model call ${stream.request_id ?? '(no request id)'} failed after ${timing()}`);
    throw new ModelCallFailure(watch.stalled ?? noAnswer ?? err, watch.connected, texts, thinkingChars);
  } finally {
    watch.stop();
    answer.answered();
  }
}

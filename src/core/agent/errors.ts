// Failures the UI can act on: every fault of a model call becomes one code (auth, rate_limit,
// overloaded, network, ...), a plain message, and whether Retry makes sense. Classification is by
// status and error type, not by class alone: a mid-stream `overloaded_error` event arrives as a
// plain APIError without a status, a dropped socket as a bare AnthropicError "terminated".
import Anthropic from '@anthropic-ai/sdk';
import type { ErrorCode } from '../../shared/events';
import { capitalized, PANEL_WORDS, type SurfaceWords } from './surface';

export interface AgentError {
  readonly code: ErrorCode;
  readonly message: string;
  /** Retry (the panel's button, `retry` request) is worth offering. */
  readonly retryable: boolean;
}

/** Thrown by AgentDeps.createClient when no API key is configured. */
export class NoApiKeyError extends Error {
  constructor(message = 'No API key is set. Use “Lesson Agent: Set API Key”, or set ANTHROPIC_API_KEY.') {
    super(message);
    this.name = 'NoApiKeyError';
  }
}

/** A request the agent cannot run as asked (nothing pending, wrong card, answers that do not fit). */
export class AgentRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AgentRequestError';
  }
}

/** The loop's own watchdog gave up on a silent stream. */
export class StallError extends Error {
  constructor(readonly idleMs: number) {
    super(`The response stalled: nothing arrived for ${Math.round(idleMs / 1000)} s.`);
    this.name = 'StallError';
  }
}

/** No answer at all (not even response headers) within the response timeout, retries included. */
export class NoResponseError extends Error {
  constructor(readonly limitMs: number) {
    super(`Claude did not answer within ${Math.round(limitMs / 1000)} s (no response at all).`);
    this.name = 'NoResponseError';
  }
}

export interface FailureContext {
  /** Response headers had arrived for this attempt (the SDK no longer retries past that point). */
  readonly connected: boolean;
  /** Where the request went, named when the host cannot be reached. */
  readonly baseURL?: string;
  /** The surface's words for the user's actions (the panel's by default). */
  readonly words?: SurfaceWords;
}

export interface ClassifiedFailure extends AgentError {
  /** The loop may retry this model call itself: it failed mid-stream, before anything was applied. */
  readonly loopRetry: boolean;
}

function apiDetail(err: InstanceType<typeof Anthropic.APIError>): string {
  const detail = err.apiMessage ?? '';
  return detail ? `: ${detail}` : '';
}

function byStatus(err: InstanceType<typeof Anthropic.APIError>, status: number, w: SurfaceWords): ClassifiedFailure {
  const d = apiDetail(err);
  const f = (code: ErrorCode, message: string, retryable: boolean): ClassifiedFailure => ({ code, message, retryable, loopRetry: false });
  const later = `${capitalized(w.retry)} in a moment.`;
  if (status === 401) return f('auth', `The API key was rejected (401)${d}. ${w.setKey}`, false);
  if (status === 403) return f('permission', `This API key may not use this model or feature (403)${d}.`, false);
  if (status === 404) return f('not_found', `Not found (404)${d}. Check the model name (${w.modelChoice}).`, false);
  if (status === 429) return f('rate_limit', `Claude has had too many requests for now (429)${d}. Wait a moment, then ${w.retry}.`, true);
  if (status === 529 || err.type === 'overloaded_error') return f('overloaded', `Claude is overloaded right now (${status})${d}. ${later}`, true);
  if (status === 408 || status >= 500) return f('server', `Claude's service had a problem (${status})${d}. ${later}`, true);
  if (status === 413) return f('invalid_request', `The request is too large (413)${d}. Start a new session or shorten the document.`, false);
  return f('invalid_request', `Claude could not take this request (${status})${d}.`, false);
}

/** A fault that arrived inside the stream (an `event: error`, a drop, a stall, an early end). */
function midStream(err: unknown): ClassifiedFailure | undefined {
  if (err instanceof StallError) return { code: 'stalled', message: err.message, retryable: true, loopRetry: true };
  // A connection error is an APIError without a status too, but it never reached the stream.
  if (err instanceof Anthropic.APIError && err.status === undefined && !(err instanceof Anthropic.APIConnectionError)) {
    const type = err.type ?? 'api_error';
    const code: ErrorCode = type === 'overloaded_error' ? 'overloaded' : type === 'rate_limit_error' ? 'rate_limit' : 'server';
    const what = code === 'overloaded' ? 'Claude is overloaded right now' : `Claude's service reported a problem (${type})`;
    return { code, message: `${what}, in the middle of the answer${apiDetail(err)}.`, retryable: true, loopRetry: true };
  }
  return undefined;
}

/** The system error code (ENOTFOUND, ECONNREFUSED, ...) somewhere in the cause chain. */
function systemCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 6; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const UNREACHABLE: Readonly<Record<string, string>> = {
  ENOTFOUND: 'the server name was not found',
  EAI_AGAIN: 'the server name could not be looked up',
  ECONNREFUSED: 'the connection was refused',
  ENETUNREACH: 'there is no network',
  EHOSTUNREACH: 'the server cannot be reached',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: 'the server certificate has expired',
};

/** The host could not be reached at all: named as such, with where the request went. */
function unreachable(err: unknown, text: string, ctx: FailureContext): ClassifiedFailure {
  const code = systemCode(err);
  const why = (code && UNREACHABLE[code]) ?? text;
  const where = ctx.baseURL ? ` (Tried ${ctx.baseURL}.)` : '';
  return {
    code: 'network',
    message: `Could not reach Claude: ${why}. Check the network connection${ctx.baseURL ? ' and the base URL' : ''}.${where}`,
    retryable: true,
    loopRetry: false,
  };
}

export function classifyFailure(err: unknown, ctx: FailureContext): ClassifiedFailure {
  if (err instanceof Anthropic.APIUserAbortError) return { code: 'cancelled', message: 'Stopped.', retryable: true, loopRetry: false };
  if (err instanceof NoApiKeyError) return { code: 'no_api_key', message: err.message, retryable: false, loopRetry: false };
  if (err instanceof NoResponseError) {
    // The wait was already as long as the user allows: not retried by the loop.
    const where = ctx.baseURL ? ` (Tried ${ctx.baseURL}.)` : '';
    return { code: 'network', message: `${err.message} Check the network connection${ctx.baseURL ? ' and the base URL' : ''}, or try again later.${where}`, retryable: true, loopRetry: false };
  }
  const inStream = midStream(err);
  if (inStream) return inStream;
  if (err instanceof Anthropic.APIError && typeof err.status === 'number') return byStatus(err, err.status, ctx.words ?? PANEL_WORDS);
  const text = err instanceof Error ? err.message : String(err);
  if (err instanceof Anthropic.APIConnectionTimeoutError) {
    return { code: 'network', message: 'The API did not answer in time.', retryable: true, loopRetry: false };
  }
  if (ctx.connected && err instanceof Anthropic.AnthropicError) {
    // After headers: a dropped stream the loop may retry.
    return { code: 'network', message: `The connection dropped in the middle of the answer (${text}).`, retryable: true, loopRetry: true };
  }
  // Before headers the SDK has already retried: the host is unreachable (DNS, refused, no network).
  if (err instanceof Anthropic.APIConnectionError) return unreachable(err, text, ctx);
  return { code: 'unknown', message: `Unexpected error: ${text}`, retryable: true, loopRetry: false };
}

/** Removes secrets from text that may reach the UI, the logs or the session file. */
export function scrubSecrets(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 8) out = out.split(s).join('[redacted]');
  return out;
}


// Failures the UI can act on: every fault of a model call becomes one code (auth, rate_limit,
// overloaded, network, ...), a plain message, and whether Retry makes sense. Classification is by
// status and error type, not by class alone: a mid-stream `overloaded_error` event arrives as a
// plain APIError without a status, a dropped socket as a bare AnthropicError "terminated". The
// messages are the teacher's (never the model's), so they are in the teacher's language; what the
// API or the network said is quoted in them as it came.
import Anthropic from '@anthropic-ai/sdk';
import type { ErrorCode } from '../../shared/events';
import { l10n } from '../../shared/l10n';
import { panelWords, type SurfaceWords } from './surface';

export interface AgentError {
  readonly code: ErrorCode;
  readonly message: string;
  /** Retry (the panel's button, `retry` request) is worth offering. */
  readonly retryable: boolean;
}

/** Thrown by AgentDeps.createClient when no API key is configured. */
export class NoApiKeyError extends Error {
  constructor(message = l10n.t('No API key is set. Use “Lesson Agent: Set API Key”, or set ANTHROPIC_API_KEY.')) {
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
    super(l10n.t('The response stalled: nothing arrived for {0} s.', Math.round(idleMs / 1000)));
    this.name = 'StallError';
  }
}

/** No answer at all (not even response headers) within the response timeout, retries included. */
export class NoResponseError extends Error {
  constructor(readonly limitMs: number) {
    super(l10n.t('Claude did not answer within {0} s (no response at all).', Math.round(limitMs / 1000)));
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
  if (status === 401) return f('auth', l10n.t('The API key was rejected ({0}){1}. {2}', status, d, w.setKey), false);
  if (status === 403) return f('permission', l10n.t('This API key may not use this model or feature ({0}){1}.', status, d), false);
  if (status === 404) return f('not_found', l10n.t('Not found ({0}){1}. Check the model name ({2}).', status, d, w.modelChoice), false);
  if (status === 429) return f('rate_limit', l10n.t('Claude has had too many requests for now ({0}){1}. {2}', status, d, w.waitThenRetry), true);
  if (status === 529 || err.type === 'overloaded_error') return f('overloaded', l10n.t('Claude is overloaded right now ({0}){1}. {2}', status, d, w.retryLater), true);
  if (status === 408 || status >= 500) return f('server', l10n.t("Claude's service had a problem ({0}){1}. {2}", status, d, w.retryLater), true);
  if (status === 413) return f('invalid_request', l10n.t('The request is too large ({0}){1}. Start a new session or shorten the document.', status, d), false);
  return f('invalid_request', l10n.t('Claude could not take this request ({0}){1}.', status, d), false);
}

/** A fault that arrived inside the stream (an `event: error`, a drop, a stall, an early end). */
function midStream(err: unknown): ClassifiedFailure | undefined {
  if (err instanceof StallError) return { code: 'stalled', message: err.message, retryable: true, loopRetry: true };
  // A connection error is an APIError without a status too, but it never reached the stream.
  if (err instanceof Anthropic.APIError && err.status === undefined && !(err instanceof Anthropic.APIConnectionError)) {
    const type = err.type ?? 'api_error';
    const code: ErrorCode = type === 'overloaded_error' ? 'overloaded' : type === 'rate_limit_error' ? 'rate_limit' : 'server';
    const message =
      code === 'overloaded'
        ? l10n.t('Claude is overloaded right now, in the middle of the answer{0}.', apiDetail(err))
        : l10n.t("Claude's service reported a problem ({0}), in the middle of the answer{1}.", type, apiDetail(err));
    return { code, message, retryable: true, loopRetry: true };
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

/** Why a host could not be reached, by system error code, in the teacher's words. */
function unreachableWhy(code: string | undefined): string | undefined {
  switch (code) {
    case 'ENOTFOUND':
      return l10n.t('the server name was not found');
    case 'EAI_AGAIN':
      return l10n.t('the server name could not be looked up');
    case 'ECONNREFUSED':
      return l10n.t('the connection was refused');
    case 'ENETUNREACH':
      return l10n.t('there is no network');
    case 'EHOSTUNREACH':
      return l10n.t('the server cannot be reached');
    case 'ECONNRESET':
      return l10n.t('the connection was reset');
    case 'ETIMEDOUT':
      return l10n.t('the connection timed out');
    case 'CERT_HAS_EXPIRED':
      return l10n.t('the server certificate has expired');
    default:
      return undefined;
  }
}

/** "Check the network connection and the base URL." and where the request went, when known. */
function checkNetwork(baseURL: string | undefined, later: boolean): string {
  if (!baseURL) return later ? l10n.t('Check the network connection, or try again later.') : l10n.t('Check the network connection.');
  return later
    ? l10n.t('Check the network connection and the base URL, or try again later. (Tried {0}.)', baseURL)
    : l10n.t('Check the network connection and the base URL. (Tried {0}.)', baseURL);
}

/** The host could not be reached at all: named as such, with where the request went. */
function unreachable(err: unknown, text: string, ctx: FailureContext): ClassifiedFailure {
  const why = unreachableWhy(systemCode(err)) ?? text;
  return { code: 'network', message: l10n.t('Could not reach Claude: {0}. {1}', why, checkNetwork(ctx.baseURL, false)), retryable: true, loopRetry: false };
}

export function classifyFailure(err: unknown, ctx: FailureContext): ClassifiedFailure {
  if (err instanceof Anthropic.APIUserAbortError) return { code: 'cancelled', message: l10n.t('Stopped.'), retryable: true, loopRetry: false };
  if (err instanceof NoApiKeyError) return { code: 'no_api_key', message: err.message, retryable: false, loopRetry: false };
  if (err instanceof NoResponseError) {
    // The wait was already as long as the user allows: not retried by the loop.
    return { code: 'network', message: `${err.message} ${checkNetwork(ctx.baseURL, true)}`, retryable: true, loopRetry: false };
  }
  const inStream = midStream(err);
  if (inStream) return inStream;
  if (err instanceof Anthropic.APIError && typeof err.status === 'number') return byStatus(err, err.status, ctx.words ?? panelWords());
  const text = err instanceof Error ? err.message : String(err);
  if (err instanceof Anthropic.APIConnectionTimeoutError) {
    return { code: 'network', message: l10n.t('The API did not answer in time.'), retryable: true, loopRetry: false };
  }
  if (ctx.connected && err instanceof Anthropic.AnthropicError) {
    // After headers: a dropped stream the loop may retry.
    return { code: 'network', message: l10n.t('The connection dropped in the middle of the answer ({0}).', text), retryable: true, loopRetry: true };
  }
  // Before headers the SDK has already retried: the host is unreachable (DNS, refused, no network).
  if (err instanceof Anthropic.APIConnectionError) return unreachable(err, text, ctx);
  return { code: 'unknown', message: l10n.t('Unexpected error: {0}', text), retryable: true, loopRetry: false };
}

/** Removes secrets from text that may reach the UI, the logs or the session file. */
export function scrubSecrets(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 8) out = out.split(s).join('[redacted]');
  return out;
}


// The panel's requests to the host, each answered with the type the protocol declares for it
// (responseSchemas in src/shared/protocol.ts). `request` resolves with that answer, checked against
// its schema, or with why there is none in words the teacher can read: the host failed (its reason),
// its answer did not fit, or no answer came in time. It never rejects, so no caller can drop a
// failure on the floor; what a developer needs goes to the host's log.
import type { HostMessage, RequestKind, RequestOf, ResponseOf } from '../../src/shared/protocol';
import { responseSchemas } from '../../src/shared/protocol';
import { t } from './l10n';
import { logToHost, post } from './vscodeApi';

export type Answer<T> = { ok: true; value: T } | { ok: false; reason: string };
/** A request's own fields: the kind and the id are added here. */
export type RequestParams<K extends RequestKind> = Omit<RequestOf<K>, 'type' | 'requestId'>;
type Response = Extract<HostMessage, { type: 'response' }>;

/** How long each request may take: the file dialog stays open as long as the teacher likes; the rest wait for VS Code to change the lesson, well under a minute. */
const TIMEOUT_MS: Record<RequestKind, number> = {
  pickFile: 10 * 60_000,
  revertEdit: 60_000,
  applyEditAgain: 60_000,
  previewRewind: 60_000,
  rewind: 60_000,
  editResend: 60_000,
};

interface Pending {
  kind: RequestKind;
  settle: (answer: Answer<unknown>) => void;
  timer: ReturnType<typeof setTimeout>;
}
const pending = new Map<string, Pending>();
let nextId = 1;

/** Sends a request of `kind` with a fresh requestId; resolves with the host's answer, typed and checked, or why there is none. */
export function request<K extends RequestKind>(kind: K, params: RequestParams<K>): Promise<Answer<ResponseOf<K>>> {
  const requestId = `r${Date.now().toString(36)}-${nextId++}`;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(requestId);
      logToHost('warn', `no answer to ${kind} after ${TIMEOUT_MS[kind]} ms`);
      resolve({ ok: false, reason: t('errNoAnswer') });
    }, TIMEOUT_MS[kind]);
    // settle() checked the value against responseSchemas[kind], so it is a ResponseOf<K>.
    pending.set(requestId, { kind, timer, settle: resolve as (answer: Answer<unknown>) => void });
    // The spread of a generic Omit is not known to TypeScript to rebuild RequestOf<K>; post() parses it again anyway.
    if (!post({ ...params, type: kind, requestId } as unknown as RequestOf<K>)) settle(requestId, { ok: false, reason: t('errRequestFailed') });
  });
}

/** Hands a `response` from the host to the request waiting for it (none: it timed out, or the webview reloaded since). */
export function settleResponse(response: Response): void {
  const waiting = pending.get(response.requestId);
  if (waiting) settle(response.requestId, checked(waiting.kind, response));
}

function settle(requestId: string, answer: Answer<unknown>): void {
  const waiting = pending.get(requestId);
  if (!waiting) return;
  pending.delete(requestId);
  clearTimeout(waiting.timer);
  waiting.settle(answer);
}

function checked(kind: RequestKind, response: Response): Answer<unknown> {
  // The host logged its failure already; its reason is said as it is.
  if (!response.ok) return { ok: false, reason: response.error?.trim() || t('errRequestFailed') };
  const parsed = responseSchemas[kind].safeParse(response.result);
  if (parsed.success) return { ok: true, value: parsed.data };
  logToHost('error', `the answer to ${kind} does not fit its schema: ${parsed.error.message.slice(0, 2_000)}`);
  return { ok: false, reason: t('errAnswerUnreadable') };
}

/**
 * An answer that says "done, or why not" itself (a revert, a rewind): a request that failed reads
 * the same way as a refusal, so the caller shows one message either way.
 */
export async function orWhyNot<T extends { ok: boolean }>(answer: Promise<Answer<T>>): Promise<T | { ok: false; message: string }> {
  const settled = await answer;
  return settled.ok ? settled.value : { ok: false, message: settled.reason };
}

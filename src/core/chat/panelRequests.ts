// The host's side of the panel's requests: a handler for every request kind, each returning the
// type the protocol declares for it (responseSchemas in src/shared/protocol.ts), and an answer
// always sent: the handler's result, or `ok: false` with why when it failed, which the panel shows
// where the teacher asked (a notification alone would leave the panel waiting until it gave up).
import type { HostMessage, RequestKind, RequestOf, ResponseMessage, ResponseOf, WebviewRequest } from '../../shared/protocol';
import type { LogLevel } from '../agent/context';

/** One handler per request kind: a kind left out, or an answer of another type, does not compile. */
export type RequestHandlers = { [K in RequestKind]: (request: RequestOf<K>) => Promise<ResponseOf<K>> };

/** Runs the request's handler and sends its answer; returns the result (undefined when it failed, and said so). */
export async function answerRequest<M extends WebviewRequest>(
  handlers: RequestHandlers,
  request: M,
  send: (message: HostMessage) => void,
  log: (level: LogLevel, message: string) => void,
): Promise<ResponseOf<M['type']> | undefined> {
  // The map is indexed by this request's own kind, so its handler takes this request; TypeScript
  // does not follow that through a generic index.
  const handle = handlers[request.type] as unknown as (request: M) => Promise<ResponseOf<M['type']>>;
  let answer: ResponseMessage<M['type']>;
  try {
    answer = { type: 'response', requestId: request.requestId, ok: true, result: await handle(request) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log('error', `Answering "${request.type}" failed: ${reason}`);
    answer = { type: 'response', requestId: request.requestId, ok: false, error: reason };
  }
  send(answer);
  return answer.ok ? answer.result : undefined;
}

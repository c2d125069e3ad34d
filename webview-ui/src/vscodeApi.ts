// The only door to the host: typed posts (every message is checked against the protocol before it
// leaves), per-webview state, and request/response with ids and a timeout.
import type { WebviewMessage } from '../../src/shared/protocol';
import { parseWebviewMessage } from '../../src/shared/protocol';
import { postChecked, vscode } from './hostApi';

export function post(message: WebviewMessage): void {
  // A message the host would reject anyway: said in the host's log instead of sent.
  postChecked(message, parseWebviewMessage, 'webview');
}

export function logToHost(level: 'info' | 'warn' | 'error', message: string): void {
  post({ type: 'log', level, message: message.slice(0, 10_000) });
}

export function getState(): unknown {
  return vscode().getState();
}

export function setState(state: unknown): void {
  vscode().setState(state);
}

interface Pending {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}
const pending = new Map<string, Pending>();
let nextId = 1;

/** Sends a request carrying a fresh requestId; resolves with the host's `response.result`. */
export function request(
  make: (requestId: string) => WebviewMessage,
  timeoutMs: number,
): Promise<unknown> {
  const requestId = `r${Date.now().toString(36)}-${nextId++}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(requestId);
      reject(new Error('no answer from the extension'));
    }, timeoutMs);
    pending.set(requestId, { resolve, reject, timer });
    post(make(requestId));
  });
}

export function settleResponse(requestId: string, ok: boolean, result: unknown, error: string | undefined): void {
  const p = pending.get(requestId);
  if (!p) return;
  pending.delete(requestId);
  clearTimeout(p.timer);
  if (ok) p.resolve(result);
  else p.reject(new Error(error ?? 'request failed'));
}

// The only door to the host: typed posts (every message is checked against the protocol before it
// leaves) and per-webview state. Requests that wait for an answer go through requests.ts.
import type { WebviewMessage } from '../../src/shared/protocol';
import { parseWebviewMessage } from '../../src/shared/protocol';
import { postChecked, vscode } from './hostApi';

/** Sends a message to the host; false when it was not sent (the host would reject it: said in the host's log instead). */
export function post(message: WebviewMessage): boolean {
  return postChecked(message, parseWebviewMessage, 'webview');
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

// VS Code's handle on the host, for the chat panel and the preview alike: acquireVsCodeApi may be
// called only once per webview, so every door to the host goes through this one.
import type { ParseResult } from '../../src/shared/parse';
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

let api: VsCodeApi | undefined;

export function vscode(): VsCodeApi {
  api ??= acquireVsCodeApi();
  return api;
}

/** Posts `message` once `check` accepts it; a message the host would refuse goes to its log instead (false). */
export function postChecked<T extends { type: string }>(
  message: T,
  check: (message: T) => ParseResult<unknown>,
  who: string,
): boolean {
  const checked = check(message);
  if (!checked.ok) {
    vscode().postMessage({ type: 'log', level: 'error', message: `${who} refused to send ${message.type}: ${checked.error}` });
    return false;
  }
  vscode().postMessage(checked.value);
  return true;
}

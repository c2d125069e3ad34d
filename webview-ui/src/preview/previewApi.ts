// The preview's only door to the host: typed posts (checked against the preview protocol before
// they leave) and the state VS Code keeps for the panel (its document and the copy shown), which
// the host's serializer reads to restore the panel after a reload.
import type { PreviewMessage, PreviewState } from '../../../src/shared/previewProtocol';
import { parsePreviewMessage, previewStateSchema } from '../../../src/shared/previewProtocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

// acquireVsCodeApi may be called only once per webview.
let api: VsCodeApi | undefined;
function vscode(): VsCodeApi {
  api ??= acquireVsCodeApi();
  return api;
}

export function post(message: PreviewMessage): void {
  const checked = parsePreviewMessage(message);
  if (!checked.ok) {
    vscode().postMessage({ type: 'log', level: 'error', message: `preview refused to send ${message.type}: ${checked.error}` });
    return;
  }
  vscode().postMessage(checked.value);
}

export function savedState(): PreviewState | undefined {
  const parsed = previewStateSchema.safeParse(vscode().getState());
  return parsed.success ? parsed.data : undefined;
}

export function saveState(state: PreviewState): void {
  vscode().setState(state);
}

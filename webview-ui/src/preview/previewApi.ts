// The preview's only door to the host: typed posts (checked against the preview protocol before
// they leave) and the state VS Code keeps for the panel (its document and the copy shown), which
// the host's serializer reads to restore the panel after a reload.
import type { PreviewMessage, PreviewState } from '../../../src/shared/previewProtocol';
import { parsePreviewMessage, previewStateSchema } from '../../../src/shared/previewProtocol';
import { postChecked, vscode } from '../hostApi';

export function post(message: PreviewMessage): void {
  postChecked(message, parsePreviewMessage, 'preview');
}

export function savedState(): PreviewState | undefined {
  const parsed = previewStateSchema.safeParse(vscode().getState());
  return parsed.success ? parsed.data : undefined;
}

export function saveState(state: PreviewState): void {
  vscode().setState(state);
}

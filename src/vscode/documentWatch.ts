// Tells the chat controller when a document changes in the editor (typing, Ctrl+Z, Ctrl+Y), a
// moment after the changes stop, so the open session's edits show what the document holds of them.
import * as vscode from 'vscode';
import type { ChatController } from '../core/chat/chatController';

/** Quiet time after the last change before the edits are looked at again. */
const SETTLE_MS = 300;

export function watchDocuments(controller: ChatController, log: vscode.LogOutputChannel): vscode.Disposable {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const changed = vscode.workspace.onDidChangeTextDocument((event) => {
    if (event.contentChanges.length === 0) return;
    const uri = event.document.uri.toString();
    clearTimeout(timers.get(uri));
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri);
        controller.documentChanged(uri).catch((error: unknown) => log.warn(`Following ${uri} failed: ${String(error)}`));
      }, SETTLE_MS),
    );
  });
  return {
    dispose: () => {
      changed.dispose();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

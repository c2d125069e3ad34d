// Where this workspace's sessions are: a folder in the extension's global storage named after the
// workspace (core/sessions/workspaceKey.ts), the same for every window. The workspace storage VS
// Code gives a window (context.storageUri) is not: a second window or browser tab on the same
// folder gets another, empty one while the first window's extension host runs. Sessions earlier
// versions kept there are moved over once (core/sessions/moveSessions.ts).
import { join } from 'node:path';
import * as vscode from 'vscode';
import { WORKSPACES_FOLDER, workspaceKey } from '../core/sessions/workspaceKey';

/**
 * A file the extension host reads directly (on this machine, or on the remote machine it runs on)
 * is named by its path there, whatever address the browser used to reach the server; anything
 * else by its whole URI.
 */
function identityOf(uri: vscode.Uri): string {
  return uri.scheme === 'file' || uri.scheme === 'vscode-remote' ? `path:${uri.fsPath}` : uri.toString();
}

/** What names this workspace: its saved .code-workspace file, else its folders. */
function workspaceIdentities(): string[] {
  const file = vscode.workspace.workspaceFile;
  if (file && file.scheme !== 'untitled') return [identityOf(file)];
  return (vscode.workspace.workspaceFolders ?? []).map((folder) => identityOf(folder.uri));
}

/** The sessions folder of the workspace open in this window; a window with no folder uses the global storage itself, as before. */
export function sessionsFolder(context: vscode.ExtensionContext): string {
  const identities = workspaceIdentities();
  const global = context.globalStorageUri.fsPath;
  return identities.length === 0 ? global : join(global, WORKSPACES_FOLDER, workspaceKey(identities));
}

// The chat panel's "last session" pointer, kept next to the sessions in the workspace's sessions
// folder (sessionsFolder.ts). Earlier versions kept it in workspaceState, which VS Code for the web stores in
// the browser (IndexedDB): a new browser profile, a cleared browser or another computer opened the
// panel on a new session. That old value is carried over once, then removed.
import type * as vscode from 'vscode';
import { LastSession } from '../core/chat/lastSession';
import { LastSessionFile } from '../core/sessions/lastSessionFile';

/** The workspaceState key of earlier versions. */
export const LEGACY_LAST_SESSION = 'lessonAgent.lastSession';

export function createLastSession(state: vscode.Memento, storeDir: string, log: vscode.LogOutputChannel): LastSession {
  const store = new LastSessionFile(storeDir, (reason) =>
    log.warn(`The note of which session was shown last could not be read (${reason}); the newest session is shown instead.`),
  );
  return new LastSession({
    store,
    legacy: {
      get: () => state.get<string>(LEGACY_LAST_SESSION),
      clear: () => state.update(LEGACY_LAST_SESSION, undefined),
    },
    log: (level, message) => log[level](message),
  });
}

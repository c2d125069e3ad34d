// The name of a workspace's sessions folder inside the extension's global storage. VS Code gives
// each window its own workspace storage folder while another window's extension host holds the
// first one (a second browser tab on the same code-server got an empty `<workspace>-1`), so the
// sessions live where every window finds them: a folder named after the workspace itself. The
// caller says what identifies the workspace (its folders, or its .code-workspace file).
import { createHash } from 'node:crypto';

/** Where the folders named by `workspaceKey` are, under the global storage folder. */
export const WORKSPACES_FOLDER = 'workspaces';

/**
 * A short stable digest of what identifies a workspace. The order of the identities does not
 * matter (a multi-root workspace's folders can be reordered), and it is the same in every window
 * and every run.
 */
export function workspaceKey(identities: readonly string[]): string {
  if (identities.length === 0) throw new Error('A workspace key needs at least one folder or workspace file.');
  const canonical = JSON.stringify([...new Set(identities)].sort());
  return createHash('sha256').update(canonical).digest('hex').slice(0, 24);
}

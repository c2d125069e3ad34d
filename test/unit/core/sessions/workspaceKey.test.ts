// The name of a workspace's sessions folder: the same in every window and run, whatever the order
// of its folders, and different for different workspaces.
import * as assert from 'node:assert/strict';
import { workspaceKey } from '../../../../src/core/sessions/workspaceKey';

describe('workspace key', () => {
  it('is the same for the same folders, in any order, and a plain folder name', () => {
    const key = workspaceKey(['path:/home/teacher/lessons', 'path:/home/teacher/shared']);
    assert.equal(workspaceKey(['path:/home/teacher/shared', 'path:/home/teacher/lessons']), key);
    assert.match(key, /^[0-9a-f]{24}$/);
  });

  it('differs between workspaces, also when one holds the other’s folder', () => {
    const keys = new Set([
      workspaceKey(['path:/home/teacher/lessons']),
      workspaceKey(['path:/home/teacher/lessons2']),
      workspaceKey(['path:/home/teacher/lessons', 'path:/home/teacher/shared']),
      workspaceKey(['vscode-vfs://github/school/lessons']),
    ]);
    assert.equal(keys.size, 4);
  });

  it('needs something to name', () => {
    assert.throws(() => workspaceKey([]), /at least one folder/);
  });
});

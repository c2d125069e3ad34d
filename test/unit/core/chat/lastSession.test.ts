// Which session the panel opens at start, over the real pointer file: the one shown last, else the
// newest, else a new one; the old workspaceState value carried over once; a refresh never
// overrides another window's later switch.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LastSession, type LegacyLastSession } from '../../../../src/core/chat/lastSession';
import { LAST_SESSION_FILE, LastSessionFile, type LastShown, type LastShownStore } from '../../../../src/core/sessions/lastSessionFile';
import type { SessionSummary } from '../../../../src/shared/view';

function summary(id: string, updatedAt: number): SessionSummary {
  return { id, title: `Session ${id}`, createdAt: updatedAt - 10, updatedAt, messageCount: 2 };
}

/** Listed in no particular order: the tracker must find the newest itself. */
const SESSIONS = [summary('older', 1000), summary('newest', 3000), summary('middle', 2000)];

/** workspaceState as earlier versions used it. */
class OldState implements LegacyLastSession {
  cleared = 0;
  constructor(public value: string | undefined) {}
  get(): string | undefined {
    return this.value;
  }
  clear(): void {
    this.value = undefined;
    this.cleared++;
  }
}

describe('last session: what the panel opens at start', () => {
  let dir: string;
  let file: LastSessionFile;
  let logs: string[];
  const tracker = (legacy?: LegacyLastSession, store: LastShownStore = file): LastSession =>
    new LastSession({ store, ...(legacy ? { legacy } : {}), log: (level, message) => logs.push(`${level}: ${message}`) });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-last-'));
    file = new LastSessionFile(dir);
    logs = [];
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('with nothing remembered: the newest session, or a new one when there is none', async () => {
    assert.deepEqual(await tracker().candidates(SESSIONS), ['newest']);
    assert.deepEqual(await tracker().candidates([]), []);
  });

  it('the session shown last comes first, the newest other one after it in case it no longer opens', async () => {
    await file.write({ kind: 'session', sessionId: 'older' });
    assert.deepEqual(await tracker().candidates(SESSIONS), ['older', 'newest']);
    await file.write({ kind: 'session', sessionId: 'newest' });
    assert.deepEqual(await tracker().candidates(SESSIONS), ['newest']);
  });

  it('a new session chosen last stays a new session, even with sessions stored', async () => {
    await file.write({ kind: 'new' });
    assert.deepEqual(await tracker().candidates(SESSIONS), []);
  });

  it('a pointer to a deleted session: the newest instead (a note in the log, nothing for the teacher)', async () => {
    await file.write({ kind: 'session', sessionId: 'deleted' });
    assert.deepEqual(await tracker().candidates(SESSIONS), ['newest']);
    assert.equal(logs.length, 1);
    assert.match(logs[0] ?? '', /^info: .*deleted.* no longer there/);
    await file.write({ kind: 'session', sessionId: 'deleted' });
    assert.deepEqual(await tracker().candidates([]), [], 'and a new session when nothing is left');
  });

  it('a damaged pointer file: the newest session', async () => {
    await writeFile(join(dir, LAST_SESSION_FILE), '{"version":1,"sessi');
    assert.deepEqual(await tracker().candidates(SESSIONS), ['newest']);
  });

  it('carries the old workspaceState value over to disk once, then clears it', async () => {
    const old = new OldState('middle');
    assert.deepEqual(await tracker(old).candidates(SESSIONS), ['middle', 'newest']);
    assert.deepEqual(await file.read(), { kind: 'session', sessionId: 'middle' });
    assert.equal(old.value, undefined);
    assert.equal(old.cleared, 1);
    // A new browser profile (empty workspaceState) finds it on disk.
    assert.deepEqual(await tracker(new OldState(undefined)).candidates(SESSIONS), ['middle', 'newest']);
  });

  it('the file on disk wins over an old workspaceState value, which is left alone', async () => {
    await file.write({ kind: 'session', sessionId: 'older' });
    const old = new OldState('middle');
    assert.deepEqual(await tracker(old).candidates(SESSIONS), ['older', 'newest']);
    assert.equal(old.value, 'middle');
    assert.equal(old.cleared, 0);
  });

  it('an old value that cannot be written to disk is still used, and kept for the next start', async () => {
    const readOnly: LastShownStore = { read: () => file.read(), write: () => Promise.reject(new Error('EROFS: read-only file system')) };
    const old = new OldState('middle');
    assert.deepEqual(await tracker(old, readOnly).candidates(SESSIONS), ['middle', 'newest']);
    assert.equal(old.value, 'middle');
    assert.match(logs.join('\n'), /^warn: .*EROFS/m);
  });
});

describe('last session: remembering what the panel shows', () => {
  let dir: string;
  let logs: string[];
  const window = (): LastSession => new LastSession({ store: new LastSessionFile(dir), log: (level, message) => logs.push(`${level}: ${message}`) });
  const onDisk = (): Promise<LastShown | undefined> => new LastSessionFile(dir).read();

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-last-'));
    logs = [];
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes each switch, and New Session as a new session', async () => {
    const panel = window();
    await panel.candidates([]);
    await panel.set('a');
    assert.deepEqual(await onDisk(), { kind: 'session', sessionId: 'a' });
    await panel.set(undefined);
    assert.deepEqual(await onDisk(), { kind: 'new' });
    await panel.set('b');
    assert.deepEqual(await onDisk(), { kind: 'session', sessionId: 'b' });
  });

  it('two windows: the last one to switch wins; a refresh in the other window does not take it back', async () => {
    const first = window();
    const second = window();
    await first.candidates([]);
    await second.candidates([]);
    await first.set('x');
    await second.set('y');
    // The first window shows x again (a turn ended, a read-only session reopened): not a switch.
    await first.set('x');
    assert.deepEqual(await onDisk(), { kind: 'session', sessionId: 'y' });
    await first.set('z');
    await first.set('x');
    assert.deepEqual(await onDisk(), { kind: 'session', sessionId: 'x' });
  });

  it('opening what was remembered writes nothing; switches made in quick succession land in order', async () => {
    await new LastSessionFile(dir).write({ kind: 'session', sessionId: 'kept' });
    let writes = 0;
    const store = new LastSessionFile(dir);
    const counting: LastShownStore = { read: () => store.read(), write: (shown) => (writes++, store.write(shown)) };
    const panel = new LastSession({ store: counting, log: () => undefined });
    await panel.candidates([summary('kept', 1)]);
    await panel.set('kept');
    assert.equal(writes, 0);
    await Promise.all(['p', 'q', 'r', 's'].map((id) => panel.set(id)));
    assert.equal(writes, 4);
    assert.deepEqual(await onDisk(), { kind: 'session', sessionId: 's' });
  });

  it('a write that fails is logged and never stops the panel', async () => {
    const failing: LastShownStore = { read: async () => undefined, write: () => Promise.reject(new Error('ENOSPC: no space left on device')) };
    const panel = new LastSession({ store: failing, log: (level, message) => logs.push(`${level}: ${message}`) });
    await panel.set('a');
    assert.match(logs.join('\n'), /^warn: .*ENOSPC/m);
  });
});

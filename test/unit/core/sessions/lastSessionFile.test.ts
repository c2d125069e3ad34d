// The panel's "last session" pointer on disk: what it reads back, and that a missing, damaged or
// foreign file means "nothing remembered" (reported for the log), never an exception.
import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LAST_SESSION_FILE, LastSessionFile } from '../../../../src/core/sessions/lastSessionFile';

describe('last session pointer file', () => {
  let dir: string;
  let reports: string[];
  let file: LastSessionFile;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-last-'));
    reports = [];
    file = new LastSessionFile(dir, (reason) => reports.push(reason));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('remembers nothing before the first write, and says nothing about it', async () => {
    assert.equal(await file.read(), undefined);
    assert.deepEqual(reports, []);
  });

  it('reads back a session and a new session, in a second instance as another window would', async () => {
    await file.write({ kind: 'session', sessionId: 's-abc' });
    assert.deepEqual(await new LastSessionFile(dir).read(), { kind: 'session', sessionId: 's-abc' });
    await file.write({ kind: 'new' });
    assert.deepEqual(await new LastSessionFile(dir).read(), { kind: 'new' });
    assert.deepEqual(JSON.parse(await readFile(join(dir, LAST_SESSION_FILE), 'utf8')), { version: 1, sessionId: null });
  });

  it('the last write wins between two windows, and no temp file is left behind', async () => {
    const other = new LastSessionFile(dir);
    await file.write({ kind: 'session', sessionId: 'first' });
    await other.write({ kind: 'session', sessionId: 'second' });
    assert.deepEqual(await file.read(), { kind: 'session', sessionId: 'second' });
    assert.deepEqual(await readdir(dir), [LAST_SESSION_FILE]);
  });

  it('creates the storage folder when New Session comes before any session was saved', async () => {
    const nested = new LastSessionFile(join(dir, 'workspace-storage', 'lesson-agent'));
    await nested.write({ kind: 'new' });
    assert.deepEqual(await nested.read(), { kind: 'new' });
  });

  const damaged: Array<[string, string, RegExp]> = [
    ['cut off mid-write', '{"version":1,"sessionId":"s-ab', /not JSON/],
    ['empty (a power cut before the data reached the disk)', '', /not JSON/],
    ['from a newer version', '{"version":2,"sessionId":"s-abc"}', /unknown format/],
    ['a session id that is not text', '{"version":1,"sessionId":42}', /unknown format/],
    ['an empty session id', '{"version":1,"sessionId":""}', /unknown format/],
    ['not an object', '["s-abc"]', /unknown format/],
  ];
  for (const [what, text, reason] of damaged) {
    it(`a file ${what} remembers nothing, reports why, and is replaced by the next write`, async () => {
      await writeFile(join(dir, LAST_SESSION_FILE), text);
      assert.equal(await file.read(), undefined);
      assert.equal(reports.length, 1);
      assert.match(reports[0] ?? '', reason);
      await file.write({ kind: 'session', sessionId: 's-next' });
      assert.deepEqual(await file.read(), { kind: 'session', sessionId: 's-next' });
    });
  }

  it('a pointer that is a folder (unreadable) remembers nothing and reports the error', async () => {
    const odd = new LastSessionFile(join(dir, 'odd'), (reason) => reports.push(reason));
    await odd.write({ kind: 'new' });
    await rm(odd.path);
    await mkdir(odd.path);
    assert.equal(await odd.read(), undefined);
    assert.match(reports[0] ?? '', /EISDIR/);
  });
});

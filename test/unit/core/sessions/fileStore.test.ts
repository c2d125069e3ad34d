import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionOwner } from '../../../../src/core/sessions/owner';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { MIGRATIONS, migrateSession, SessionFormatError, type Migration } from '../../../../src/core/sessions/migrations';
import { emptySession } from '../../../../src/core/sessions/newSession';
import { sessionToMarkdown } from '../../../../src/core/sessions/markdown';
import { titleFrom } from '../../../../src/shared/titles';
import { SessionCorruptError, SessionNotFoundError } from '../../../../src/core/sessions/types';
import { type Session } from '../../../../src/core/sessions/schema';
import fixtureV1 from './fixtures/session-v1.json';
import fixtureV0 from './fixtures/session-v0.json';

function session(id: string, updatedAt: number, title = `Session ${id}`): Session {
  return { ...emptySession({ id, now: updatedAt - 10, title }), updatedAt };
}

describe('FileSessionStore', () => {
  let dir: string;
  let problems: string[];
  let store: FileSessionStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-sessions-'));
    problems = [];
    store = new FileSessionStore(dir, (m) => problems.push(m));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('round-trips a session and lists newest first from the index', async () => {
    await store.save(session('a', 1000));
    await store.save(session('b', 3000));
    await store.save(session('c', 2000));
    assert.deepEqual((await store.list()).map((s) => s.id), ['b', 'c', 'a']);
    assert.deepEqual(await store.get('b'), session('b', 3000));
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as { sessions: unknown[] };
    assert.equal(index.sessions.length, 3);
  });

  it('keeps every index entry when saves run concurrently', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.save(session(`s${i}`, 1000 + i))));
    assert.equal((await store.list()).length, 20);
  });

  it('writes atomically: no temp files are left behind', async () => {
    await store.save(session('a', 1000));
    await store.save({ ...session('a', 2000), title: 'changed' });
    const files = [...(await readdir(dir)), ...(await readdir(join(dir, 'sessions')))];
    assert.deepEqual(files.filter((f) => f.endsWith('.tmp')), []);
    assert.equal((await store.get('a')).title, 'changed');
  });

  it('renames (through the session owner) and deletes', async () => {
    await store.save(session('a', 1000));
    const clock = { now: () => 5000, newId: (p: string) => `${p}-1` };
    const owner = await SessionOwner.load(store, 'a', clock);
    owner.rename('  French verbs, B1  ');
    await owner.save();
    assert.equal((await store.get('a')).title, 'French verbs, B1');
    assert.equal((await store.list())[0]?.title, 'French verbs, B1');
    assert.throws(() => owner.rename('   '), /cannot be empty/);
    await SessionOwner.delete(store, 'a');
    assert.deepEqual(await store.list(), []);
    await assert.rejects(store.get('a'), SessionNotFoundError);
  });

  it('treats ids that could escape the directory as not found', async () => {
    await assert.rejects(store.get('../index'), SessionNotFoundError);
    await assert.rejects(store.get('a/b'), SessionNotFoundError);
  });

  it('sets a corrupt file aside with a clear error and keeps the other sessions', async () => {
    await store.save(session('good', 1000));
    await store.save(session('bad', 2000));
    await writeFile(join(dir, 'sessions', 'bad.json'), '{"version":1,"id":"bad","title":', 'utf8');
    await assert.rejects(store.get('bad'), (err: unknown) => {
      assert.ok(err instanceof SessionCorruptError);
      assert.equal(err.sessionId, 'bad');
      assert.ok(err.setAsidePath?.includes('bad.corrupt-'));
      assert.match(err.message, /could not be read/);
      return true;
    });
    const files = await readdir(join(dir, 'sessions'));
    assert.ok(files.some((f) => f.startsWith('bad.corrupt-')));
    assert.ok(!files.includes('bad.json'));
    assert.deepEqual((await store.list()).map((s) => s.id), ['good']);
    assert.equal((await store.get('good')).id, 'good');
    assert.equal(problems.length, 1);
  });

  it('sets aside a well-formed file with the wrong shape', async () => {
    await store.save(session('x', 1000));
    await writeFile(join(dir, 'sessions', 'x.json'), JSON.stringify({ version: 1, id: 'x', title: 3 }), 'utf8');
    await assert.rejects(store.get('x'), /title/);
  });

  it('leaves a file from a newer version untouched and says so', async () => {
    await store.save(session('n', 1000));
    await writeFile(join(dir, 'sessions', 'n.json'), JSON.stringify({ ...session('n', 1000), version: 99 }), 'utf8');
    await assert.rejects(store.get('n'), (err: unknown) => err instanceof SessionCorruptError && err.setAsidePath === undefined && /newer/.test(err.message));
    assert.ok((await readdir(join(dir, 'sessions'))).includes('n.json'));
  });

  it('rebuilds a missing or unreadable index from the session files', async () => {
    await store.save(session('a', 1000));
    await store.save(session('b', 2000));
    await writeFile(join(dir, 'index.json'), 'not json', 'utf8');
    assert.deepEqual((await store.list()).map((s) => s.id), ['b', 'a']);
    await rm(join(dir, 'index.json'));
    const fresh = new FileSessionStore(dir);
    assert.deepEqual((await fresh.list()).map((s) => s.id), ['b', 'a']);
    assert.ok(problems.some((p) => p.includes('index')));
  });

  it('lists nothing for a directory that does not exist yet', async () => {
    assert.deepEqual(await new FileSessionStore(join(dir, 'nope')).list(), []);
  });
});

describe('session migrations', () => {
  it('brings the version 1 fixture to version 2, changing nothing else', () => {
    const s = migrateSession(structuredClone(fixtureV1));
    assert.equal(s.id, 's-fixture-1');
    assert.deepEqual(s, { ...fixtureV1, version: 2 });
  });

  it('runs the migration hook from an older version, as a pure function', () => {
    // A hypothetical older layout, to prove the hook runs and the result is checked.
    const fromV0: Migration = (raw) => ({
      id: raw.id,
      title: raw.name,
      createdAt: raw.created,
      updatedAt: raw.created,
      messages: raw.messages,
      toolCalls: {},
      edits: [],
      turns: [],
    });
    const input = structuredClone(fixtureV0);
    const s = migrateSession(input, { ...MIGRATIONS, 0: fromV0 });
    assert.equal(s.version, 2);
    assert.equal(s.title, 'An old-style session');
    assert.deepEqual(input, fixtureV0, 'the input is not mutated');
    assert.throws(() => migrateSession(structuredClone(fixtureV0)), /no migration from schema version 0/);
  });

  it('rejects what is not a session', () => {
    assert.throws(() => migrateSession([]), SessionFormatError);
    assert.throws(() => migrateSession({ id: 'x' }), /no schema version/);
    assert.throws(() => migrateSession({ ...fixtureV1, messages: [{ role: 'robot' }] }), SessionFormatError);
  });
});

describe('session export and titles', () => {
  it('exports the fixture as Markdown with the question and its answer', () => {
    const md = sessionToMarkdown(migrateSession(structuredClone(fixtureV1)));
    assert.match(md, /^# Add an exercise\n/);
    assert.match(md, /### You\n\n> Add an exercise/);
    assert.match(md, /\*\*Level\*\*: What level are your students\? → B1/);
    assert.match(md, /A quick question first\.\n\nThanks, a B1 exercise it is\./);
    assert.match(md, /document: verbs\.lesson\.xml/);
    assert.ok(!md.includes('toolu_q'), 'no internal ids');
  });

  it('makes a title from the first message, trimmed to about 60 characters on a word', () => {
    assert.equal(titleFrom('  hello\n there '), 'hello there');
    const long = titleFrom('Add a fill-in-the-blank exercise about French verbs in the present tense for my B1 class');
    assert.ok(long.length <= 61, long);
    assert.ok(long.endsWith('…'));
    assert.ok(!long.includes('  '));
    assert.equal(titleFrom('   '), 'New session');
  });
});

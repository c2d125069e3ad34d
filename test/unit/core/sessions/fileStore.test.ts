import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { applyTextPatch, hashText } from '../../../../src/core/documents/patch';
import { SessionOwner } from '../../../../src/core/sessions/owner';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { MIGRATIONS, migrateSession, SessionFormatError, type Migration } from '../../../../src/core/sessions/migrations';
import { emptySession } from '../../../../src/core/sessions/newSession';
import { sessionToMarkdown } from '../../../../src/core/sessions/markdown';
import { titleFrom } from '../../../../src/shared/titles';
import { sessionSummarySchema } from '../../../../src/shared/view';
import { SessionCorruptError, SessionNotFoundError } from '../../../../src/core/sessions/types';
import { SESSION_SCHEMA_VERSION, type Session } from '../../../../src/core/sessions/schema';
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
    const owner = await SessionOwner.open(store, 'a', clock);
    owner.rename('  French verbs, B1  ');
    await owner.save();
    assert.equal((await store.get('a')).title, 'French verbs, B1');
    assert.equal((await store.list())[0]?.title, 'French verbs, B1');
    assert.throws(() => owner.rename('   '), /cannot be empty/);
    await owner.close();
    await SessionOwner.delete(store, 'a');
    assert.deepEqual(await store.list(), []);
    await assert.rejects(store.get('a'), SessionNotFoundError);
  });

  it('treats ids that could escape the directory as not found', async () => {
    await assert.rejects(store.get('../index'), SessionNotFoundError);
    await assert.rejects(store.get('a/b'), SessionNotFoundError);
  });

  it('keeps each session in a journal of its own, one JSON line per checkpoint', async () => {
    await store.save(session('a', 1000));
    const lines = (await readFile(join(dir, 'sessions', 'a.jsonl'), 'utf8')).split('\n');
    assert.equal(lines.length, 2, 'one snapshot line and the final newline');
    assert.match(lines[0] ?? '', new RegExp(`^\\{"v":${SESSION_SCHEMA_VERSION},"c":"[0-9a-f]{8}","r":\\{"kind":"snapshot","n":0,`));
  });

  it('sets aside a journal whose first record is unreadable, with a clear error, and keeps the other sessions', async () => {
    await store.save(session('good', 1000));
    await store.save(session('bad', 2000));
    await writeFile(join(dir, 'sessions', 'bad.jsonl'), '{"v":3,"c":"00000000","r":{"kind":"snap', 'utf8');
    await assert.rejects(store.get('bad'), (err: unknown) => {
      assert.ok(err instanceof SessionCorruptError);
      assert.equal(err.sessionId, 'bad');
      assert.ok(err.setAsidePath?.includes('bad.corrupt-'));
      assert.match(err.message, /could not be read/);
      return true;
    });
    const files = await readdir(join(dir, 'sessions'));
    assert.ok(files.some((f) => f.startsWith('bad.corrupt-')));
    assert.ok(!files.includes('bad.jsonl'));
    assert.deepEqual((await store.list()).map((s) => s.id), ['good']);
    assert.equal((await store.get('good')).id, 'good');
    assert.equal(problems.length, 1);
    // Named as the list named it (its own file cannot say), with where its file went.
    assert.match(problems[0] ?? '', /^The session “Session bad” could not be read \(.+\); its file was set aside as bad\.corrupt-\d+\.jsonl, in the sessions folder\.$/);
  });

  it('names a session the list never knew as "a session", and reports each unreadable file once', async () => {
    await store.save(session('good', 1000));
    await mkdir(join(dir, 'sessions'), { recursive: true });
    await writeFile(join(dir, 'sessions', 'stray.jsonl'), 'not a journal', 'utf8');
    // A file the reader cannot even open (a folder where a journal should be) is left where it is.
    await mkdir(join(dir, 'sessions', 'odd.jsonl'));
    await writeFile(join(dir, 'index.json'), 'not json', 'utf8');
    assert.deepEqual((await store.list()).map((s) => s.id), ['good']);
    const about = (name: string): string[] => problems.filter((p) => p.includes(name));
    assert.equal(about('stray').length, 1, problems.join('\n'));
    assert.match(about('stray')[0] ?? '', /^A session could not be read \(.+\); its file was set aside as stray\.corrupt-\d+\.jsonl, in the sessions folder\.$/);
    const odd = problems.filter((p) => /^A session could not be read \(.+\); it is left out of the list\.$/.test(p));
    assert.equal(odd.length, 1, problems.join('\n'));
    assert.equal(problems.length, 3, `the damaged list, the stray file, the folder: ${problems.join('\n')}`);
  });

  it('sets aside a first-release file that cannot be read, or has the wrong shape', async () => {
    await mkdir(join(dir, 'sessions'), { recursive: true });
    await writeFile(join(dir, 'sessions', 'x.json'), JSON.stringify({ version: 1, id: 'x', title: 3 }), 'utf8');
    await assert.rejects(store.get('x'), /title/);
    await writeFile(join(dir, 'sessions', 'y.json'), '{"version":1,"id":"y","title":', 'utf8');
    await assert.rejects(store.get('y'), SessionCorruptError);
    assert.ok((await readdir(join(dir, 'sessions'))).some((f) => f.startsWith('y.corrupt-')));
  });

  it('leaves a journal from a newer version untouched and says so', async () => {
    await store.save(session('n', 1000));
    const path = join(dir, 'sessions', 'n.jsonl');
    // A newer Lesson Agent frames its lines as version 5 does: the checksum covers the version.
    const body = (await readFile(path, 'utf8')).replace(/^\{"v":\d+,"c":"[0-9a-f]{8}","r":/, '').replace(/\}\n$/, '');
    const newer = `{"v":99,"c":"${crc32(body, crc32('99|')).toString(16).padStart(8, '0')}","r":${body}}\n`;
    await writeFile(path, newer, 'utf8');
    await assert.rejects(store.get('n'), (err: unknown) => err instanceof SessionCorruptError && err.setAsidePath === undefined && /^The session “Session n” was saved by a newer version of Lesson Agent; it is left as it is\. Update Lesson Agent/.test(err.message));
    assert.equal(await readFile(path, 'utf8'), newer);
    assert.match(problems.join('\n'), /newer version/, 'said in the notices too (the list cannot show it)');
  });

  it('rebuilds a missing or unreadable index from the session files', async () => {
    await store.save(session('a', 1000));
    await store.save(session('b', 2000));
    await writeFile(join(dir, 'index.json'), 'not json', 'utf8');
    assert.deepEqual((await store.list()).map((s) => s.id), ['b', 'a']);
    await rm(join(dir, 'index.json'));
    const fresh = new FileSessionStore(dir);
    assert.deepEqual((await fresh.list()).map((s) => s.id), ['b', 'a']);
    assert.ok(problems.some((p) => p.includes('sessions list')));
  });

  it('parses every index entry with the panel\'s schema: a bad entry is reported and rebuilt, never passed on', async () => {
    await store.save(session('a', 1000));
    await store.save(session('b', 2000));
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as { sessions: Array<Record<string, unknown>> };
    index.sessions = index.sessions.map((e) => (e.id === 'a' ? { ...e, title: 5 } : e));
    await writeFile(join(dir, 'index.json'), JSON.stringify(index), 'utf8');
    const list = await store.list();
    assert.deepEqual(list.map((s) => [s.id, s.title]), [['b', 'Session b'], ['a', 'Session a']]);
    for (const entry of list) assert.ok(sessionSummarySchema.safeParse(entry).success);
    assert.match(problems.join('\n'), /1 unreadable entry/);
  });

  it('lists nothing for a directory that does not exist yet', async () => {
    assert.deepEqual(await new FileSessionStore(join(dir, 'nope')).list(), []);
  });
});

describe('session migrations', () => {
  it('brings the version 1 fixture to the current version, changing nothing else', () => {
    const s = migrateSession(structuredClone(fixtureV1));
    assert.equal(s.id, 's-fixture-1');
    assert.deepEqual(s, { ...fixtureV1, version: SESSION_SCHEMA_VERSION });
  });

  it('keeps a version 2 edit as a diff with its hashes, and a proposal the same way', () => {
    const before = '<lesson>\n  <p>Hi.</p>\n</lesson>\n';
    const after = '<lesson>\n  <p>Hello.</p>\n</lesson>\n';
    const v2 = {
      ...emptySession({ id: 'v2', now: 1 }),
      version: 2,
      edits: [{ id: 'e1', toolCallId: 't1', turnId: 'turn1', documentUri: 'file:///a.lesson.xml', summary: 'Greeting', before, after, appliedAt: 5 }],
    };
    const s = migrateSession(v2);
    const edit = s.edits[0];
    assert.ok(edit);
    assert.deepEqual([edit.status, edit.plannedAt, edit.appliedAt, edit.hashBefore, edit.hashAfter], ['applied', 5, 5, hashText(before), hashText(after)]);
    assert.equal(applyTextPatch(before, edit.patch), after);
    assert.ok(!('before' in edit) && !('after' in edit), 'no copies of the document');
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
    assert.equal(s.version, SESSION_SCHEMA_VERSION);
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

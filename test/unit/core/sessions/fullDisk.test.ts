// A full disk while the session is written (played through the store's FileOpener, see fullDisk.ts):
// a record the disk cuts short is finished or cut back, never kept half written nor padded; an edit
// whose record does not fit never touches the document, and the teacher reads "The disk is full:
// nothing was changed"; no lock file is left behind, and an empty one blocks nobody.
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { Agent } from '../../../../src/core/agent/agent';
import { FileDocument } from '../../../../src/core/documents/fileDocument';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { SessionOwner, type OwnerClock } from '../../../../src/core/sessions/owner';
import { DiskFullError } from '../../../../src/core/sessions/types';
import { DEFAULT_SETTINGS } from '../../../../src/core/settings';
import { editTextTool } from '../../../../src/core/tools/editText';
import type { AgentEvent } from '../../../../src/shared/events';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fake/fakeAnthropic';
import { fullDisk, type FullDisk } from './fullDisk';

const clock: OwnerClock = { now: () => Date.now(), newId: (p) => `${p}-${Math.random().toString(36).slice(2, 10)}` };
const LESSON = '<lesson title="Verbs" lang="fr">\n  <h1>Les verbes</h1>\n  <p>Bonjour à tous.</p>\n</lesson>\n';

describe('a full disk while a session is written', function () {
  this.timeout(20_000);
  let dir: string;
  let disk: FullDisk;
  let store: FileSessionStore;
  let problems: string[];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-full-'));
    disk = fullDisk();
    problems = [];
    store = new FileSessionStore(dir, (m) => problems.push(m), { opener: disk.opener });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const journal = (id: string): Promise<Buffer> => readFile(join(dir, 'sessions', `${id}.jsonl`));

  it('a record the disk cuts short fails and is cut back: no half record, no zeros; once there is room the next save carries it', async () => {
    const owner = await SessionOwner.create(store, clock, { title: 'Verbs' });
    try {
      const before = await journal(owner.id);
      disk.room = 12;
      owner.rename('Verbs, week 3');
      await assert.rejects(owner.save(), /ENOSPC/);
      assert.ok(disk.refused > 0, 'the disk refused part of the record');
      assert.deepEqual(await journal(owner.id), before, 'the journal is as it was');
      // Still full: a second failure must not pad the file with zeros up to where the record would have ended.
      owner.rename('Verbs, week 4');
      await assert.rejects(owner.save(), /ENOSPC/);
      assert.deepEqual(await journal(owner.id), before);
      disk.room = Number.POSITIVE_INFINITY;
      await owner.save();
    } finally {
      await owner.close();
    }
    const bytes = await journal(owner.id);
    assert.equal(bytes.indexOf(0), -1, 'no zero bytes');
    assert.equal((await store.get(owner.id)).title, 'Verbs, week 4');
    // The list beside the sessions is a cache: failing to update it is reported, nothing else is.
    assert.deepEqual(problems.filter((p) => !/^The sessions list could not be updated: ENOSPC/.test(p)), []);
  });

  it('leaves no lock file behind, and an empty lock file (what a full disk left before) blocks nobody', async () => {
    const created = await SessionOwner.create(store, clock, { title: 'Locked out?' });
    await created.close();
    disk.room = 0;
    await assert.rejects(SessionOwner.open(store, created.id, clock), /ENOSPC/);
    assert.deepEqual((await readdir(join(dir, 'sessions'))).filter((n) => n.includes('.lock')), [], 'no lock file and no temp file');
    disk.room = Number.POSITIVE_INFINITY;
    await writeFile(join(dir, 'sessions', `${created.id}.lock`), '');
    assert.equal(await store.writer(created.id), undefined, 'nobody is writing it');
    const owner = await SessionOwner.open(store, created.id, clock);
    await owner.close();
  });

  it('a record cut off at the end is cut on load even when the disk has no room for a copy of it', async () => {
    const owner = await SessionOwner.create(store, clock, { title: 'Torn' });
    owner.rename('Torn, then cut');
    await owner.save();
    await owner.close();
    const good = await journal(owner.id);
    await writeFile(join(dir, 'sessions', `${owner.id}.jsonl`), Buffer.concat([good, Buffer.from('{"v":2,"c":"00000000","r":{"kind":"chan')]));
    // Room for the lock, none for the copy of the torn record.
    disk.fillAt(/"kind":"chan$/, 0);
    const reopened = await SessionOwner.open(store, owner.id, clock);
    await reopened.close();
    assert.deepEqual(await journal(owner.id), good);
    assert.match(problems.join('\n'), /ended in a change that was cut off while it was written \(the disk was full\)/);
  });

  describe('an edit whose record does not fit', () => {
    let fake: FakeAnthropic;
    beforeEach(async () => {
      fake = await startFakeAnthropic({
        steps: [
          { blocks: [{ type: 'tool_use', name: 'edit_text', input: { edits: [{ find: 'Bonjour à tous.', replace: 'Bonsoir à tous.' }], summary: 'Evening' } }] },
          { blocks: [{ type: 'text', text: 'Done.' }] },
        ],
      });
    });
    afterEach(() => fake.close());

    function agentFor(document: FileDocument): Agent {
      return new Agent({
        store,
        createClient: () => new Anthropic({ apiKey: 'sk-ant-full-disk-1a2b3c4d', baseURL: fake.url, maxRetries: 0 }),
        tools: () => [editTextTool],
        skills: () => ({ list: () => [], get: () => undefined }),
        document: () => document,
        workspace: () => undefined,
        settings: () => ({ ...DEFAULT_SETTINGS, approvalEdits: 'never' }),
      });
    }

    it('never touches the document; the turn ends with "The disk is full: nothing was changed", and the session loads', async () => {
      const docPath = join(dir, 'verbs.lesson.xml');
      await writeFile(docPath, LESSON, 'utf8');
      const document = new FileDocument(docPath);
      const agent = agentFor(document);
      const session = await agent.createSession({ document: { uri: document.uri, name: document.name, kind: document.kind } });
      // The disk fills as the edit's record (planned, before it lands) is written: part of it fits.
      disk.fillAt(/"status":"planned"/, 40);
      const events: AgentEvent[] = [];
      const outcome = await agent.run({ kind: 'message', sessionId: session.id, text: 'Say good evening' }, (e) => events.push(e));
      assert.equal(outcome.status, 'error');
      const error = events.at(-1);
      assert.ok(error?.type === 'error', JSON.stringify(events.at(-1)));
      assert.equal(error.code, 'disk_full');
      assert.match(error.message, /^The disk is full: nothing was changed\./);
      assert.equal(await readFile(docPath, 'utf8'), LESSON, 'the lesson is untouched');
      assert.equal((await journal(session.id)).indexOf(0), -1, 'no zero bytes');

      disk.room = Number.POSITIVE_INFINITY;
      const reopened = await agent.openSession(session.id);
      assert.equal(reopened.edits.filter((e) => e.status === 'applied').length, 0, 'no edit is recorded as made');
      assert.ok(reopened.messages.some((m) => m.role === 'user'), 'the request is kept');
    });

    it('a session can still be opened and read while the disk is full; a new one says the disk is full', async () => {
      const document = new FileDocument(join(dir, 'verbs.lesson.xml'));
      await writeFile(document.path, LESSON, 'utf8');
      const agent = agentFor(document);
      const session = await agent.createSession({ title: 'Read me' });
      disk.room = 0;
      assert.equal((await agent.openSession(session.id)).title, 'Read me');
      await assert.rejects(agent.createSession({ title: 'No room' }), (err: unknown) => err instanceof DiskFullError && /^The disk is full: nothing was changed/.test(err.message));
      await assert.rejects(agent.run({ kind: 'message', sessionId: session.id, text: 'hello' }, () => undefined), DiskFullError);
    });
  });
});

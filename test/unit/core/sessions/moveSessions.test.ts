// Sessions move from the folder VS Code gave one window (its workspace storage) to the folder every
// window of the workspace shares: each once, as it was, none lost, none twice, also when the move
// is killed after any of its steps, stopped by a full disk, or meets a session already there.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { MOVED_NOTE, moveSessions } from '../../../../src/core/sessions/moveSessions';
import { emptySession } from '../../../../src/core/sessions/newSession';
import { SessionOwner } from '../../../../src/core/sessions/owner';
import { fullDisk } from './fullDisk';
import { filesIn, makeOldFolder, sessionFiles, type Sessions } from './moveSessionsKit';

const CHILD = join(__dirname, 'moveSessions.child.js');
const GARBAGE = '{"v":3,"c":"00000000","r":{"kind":"snap';

function runChild(from: string, to: string, n: number): Promise<{ signal: NodeJS.Signals | null; steps: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHILD, from, to, String(n)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (_code, signal) => resolve({ signal, steps: stdout.split('\n').filter(Boolean).length, stderr }));
  });
}

describe('moving sessions to the folder every window shares', function () {
  this.timeout(60_000);
  let root: string;
  let from: string;
  let to: string;
  let before: Sessions;
  let oldFiles: Map<string, string>;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'la-move-'));
    from = join(root, 'workspaceStorage', 'abc123', 'lesson-agent.lesson-agent');
    to = join(root, 'globalStorage', 'lesson-agent.lesson-agent', 'workspaces', 'k1');
    before = await makeOldFolder(from);
    oldFiles = await filesIn(from);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  /** Every session as it was, each listed once; every part of one kept; nothing left to move. */
  async function assertMoved(source = from, target = to): Promise<string[]> {
    const problems: string[] = [];
    const store = new FileSessionStore(target, (m) => problems.push(m));
    const listed = (await store.list()).map((s) => s.id).sort();
    assert.deepEqual(listed, [...before.keys()].sort(), 'each readable session listed once');
    for (const [id, session] of before) assert.deepEqual(await store.get(id), session, `session ${id} as it was`);
    const moved = await filesIn(target);
    assert.equal(moved.get('sessions/s-old.damaged-1700000000000.jsonl'), oldFiles.get('sessions/s-old.damaged-1700000000000.jsonl'));
    const asideName = [...moved.keys()].find((f) => /^sessions\/s-broken\.corrupt-\d+\.jsonl$/.test(f));
    assert.ok(asideName, 'the unreadable session is set aside in the shared folder, not dropped');
    assert.equal(moved.get(asideName), GARBAGE);
    assert.deepEqual([...moved.keys()].filter((f) => f.includes('before-move')), [], 'no session counted as a clash with itself');
    assert.deepEqual(sessionFiles(await filesIn(source)), [], 'nothing left in the old folder');
    return problems;
  }

  it('moves every session once, as it was; an unreadable one is set aside in the shared folder and reported, not dropped', async () => {
    const result = await moveSessions(from, to);
    assert.deepEqual([...result.moved].sort(), [...before.keys(), 's-broken'].sort());
    assert.deepEqual(result.inUse, []);
    const problems = await assertMoved();
    assert.ok(problems.some((p) => /^(The session “.*”|A session) could not be read \(.*\); its file was set aside as s-broken\.corrupt-/.test(p)), problems.join('\n'));
    assert.equal(JSON.parse(await readFile(join(to, 'last-session.json'), 'utf8')).sessionId, 's-a', 'the session shown last comes along');
    const note = JSON.parse(await readFile(join(from, MOVED_NOTE), 'utf8')) as { movedTo: string; files: string[] };
    assert.equal(note.movedTo, to, 'the old folder says where its sessions went');
    assert.deepEqual(note.files.map((f) => `sessions/${f}`), sessionFiles(oldFiles));
  });

  it('moving again finds nothing to move and changes nothing', async () => {
    await moveSessions(from, to);
    const after = await filesIn(root);
    const again = await moveSessions(from, to);
    assert.deepEqual(again, { moved: [], inUse: [] });
    assert.deepEqual(await filesIn(root), after);
  });

  it('a move killed after any of its steps is finished by the next start: nothing lost, nothing twice, never a file half copied', async () => {
    await cp(from, join(root, 'probe-from'), { recursive: true });
    const whole = await runChild(join(root, 'probe-from'), join(root, 'probe-to'), 0);
    assert.equal(whole.signal, null, whole.stderr);
    const copied = sessionFiles(oldFiles).length;
    assert.equal(whole.steps, 2 * copied + 1, 'a copy and a removal per file, and the note');
    for (let n = 1; n <= whole.steps; n++) {
      const [source, target] = [join(root, `from-${n}`), join(root, `to-${n}`)];
      await cp(from, source, { recursive: true });
      const killed = await runChild(source, target, n);
      assert.equal(killed.signal, 'SIGKILL', `killed after step ${n}: ${killed.stderr}`);
      for (const [name, text] of await filesIn(join(target, 'sessions'))) {
        if (name.endsWith('.tmp')) continue;
        assert.equal(text, oldFiles.get(`sessions/${name}`), `after step ${n}, ${name} is whole`);
      }
      await moveSessions(source, target);
      await assertMoved(source, target);
    }
  });

  it('a session written on in the shared folder after a move was cut short keeps what was written there, once', async () => {
    const cut = moveSessions(from, to, {
      afterStep: (step) => {
        if (step.kind === 'copied' && step.file === 's-b.jsonl') throw new Error('VS Code stopped');
      },
    });
    await assert.rejects(cut, /VS Code stopped/);
    // Another window opens the copied session from the shared folder and carries on in it.
    const other = new FileSessionStore(to);
    const owner = await SessionOwner.open(other, 's-b', { now: () => 9000, newId: (p) => `${p}-2` });
    owner.rename('Verbs, week 4');
    await owner.save();
    await owner.close();
    before.set('s-b', await other.get('s-b'));
    await moveSessions(from, to);
    await assertMoved();
    assert.equal((await new FileSessionStore(to).get('s-b')).title, 'Verbs, week 4');
  });

  it('a session already in the shared folder with other contents is kept there, and the old copy beside it, with a note', async () => {
    const there = { ...emptySession({ id: 's-c', now: 100, title: 'Written in the shared folder' }), updatedAt: 200 };
    await new FileSessionStore(to).save(there);
    const problems: string[] = [];
    await moveSessions(from, to, { onProblem: (m) => problems.push(m), now: () => 4242 });
    const store = new FileSessionStore(to);
    assert.deepEqual(await store.get('s-c'), there);
    assert.equal((await store.list()).filter((s) => s.id === 's-c').length, 1);
    assert.equal(await readFile(join(to, 'sessions', 's-c.before-move-4242.jsonl'), 'utf8'), oldFiles.get('sessions/s-c.jsonl'));
    assert.match(problems.join('\n'), /Session s-c was in both .* the other copy is beside it as s-c\.before-move-4242\.jsonl/);
  });

  it('a session a live process is writing stays where it is until it is free, then moves', async () => {
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const holder = { pid: live.pid, host: hostname(), since: Date.now(), holder: 'the lesson-agent command line', token: 'busy' };
      await writeFile(join(from, 'sessions', 's-c.lock'), JSON.stringify(holder), 'utf8');
      const first = await moveSessions(from, to);
      assert.deepEqual(first.inUse, ['s-c']);
      assert.ok(!first.moved.includes('s-c'));
      assert.equal(await readFile(join(from, 'sessions', 's-c.jsonl'), 'utf8'), oldFiles.get('sessions/s-c.jsonl'));
    } finally {
      live.kill();
      await new Promise((resolve) => live.once('exit', resolve));
    }
    const second = await moveSessions(from, to);
    assert.deepEqual(second.moved, ['s-c']);
    await assertMoved();
  });

  it('a full disk stops the move with nothing half copied and the old folder whole; the next start finishes it', async () => {
    const disk = fullDisk();
    disk.fillAt(/Verbs, week 3/, 40);
    await assert.rejects(moveSessions(from, to, { opener: disk.opener }), { code: 'ENOSPC' });
    assert.deepEqual(sessionFiles(await filesIn(from)), sessionFiles(oldFiles), 'the old folder is as it was');
    for (const [name, text] of await filesIn(join(to, 'sessions'))) assert.equal(text, oldFiles.get(`sessions/${name}`), `${name} is whole`);
    await moveSessions(from, to);
    await assertMoved();
  });
});

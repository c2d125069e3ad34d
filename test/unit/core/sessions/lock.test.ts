// One writer per session: a second writer is refused and told who holds it; a lock whose holder is
// gone is taken over; a writer that lost its lock writes nothing. (Two processes at once: the CLI
// tests in cliSessions.test.ts and the hostile suite.)
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionOwner, type OwnerClock } from '../../../../src/core/sessions/owner';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { SessionInUseError } from '../../../../src/core/sessions/types';
import { bootId, processStart } from '../../../../src/core/sessions/processIdentity';

const clock: OwnerClock = { now: () => 1_800_000_000_000, newId: (p) => `${p}-${Math.random().toString(36).slice(2, 8)}` };

function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
}

describe('one writer per session', () => {
  let dir: string;
  let store: FileSessionStore;
  let id: string;
  const open: SessionOwner[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-lock-'));
    store = new FileSessionStore(dir, () => undefined, { holder: 'the test' });
    const created = await SessionOwner.create(store, clock, { title: 'Locked' });
    id = created.id;
    await created.close();
  });
  afterEach(async () => {
    for (const o of open.splice(0)) await o.close();
    await rm(dir, { recursive: true, force: true });
  });

  const lockPath = (): string => join(dir, 'sessions', `${id}.lock`);
  async function writeLock(holder: Record<string, unknown>, ageMs = 0): Promise<void> {
    await writeFile(lockPath(), JSON.stringify({ since: Date.now() - ageMs, holder: 'someone', token: 'feedbeef', ...holder }), 'utf8');
    const then = new Date(Date.now() - ageMs);
    await utimes(lockPath(), then, then);
  }

  it('refuses a second writer, saying who holds the session, and lets it in once the first is done', async () => {
    const first = await SessionOwner.open(store, id, clock);
    open.push(first);
    await assert.rejects(SessionOwner.open(new FileSessionStore(dir), id, clock), (err: unknown) => {
      assert.ok(err instanceof SessionInUseError);
      // The date too: a lock from last week must not read as if it were from this afternoon.
      assert.match(err.message, new RegExp(`in use by the test \\(process ${process.pid} on ${hostname()}, since \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d\\d:\\d\\d:\\d\\d\\)`));
      return true;
    });
    assert.equal((await store.writer(id))?.holder, 'the test');
    await first.close();
    open.pop();
    assert.equal(await store.writer(id), undefined);
    const second = await SessionOwner.open(store, id, clock);
    open.push(second);
  });

  it('takes over a lock whose process died, and one this process leaked', async () => {
    await writeLock({ pid: deadPid(), host: hostname() });
    assert.equal(await store.writer(id), undefined, 'a dead holder holds nothing');
    const taker = await SessionOwner.open(store, id, clock);
    await taker.close();
    await writeLock({ pid: process.pid, host: hostname() });
    open.push(await SessionOwner.open(store, id, clock));
  });

  it('takes over a lock whose pid now belongs to another, live process (pid reuse), and one from before a restart', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const pid = sleeper.pid ?? 0;
      const started = processStart(pid);
      if (started !== undefined) {
        // The holder was a process with this pid that started at another time.
        await writeLock({ pid, host: hostname(), started: String(Number(started) + 1) });
        assert.equal(await store.writer(id), undefined, 'another process holds nothing');
        await (await SessionOwner.open(store, id, clock)).close();
        await writeLock({ pid, host: hostname(), started });
        assert.equal((await store.writer(id))?.pid, pid, 'the same process still holds it');
      }
      const boot = bootId();
      await writeLock({ pid, host: hostname(), boot: 'a-boot-before-a-restart' });
      if (boot !== undefined) {
        assert.equal(await store.writer(id), undefined, 'a lock from before a restart holds nothing');
        await (await SessionOwner.open(store, id, clock)).close();
      } else {
        assert.equal((await store.writer(id))?.pid, pid, 'without a boot id the live pid decides');
      }
    } finally {
      sleeper.kill();
    }
  });

  it('a teacher can take a live lock over: the other writer\'s later saves fail and change nothing', async () => {
    const other = await SessionOwner.open(new FileSessionStore(dir, () => undefined, { holder: 'another window' }), id, clock);
    open.push(other);
    await assert.rejects(SessionOwner.open(store, id, clock), SessionInUseError);
    const taker = await SessionOwner.open(store, id, clock, { takeOver: true });
    taker.rename('Taken over');
    await taker.save();
    await taker.close();
    other.rename('Written after the takeover');
    await assert.rejects(other.save(), /took this session over/);
    assert.equal((await store.get(id)).title, 'Taken over');
  });

  it('respects a lock from another host until its heartbeat stops for a minute', async () => {
    await writeLock({ pid: 4242, host: 'another-host' }, 5_000);
    await assert.rejects(SessionOwner.open(store, id, clock), SessionInUseError);
    await writeLock({ pid: 4242, host: 'another-host' }, 120_000);
    open.push(await SessionOwner.open(store, id, clock));
  });

  it('writes nothing once its lock was taken over', async () => {
    const owner = await SessionOwner.open(store, id, clock);
    open.push(owner);
    await writeLock({ pid: process.pid + 1, host: hostname(), token: 'someone-else' });
    owner.rename('Lost');
    await assert.rejects(owner.save(), /took this session over/);
    assert.equal((await store.get(id)).title, 'Locked');
    assert.match(await readFile(lockPath(), 'utf8'), /someone-else/, 'and closing leaves the new holder\'s lock alone');
    await owner.close();
    open.pop();
    assert.match(await readFile(lockPath(), 'utf8'), /someone-else/);
  });
});

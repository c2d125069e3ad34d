// One writer per session: a second writer is refused and told who holds it; a lock whose holder is
// gone is taken over; a writer that lost its lock writes nothing. (Two processes at once: the CLI
// tests in cliSessions.test.ts and the hostile suite.)
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionOwner, type OwnerClock } from '../../../../src/core/sessions/owner';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { SessionInUseError } from '../../../../src/core/sessions/types';

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
      assert.match(err.message, new RegExp(`in use by the test \\(process ${process.pid} on ${hostname()}, since \\d\\d:\\d\\d:\\d\\d\\)`));
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

// Damage of every kind is found in a journal: a bad byte in a line's version is caught by the
// checksum (it used to pass for "a newer Lesson Agent", and the session could not be opened at
// all); a line written twice is recognised by its sequence number and dropped with a notice (it
// used to replay twice and leave every later turn failing); and the sessions list is reconciled
// with the files present, so a session whose list entry was lost to a crash is still listed.
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { SessionOwner, type OwnerClock } from '../../../../src/core/sessions/owner';
import { emptySession } from '../../../../src/core/sessions/newSession';
import type { Session } from '../../../../src/core/sessions/schema';

function clock(): OwnerClock {
  let t = 1_800_000_000_000;
  let n = 0;
  return { now: () => ++t, newId: (p) => `${p}-${++n}` };
}

const usage = { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheCreationTokens: 0 };

/** A bit of the version's digit turned on, so the version reads higher (3 -> 7, 4 -> 5). */
function flipVersionUp(line: string): string {
  return line.replace(/^\{"v":(\d)/, (_, d: string) => {
    const code = d.charCodeAt(0);
    const bit = [1, 2, 4].find((b) => (code & b) === 0) ?? 8;
    return `{"v":${String.fromCharCode(code | bit)}`;
  });
}

describe('journal damage of every kind', () => {
  let dir: string;
  let problems: string[];
  let store: FileSessionStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-damage-'));
    problems = [];
    store = new FileSessionStore(dir, (m) => problems.push(m));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** A session of six checkpoints, and its state after each. */
  async function sixTurns(): Promise<{ id: string; path: string; states: Session[] }> {
    const o = await SessionOwner.create(store, clock(), { title: 'Weather words' });
    const states: Session[] = [];
    for (let i = 0; i < 6; i++) {
      const { turn } = o.startTurn({ text: `message ${i}` });
      o.recordReply(turn.id, { content: [{ type: 'text', text: `answer ${i}` }], model: 'claude-test', requestedModel: 'claude-test', usage, stopReason: 'end_turn' });
      o.complete(turn.id);
      await o.save();
      states.push(structuredClone(o.session) as Session);
    }
    await o.close();
    return { id: o.id, path: join(dir, 'sessions', `${o.id}.jsonl`), states };
  }

  it('a bad byte in a line\'s version is damage found by the checksum: the session opens with everything before it', async () => {
    const { id, path, states } = await sixTurns();
    const lines = (await readFile(path, 'utf8')).split('\n');
    lines[4] = flipVersionUp(lines[4] ?? '');
    await writeFile(path, lines.join('\n'), 'utf8');
    assert.deepEqual(await store.get(id), states[2], 'the three checkpoints before the damage');
    const owner = await SessionOwner.open(store, id, clock());
    await owner.close();
    assert.match(problems.join('\n'), /was damaged \(its checksum does not match\)\. Everything before the damage was kept/);
  });

  it('a numbered line whose version reads lower than its record is damage too', async () => {
    const { id, path, states } = await sixTurns();
    const lines = (await readFile(path, 'utf8')).split('\n');
    lines[3] = (lines[3] ?? '').replace(/^\{"v":\d+,/, '{"v":0,');
    await writeFile(path, lines.join('\n'), 'utf8');
    assert.deepEqual(await store.get(id), states[1]);
  });

  it('a line written twice is dropped with a notice, and the turns after it go on', async () => {
    const { id, path, states } = await sixTurns();
    const lines = (await readFile(path, 'utf8')).split('\n');
    lines.splice(3, 0, lines[3] ?? '');
    await writeFile(path, lines.join('\n'), 'utf8');
    assert.deepEqual(await store.get(id), states[5], 'nothing twice, nothing lost');
    const owner = await SessionOwner.open(store, id, clock());
    assert.match(problems.join('\n'), /Session “Weather words”: A line was written twice in its file; the copies were dropped and nothing was lost\./);
    const { turn } = owner.startTurn({ text: 'one more' });
    owner.complete(turn.id);
    await owner.save();
    await owner.close();
    const again = await new FileSessionStore(dir).get(id);
    assert.deepEqual(again, owner.session);
    assert.equal(again.messages.filter((m) => m.role === 'user').length, 7);
    assert.equal(problems.length, 1, 'reported once');
  });

  it('a line from elsewhere in the journal, or lines out of order, are damage, not replayed', async () => {
    const { id, path, states } = await sixTurns();
    const lines = (await readFile(path, 'utf8')).split('\n');
    [lines[4], lines[5]] = [lines[5] ?? '', lines[4] ?? ''];
    await writeFile(path, lines.join('\n'), 'utf8');
    assert.deepEqual(await store.get(id), states[2]);
  });

  it('lists a session whose list entry was lost (a crash between its first write and the list\'s), and drops one whose file is gone', async () => {
    const now = 1_800_000_000_000;
    for (const id of ['a', 'b', 'c']) await store.save({ ...emptySession({ id, now, title: `Session ${id}` }), updatedAt: now + id.charCodeAt(0) });
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as { version: number; sessions: Array<{ id: string }> };
    await writeFile(join(dir, 'index.json'), JSON.stringify({ ...index, sessions: index.sessions.filter((s) => s.id !== 'b') }), 'utf8');
    await rm(join(dir, 'sessions', 'c.jsonl'));
    const fresh = new FileSessionStore(dir);
    assert.deepEqual((await fresh.list()).map((s) => s.id), ['b', 'a']);
    const saved = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as { sessions: Array<{ id: string }> };
    assert.deepEqual(saved.sessions.map((s) => s.id).sort(), ['a', 'b'], 'the list on disk is reconciled too');
  });
});

// kill -9 at random moments of a restore and of its Redo, through the built CLI: three agent edits
// with the teacher's typing between them, then `rewind --to` the second turn and `redo`, one after
// the other, each killed somewhere between the process starting and the time a whole run takes.
// After every kill the session, opened as the next process would (what the crash left open
// settled), is wholly the old state or wholly the new one: the lesson's text, the conversation,
// what is set aside and the Redo all agree, never a mix, and nothing is left under way.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReadonlySession } from '../../src/core/sessions/schema';
import type { FakeAnthropic } from '../fake/fakeAnthropic';
import { CLI } from '../unit/core/cliProcess';
import { DOC, SCENARIO, THREE_TURNS } from '../unit/core/rewindLesson';
import { settled, spawnCli } from './afterKill';
import { captured, cli, figure, seededRandom, tempDir, useSuiteFake } from './kit';

const KILLS = 40;
interface Setup {
  dir: string;
  doc: string;
  sessions: string;
  id: string;
  turns: string[];
}

/** Three turns, each with an agent edit, the teacher typing after the first two. */
async function threeEdits(fake: FakeAnthropic): Promise<Setup> {
  const dir = await tempDir('kill-restore');
  const doc = join(dir, 'weather.md');
  const sessions = join(dir, 'sessions');
  await writeFile(doc, DOC, 'utf8');
  const turns: string[] = [];
  let id = '';
  for (const [prompt, typing] of THREE_TURNS) {
    const r = await cli(['run', '--doc', doc, '--prompt', prompt, '--session-dir', sessions, '--base-url', fake.url, '--approval', 'never', ...(id ? ['--session', id] : [])]);
    assert.equal(r.code, 0, r.stderr);
    id = r.events[0]?.sessionId ?? '';
    turns.push(r.events[0]?.turnId ?? '');
    if (typing) await writeFile(doc, typing(await readFile(doc, 'utf8')), 'utf8');
  }
  return { dir, doc, sessions, id, turns };
}

/** How long a command takes here from its start, to its exit. */
async function span(args: string[]): Promise<{ ms: number; code: number | null }> {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  captured(out);
  return { ms: Date.now() - started, code };
}

type State = 'old' | 'restored';

/** Which of the two whole states the session and the lesson are in, or what is mixed. */
function stateOf(session: ReadonlySession, text: string, s: Setup, texts: Record<State, string>): State | string {
  if (session.restoring) return `a restore left under way (${session.restoring.state})`;
  const turns = session.turns.map((t) => t.id).join(',');
  const aside = (session.branches ?? []).map((b) => b.turns.map((t) => t.id).join(',')).join(';');
  if (text === texts.old && turns === s.turns.join(',') && aside === '' && !session.redo) return 'old';
  const restored = text === texts.restored && turns === s.turns[0] && aside === s.turns.slice(1).join(',') && session.redo?.branch === session.branches?.[0]?.id;
  if (restored) return 'restored';
  return `a mix: the lesson ${text === texts.old ? 'old' : text === texts.restored ? 'restored' : 'neither'}, turns [${turns}], set aside [${aside}], Redo ${session.redo ? 'on' : 'off'}`;
}

describe('hostile: kill -9 during a restore and its Redo', function () {
  // A hang guard, not a budget: forty processes started and killed take minutes on a busy machine
  // (it ran past five in a clean-clone run beside other test runs).
  this.timeout(900_000);
  const suiteFake = useSuiteFake(SCENARIO);

  it(`${KILLS} kill -9 at random moments of rewind and redo: each leaves the old state or the new one, never a mix`, async () => {
    const s = await threeEdits(suiteFake());
    const old = await readFile(s.doc, 'utf8');
    const base = ['--session-dir', s.sessions, '--session', s.id];
    const rewind = ['rewind', ...base, '--to', s.turns[1] ?? ''];
    const redo = ['redo', ...base];
    // Calibration: a whole restore and a whole Redo, and a process that only starts (bad usage) for where kills begin.
    const restoreRun = await span(rewind);
    assert.equal(restoreRun.code, 0);
    const restored = await readFile(s.doc, 'utf8');
    assert.equal(restored, '# Weather words\n\n- sun\n- rain\n\nHomework: write three sentences.\n\nBring an umbrella.\nDue Friday.\n');
    const redoRun = await span(redo);
    assert.equal(redoRun.code, 0);
    assert.equal(await readFile(s.doc, 'utf8'), old);
    const startup = await span(['rewind', ...base]);
    assert.equal(startup.code, 2);
    const from = Math.round(startup.ms * 0.8);
    const to = Math.round(Math.max(restoreRun.ms, redoRun.ms) * 1.2);
    const texts: Record<State, string> = { old, restored };

    const seed = Number(process.env.LESSON_AGENT_HOSTILE_SEED ?? Date.now() % 100_000);
    const random = seededRandom(seed);
    let state: State = 'old';
    const tally = { kills: 0, finished: 0, before: 0, after: 0, problems: [] as string[] };
    for (let step = 0; tally.kills < KILLS && step < KILLS * 4; step++) {
      const run = await spawnCli(state === 'old' ? rewind : redo, from + Math.floor(random() * (to - from)), { from: 'start', key: false });
      if (run.signal === 'SIGKILL') tally.kills += 1;
      else if (run.code === 0) tally.finished += 1;
      else tally.problems.push(`seed ${seed} step ${step}: exit ${run.code}: ${run.stdout.slice(-300)}`);
      try {
        const now = stateOf(await settled(s.sessions, s.doc, s.id), await readFile(s.doc, 'utf8'), s, texts);
        if (now !== 'old' && now !== 'restored') {
          tally.problems.push(`seed ${seed} step ${step} (${state === 'old' ? 'rewind' : 'redo'}${run.signal ? ' killed' : ''}): ${now}`);
          break;
        }
        if (run.signal === 'SIGKILL') tally[now === state ? 'before' : 'after'] += 1;
        if (run.code === 0 && now === state) tally.problems.push(`seed ${seed} step ${step}: exit 0 but nothing changed`);
        state = now;
      } catch (err) {
        tally.problems.push(`seed ${seed} step ${step}: the session does not load: ${err instanceof Error ? err.message : String(err)}`);
        break;
      }
    }
    figure(
      `kill -9 during a restore: ${tally.kills} kills (seed ${seed}, at ${from}-${to} ms after the start; a whole restore takes ${restoreRun.ms} ms, a Redo ${redoRun.ms} ms), ` +
        `${tally.finished} runs that finished first; after a kill: ${tally.before} as before the command, ${tally.after} as after it, no mix`,
    );
    assert.deepEqual(tally.problems, []);
    assert.equal(tally.kills, KILLS);
    assert.ok(tally.before > 0 && tally.after > 0, 'kills landed on both sides of the change');
  });
});

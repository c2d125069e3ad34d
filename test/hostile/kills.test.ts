// kill -9 at random moments while the built CLI takes turns that edit the document and ask a
// question (answered by `resume --answer`). After every kill the session loads, keeps every
// message it had before that turn (at most the turn's own message is lost), has no edit left
// unsettled, and records every edit that is in the document. Then two writers on one session.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSessionStore } from '../../src/core/sessions/fileStore';
import { startFakeAnthropic, type FakeAnthropic } from '../fake/fakeAnthropic';
import { DOC, problemsAfterKill, SCENARIO, sessionIdOf, settled, spawnCli, userTexts } from './afterKill';
import { CLI } from '../unit/core/cliProcess';
import { captured, cli, figure, KEY, seededRandom, tempDir, useSuiteFake } from './kit';

const KILLS = 50;
const CHAINS = 5;

interface Tally {
  kills: number;
  completed: number;
  loadable: number;
  lostMessages: number;
  editsRecorded: number;
  problems: string[];
}

async function chain(fake: FakeAnthropic, seed: number, kills: number, budgetMs: number, tally: Tally): Promise<void> {
  const random = seededRandom(seed);
  const dir = await tempDir('kill');
  const doc = join(dir, 'weather.md');
  const sessions = join(dir, 'sessions');
  await writeFile(doc, DOC, 'utf8');
  let id: string | undefined;
  let done = 0;
  for (let step = 0; done < kills && step < kills * 4; step++) {
    const before = id ? await new FileSessionStore(sessions).get(id) : undefined;
    const base = ['--session-dir', sessions, '--base-url', fake.url, '--approval', 'never', '--stall-timeout', '5'];
    const args =
      before?.pending?.kind === 'question'
        ? ['resume', '--session', before.id, '--answer', '["B1"]', ...base]
        : ['run', '--doc', doc, '--prompt', `message ${step}`, ...(id ? ['--session', id] : []), ...base];
    const run = await spawnCli(args, Math.floor(random() * budgetMs));
    if (run.signal === 'SIGKILL') done += 1;
    else if (run.code === 0 || run.code === 3) tally.completed += 1;
    else tally.problems.push(`seed ${seed} step ${step}: exit ${run.code}: ${run.stdout.slice(-400)}`);
    id ??= await sessionIdOf(run.stdout, sessions);
    if (!id) continue;
    const { problems, lost } = await problemsAfterKill(sessions, doc, id, before);
    tally.lostMessages += lost;
    if (run.signal === 'SIGKILL' && !problems.some((p) => p.startsWith('the session does not load'))) tally.loadable += 1;
    tally.problems.push(...problems.map((p) => `seed ${seed} step ${step}: ${p}`));
  }
  if (id) {
    const last = await settled(sessions, doc, id);
    tally.editsRecorded += last.edits.filter((e) => e.status === 'applied').length;
  }
  if (done < kills) tally.problems.push(`seed ${seed}: only ${done} kills landed`);
}

describe('hostile: kill -9 and two writers', function () {
  this.timeout(300_000);
  const suiteFake = useSuiteFake(SCENARIO);

  it(`${KILLS} kill -9 at random moments of turns with edits and answers: every session loads, nothing before the turn is lost, every edit in the document is recorded`, async () => {
    // How long one uninterrupted turn and its answer take here, from the first event: kills land anywhere in that span.
    const dir = await tempDir('kill-calibrate');
    await writeFile(join(dir, 'weather.md'), DOC, 'utf8');
    const fake = suiteFake();
    const base = ['--session-dir', join(dir, 'sessions'), '--base-url', fake.url, '--approval', 'never'];
    const span = async (args: string[]): Promise<number> => {
      const started = { at: 0 };
      const child = spawn(process.execPath, [CLI, ...args, ...base, '--api-key', KEY], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        started.at ||= Date.now();
        out += d.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      captured(out);
      assert.ok(code === 0 || code === 3, out.slice(-300));
      return Date.now() - started.at;
    };
    const asked = await span(['run', '--doc', join(dir, 'weather.md'), '--prompt', 'message 0']);
    const id = (await readdir(join(dir, 'sessions', 'sessions'))).find((n) => n.endsWith('.jsonl'))?.replace(/\.jsonl$/, '') ?? '';
    const answered = await span(['resume', '--session', id, '--answer', '["B1"]']);
    const budgetMs = Math.max(200, Math.max(asked, answered) * 1.1);
    const seed = Number(process.env.LESSON_AGENT_HOSTILE_SEED ?? Date.now() % 100_000);
    const tally: Tally = { kills: 0, completed: 0, loadable: 0, lostMessages: 0, editsRecorded: 0, problems: [] };
    await Promise.all(Array.from({ length: CHAINS }, (_, i) => chain(fake, seed + i, KILLS / CHAINS, budgetMs, tally)));
    tally.kills = tally.loadable + tally.problems.filter((p) => p.includes('does not load')).length;
    figure(
      `kill -9: ${tally.kills} kills (seed ${seed}, at 0-${Math.round(budgetMs)} ms after a turn's first event), ${tally.completed} turns that finished first; ` +
        `${tally.loadable}/${tally.kills} sessions loadable after a kill, ${tally.lostMessages} earlier messages lost, ${tally.editsRecorded} applied edits, all recorded`,
    );
    assert.deepEqual(tally.problems, []);
    assert.equal(tally.loadable, KILLS);
  });

  it('two writers on one session: one runs, the other is refused with an error event naming the holder, and no answer is lost', async () => {
    const dir = await tempDir('writers');
    const doc = join(dir, 'weather.md');
    const sessions = join(dir, 'sessions');
    await writeFile(doc, DOC, 'utf8');
    const slow = await startFakeAnthropic({ steps: [], fallback: { blocks: [{ type: 'text', text: 'A slow answer. '.repeat(10), chunk: 10 }], delayMs: 20 } });
    try {
      const base = ['--doc', doc, '--session-dir', sessions, '--base-url', slow.url];
      const first = await cli(['run', '--prompt', 'hello', ...base]);
      const id = first.events[0]?.sessionId ?? '';
      let refused = 0;
      const trials = 3;
      for (let i = 0; i < trials; i++) {
        const [a, b] = await Promise.all([cli(['run', '--prompt', `writer A ${i}`, '--session', id, ...base]), cli(['run', '--prompt', `writer B ${i}`, '--session', id, ...base])]);
        const codes = [a.code, b.code].sort();
        const loser = a.code === 0 ? b : a;
        const err = loser.events.at(-1);
        if (codes[0] === 0 && codes[1] === 1 && err?.type === 'error' && err.code === 'in_use' && /in use by the lesson-agent command line/.test(err.message)) refused += 1;
        else assert.deepEqual(codes, [0, 0], 'both ran one after the other, or one was refused');
      }
      const texts = userTexts(await new FileSessionStore(sessions).get(id));
      const ran = texts.filter((t) => t.startsWith('writer ')).length;
      figure(`two writers: ${trials} trials, ${refused} refused with an "in use" error event, ${ran} turns recorded, each with its answer`);
      assert.ok(refused >= 1, 'at least one trial overlapped');
      assert.equal(ran, trials * 2 - refused, 'every turn that ran is recorded');
    } finally {
      await slow.close();
    }
  });
});

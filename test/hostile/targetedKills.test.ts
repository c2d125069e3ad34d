// kill -9 at every durable moment of a command, not at random times: just before and just after
// each sync of a file's data, and just before and just after each rename (killAt.mjs, preloaded
// into the built CLI, counts them and kills at the chosen one). Three commands are killed this way:
// the first turn of a new session, the answer to its question, and a later turn. After each kill
// the session opens with nothing lost (afterKill.ts), no record is set aside as damaged, and the
// next command goes on from there.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileSessionStore } from '../../src/core/sessions/fileStore';
import type { FakeAnthropic } from '../fake/fakeAnthropic';
import { CLI, ROOT } from '../unit/core/cliProcess';
import { DOC, problemsAfterKill, SCENARIO, sessionIdOf } from './afterKill';
import { captured, figure, KEY, tempDir, useSuiteFake } from './kit';

const KILL_AT = join(ROOT, 'test', 'hostile', 'killAt.mjs');
const MOMENTS = ['datasync', 'rename'] as const;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
}

function runWith(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', pathToFileURL(KILL_AT).href, CLI, ...args, '--api-key', KEY], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code, signal) => {
      captured(stdout);
      captured(stderr);
      resolve({ code, signal, stdout });
    });
  });
}

/** A folder holding the lesson and the sessions: the state a command starts from. */
interface Place {
  dir: string;
  doc: string;
  sessions: string;
}

function placeIn(dir: string): Place {
  return { dir, doc: join(dir, 'weather.md'), sessions: join(dir, 'sessions') };
}

async function copyOf(place: Place, label: string): Promise<Place> {
  const dir = await tempDir(`targeted-${label}`);
  await cp(place.dir, dir, { recursive: true });
  return placeIn(dir);
}

/** The next command for a place: the answer to a pending question, or a new message. */
async function nextCommand(place: Place, fake: FakeAnthropic, message: string): Promise<string[]> {
  const id = await sessionIdOf('', place.sessions);
  const session = id ? await new FileSessionStore(place.sessions).get(id) : undefined;
  const base = ['--session-dir', place.sessions, '--base-url', fake.url, '--approval', 'never', '--stall-timeout', '5'];
  if (session?.pending?.kind === 'question') return ['resume', '--session', session.id, '--answer', '["B1"]', ...base];
  return ['run', '--doc', place.doc, '--prompt', message, ...(id ? ['--session', id] : []), ...base];
}

interface Tally {
  moments: number;
  killed: number;
  notReached: number;
  wentOn: number;
  problems: string[];
}

/** Kills the command at each of its moments in turn, each time on a fresh copy of `start`. */
async function killEachMoment(start: Place, label: string, fake: FakeAnthropic, tally: Tally): Promise<void> {
  const countsFile = join(start.dir, '..', `${label}-counts.json`);
  const counting = await copyOf(start, `${label}-count`);
  const counted = await runWith(await nextCommand(counting, fake, label), { LESSON_AGENT_KILL_COUNTS: countsFile });
  assert.ok(counted.code === 0 || counted.code === 3, `${label} runs whole: ${counted.stdout.slice(-300)}`);
  const counts = JSON.parse(await readFile(countsFile, 'utf8')) as Record<(typeof MOMENTS)[number], number>;
  assert.ok(counts.datasync > 0 && counts.rename > 0, `${label} syncs and renames: ${JSON.stringify(counts)}`);
  for (const moment of MOMENTS) {
    for (let nth = 1; nth <= counts[moment]; nth++) {
      for (const when of ['before', 'after']) {
        const at = `${when}-${moment}:${nth}`;
        tally.moments += 1;
        const place = await copyOf(start, `${label}-${when}-${moment}-${nth}`);
        const id = await sessionIdOf('', place.sessions);
        const before = id ? await new FileSessionStore(place.sessions).get(id) : undefined;
        const run = await runWith(await nextCommand(place, fake, label), { LESSON_AGENT_KILL_AT: at });
        if (run.signal !== 'SIGKILL') {
          tally.notReached += 1;
          continue;
        }
        tally.killed += 1;
        const after = id ?? (await sessionIdOf(run.stdout, place.sessions));
        if (!after) continue; // killed before the session's journal was made: nothing to lose yet
        const { problems } = await problemsAfterKill(place.sessions, place.doc, after, before);
        const damaged = (await readdir(join(place.sessions, 'sessions'))).filter((n) => n.includes('.damaged-'));
        if (damaged.length > 0) problems.push(`records set aside as damaged: ${damaged.join(', ')}`);
        const next = await runWith(await nextCommand(place, fake, `${label} again`), {});
        if (next.code === 0 || next.code === 3) tally.wentOn += 1;
        else problems.push(`the next command ended with ${next.code}: ${next.stdout.slice(-300)}`);
        tally.problems.push(...problems.map((p) => `${label} killed ${at}: ${p}`));
      }
    }
  }
}

describe('hostile: kill -9 at each sync and rename', function () {
  this.timeout(900_000);
  const suiteFake = useSuiteFake(SCENARIO);

  it('a kill just before or after any sync or rename of a new session, an answer or a later turn loses nothing, damages no record, and the next command goes on', async () => {
    const fake = suiteFake();
    const tally: Tally = { moments: 0, killed: 0, notReached: 0, wentOn: 0, problems: [] };
    const start = placeIn(await tempDir('targeted-start'));
    await writeFile(start.doc, DOC, 'utf8');
    const asked = await copyOf(start, 'asked');
    assert.equal((await runWith(await nextCommand(asked, fake, 'message 1'), {})).code, 3, 'the first turn asks a question');
    const answered = await copyOf(asked, 'answered');
    assert.equal((await runWith(await nextCommand(answered, fake, 'answer'), {})).code, 0, 'the answer finishes the turn');
    // Each command's kills run on their own copies, side by side.
    await Promise.all([killEachMoment(start, 'first-turn', fake, tally), killEachMoment(asked, 'answer', fake, tally), killEachMoment(answered, 'later-turn', fake, tally)]);

    figure(
      `targeted kills: ${tally.moments} moments (before and after each data sync and rename of 3 commands), ${tally.killed} killed there, ` +
        `${tally.notReached} not reached; ${tally.wentOn} times the next command went on; ${tally.problems.length} problems`,
    );
    assert.deepEqual(tally.problems, []);
    assert.ok(tally.killed >= tally.moments * 0.9, `nearly every moment counted was reached again (${tally.killed} of ${tally.moments})`);
  });
});

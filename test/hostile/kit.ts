// Shared by the hostile suite: one API key for the whole run (grepped for at the end in every file
// the suite wrote and every output it captured), the temp folders it wrote, and the figures each
// part reports. Each test file is bundled on its own, so the shared state lives on globalThis.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeAnthropic, type FakeAnthropic } from '../fake/fakeAnthropic';
import type { ScenarioInput } from '../fake/scenario';
import { requireBuiltCli, runCli, type CliResult } from '../unit/core/cliProcess';

interface HostileState {
  key: string;
  dirs: string[];
  outputs: string[];
  figures: string[];
  printed: boolean;
}

const g = globalThis as { __hostile?: HostileState };
const state: HostileState = (g.__hostile ??= {
  key: `sk-ant-hostile-${randomBytes(12).toString('hex')}`,
  dirs: [],
  outputs: [],
  figures: [],
  printed: false,
});

/** The key every part of the suite uses; it must never appear in a file or an output. */
export const KEY = state.key;

/** A temp folder the key grep will search. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `la-hostile-${prefix}-`));
  state.dirs.push(dir);
  return dir;
}

/** Output the key grep will search (stdout, stderr, logs, posted messages). */
export function captured(text: string): void {
  state.outputs.push(text);
}

export function figure(line: string): void {
  state.figures.push(line);
  process.stdout.write(`      [figure] ${line}\n`);
}

export function allFigures(): readonly string[] {
  return state.figures;
}

export function writtenDirs(): readonly string[] {
  return state.dirs;
}

export function allOutputs(): readonly string[] {
  return state.outputs;
}

/** The CLI with the suite's key; its output is kept for the key grep. */
export async function cli(args: string[], timeoutMs = 30_000): Promise<CliResult> {
  const result = await runCli([...args, '--api-key', KEY], {}, timeoutMs);
  captured(result.stdout);
  captured(result.stderr);
  return result;
}

/** Every file under `dir`, recursively. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of await readdir(dir, { recursive: true }).catch(() => [] as string[])) {
    const path = join(dir, name);
    if ((await stat(path).catch(() => undefined))?.isFile()) out.push(path);
  }
  return out;
}

export async function fileText(path: string): Promise<string> {
  return readFile(path, 'latin1');
}

/** A seeded random source, so a failure can be replayed (the seed is printed). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Call inside a `describe`: the built CLI is required, and one fake model serves the suite's tests. */
export function useSuiteFake(scenario: ScenarioInput): () => FakeAnthropic {
  let fake: FakeAnthropic | undefined;
  before(async () => {
    requireBuiltCli();
    fake = await startFakeAnthropic(scenario);
  });
  after(() => fake?.close());
  return () => {
    if (!fake) throw new Error('the fake model is not started');
    return fake;
  };
}

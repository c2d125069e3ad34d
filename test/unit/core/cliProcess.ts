// Running the built CLI (`node dist/cli.js`) in its own process for end-to-end tests, and the
// checks every run must pass: stdout is JSON Lines of valid agent events, and the key never shows.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cliEventSchema, type CliEvent } from '../../../src/shared/events';
import type { FakeAnthropic } from '../../fake/fakeAnthropic';

/** The repository: the nearest folder up from this bundle (out/test/...) that holds esbuild.mjs. */
function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'esbuild.mjs')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export const ROOT = repositoryRoot();
export const CLI = join(ROOT, 'dist', 'cli.js');
export const SCENARIOS = join(ROOT, 'test', 'fake', 'scenarios');

export interface CliResult {
  code: number;
  events: CliEvent[];
  stdout: string;
  stderr: string;
}

/** Fails the suite early, with the fix, when the CLI was not built. */
export function requireBuiltCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "npm run build" first.`);
}

/** Runs the CLI with `args`; the machine's Anthropic variables are removed unless `env` sets them. */
export function runCli(args: string[], env: Record<string, string> = {}, timeoutMs = 15_000): Promise<CliResult> {
  const clean = { ...process.env };
  delete clean.ANTHROPIC_API_KEY;
  delete clean.ANTHROPIC_BASE_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { ...clean, ...env }, timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      const lines = stdout.split('\n').filter((l) => l.length > 0);
      const events = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as CliEvent);
      resolve({ code, events, stdout, stderr });
    });
  });
}

/** The event types in order, with runs of text deltas folded into one "text". */
export function eventTypes(events: CliEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) if ((e.type !== 'text' && e.type !== 'thinking') || out.at(-1) !== e.type) out.push(e.type);
  return out;
}

/**
 * stdout is JSON Lines of valid CLI events, each with its session; a failing exit ends with an
 * error event; and `key` appears nowhere.
 */
export function checkCliOutput(result: CliResult, key: string): void {
  assert.equal(result.stdout.split('\n').filter((l) => l.length > 0).length, result.events.length, 'stdout is JSON Lines only');
  for (const e of result.events) {
    assert.ok(cliEventSchema.safeParse(e).success, JSON.stringify(e));
    assert.equal(typeof e.sessionId, 'string');
  }
  if (result.code !== 0 && result.code !== 3) assert.equal(result.events.at(-1)?.type, 'error', `exit ${result.code} ends with an error event`);
  assert.ok(!result.stdout.includes(key) && !result.stderr.includes(key), 'the key never appears in the output');
}

export interface ToolResult {
  content: string;
  isError: boolean;
}

/** The tool_result blocks of the last user message of request `index`. */
export function toolResults(fake: FakeAnthropic, index: number): ToolResult[] {
  const messages = fake.requests[index]?.body.messages as { role: string; content: unknown }[] | undefined;
  assert.ok(messages, `request #${index} was received`);
  const last = messages.filter((m) => m.role === 'user').at(-1);
  const blocks = Array.isArray(last?.content) ? (last.content as { type: string; content?: unknown; is_error?: boolean }[]) : [];
  return blocks
    .filter((b) => b.type === 'tool_result')
    .map((b) => ({ content: typeof b.content === 'string' ? b.content : JSON.stringify(b.content), isError: b.is_error === true }));
}

export function ofType<T extends CliEvent['type']>(events: CliEvent[], type: T): Extract<CliEvent, { type: T }>[] {
  return events.filter((e): e is Extract<CliEvent, { type: T }> => e.type === type);
}

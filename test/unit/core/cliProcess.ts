// Running the built CLI (`node dist/cli.js`) in its own process for end-to-end tests, and the
// checks every run must pass: stdout is JSON Lines of valid agent events, and the key never shows.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cliEventSchema, type CliEvent } from '../../../src/shared/events';
import { startFakeAnthropic, type FakeAnthropic } from '../../fake/fakeAnthropic';
import type { ScenarioInput } from '../../fake/scenario';
import { validateMessagesRequest } from '../../fake/validateRequest';

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

export interface CliWorkspaceOptions {
  /** The temp folder's name prefix, e.g. 'la-cli-edit-'. */
  prefix: string;
  /** The lesson document's file name, and its text at the start of each test. */
  file: string;
  lesson: string;
  /** The key every run passes, and that must never appear in the output. */
  key: string;
}

/** One test's folder, document and sessions, and the CLI run against them. Fresh for each test. */
export interface CliWorkspace {
  readonly dir: string;
  /** The document `run` binds; a test may point it at another file in `dir`. */
  doc: string;
  readonly sessions: string;
  /** Starts the fake server; the one started before in this test is checked and closed first. */
  serve(scenario: ScenarioInput | string): Promise<FakeAnthropic>;
  /** `run --doc doc --prompt prompt` on this workspace; its output passes `checkCliOutput`. */
  run(url: string, prompt: string, extra?: string[], env?: Record<string, string>): Promise<CliResult>;
  /** `resume --session sessionId` on this workspace; its output passes `checkCliOutput`. */
  resume(url: string, sessionId: string, extra?: string[]): Promise<CliResult>;
}

/**
 * Call inside a `describe`: registers the hooks that give each test a temp folder holding the
 * lesson, and that afterwards check every request the fake received is a valid Messages request
 * (as strict as the real API), close the fake and remove the folder.
 */
export function useCliWorkspace(options: CliWorkspaceOptions): CliWorkspace {
  let fake: FakeAnthropic | undefined;
  async function closeFake(): Promise<void> {
    const closing = fake;
    fake = undefined;
    if (!closing) return;
    try {
      for (const r of closing.requests) assert.deepEqual(validateMessagesRequest(r.body), [], `request #${r.index} is valid`);
    } finally {
      await closing.close();
    }
  }
  const common = (url: string) => ['--session-dir', workspace.sessions, '--base-url', url, '--api-key', options.key];
  const checked = (result: CliResult): CliResult => {
    checkCliOutput(result, options.key);
    return result;
  };
  const workspace = {
    dir: '',
    doc: '',
    sessions: '',
    serve: async (scenario: ScenarioInput | string) => {
      await closeFake();
      fake = await startFakeAnthropic(scenario);
      return fake;
    },
    run: async (url: string, prompt: string, extra: string[] = [], env: Record<string, string> = {}) =>
      checked(await runCli(['run', '--doc', workspace.doc, '--prompt', prompt, ...common(url), ...extra], env)),
    resume: async (url: string, sessionId: string, extra: string[] = []) =>
      checked(await runCli(['resume', '--session', sessionId, ...common(url), ...extra])),
  };

  before(requireBuiltCli);
  beforeEach(async () => {
    workspace.dir = await mkdtemp(join(tmpdir(), options.prefix));
    workspace.doc = join(workspace.dir, options.file);
    workspace.sessions = join(workspace.dir, 'sessions');
    await writeFile(workspace.doc, options.lesson, 'utf8');
  });
  afterEach(async () => {
    try {
      await closeFake();
    } finally {
      await rm(workspace.dir, { recursive: true, force: true });
    }
  });
  return workspace;
}

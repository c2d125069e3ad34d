// The suite index VS Code loads in the extension host (`extensionTestsPath`), under both routes
// of test/harness/run.ts and under an F5 "Extension Tests" launch. It runs every
// out/test/integration/**/*.test.js with mocha, copies mocha's output to the file the harness
// shows, and appends this pass's results as one JSON line for the harness's summary.
import Mocha from 'mocha';
import { appendFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import { PLAN_ENV, RELOAD_ENV, ui } from './driver';
import type { RunPlan } from './driver';
import { languageMarker } from './displayLanguages';

/** One line of the results file: what a pass ran, as the harness (test/harness/output.ts) reads it. */
export interface PassResult {
  phase: number;
  passed: number;
  failed: number;
  pending: number;
  failures: { title: string; message: string }[];
  /** Tests this pass did not reach because a test asked for a reload: the harness runs them later. */
  remaining: string[];
}

async function fetchPlan(): Promise<RunPlan> {
  const driver = process.env.LESSON_AGENT_UI_DRIVER;
  if (!driver) return { phase: 1, followUps: [], resume: [] };
  const response = await fetch(`${driver}/plan`);
  if (!response.ok) throw new Error(`the harness did not give a run plan (${response.status})`);
  return (await response.json()) as RunPlan;
}

/** Mocha's reporters print through Base.consoleLog: keep printing, and copy each line to the harness. */
function teeReporterOutput(): void {
  const outputPath = process.env.LESSON_AGENT_TEST_OUTPUT;
  if (!outputPath) return;
  const base = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
  const original = base.consoleLog;
  base.consoleLog = (...args: unknown[]) => {
    appendFileSync(outputPath, `${format(...args)}\n`);
    original(...args);
  };
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.js'))
    .sort()
    .map((name) => path.join(dir, name));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Which tests this pass runs: the user's grep, the follow-up suites, or the tests left over; in a
 * language pass only that language's suites (those of the user's grep, if any).
 */
function passGrep(plan: RunPlan): RegExp | undefined {
  if (plan.followUps.length > 0) return new RegExp(`^(?:${plan.followUps.map(escapeRegExp).join('|')}) `);
  if (plan.resume.length > 0) return new RegExp(`^(?:${plan.resume.map(escapeRegExp).join('|')})$`);
  const user = process.env.LESSON_AGENT_TEST_GREP;
  if (plan.language) return new RegExp(`^${user ? `(?=.*${escapeRegExp(user)})` : ''}${escapeRegExp(languageMarker(plan.language))} `);
  return user ? new RegExp(escapeRegExp(user)) : undefined;
}

/** Tests an aborted pass did not reach; a suite whose hook failed is not "not reached". */
function notRun(suite: Mocha.Suite, grep: RegExp | undefined, hookFailed: ReadonlySet<Mocha.Suite>): string[] {
  if (hookFailed.has(suite)) return [];
  const own = suite.tests
    .filter((test) => test.state === undefined && !test.isPending() && (!grep || grep.test(test.fullTitle())))
    .map((test) => test.fullTitle());
  return [...own, ...suite.suites.flatMap((child) => notRun(child, grep, hookFailed))];
}

function record(result: PassResult): void {
  const resultsPath = process.env.LESSON_AGENT_TEST_RESULTS;
  if (resultsPath) appendFileSync(resultsPath, `${JSON.stringify(result)}\n`);
}

async function afterEachTest(context: Mocha.Context, abort: () => void): Promise<void> {
  const test = context.currentTest;
  if (test?.state === 'failed' && process.env.LESSON_AGENT_UI_DRIVER) {
    // The state of the window at the moment of failure is the best clue there is.
    const shot = await ui.screenshot(`failed-${test.fullTitle()}`).catch(() => undefined);
    if (shot) Mocha.reporters.Base.consoleLog(`      screenshot: ${shot}`);
  }
  if (process.env[RELOAD_ENV]) {
    // The reload comes right after the test that asked for it, before other tests disturb its state.
    delete process.env[RELOAD_ENV];
    abort();
  }
}

export async function run(): Promise<void> {
  const plan = await fetchPlan();
  // Test bundles are separate modules: they learn the plan from the environment (driver.ts).
  process.env[PLAN_ENV] = JSON.stringify(plan);
  teeReporterOutput();
  const color = process.env.LESSON_AGENT_TEST_COLOR === '1';
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: 30_000, color });
  const grep = passGrep(plan);
  if (grep) mocha.grep(grep);
  let runner: Mocha.Runner | undefined;
  let aborted = false;
  mocha.rootHooks({
    afterEach(this: Mocha.Context) {
      return afterEachTest(this, () => {
        aborted = true;
        runner?.abort();
      });
    },
  });
  for (const file of testFiles(__dirname)) mocha.addFile(file);

  const result: PassResult = { phase: plan.phase, passed: 0, failed: 0, pending: 0, failures: [], remaining: [] };
  const hookFailed = new Set<Mocha.Suite>();
  await new Promise<void>((resolve) => {
    runner = mocha.run(() => resolve());
    runner.on('pass', () => result.passed++);
    runner.on('pending', () => result.pending++);
    runner.on('fail', (test, error: unknown) => {
      // Mocha reports failed hooks through the same event, typed as tests.
      const kind: string = test.type;
      if (kind === 'hook' && test.parent) hookFailed.add(test.parent);
      result.failed++;
      result.failures.push({ title: test.fullTitle(), message: error instanceof Error ? error.message : String(error) });
    });
  });
  result.remaining = aborted ? notRun(mocha.suite, grep, hookFailed) : [];
  if ((plan.followUps.length + plan.resume.length > 0 || plan.language) && result.passed + result.failed === 0) {
    const planned = plan.followUps.length + plan.resume.length > 0 ? [...plan.followUps, ...plan.resume] : [`the suites of display language ${plan.language}`];
    const message = `no test matched this pass's plan: ${planned.join('; ')}`;
    Mocha.reporters.Base.consoleLog(`  ${message}`);
    result.failed++;
    result.failures.push({ title: `pass ${plan.phase}`, message });
  }
  record(result);
  if (result.failed > 0) throw new Error(`${result.failed} integration test(s) failed`);
}

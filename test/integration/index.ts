// The suite index VS Code loads in the extension host (`extensionTestsPath`), under both routes
// of test/harness/run.mjs and under an F5 "Extension Tests" launch. It runs every
// out/test/integration/**/*.test.js with mocha, copies mocha's output to the file the harness
// shows, and appends this pass's results as one JSON line for the harness's summary.
import Mocha from 'mocha';
import { appendFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import { PLAN_ENV, ui } from './driver';
import type { RunPlan } from './driver';

interface PhaseResult {
  phase: number;
  passed: number;
  failed: number;
  pending: number;
  failures: { title: string; message: string }[];
}

async function fetchPlan(): Promise<RunPlan> {
  const driver = process.env.LESSON_AGENT_UI_DRIVER;
  if (!driver) return { phase: 1, followUps: [] };
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

function configure(mocha: Mocha, plan: RunPlan): void {
  if (plan.phase > 1) {
    mocha.grep(new RegExp(plan.followUps.map(escapeRegExp).join('|')));
  } else if (process.env.LESSON_AGENT_TEST_GREP) {
    mocha.grep(process.env.LESSON_AGENT_TEST_GREP);
  }
  if (process.env.LESSON_AGENT_UI_DRIVER) {
    mocha.rootHooks({
      async afterEach(this: Mocha.Context) {
        const test = this.currentTest;
        if (test?.state !== 'failed') return;
        // The state of the window at the moment of failure is the best clue there is.
        const shot = await ui.screenshot(`failed-${test.fullTitle()}`).catch(() => undefined);
        if (shot) Mocha.reporters.Base.consoleLog(`      screenshot: ${shot}`);
      },
    });
  }
}

function record(result: PhaseResult): void {
  const resultsPath = process.env.LESSON_AGENT_TEST_RESULTS;
  if (resultsPath) appendFileSync(resultsPath, `${JSON.stringify(result)}\n`);
}

export async function run(): Promise<void> {
  const plan = await fetchPlan();
  // Test bundles are separate modules: they learn the plan from the environment (driver.ts).
  process.env[PLAN_ENV] = JSON.stringify(plan);
  teeReporterOutput();
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: 30_000, color: process.env.LESSON_AGENT_TEST_COLOR === '1' });
  configure(mocha, plan);
  for (const file of testFiles(__dirname)) mocha.addFile(file);

  const result: PhaseResult = { phase: plan.phase, passed: 0, failed: 0, pending: 0, failures: [] };
  await new Promise<void>((resolve) => {
    const runner = mocha.run(() => resolve());
    runner.on('pass', () => result.passed++);
    runner.on('pending', () => result.pending++);
    runner.on('fail', (test, error: unknown) => {
      result.failed++;
      result.failures.push({ title: test.fullTitle(), message: error instanceof Error ? error.message : String(error) });
    });
  });
  if (plan.phase > 1 && result.passed + result.failed === 0) {
    const message = `no test matched the follow-up suite(s): ${plan.followUps.join('; ')} (declare them with describeAfterReload)`;
    Mocha.reporters.Base.consoleLog(`  ${message}`);
    result.failed++;
    result.failures.push({ title: plan.followUps.join('; '), message });
  }
  record(result);
  if (result.failed > 0) throw new Error(`${result.failed} integration test(s) failed`);
}


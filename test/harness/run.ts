// `npm run test:integration`: runs the mocha suite in out/test/integration inside a real VS Code
// extension host and prints mocha's output, then one line "N passed, N failed".
//
// Routes: offline (default; code-server + headless Chromium, needs nothing but npm and apt) or
// LESSON_AGENT_TEST_ROUTE=electron (@vscode/test-electron's runTests, downloads VS Code).
// Passes: a test may ask for a window reload followed by a named suite (driver.ts:
// `ui.reloadAfterTest(...)` + `describeAfterReload(...)`). The suite index then stops right after
// that test; the harness reloads the window, runs the follow-up suite, reloads again and runs the
// tests the first pass had not reached. Each pass is one load of the workbench. A reload may ask
// for a new browser profile instead: the window is closed and the workbench opened in a fresh one.
// Language passes: after the English passes, one per display language (test/integration/
// displayLanguages.ts: French, then German), each a reload into VS Code in that language running
// only the suites declared with `describeInDisplayLanguage`; the harness prints what each cost.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { artifactsRoot, chromiumPath, phaseTimeoutMs, repoRoot, samplesDir, testIndexPath } from './config';
import { readResults, summarize, tailToStdout, type Summary } from './output';
import { findProcessesMentioning, processAlive } from './processes';
import type { Route, RouteOptions } from './route';
import { createUiDriver } from './uiDriver';
import type { PassResult } from '../integration/index';
import { passesFor } from '../integration/displayLanguages';

const MAX_PHASES = 20;

const KEEP_RUNS = 3;

/** Older runs' folders, except the last few and any a live run still uses. */
function pruneRuns(parent: string): void {
  const runs = readdirSync(parent)
    .filter((name) => /^run-\d{8}-\d{6}-\d+$/.test(name))
    .sort();
  for (const name of runs.slice(0, -KEEP_RUNS)) {
    if (!processAlive(Number(name.split('-').at(-1)))) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

interface RunDirs {
  root: string;
  data: string;
  logs: string;
  screenshots: string;
  workspace: string;
}

/** A folder per run (concurrent runs in one checkout must not share one), `latest` points at it. */
function prepareDirs(): RunDirs {
  const parent = join(artifactsRoot, 'integration');
  mkdirSync(parent, { recursive: true });
  pruneRuns(parent);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const root = join(parent, `run-${stamp}-${process.pid}`);
  const dirs: RunDirs = {
    root,
    data: join(root, 'data'),
    logs: join(root, 'logs'),
    screenshots: join(root, 'screenshots'),
    workspace: join(root, 'workspace'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  const latest = join(parent, 'latest');
  rmSync(latest, { force: true });
  symlinkSync(basename(root), latest);
  // Tests edit documents: they get a fresh copy of the sample workspace, never the tracked files.
  if (existsSync(samplesDir)) cpSync(samplesDir, dirs.workspace, { recursive: true });
  return dirs;
}

function checkBuilt(): void {
  const missing = [testIndexPath, join(repoRoot, 'dist', 'extension.js')].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(`Not built: ${missing.map((p) => relative(repoRoot, p)).join(', ')}. Run \`node esbuild.mjs --tests\` first.`);
  }
}

async function createRoute(options: RouteOptions): Promise<Route> {
  const name = process.env.LESSON_AGENT_TEST_ROUTE || 'code-server';
  if (name === 'electron') return (await import('./electron')).createElectronRoute(options);
  if (name === 'code-server' || name === 'offline') return (await import('./offline')).createOfflineRoute(options);
  throw new Error(`LESSON_AGENT_TEST_ROUTE must be "code-server" (default) or "electron", got "${name}"`);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | { timedOut: true }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ timedOut: true }>((resolve) => (timer = setTimeout(() => resolve({ timedOut: true }), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** One load of the workbench: the follow-up suites it runs, or the tests it resumes. */
interface Pass {
  followUps: string[];
  resume: string[];
  newProfile?: { hostPid: number };
  /** A language pass (and its follow-ups): VS Code's display language for this load. */
  language?: string;
}

/** What the UI driver's plan and reload requests share with the loop below. */
interface RunState {
  phase: number;
  followUps: string[];
  resume: string[];
  /** Follow-up suites asked for during this pass. */
  queued: string[];
  newProfile: { hostPid: number } | undefined;
  language: string | undefined;
}

interface Outcome {
  problems: string[];
  phases: number;
  /** Milliseconds each language's passes took, from its reload to its last test. */
  languageCost: Map<string, number>;
}

function describePass(pass: Pass): string {
  if (pass.language && pass.followUps.length + pass.resume.length === 0) {
    return `window reload into VS Code in display language "${pass.language}", then the suites declared for it`;
  }
  if (pass.newProfile) return `the window closed and opened again in a new browser profile, then: ${pass.followUps.join('; ')}`;
  if (pass.followUps.length > 0) return `window reload, then: ${pass.followUps.join('; ')}`;
  return `window reload, then the ${pass.resume.length} test(s) not reached before the reload`;
}

/**
 * Runs pass after pass. A pass that ends with reload requests queued (the suite index stops right
 * after the requesting test) is followed by a reload and the requested follow-up suites, then by
 * another reload and the tests the first pass had not reached yet.
 */
async function runPhases(route: Route, state: RunState, resultsPath: string, first: Pass[]): Promise<Outcome> {
  const problems: string[] = [];
  const languageCost = new Map<string, number>();
  // Follow-ups and resumed tests go to the front: the language passes stay last.
  const work: Pass[] = [...first];
  for (state.phase = 1; state.phase <= MAX_PHASES; state.phase++) {
    const pass = work.shift();
    if (!pass) throw new Error('no pass left to run'); // the loop returns once the work runs out
    Object.assign(state, { followUps: pass.followUps, resume: pass.resume, language: pass.language });
    if (state.phase > 1) console.log(`\n[harness] ${describePass(pass)}\n`);
    const started = Date.now();
    if (pass.language) route.setDisplayLanguage?.(pass.language);
    const outcome = await withTimeout(route.runPhase(state.phase, { newProfile: pass.newProfile }), phaseTimeoutMs());
    if (pass.language) languageCost.set(pass.language, (languageCost.get(pass.language) ?? 0) + Date.now() - started);
    if ('timedOut' in outcome) {
      problems.push(`phase ${state.phase} did not finish within ${phaseTimeoutMs() / 1000} s: hung (LESSON_AGENT_TEST_TIMEOUT)`);
      break;
    }
    if (outcome.error !== undefined) {
      problems.push(`phase ${state.phase}: ${outcome.error}`);
      break;
    }
    if (outcome.code !== 0) problems.push(`phase ${state.phase} ended with exit code ${outcome.code}`);
    const remaining = readResults(resultsPath).find((r) => r.phase === state.phase)?.remaining ?? [];
    const next: Pass[] = [];
    const language = pass.language ? { language: pass.language } : {};
    if (state.queued.length > 0) {
      const newProfile = state.newProfile;
      state.newProfile = undefined;
      next.push({ followUps: state.queued.splice(0), resume: [], ...(newProfile ? { newProfile } : {}), ...language });
    }
    if (remaining.length > 0) next.push({ followUps: [], resume: remaining, ...language });
    work.unshift(...next);
    if (work.length === 0) return { problems, phases: state.phase, languageCost };
  }
  if (state.phase > MAX_PHASES) problems.push(`more than ${MAX_PHASES} passes: follow-up suites keep asking for reloads`);
  return { problems, phases: Math.min(state.phase, MAX_PHASES), languageCost };
}

/** The English pass (unless the grep names a display language), then a pass per language the route can show. */
function firstPasses(route: Route, grep: string): Pass[] {
  const wanted = passesFor(grep);
  const english: Pass[] = wanted.english ? [{ followUps: [], resume: [] }] : [];
  if (wanted.languages.length > 0 && !route.setDisplayLanguage) {
    console.log(`[harness] no display-language pass: the ${route.name} route cannot change VS Code's display language`);
    return english;
  }
  return [...english, ...wanted.languages.map((language) => ({ followUps: [], resume: [], language }))];
}

function reportLanguageCost(cost: ReadonlyMap<string, number>): void {
  if (cost.size === 0) return;
  const each = [...cost].map(([language, ms]) => `${language} ${(ms / 1000).toFixed(1)} s`).join(', ');
  const total = [...cost.values()].reduce((a, b) => a + b, 0);
  console.log(`[harness] display-language passes took ${(total / 1000).toFixed(1)} s (${each}), each a reload and its suites`);
}

function stopOnSignals(cleanup: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n[harness] ${signal}: stopping`);
      cleanup().finally(() => process.exit(130));
    });
  }
}

/** The totals, and what makes the run fail besides failed tests. */
function judge(outcome: Outcome, results: readonly PassResult[]): { summary: Summary; problems: string[] } {
  const summary = summarize(results);
  const problems = [...outcome.problems];
  if (outcome.phases > 0 && results.length < outcome.phases) {
    problems.push(`${outcome.phases - results.length} phase(s) wrote no results: the suite index did not finish`);
  }
  if (outcome.phases > 0 && results.length >= outcome.phases && summary.passed + summary.failed === 0) {
    problems.push('no integration test ran');
  }
  return { summary, problems };
}

/** Anything the run started that is still alive now is a bug: kill it and say so. */
function killStrays(dataDir: string): string[] {
  return findProcessesMentioning(dataDir).map((stray) => {
    try {
      process.kill(stray.pid, 'SIGKILL');
    } catch {
      // gone already
    }
    return `stray process ${stray.pid} outlived the run (killed): ${stray.command}`;
  });
}

async function main(): Promise<never> {
  const started = Date.now();
  checkBuilt();
  const dirs = prepareDirs();
  const resultsPath = join(dirs.root, 'results.jsonl');
  const outputPath = join(dirs.root, 'mocha-output.log');
  const state: RunState = { phase: 1, followUps: [], resume: [], queued: [], newProfile: undefined, language: undefined };
  let route: Route | undefined;
  const driver = createUiDriver({
    getPage: () => route?.page(),
    getSecondTab: () => route?.secondTab,
    screenshotsDir: dirs.screenshots,
    plan: () => ({ phase: state.phase, followUps: state.followUps, resume: state.resume, ...(state.language ? { language: state.language } : {}) }),
    onReloadRequest: (suite, options) => {
      state.queued.push(suite);
      if (options.newProfile) state.newProfile = options.newProfile;
    },
  });
  const env: Record<string, string> = {
    LESSON_AGENT_UI_DRIVER: await driver.listen(),
    LESSON_AGENT_TEST_RESULTS: resultsPath,
    LESSON_AGENT_TEST_OUTPUT: outputPath,
    LESSON_AGENT_TEST_COLOR: process.stdout.isTTY ? '1' : '0',
    LESSON_AGENT_TEST_GREP: process.env.LESSON_AGENT_TEST_GREP ?? '',
    LESSON_AGENT_TEST_ARTIFACTS: dirs.root,
    LESSON_AGENT_TEST_ROUTE: process.env.LESSON_AGENT_TEST_ROUTE || 'code-server',
    // The browser the export test prints a lesson to PDF with (the one that drives the workbench).
    LESSON_AGENT_CHROMIUM: chromiumPath,
  };
  const cleanup = async (): Promise<void> => {
    await route?.secondTab?.close().catch(() => {});
    await route?.stop();
    await driver.close();
  };
  stopOnSignals(cleanup);

  let outcome: Outcome;
  const tail = tailToStdout(outputPath);
  try {
    route = await createRoute({ dirs, folder: dirs.workspace, env });
    console.log(`[harness] integration tests: ${route.describe()}`);
    outcome = await runPhases(route, state, resultsPath, firstPasses(route, env.LESSON_AGENT_TEST_GREP ?? ''));
  } catch (error) {
    outcome = { problems: [(error as Error).message], phases: 0, languageCost: new Map() };
  } finally {
    tail.stop();
  }

  const { summary, problems } = judge(outcome, readResults(resultsPath));
  const failed = problems.length > 0 || summary.failed > 0;
  if (failed && route?.page()) {
    const shot = await driver.screenshot('final-workbench').catch(() => '');
    if (shot) console.log(`[harness] screenshot: ${relative(repoRoot, shot)}`);
  }
  await cleanup();
  problems.push(...killStrays(dirs.data));

  for (const problem of problems) console.error(`[harness] ${problem}`);
  if (problems.length > 0 || failed) {
    console.log(`[harness] logs: ${(route?.logs ?? [dirs.logs]).map((p) => relative(repoRoot, p)).join(', ')}`);
    console.log(`[harness] screenshots: ${relative(repoRoot, dirs.screenshots)}`);
  }
  reportLanguageCost(outcome.languageCost);
  console.log(`[harness] integration run took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(summary.line);
  process.exit(problems.length > 0 || failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`[harness] ${(error as Error | undefined)?.stack ?? error}`);
  process.exit(1);
});

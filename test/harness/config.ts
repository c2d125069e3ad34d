// Where the harness keeps things and which versions it runs. Everything a run writes goes under
// .test-artifacts/ in the repo; the heavy, reusable runtime (Node 24 + code-server) is cached
// outside the clone so a machine pays for it once.
//
// The harness runs in Node with tsx (`node --import tsx test/harness/run.ts`), not bundled, and
// test/harness/package.json makes its files ES modules there, as they have always been: hence
// import.meta.url below, where the bundled test code uses __dirname.
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** code-server bundles VS Code 1.139.1 (the version `engines.vscode` must not exceed). */
export const CODE_SERVER_VERSION = '4.139.1';
/** code-server 4.139 only installs and runs on Node 24; the npm package ships the binary. */
export const NODE_VERSION = '24.21.0';

export const cacheRoot = process.env.LESSON_AGENT_TEST_CACHE
  ? resolve(process.env.LESSON_AGENT_TEST_CACHE)
  : join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'lesson-agent-test');

export const artifactsRoot = join(repoRoot, '.test-artifacts');
export const samplesDir = join(repoRoot, 'samples');
export const testIndexPath = join(repoRoot, 'out', 'test', 'integration', 'index.js');

/** Debian's Chromium; never a downloaded browser (`npx playwright install` is not allowed). */
export const chromiumPath = process.env.LESSON_AGENT_CHROMIUM || '/usr/bin/chromium';

export { CHROMIUM_ARGS } from './chromiumArgs';

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback * 1000;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of seconds, got "${raw}"`);
  return value * 1000;
}

/** A phase that has not called codeAutomationExit by then is a hang: everything is killed. */
export const phaseTimeoutMs = (): number => seconds('LESSON_AGENT_TEST_TIMEOUT', 1200);
/** How long code-server may take to answer HTTP after it is spawned. */
export const serverStartTimeoutMs = (): number => seconds('LESSON_AGENT_SERVER_TIMEOUT', 60);
/** How long the workbench page may take to load (Playwright's 30 s default was passed on a machine with a load of 14). */
export const pageLoadTimeoutMs = (): number => seconds('LESSON_AGENT_PAGE_TIMEOUT', 120);
/** Installing code-server (native builds) under the lock; another run may hold it that long. */
export const installTimeoutMs = (): number => seconds('LESSON_AGENT_INSTALL_TIMEOUT', 1200);

// Starts code-server on loopback with every file it writes redirected into one throwaway folder,
// as the leader of its own process group (stopping the group also stops the extension host and
// the file watcher it forks).
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverStartTimeoutMs } from './config';
import { registerStubLanguagePack } from './displayLanguage';
import { node24Env, type RuntimePaths } from './install';
import { spawnGroup, stopGroup } from './processes';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The parent's environment minus what must not leak into the workbench under test. */
export function cleanEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base)) {
    if (key.startsWith('VSCODE_') || key === 'ELECTRON_RUN_AS_NODE') continue;
    env[key] = value;
  }
  return env;
}

const tempDirs = new Set<string>();
process.on('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * HOME and XDG dirs inside `dataDir`, so nothing lands in the user's home. TMPDIR is a fresh
 * folder in the system's temp dir instead (removed at exit): Chromium and VS Code put Unix sockets
 * there, and a socket path must stay under about 100 characters.
 */
export function sandboxEnv(dataDir: string, base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const dirs = { HOME: 'home', XDG_CONFIG_HOME: 'config', XDG_DATA_HOME: 'data', XDG_CACHE_HOME: 'cache' };
  const env = { ...base };
  for (const [key, name] of Object.entries(dirs)) {
    const dir = join(dataDir, name);
    env[key] = dir;
    mkdirSync(dir, { recursive: true });
  }
  const tmp = mkdtempSync(join(tmpdir(), 'lesson-agent-'));
  env.TMPDIR = tmp;
  tempDirs.add(tmp);
  return env;
}

/**
 * User settings for a quiet, deterministic workbench: no built-in AI chat panel beside ours, no
 * welcome page, tips, update checks or telemetry, and no git prompt. The workspace (a copy of
 * samples/) lives in the clone's ignored .test-artifacts/, so VS Code would otherwise ask whether to
 * open the clone's repository from a parent folder: a question about our repo, not the user's
 * lessons. This private VS Code only ever opens such copies, so "never" is right for it.
 */
const PARENT_REPO_SETTING = { 'git.openRepositoryInParentFolders': 'never' };
const QUIET_SETTINGS = {
  ...PARENT_REPO_SETTING,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
};

/** A kept folder (npm start) keeps what the user changed; only a setting it never had is added. */
function addMissingSettings(path: string, settings: Record<string, unknown>): void {
  let current: Record<string, unknown>;
  try {
    current = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return; // edited by hand (comments): leave it as it is
  }
  const missing = Object.entries(settings).filter(([key]) => !(key in current));
  if (missing.length === 0) return;
  writeFileSync(path, `${JSON.stringify({ ...current, ...Object.fromEntries(missing) }, null, 2)}\n`);
}

function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): void {
  const dir = join(userDataDir, 'User');
  const path = join(dir, 'settings.json');
  if (existsSync(path)) return addMissingSettings(path, PARENT_REPO_SETTING);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path, `${JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2)}\n`);
}

async function waitUntilServing(url: string, child: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + serverStartTimeoutMs();
  let exited: NodeJS.Signals | number | null = null;
  child.once('exit', (code, signal) => (exited = signal ?? code));
  while (Date.now() < deadline) {
    if (exited !== null) break;
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  let tail = '';
  try {
    tail = readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-20).join('\n');
  } catch {
    // no log yet
  }
  const why = exited !== null ? `exited (${exited})` : 'did not answer in time';
  throw new Error(`code-server ${why}. Log: ${logPath}\n${tail}`);
}

export interface CodeServerOptions {
  runtime: Pick<RuntimePaths, 'nodeBin' | 'codeServerEntry'>;
  dataDir: string;
  folder: string;
  port?: number;
  env?: Record<string, string>;
  logPath: string;
  extensionsDir?: string;
  settings?: Record<string, unknown>;
  /**
   * false for a VS Code a person uses (`npm start`): VS Code's smoke-test driver, which the tests
   * need, also hides every notification toast.
   */
  testDriver?: boolean;
  /** VS Code's display language (`fr`, `de`...): a stub language pack for it, then `--locale` (displayLanguage.ts). */
  locale?: string;
}

export interface CodeServer {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startCodeServer({
  runtime,
  dataDir,
  folder,
  port,
  env = {},
  logPath,
  extensionsDir,
  settings = {},
  testDriver = true,
  locale,
}: CodeServerOptions): Promise<CodeServer> {
  const chosenPort = port || (await freePort());
  mkdirSync(dataDir, { recursive: true });
  writeUserSettings(join(dataDir, 'user-data'), settings);
  if (locale) registerStubLanguagePack(join(dataDir, 'user-data'), locale);
  const configPath = join(dataDir, 'config.yaml');
  writeFileSync(configPath, `bind-addr: 127.0.0.1:${chosenPort}\nauth: none\ncert: false\n`);
  const args = [
    runtime.codeServerEntry,
    '--bind-addr',
    `127.0.0.1:${chosenPort}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--user-data-dir',
    join(dataDir, 'user-data'),
    '--extensions-dir',
    extensionsDir ?? join(dataDir, 'extensions'),
    '--config',
    configPath,
    // Without it the built workbench ignores the test payload and no test ever runs.
    ...(testDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(locale ? ['--locale', locale] : []),
    folder,
  ];
  const logStream = createWriteStream(logPath, { flags: 'a' });
  const childEnv = sandboxEnv(dataDir, { ...node24Env(cleanEnv()), ...env });
  const child = spawnGroup(runtime.nodeBin, args, { env: childEnv, logStream });
  const url = `http://127.0.0.1:${chosenPort}`;
  try {
    await waitUntilServing(url, child, logPath);
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
  return {
    url,
    port: chosenPort,
    child,
    async stop() {
      await stopGroup(child);
      logStream.end();
    },
  };
}

// The online route (LESSON_AGENT_TEST_ROUTE=electron): desktop VS Code downloaded by
// @vscode/test-electron and started with its `runTests`, for machines that can reach VS Code's
// update servers (a contributor's laptop, hosted CI). VS Code is launched with a remote-debugging
// port and playwright-core attaches over CDP, so the same UI driver and the same suite index work.
// A "reload" here is a relaunch of VS Code on the same user data: desktop VS Code quits when the
// test run ends, and a restart is the stronger continuity check anyway. A reload "in a new browser
// profile" (a web idea: the browser's storage gone) is the same relaunch here.
//
// Written to mirror the offline route, but not run where it was written (no VS Code download
// there). On Linux it needs a display: `xvfb-run -a npm run test:integration`.
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import testElectron from '@vscode/test-electron';
import { chromium, type Browser, type Page } from 'playwright-core';
import { cacheRoot, repoRoot, testIndexPath } from './config';
import { freePort } from './codeServer';
import { findProcessesMentioning } from './processes';
import type { PhaseOutcome, Route, RouteOptions } from './route';

// A CommonJS package: its default export is its module.exports.
const { downloadAndUnzipVSCode, runTests } = testElectron;

async function waitForDebugger(port: number, settled: () => boolean): Promise<boolean> {
  for (;;) {
    if (settled()) return false;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
}

async function findWorkbench(browser: Browser, settled: () => boolean): Promise<Page | undefined> {
  for (;;) {
    if (settled()) return undefined;
    const pages = browser.contexts().flatMap((context) => context.pages());
    const page = pages.find((p) => p.url().includes('workbench'));
    if (page) return page;
    await sleep(250);
  }
}

export async function createElectronRoute({ dirs, folder, env }: RouteOptions): Promise<Route> {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new Error('The electron route opens a VS Code window: run it under a display, e.g. `xvfb-run -a npm run test:integration`.');
  }
  const version = process.env.LESSON_AGENT_VSCODE_VERSION || '1.139.1';
  let vscodeExecutablePath: string;
  try {
    vscodeExecutablePath = await downloadAndUnzipVSCode({ version, cachePath: join(cacheRoot, 'vscode') });
  } catch (error) {
    throw new Error(`Downloading VS Code ${version} failed (${(error as Error).message}). Offline, use the default route (unset LESSON_AGENT_TEST_ROUTE).`);
  }
  const userDataDir = join(dirs.data, 'vscode-user-data');
  const extensionsDir = join(dirs.data, 'vscode-extensions');
  mkdirSync(userDataDir, { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  mkdirSync(dirs.logs, { recursive: true });
  const log = createWriteStream(join(dirs.logs, 'vscode.log'), { flags: 'a' });
  let browser: Browser | undefined;
  let page: Page | undefined;

  async function attach(port: number, settled: () => boolean): Promise<void> {
    if (!(await waitForDebugger(port, settled))) return;
    const connected = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    browser = connected;
    page = await findWorkbench(connected, settled);
    page?.on('console', (message) => log.write(`[browser ${message.type()}] ${message.text()}\n`));
  }

  async function detach(): Promise<void> {
    page = undefined;
    const connected = browser;
    browser = undefined;
    await connected?.close().catch(() => {});
  }

  return {
    name: 'electron',
    describe: () => `VS Code ${version} (desktop, @vscode/test-electron) driven over CDP`,
    page: () => page,
    async runPhase() {
      await detach();
      const port = await freePort();
      let settledFlag = false;
      const run = runTests({
        vscodeExecutablePath,
        extensionDevelopmentPath: repoRoot,
        extensionTestsPath: testIndexPath,
        extensionTestsEnv: env,
        launchArgs: [
          folder,
          `--user-data-dir=${userDataDir}`,
          `--extensions-dir=${extensionsDir}`,
          `--remote-debugging-port=${port}`,
          '--disable-extensions',
        ],
        // @vscode/test-electron 2.5 (its last release for Node 20) prints VS Code's own output on
        // this process's console; the workbench's console still goes to vscode.log.
      }).then(
        (code): PhaseOutcome => ({ code }),
        (error: unknown): PhaseOutcome => {
          const failure = error as { code?: unknown; message?: unknown } | undefined;
          return typeof failure?.code === 'number' ? { code: failure.code } : { error: String(failure?.message ?? error) };
        },
      );
      void run.finally(() => (settledFlag = true));
      attach(port, () => settledFlag).catch((error: Error) => log.write(`[harness] CDP attach failed: ${error.message}\n`));
      return run;
    },
    async stop() {
      if (browser) {
        // Ask Electron to quit (a hung run never quits by itself), then make sure it did.
        try {
          const session = await browser.newBrowserCDPSession();
          await session.send('Browser.close');
        } catch {
          // already closing
        }
      }
      await detach();
      await sleep(1000);
      for (const stray of findProcessesMentioning(userDataDir)) {
        try {
          process.kill(stray.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      await new Promise<void>((resolve) => log.end(resolve));
    },
    logs: [join(dirs.logs, 'vscode.log'), join(userDataDir, 'logs')],
  };
}

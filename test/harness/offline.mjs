// The offline route: VS Code's real Node extension host from code-server, its web workbench in
// headless Debian Chromium. Each phase is one load of the workbench with the test payload; the
// next phase is a genuine window reload (what "Developer: Reload Window" does on the web).
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CODE_SERVER_VERSION, chromiumPath, pageLoadTimeoutMs, repoRoot, testIndexPath } from './config.mjs';
import { sandboxEnv, startCodeServer } from './codeServer.mjs';
import { ensureRuntime } from './install.mjs';

/** The workbench URL that makes code-server run our tests (notes/vscode-tests-offline.md). */
export function workbenchUrl(server, { folder, extensionPath, testsPath, env }) {
  const remote = (path) => `vscode-remote://127.0.0.1:${server.port}${path}`;
  const payload = [
    ['extensionDevelopmentPath', remote(extensionPath)],
    // Without it (a second tab) the window loads the extension under test and runs no tests.
    ...(testsPath ? [['extensionTestsPath', remote(testsPath)]] : []),
    ['skipWelcome', 'true'],
    ['extensionEnvironment', JSON.stringify(env)],
  ];
  return `${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** How long a closed window's extension host may take to stop (about 0.5 s measured, idle). */
const HOST_STOP_MS = 30_000;

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

export async function launchBrowser(dataDir) {
  const env = sandboxEnv(join(dataDir, 'browser'), process.env);
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, env, headless: true });
}

function stringify(args) {
  return (Array.isArray(args) ? args : [args]).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
}

/**
 * @param {{ dirs: { data: string, logs: string }, folder: string, env: Record<string, string> }} options
 */
export async function createOfflineRoute({ dirs, folder, env }) {
  const runtime = await ensureRuntime();
  const server = await startCodeServer({
    runtime,
    dataDir: join(dirs.data, 'code-server'),
    folder,
    logPath: join(dirs.logs, 'code-server.log'),
  });
  mkdirSync(dirs.logs, { recursive: true });
  const workbenchLog = createWriteStream(join(dirs.logs, 'workbench.log'), { flags: 'a' });
  let browser;
  let page;
  /** A second tab on the same workbench URL, while the first runs the tests (ui.openSecondTab). */
  let second;
  let settle = () => {};

  /** A page in a browser context of its own: a new context is a new profile, with empty storage. */
  async function openPage() {
    browser ??= await launchBrowser(dirs.data);
    // A context of its own (not browser.newPage's), so a second tab can open in the same profile.
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    page.setDefaultNavigationTimeout(pageLoadTimeoutMs());
    // The workbench reports the test run's end and the extension host's console through these.
    await page.exposeFunction('codeAutomationExit', (code) => settle({ code }));
    await page.exposeFunction('codeAutomationLog', (type, args) => workbenchLog.write(`[${type}] ${stringify(args)}\n`));
    page.on('console', (message) => workbenchLog.write(`[browser ${message.type()}] ${message.text()}\n`));
    page.on('pageerror', (error) => workbenchLog.write(`[page error] ${error.message}\n`));
    page.on('crash', () => settle({ error: 'the workbench page crashed' }));
  }

  /**
   * What a teacher does closing the tab: the page unloads, its extension host stops (and lets go of
   * the workspace storage folder; a host still running would make VS Code give the next window
   * another folder), and the profile with the browser's storage (workspaceState) goes with it.
   */
  async function closeWindow(hostPid) {
    const context = page.context();
    await page.goto('about:blank');
    const deadline = Date.now() + HOST_STOP_MS;
    while (processAlive(hostPid)) {
      if (Date.now() > deadline) throw new Error(`the closed window's extension host (pid ${hostPid}) was still running after ${HOST_STOP_MS / 1000} s`);
      await sleep(100);
    }
    await context.close();
  }

  /**
   * A second browser tab of the same browser (same profile) on the same folder, as a teacher opens
   * one: its own workbench and extension host, with the extension under test and no tests.
   */
  async function openSecondTab() {
    if (!page) throw new Error('the first tab is not open');
    if (second) throw new Error('a second tab is open already');
    second = await page.context().newPage();
    second.setDefaultNavigationTimeout(pageLoadTimeoutMs());
    await second.exposeFunction('codeAutomationExit', () => {});
    await second.exposeFunction('codeAutomationLog', (type, args) => workbenchLog.write(`[tab 2 ${type}] ${stringify(args)}\n`));
    second.on('pageerror', (error) => workbenchLog.write(`[tab 2 page error] ${error.message}\n`));
    await second.goto(workbenchUrl(server, { folder, extensionPath: repoRoot, env }));
  }

  /** Closes the second tab as a teacher does; its extension host stops on its own. */
  async function closeSecondTab() {
    const tab = second;
    second = undefined;
    if (!tab) return;
    await tab.goto('about:blank').catch(() => {});
    await tab.close();
  }

  return {
    name: 'code-server',
    describe: () => `code-server ${CODE_SERVER_VERSION} (its VS Code's Node extension host) + headless Chromium`,
    page: () => page,
    secondTab: { open: openSecondTab, close: closeSecondTab, page: () => second },
    /**
     * Loads (phase 1) or reloads (later phases) the workbench; resolves when the tests settle. With
     * `newProfile`, the window is closed instead and the workbench opened in a new browser profile.
     */
    runPhase(phase, { newProfile } = {}) {
      const done = new Promise((resolve) => (settle = resolve));
      const url = workbenchUrl(server, { folder, extensionPath: repoRoot, testsPath: testIndexPath, env });
      const load = async () => {
        if (phase === 1) {
          await openPage();
          await page.goto(url);
        } else if (newProfile) {
          await closeWindow(newProfile.hostPid);
          await openPage();
          await page.goto(url);
        } else {
          await page.reload();
        }
      };
      load().catch((error) => settle({ error: `loading the workbench failed: ${error.message}` }));
      return done;
    },
    async stop() {
      await browser?.close().catch(() => {});
      await server.stop();
      await new Promise((resolve) => workbenchLog.end(resolve));
    },
    logs: [join(dirs.logs, 'code-server.log'), join(dirs.logs, 'workbench.log'), join(dirs.data, 'code-server', 'user-data', 'logs')],
  };
}

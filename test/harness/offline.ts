// The offline route: VS Code's real Node extension host from code-server, its web workbench in
// headless Debian Chromium. Each phase is one load of the workbench with the test payload; the
// next phase is a genuine window reload (what "Developer: Reload Window" does on the web).
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CODE_SERVER_VERSION, chromiumPath, pageLoadTimeoutMs, repoRoot, testIndexPath } from './config';
import { sandboxEnv, startCodeServer, type CodeServer } from './codeServer';
import { setDisplayLanguage } from './displayLanguage';
import type { Route, RouteOptions, PhaseOutcome, SecondTab } from './route';
import { ensureRuntime } from './install';
import { processAlive } from './processes';

/** The workbench URL that makes code-server run our tests (notes/vscode-tests-offline.md). */
export function workbenchUrl(
  server: Pick<CodeServer, 'url' | 'port'>,
  { folder, extensionPath, testsPath, env }: { folder: string; extensionPath: string; testsPath?: string; env: Record<string, string> },
): string {
  const remote = (path: string): string => `vscode-remote://127.0.0.1:${server.port}${path}`;
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

export async function launchBrowser(dataDir: string): Promise<Browser> {
  const env = sandboxEnv(join(dataDir, 'browser'), process.env);
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, env, headless: true });
}

function stringify(args: unknown): string {
  return (Array.isArray(args) ? args : [args]).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
}

export async function createOfflineRoute({ dirs, folder, env }: RouteOptions): Promise<Route> {
  const runtime = await ensureRuntime();
  const dataDir = join(dirs.data, 'code-server');
  const server = await startCodeServer({
    runtime,
    dataDir,
    folder,
    logPath: join(dirs.logs, 'code-server.log'),
  });
  mkdirSync(dirs.logs, { recursive: true });
  const workbenchLog = createWriteStream(join(dirs.logs, 'workbench.log'), { flags: 'a' });
  let browser: Browser | undefined;
  let page: Page | undefined;
  /** A second tab on the same workbench URL, while the first runs the tests (ui.openSecondTab). */
  let second: Page | undefined;
  let settle: (outcome: PhaseOutcome) => void = () => {};

  /** A page in a browser context of its own: a new context is a new profile, with empty storage. */
  async function openPage(): Promise<Page> {
    browser ??= await launchBrowser(dirs.data);
    // A context of its own (not browser.newPage's), so a second tab can open in the same profile.
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const opened = await context.newPage();
    page = opened;
    opened.setDefaultNavigationTimeout(pageLoadTimeoutMs());
    // The workbench reports the test run's end and the extension host's console through these.
    await opened.exposeFunction('codeAutomationExit', (code: number) => settle({ code }));
    await opened.exposeFunction('codeAutomationLog', (type: string, args: unknown) => workbenchLog.write(`[${type}] ${stringify(args)}\n`));
    opened.on('console', (message) => workbenchLog.write(`[browser ${message.type()}] ${message.text()}\n`));
    opened.on('pageerror', (error) => workbenchLog.write(`[page error] ${error.message}\n`));
    opened.on('crash', () => settle({ error: 'the workbench page crashed' }));
    return opened;
  }

  /**
   * What a teacher does closing the tab: the page unloads, its extension host stops (and lets go of
   * the workspace storage folder; a host still running would make VS Code give the next window
   * another folder), and the profile with the browser's storage (workspaceState) goes with it.
   */
  async function closeWindow(open: Page, hostPid: number): Promise<void> {
    const context = open.context();
    await open.goto('about:blank');
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
  async function openSecondTab(): Promise<void> {
    if (!page) throw new Error('the first tab is not open');
    if (second) throw new Error('a second tab is open already');
    const tab = await page.context().newPage();
    second = tab;
    tab.setDefaultNavigationTimeout(pageLoadTimeoutMs());
    await tab.exposeFunction('codeAutomationExit', () => {});
    await tab.exposeFunction('codeAutomationLog', (type: string, args: unknown) => workbenchLog.write(`[tab 2 ${type}] ${stringify(args)}\n`));
    tab.on('pageerror', (error) => workbenchLog.write(`[tab 2 page error] ${error.message}\n`));
    await tab.goto(workbenchUrl(server, { folder, extensionPath: repoRoot, env }));
  }

  /** Closes the second tab as a teacher does; its extension host stops on its own. */
  async function closeSecondTab(): Promise<void> {
    const tab = second;
    second = undefined;
    if (!tab) return;
    await tab.goto('about:blank').catch(() => {});
    await tab.close();
  }

  const secondTab: SecondTab = { open: openSecondTab, close: closeSecondTab, page: () => second };
  return {
    name: 'code-server',
    describe: () => `code-server ${CODE_SERVER_VERSION} (its VS Code's Node extension host) + headless Chromium`,
    page: () => page,
    secondTab,
    /**
     * Loads (phase 1) or reloads (later phases) the workbench; resolves when the tests settle. With
     * `newProfile`, the window is closed instead and the workbench opened in a new browser profile.
     */
    runPhase(phase, { newProfile } = {}) {
      const done = new Promise<PhaseOutcome>((resolve) => (settle = resolve));
      const url = workbenchUrl(server, { folder, extensionPath: repoRoot, testsPath: testIndexPath, env });
      const load = async (): Promise<void> => {
        if (phase === 1) {
          await (await openPage()).goto(url);
        } else if (!page) {
          throw new Error('the workbench page is not open');
        } else if (newProfile) {
          await closeWindow(page, newProfile.hostPid);
          await (await openPage()).goto(url);
        } else {
          await page.reload();
        }
      };
      load().catch((error: Error) => settle({ error: `loading the workbench failed: ${error.message}` }));
      return done;
    },
    setDisplayLanguage(locale) {
      // Read again at the next load of the workbench (displayLanguage.ts): the pass's reload.
      setDisplayLanguage(join(dataDir, 'user-data'), locale);
    },
    async stop() {
      await browser?.close().catch(() => {});
      await server.stop();
      await new Promise<void>((resolve) => workbenchLog.end(resolve));
    },
    logs: [join(dirs.logs, 'code-server.log'), join(dirs.logs, 'workbench.log'), join(dirs.data, 'code-server', 'user-data', 'logs')],
  };
}

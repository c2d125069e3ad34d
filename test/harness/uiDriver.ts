// The UI driver: a small HTTP endpoint on 127.0.0.1 through which tests running inside the
// extension host act on the real page (Node's fetch there, playwright here). Every operation is
// scoped to a webview's inner frame (the frame whose document holds the request's `root`: the
// chat's by default, the lesson preview's) unless the request says `frame: "workbench"`. The same server tells the suite index which phase it is
// in (see run.ts: a test may ask for a window reload followed by a named follow-up suite).
// On code-server a test may open a second browser tab on the same folder (`openSecondTab`) and act
// in it with `tab: "second"`, as a teacher with two tabs would.
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Frame, Locator, Page } from 'playwright-core';
import type { RunPlan } from '../integration/driver';
import type { SecondTab } from './route';

const DEFAULT_ROOT = '[data-testid="app"]';
const DEFAULT_TIMEOUT = 10_000;
const MAX_BODY = 1_000_000;

/**
 * A request as driver.ts sends it (JSON, so every field is checked where it is used): which tab,
 * frame and element, and what the operation needs.
 */
export interface DriverRequest {
  tab?: string;
  frame?: string;
  root?: string;
  selector?: unknown;
  text?: unknown;
  nth?: unknown;
  state?: 'attached' | 'detached' | 'visible' | 'hidden';
  timeout?: unknown;
  value?: unknown;
  key?: unknown;
  name?: unknown;
  expression?: unknown;
  suite?: unknown;
  newProfile?: { hostPid?: unknown };
}

type Operation = (frame: Frame, request: DriverRequest, timeout: number) => Promise<unknown>;

function safeName(name: unknown): string {
  return String(name || 'screenshot').replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120);
}

async function findFrame(page: Page, root: string, deadline: number): Promise<Frame> {
  for (;;) {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame() || frame.isDetached()) continue;
      try {
        if (await frame.$(root)) return frame;
      } catch {
        // the frame navigated or went away while we looked
      }
    }
    if (Date.now() > deadline) throw new Error(`no webview frame contains ${root} (is the webview open?)`);
    await sleep(100);
  }
}

export interface UiDriverOptions {
  getPage: () => Page | undefined;
  getSecondTab: () => SecondTab | undefined;
  screenshotsDir: string;
  plan: () => RunPlan;
  onReloadRequest: (suite: string, options: { newProfile?: { hostPid: number } }) => void;
}

export interface UiDriver {
  screenshot(name: string, request?: DriverRequest): Promise<string>;
  /** Starts listening on a free loopback port; resolves to the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export function createUiDriver({ getPage, getSecondTab, screenshotsDir, plan, onReloadRequest }: UiDriverOptions): UiDriver {
  let shots = 0;

  /** The first tab (the one running the tests), or with `tab: "second"` the one ui.openSecondTab opened. */
  function pageFor(request: DriverRequest = {}): Page | undefined {
    if (request.tab !== 'second') return getPage();
    const page = getSecondTab()?.page();
    if (!page) throw new Error('no second tab is open (ui.openSecondTab)');
    return page;
  }

  function secondTab(): SecondTab {
    const tabs = getSecondTab();
    if (!tabs) throw new Error('this route has no browser tabs (code-server only)');
    return tabs;
  }

  async function screenshot(name: unknown, request?: DriverRequest): Promise<string> {
    const page = pageFor(request);
    if (!page) throw new Error('no page is open');
    mkdirSync(screenshotsDir, { recursive: true });
    const path = join(screenshotsDir, `${safeName(name)}.png`);
    await page.screenshot({ path });
    return path;
  }

  async function target(request: DriverRequest, deadline: number): Promise<Frame> {
    const page = pageFor(request);
    if (!page) throw new Error('no page is open');
    if (request.frame === 'workbench') return page.mainFrame();
    return findFrame(page, request.root || DEFAULT_ROOT, deadline);
  }

  function locate(frame: Frame, request: DriverRequest): Locator {
    if (typeof request.selector !== 'string' || !request.selector) throw new Error('selector is required');
    let locator = frame.locator(request.selector);
    if (typeof request.text === 'string') locator = locator.filter({ hasText: request.text });
    if (typeof request.nth === 'number' && Number.isInteger(request.nth)) locator = locator.nth(request.nth);
    return locator;
  }

  const operations: Record<string, Operation> = {
    async waitFor(frame, request, timeout) {
      const locator = locate(frame, request);
      const state = request.state || 'visible';
      // waitFor on several matches is ambiguous; "at least one" is what tests mean.
      await (Number.isInteger(request.nth) ? locator : locator.first()).waitFor({ state, timeout });
      return locator.count();
    },
    click: (frame, request, timeout) => locate(frame, request).click({ timeout }),
    fill: (frame, request, timeout) => locate(frame, request).fill(String(request.value ?? ''), { timeout }),
    type: (frame, request, timeout) => locate(frame, request).pressSequentially(String(request.value ?? ''), { timeout }),
    async press(frame, request, timeout) {
      if (typeof request.key !== 'string') throw new Error('key is required');
      if (request.selector) return locate(frame, request).press(request.key, { timeout });
      return frame.page().keyboard.press(request.key);
    },
    text: (frame, request, timeout) => locate(frame, request).innerText({ timeout }),
    attribute: (frame, request, timeout) => locate(frame, request).getAttribute(String(request.name), { timeout }),
    count: (frame, request) => locate(frame, request).count(),
    evaluate: (frame, request) => frame.evaluate(String(request.expression)),
  };

  async function perform(op: string, request: DriverRequest): Promise<unknown> {
    if (op === 'screenshot') return screenshot(request.name, request);
    if (op === 'openSecondTab') return secondTab().open();
    if (op === 'closeSecondTab') return secondTab().close();
    if (op === 'reloadAfterTest') {
      if (typeof request.suite !== 'string' || !request.suite) throw new Error('suite is required');
      const hostPid = request.newProfile?.hostPid;
      if (request.newProfile !== undefined && !(typeof hostPid === 'number' && Number.isInteger(hostPid))) {
        throw new Error('newProfile needs the hostPid of the extension host that must stop first');
      }
      onReloadRequest(request.suite, request.newProfile && typeof hostPid === 'number' ? { newProfile: { hostPid } } : {});
      return null;
    }
    const operation = operations[op];
    if (!operation) throw new Error(`unknown operation "${op}"`);
    const timeout = typeof request.timeout === 'number' && Number.isFinite(request.timeout) ? request.timeout : DEFAULT_TIMEOUT;
    const deadline = Date.now() + timeout;
    const frame = await target(request, deadline);
    return operation(frame, request, Math.max(1, deadline - Date.now()));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const op = (req.url || '/').replace(/^\/+/, '').split('?')[0] ?? '';
    if (req.method === 'GET' && op === 'plan') return send(200, plan());
    if (req.method !== 'POST') return send(405, { ok: false, error: 'POST an operation' });
    let body = '';
    for await (const chunk of req) {
      body += chunk;
      if (body.length > MAX_BODY) return send(413, { ok: false, error: 'request too large' });
    }
    let request: DriverRequest;
    try {
      request = body ? (JSON.parse(body) as DriverRequest) : {};
    } catch {
      return send(400, { ok: false, error: 'the body is not JSON' });
    }
    try {
      send(200, { ok: true, value: (await perform(op, request)) ?? null });
    } catch (error) {
      // Playwright's first lines say what failed and what it waited for; the rest is noise.
      const message = String((error as Error | undefined)?.message ?? error).split('\n').slice(0, 6).join('\n');
      let shot = '';
      try {
        shot = await screenshot(`driver-error-${++shots}-${op}`, request);
      } catch {
        // the page itself is gone; the message says enough
      }
      send(200, { ok: false, error: `${op} failed: ${message}`, screenshot: shot });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.writeHead(500);
      res.end(JSON.stringify({ ok: false, error: String(error) }));
    });
  });

  return {
    screenshot,
    /** Starts listening on a free loopback port; resolves to the base URL. */
    listen: () =>
      new Promise<string>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

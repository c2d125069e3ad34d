// The UI driver: a small HTTP endpoint on 127.0.0.1 through which tests running inside the
// extension host act on the real page (Node's fetch there, playwright here). Every operation is
// scoped to a webview's inner frame (the frame whose document holds the request's `root`: the
// chat's by default, the lesson preview's) unless the request says `frame: "workbench"`. The same server tells the suite index which phase it is
// in (see run.mjs: a test may ask for a window reload followed by a named follow-up suite).
// On code-server a test may open a second browser tab on the same folder (`openSecondTab`) and act
// in it with `tab: "second"`, as a teacher with two tabs would.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const DEFAULT_ROOT = '[data-testid="app"]';
const DEFAULT_TIMEOUT = 10_000;
const MAX_BODY = 1_000_000;

function safeName(name) {
  return String(name || 'screenshot').replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120);
}

async function findFrame(page, root, deadline) {
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

/**
 * @typedef {{ open: () => Promise<void>, close: () => Promise<void>, page: () => import('playwright-core').Page | undefined }} SecondTab
 * @param {{ getPage: () => import('playwright-core').Page | undefined, getSecondTab: () => SecondTab | undefined,
 *   screenshotsDir: string, plan: () => object,
 *   onReloadRequest: (suite: string, options: { newProfile?: { hostPid: number } }) => void }} options
 */
export function createUiDriver({ getPage, getSecondTab, screenshotsDir, plan, onReloadRequest }) {
  let shots = 0;

  /** The first tab (the one running the tests), or with `tab: "second"` the one ui.openSecondTab opened. */
  function pageFor(request = {}) {
    if (request.tab !== 'second') return getPage();
    const page = getSecondTab()?.page();
    if (!page) throw new Error('no second tab is open (ui.openSecondTab)');
    return page;
  }

  function secondTab() {
    const tabs = getSecondTab();
    if (!tabs) throw new Error('this route has no browser tabs (code-server only)');
    return tabs;
  }

  async function screenshot(name, request) {
    const page = pageFor(request);
    if (!page) throw new Error('no page is open');
    mkdirSync(screenshotsDir, { recursive: true });
    const path = join(screenshotsDir, `${safeName(name)}.png`);
    await page.screenshot({ path });
    return path;
  }

  async function target(request, deadline) {
    const page = pageFor(request);
    if (!page) throw new Error('no page is open');
    if (request.frame === 'workbench') return page.mainFrame();
    return findFrame(page, request.root || DEFAULT_ROOT, deadline);
  }

  function locate(frame, request) {
    if (typeof request.selector !== 'string' || !request.selector) throw new Error('selector is required');
    let locator = frame.locator(request.selector);
    if (typeof request.text === 'string') locator = locator.filter({ hasText: request.text });
    if (Number.isInteger(request.nth)) locator = locator.nth(request.nth);
    return locator;
  }

  const operations = {
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
      if (request.selector) return locate(frame, request).press(request.key, { timeout });
      return frame.page().keyboard.press(request.key);
    },
    text: (frame, request, timeout) => locate(frame, request).innerText({ timeout }),
    attribute: (frame, request, timeout) => locate(frame, request).getAttribute(String(request.name), { timeout }),
    count: (frame, request) => locate(frame, request).count(),
    evaluate: (frame, request) => frame.evaluate(String(request.expression)),
  };

  async function perform(op, request) {
    if (op === 'screenshot') return screenshot(request.name, request);
    if (op === 'openSecondTab') return secondTab().open();
    if (op === 'closeSecondTab') return secondTab().close();
    if (op === 'reloadAfterTest') {
      if (typeof request.suite !== 'string' || !request.suite) throw new Error('suite is required');
      if (request.newProfile !== undefined && !Number.isInteger(request.newProfile?.hostPid)) {
        throw new Error('newProfile needs the hostPid of the extension host that must stop first');
      }
      onReloadRequest(request.suite, request.newProfile ? { newProfile: { hostPid: request.newProfile.hostPid } } : {});
      return null;
    }
    const operation = operations[op];
    if (!operation) throw new Error(`unknown operation "${op}"`);
    const timeout = Number.isFinite(request.timeout) ? request.timeout : DEFAULT_TIMEOUT;
    const deadline = Date.now() + timeout;
    const frame = await target(request, deadline);
    return operation(frame, request, Math.max(1, deadline - Date.now()));
  }

  async function handle(req, res) {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const op = (req.url || '/').replace(/^\/+/, '').split('?')[0];
    if (req.method === 'GET' && op === 'plan') return send(200, plan());
    if (req.method !== 'POST') return send(405, { ok: false, error: 'POST an operation' });
    let body = '';
    for await (const chunk of req) {
      body += chunk;
      if (body.length > MAX_BODY) return send(413, { ok: false, error: 'request too large' });
    }
    let request;
    try {
      request = body ? JSON.parse(body) : {};
    } catch {
      return send(400, { ok: false, error: 'the body is not JSON' });
    }
    try {
      send(200, { ok: true, value: (await perform(op, request)) ?? null });
    } catch (error) {
      // Playwright's first lines say what failed and what it waited for; the rest is noise.
      const message = String(error?.message ?? error).split('\n').slice(0, 6).join('\n');
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
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`));
      }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

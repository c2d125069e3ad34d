// Mocha wiring for tests that drive the real webview bundle: one server and one Chromium per
// suite, a fresh page per test, and after each test a check that the page logged no CSP
// violation and no uncaught error.
import * as assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { OpenOptions, PreviewServer } from './harness';
import { WebviewPage, launchBrowser, startPreviewServer } from './harness';
import { SESSIONS, snapshot } from './fixtures';
import type { SessionView } from '../../src/shared/view';
import type { HostMeta } from '../../src/shared/view';

export interface PreviewSuite {
  open(options?: OpenOptions): Promise<WebviewPage>;
  /** Opens a page and gives it its first snapshot. */
  openWith(session: SessionView, seq: number, meta?: Partial<HostMeta>, options?: OpenOptions): Promise<WebviewPage>;
}

export function previewSuite(): PreviewSuite {
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  const pages: WebviewPage[] = [];

  before(async function () {
    this.timeout(60_000);
    server = await startPreviewServer();
    browser = await launchBrowser();
  });

  afterEach(async () => {
    const open = pages.splice(0);
    try {
      for (const p of open) {
        const { violations, errors } = await p.problems();
        assert.deepEqual(violations, [], 'CSP violations in the webview');
        assert.deepEqual(errors, [], 'uncaught errors in the webview');
      }
    } finally {
      for (const p of open) await p.close();
    }
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const open = async (options?: OpenOptions): Promise<WebviewPage> => {
    if (!browser || !server) throw new Error('preview suite not started');
    const page = await WebviewPage.open(browser, server, options);
    pages.push(page);
    return page;
  };

  return {
    open,
    async openWith(session, seq, meta = {}, options) {
      const page = await open(options);
      await page.push(snapshot(session, seq, meta, SESSIONS));
      await page.waitReady();
      return page;
    },
  };
}

export const byTestId = (id: string): string => `[data-testid="${id}"]`;

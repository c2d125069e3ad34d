// `npm start -- --check`: opens the served workbench in headless Chromium the way a user would,
// opens the Lesson Agent view from the activity bar, waits for the chat webview to render the
// host's snapshot, optionally sends a message and waits for the answer, and saves a screenshot.
import { setTimeout as sleep } from 'node:timers/promises';
import { launchBrowser } from '../test/harness/offline.ts';

const CHAT_ROOT = '[data-testid="app"][data-ready="true"]';

async function chatFrame(page, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (frame !== page.mainFrame() && (await frame.$(CHAT_ROOT).catch(() => null))) return frame;
    }
    await sleep(200);
  }
  throw new Error('the Lesson Agent chat view did not render (no webview frame with a ready chat root)');
}

/**
 * @param {{ url: string, dataDir: string, screenshot: string, message?: string }} options
 * @returns {Promise<string[]>} what was seen, one line each
 */
export async function checkWorkbench({ url, dataDir, screenshot, message }) {
  const seen = [];
  const browser = await launchBrowser(dataDir);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const entry = page.locator('.activitybar [aria-label^="Lesson Agent"]').first();
    await entry.waitFor({ timeout: 30_000 });
    seen.push('the activity bar shows the Lesson Agent container');
    await entry.click();
    const frame = await chatFrame(page, 30_000);
    seen.push(`the chat view rendered the host snapshot: "${await frame.locator('[data-testid="session-title"]').innerText()}"`);
    if (message) {
      await frame.locator('[data-testid="chat-input"]').fill(message);
      await frame.locator('[data-testid="send"]').click();
      const answer = frame.locator('[data-testid="message"][data-kind="assistant"][data-status="done"]').last();
      await answer.waitFor({ timeout: 30_000 });
      const text = (await answer.locator('[data-testid="message-text"]').innerText()).replace(/\s+/g, ' ');
      seen.push(`"${message}" was answered: "${text.slice(0, 100)}${text.length > 100 ? '...' : ''}"`);
    }
    await page.screenshot({ path: screenshot });
    seen.push(`screenshot: ${screenshot}`);
    return seen;
  } finally {
    await browser.close();
  }
}

// Figures for the issue, measured in the real bundle in headless Chromium: the time to open a
// 2,000-message session, and renders per second during a 10,000-delta stream. Times are printed,
// not asserted (they depend on the machine); what is asserted cannot be flaky: the list is
// virtual, every delta lands exactly once, and the panel renders far less often than deltas arrive.
import * as assert from 'node:assert/strict';
import { SESSION_ID, TurnEvents, bigSession, sessionFrom, snapshot } from '../../webview/fixtures';
import { byTestId, previewSuite } from '../../webview/suite';

const TURNS = 1000; // two items each: 2,000 messages
const DELTAS = 10_000;

describe('webview: performance figures', function () {
  this.timeout(120_000);
  const preview = previewSuite();

  it('opens a 2,000-message session at its newest message, mounting only what is on screen', async () => {
    const w = await preview.open();
    const session = bigSession(TURNS);
    assert.equal(session.items.length, 2 * TURNS);
    const lastId = `big-${TURNS - 1}`;
    const ms = await w.page.evaluate(
      async ({ message, lastId }) => {
        const h = window.__harness;
        const t0 = performance.now();
        h.push(message);
        await new Promise<void>((resolve) => {
          const check = (): void => {
            const el = window.document.querySelector(`[data-testid="message"][data-kind="assistant"][data-id="${lastId}"]`);
            if (el?.checkVisibility({ visibilityProperty: true })) resolve();
            else window.requestAnimationFrame(check);
          };
          check();
        });
        return performance.now() - t0;
      },
      { message: snapshot(session, TURNS * 5), lastId },
    );
    const mounted = await w.page.locator(byTestId('message')).count();
    const last = w.page.locator(`${byTestId('message')}[data-id="${lastId}"][data-kind="assistant"]`);
    const box = await last.boundingBox();
    const viewport = w.page.viewportSize();
    console.log(`      figure: 2,000-message session opened in ${ms.toFixed(0)} ms (parse + first render + scroll to end); ${mounted} messages mounted`);
    assert.ok(mounted > 0 && mounted < 100, `virtual list mounts a screenful, not ${mounted}`);
    assert.ok(box && viewport && box.y + box.height <= viewport.height && box.y + box.height > 0, 'the newest message is on screen');
  });

  it('streams 10,000 deltas, each applied once, rendering at most once per frame', async () => {
    const start = new TurnEvents('t1').start('Write a long text for reading practice');
    const w = await preview.openWith(sessionFrom(start.events), start.events.length);
    const deltas = Array.from({ length: DELTAS }, (_, i) => (i % 40 === 39 ? `mot${i}.\n\n` : `mot${i} `));
    const result = await w.page.evaluate(
      async ({ deltas, seq0, sessionId }) => {
        const h = window.__harness;
        const root = window.document.querySelector('[data-testid="app"]') as HTMLElement;
        const renders = (): number => Number(root.getAttribute('data-render-count'));
        const r0 = renders();
        const t0 = performance.now();
        // The worst case for the webview: no coalescing by the host, one post per delta, sent in
        // bursts as fast as the page takes them.
        for (let i = 0; i < deltas.length; i++) {
          h.push({ type: 'events', seq: seq0 + i + 1, events: [{ sessionId, turnId: 't1', type: 'text', delta: deltas[i] }] });
          if (i % 100 === 99) await new Promise((r) => setTimeout(r, 0));
        }
        const last = (deltas[deltas.length - 1] as string).trim().replace(/\.$/, '');
        await new Promise<void>((resolve) => {
          const check = (): void => {
            if (window.document.querySelector('[data-testid="message-text"]')?.textContent?.includes(last)) resolve();
            else window.requestAnimationFrame(check);
          };
          check();
        });
        const elapsed = performance.now() - t0;
        return { elapsed, renders: renders() - r0, text: window.document.querySelector('[data-testid="message-text"]')?.textContent ?? '' };
      },
      { deltas, seq0: start.events.length, sessionId: SESSION_ID },
    );
    const perSecond = result.renders / (result.elapsed / 1000);
    console.log(
      `      figure: ${DELTAS.toLocaleString('en-US')} deltas in ${result.elapsed.toFixed(0)} ms: ${result.renders} renders, ${perSecond.toFixed(1)} renders/s, ${(DELTAS / (result.elapsed / 1000)).toFixed(0)} deltas/s`,
    );
    const squash = (s: string): string => s.replace(/\s+/g, '');
    assert.equal(squash(result.text), squash(deltas.join('')), 'every delta exactly once, in order');
    assert.ok(result.renders < DELTAS / 10, `renders (${result.renders}) far fewer than deltas`);
    const logs = await w.postedOfType('log');
    assert.deepEqual(logs, [], 'no warnings');
  });
});

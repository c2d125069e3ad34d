// Model text is untrusted: in the real bundle, under the host's CSP, no payload runs script,
// loads anything, or styles itself; raw HTML reads as text.
import * as assert from 'node:assert/strict';
import { TurnEvents, sessionFrom, snapshot } from '../../webview/fixtures';
import { ScriptedHost } from '../../webview/scriptedHost';
import { byTestId, previewSuite } from '../../webview/suite';
import { webviewCsp } from '../../../src/shared/webviewCsp';

const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  '[click me](javascript:window.__pwned=3)',
  '<a href="javascript:window.__pwned=4">raw link</a>',
  '<div style="position:fixed;inset:0;background:red" onclick="window.__pwned=5">cover</div>',
  '![beacon](https://tracker.example/pixel.png?leak=lesson)',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload="window.__pwned=6"><circle r="4"/></svg>',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<details open ontoggle="window.__pwned=7">x</details>',
  'A [real link](https://example.org/docs) stays a link.',
].join('\n\n');

describe('webview: untrusted model text', function () {
  this.timeout(30_000);
  const preview = previewSuite();

  for (const mode of ['streamed', 'in a snapshot'] as const) {
    it(`renders XSS payloads inert (${mode})`, async () => {
      const t = new TurnEvents('t1').start('<b onmouseover="window.__pwned=8">hi</b>');
      const w = await preview.open();
      const requests: string[] = [];
      w.page.on('request', (r) => requests.push(r.url()));
      if (mode === 'streamed') {
        const host = new ScriptedHost(w, sessionFrom(t.events));
        host.seq = t.events.length;
        await host.sendSnapshot();
        // Deltas cut payloads mid-tag, as a real stream does.
        for (let i = 0; i < PAYLOADS.length; i += 7) await host.emit(...new TurnEvents('t1').text(PAYLOADS.slice(i, i + 7)).events);
        await host.emit(...new TurnEvents('t1').done().events);
      } else {
        const done = new TurnEvents('t1').start('<b onmouseover="window.__pwned=8">hi</b>').text(PAYLOADS).done();
        await w.push(snapshot(sessionFrom(done.events), done.events.length));
      }
      const { page } = w;
      await page.waitForSelector(`${byTestId('message')}[data-status="done"]`);
      const md = page.locator(byTestId('message-text'));
      for (const text of ['raw link', 'click me', 'cover']) await md.getByText(text, { exact: false }).first().click();
      await page.locator(byTestId('message')).first().hover();

      const report = await page.evaluate(() => {
        const root = window.document.querySelector('[data-testid="message-text"]') as HTMLElement;
        const all = Array.from(root.querySelectorAll('*'));
        return {
          pwned: window.__pwned ?? null,
          tags: Array.from(new Set(all.map((e) => e.tagName.toLowerCase()))).sort(),
          handlers: all.filter((e) => Array.from(e.attributes).some((a) => a.name.startsWith('on'))).length,
          styled: all.filter((e) => e.hasAttribute('style')).length,
          hrefs: Array.from(root.querySelectorAll('a[href]')).map((a) => a.getAttribute('href')),
          text: root.textContent ?? '',
          userHtml: window.document.querySelector('[data-testid="message"][data-kind="user"] b') !== null,
        };
      });
      assert.equal(report.pwned, null, 'no payload ran');
      assert.equal(report.handlers, 0, 'no event handler attributes');
      assert.equal(report.styled, 0, 'no style attributes');
      for (const tag of ['img', 'script', 'iframe', 'svg', 'style', 'details']) assert.ok(!report.tags.includes(tag), `no <${tag}>`);
      assert.deepEqual(report.hrefs, ['https://example.org/docs'], 'only the http(s) link is live');
      assert.ok(report.text.includes('<img src=x onerror="window.__pwned=1">'), 'raw HTML reads as text');
      assert.ok(report.text.includes('beacon'), 'an image shows its alt text, not the image');
      assert.equal(report.userHtml, false, 'user text is text');
      const link = page.locator(`${byTestId('message-text')} a[href]`);
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
      assert.deepEqual(requests.filter((u) => !u.startsWith('http://127.0.0.1')), [], 'nothing remote was loaded');
    });
  }

  it("the page runs under the extension's own CSP: a remote image is refused, as VS Code's webview refuses it", async () => {
    const w = await preview.open();
    const { page } = w;
    const nonce = (await page.getAttribute('meta[property="csp-nonce"]', 'content')) ?? '';
    const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    assert.equal(policy, webviewCsp(new URL(page.url()).origin, nonce), "the extension's policy, not a copy");
    await page.evaluate(() => {
      const image = new Image();
      image.src = 'https://tracker.example/pixel.png';
    });
    await page.waitForFunction(() => window.__harness.violations.includes('img-src https://tracker.example/pixel.png'), undefined, { timeout: 10_000 });
    // Refused as expected: not a fault for the suite's after-each check.
    await page.evaluate(() => void window.__harness.violations.splice(0));
  });

  it('a broken card breaks only itself: the rest of the conversation still renders', async () => {
    // Schema-valid but nonsensical: a question card with no questions.
    const t = new TurnEvents('t1').start('Add an exercise').text('Before the card.').question('q-empty', []).done('awaiting_user');
    const w = await preview.openWith(sessionFrom(t.events), t.events.length);
    await w.page.waitForSelector(byTestId('broken-item'));
    assert.match(await w.page.innerText(byTestId('message-text')), /Before the card\./);
    const logs = await w.waitForPosted('log');
    assert.ok(logs.some((l) => l.level === 'error' && String(l.message).includes('question card q-empty')));
  });
});

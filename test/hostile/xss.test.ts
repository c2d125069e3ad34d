// The XSS corpus in every place the panel shows text that came from the model, the user, a file or
// the host: the reply, the user's message, the session title and list, a question card, a
// confirmation card, a step, an error, notices, the read-only notice. Nothing runs, nothing loads,
// no handler or markup gets through, and the CSP reports no violation.
import * as assert from 'node:assert/strict';
import type { SessionView } from '../../src/shared/view';
import { CONFIRMATION, sessionFrom, snapshot, TurnEvents } from '../webview/fixtures';
import { previewSuite } from '../webview/suite';
import { figure } from './kit';
import { XSS_CORPUS } from '../webview/xssCorpus';

function hostileSession(payload: string): SessionView {
  const t = new TurnEvents('t1')
    .start(payload)
    .text(`${payload}\n\n${payload}`)
    .tool('toolu_1', 'edit_text', payload)
    .toolEnd('toolu_1', 'error', { error: payload })
    .question('q1', [{ header: 'Level', question: payload, multiSelect: false, options: [{ label: payload.slice(0, 60), description: payload }, { label: 'B1', description: payload }] }])
    .done('awaiting_user');
  const c = new TurnEvents('t2').start('and now').confirmation('c1', { ...CONFIRMATION, title: payload, summary: payload, details: payload, reason: payload }, payload);
  const e = new TurnEvents('t3').start('again').text(payload).error('overloaded', payload, true);
  return { ...sessionFrom([...t.events, ...c.events, ...e.events], payload), readOnly: payload };
}

describe('hostile: the XSS corpus everywhere the panel shows text', function () {
  this.timeout(120_000);
  const preview = previewSuite();

  it(`renders ${XSS_CORPUS.length} payloads inert in reply, message, title, list, cards, steps, errors and notices`, async () => {
    const w = await preview.open();
    const requests: string[] = [];
    w.page.on('request', (r) => requests.push(r.url()));
    const inspect = (): Promise<{ pwned: unknown; handlers: number; tags: Record<string, number>; jsLinks: number }> =>
      w.page.evaluate(() => {
        const body = window.document.querySelector('body') as HTMLElement;
        const all = Array.from(body.querySelectorAll('*'));
        const tags: Record<string, number> = {};
        for (const e of all) {
          const tag = e.tagName.toLowerCase();
          if (['img', 'script', 'iframe', 'svg', 'object', 'embed', 'form', 'video', 'math', 'base', 'meta', 'link', 'style', 'details', 'input', 'noscript'].includes(tag)) tags[tag] = (tags[tag] ?? 0) + 1;
        }
        return {
          pwned: window.__pwned ?? null,
          handlers: all.filter((e) => Array.from(e.attributes).some((a) => a.name.startsWith('on'))).length,
          tags,
          jsLinks: Array.from(body.querySelectorAll('a[href]')).filter((a) => !/^https?:/.test(a.getAttribute('href') ?? '')).length,
        };
      });
    const show = async (payload: string, seq: number): Promise<void> => {
      const session = hostileSession(payload);
      const sessions = [{ id: session.sessionId, title: payload, createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000 + seq, messageCount: 6 }];
      await w.push(snapshot(session, seq, { notices: [payload] }, sessions));
      await w.page.waitForSelector('[data-testid="message"]');
    };
    // The panel's own elements (its script, the steps' disclosure) with a harmless text, for comparison.
    await show('Plain words', 99);
    const baseline = await inspect();
    let rendered = 0;
    const worst = { handlers: 0, extra: [] as string[], jsLinks: 0 };
    for (const [i, payload] of XSS_CORPUS.entries()) {
      await show(payload, 100 + i);
      rendered += 1;
      const now = await inspect();
      worst.handlers = Math.max(worst.handlers, now.handlers - baseline.handlers);
      worst.jsLinks = Math.max(worst.jsLinks, now.jsLinks - baseline.jsLinks);
      for (const [tag, n] of Object.entries(now.tags)) if (n > (baseline.tags[tag] ?? 0)) worst.extra.push(`${tag} after payload ${i + 1}`);
    }
    const report = { ...(await inspect()), ...worst };
    const { violations, errors } = await w.problems();
    const remote = requests.filter((u) => !u.startsWith('http://127.0.0.1'));
    figure(
      `XSS corpus: ${XSS_CORPUS.length} payloads x ${rendered} renders in 10 places; ran ${report.pwned === null ? 0 : 1}, ` +
        `${report.handlers} handler attributes, ${report.extra.length} markup elements let through, ${report.jsLinks} non-http links, ${remote.length} remote loads, ${violations.length} CSP violations`,
    );
    assert.equal(report.pwned, null);
    assert.equal(report.handlers, 0);
    assert.deepEqual(report.extra, []);
    assert.equal(report.jsLinks, 0);
    assert.deepEqual(remote, []);
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
  });
});

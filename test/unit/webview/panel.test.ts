// The rest of the panel in the real bundle: header, sessions list, onboarding, examples, error
// banners by code, retrying, notices, a reply's cost.
import * as assert from 'node:assert/strict';
import { emptySessionView } from '../../../src/shared/view';
import { META, SESSIONS, SESSION_ID, TurnEvents, finishedTurn, sessionFrom, snapshot } from '../../webview/fixtures';
import { ScriptedHost } from '../../webview/scriptedHost';
import { byTestId, previewSuite } from '../../webview/suite';

describe('webview: header, sessions, onboarding, errors', function () {
  this.timeout(30_000);
  const preview = previewSuite();

  it('names the session and its bound document; labels the offline demo', async () => {
    const w = await preview.openWith(sessionFrom(finishedTurn().events), 9, { demo: true });
    assert.equal(await w.page.innerText(byTestId('session-title')), SESSIONS[0]?.title);
    assert.match(await w.page.innerText(byTestId('bound-document')), /verbs\.lesson\.xml/);
    assert.equal((await w.page.innerText(byTestId('demo-label'))).trim(), 'Offline demo: scripted replies, not Claude');
    // The reply says what it cost (cost.test.ts has the rest).
    assert.equal((await w.page.innerText(byTestId('usage'))).trim(), 'Cost: $0.021');
  });

  it('lists sessions and opens, renames, exports, deletes (after asking) and starts new ones', async () => {
    const w = await preview.openWith(sessionFrom(finishedTurn().events), 9);
    await w.page.click(byTestId('sessions-button'));
    const items = w.page.locator(byTestId('session-item'));
    assert.equal(await items.count(), SESSIONS.length);
    assert.match(await items.first().innerText(), /French verbs, unit 3[\s\S]*4 messages[\s\S]*current/);
    assert.match(await items.nth(2).innerText(), /waiting for you/);

    const fox = w.page.locator(`${byTestId('session-item')}[data-session-id="session-0"]`);
    await fox.locator(byTestId('session-rename')).click();
    await fox.locator(byTestId('session-rename-input')).fill('The Fox, B1');
    await fox.locator(byTestId('session-rename-input')).press('Enter');
    await fox.locator(byTestId('session-export')).click();
    await fox.locator(byTestId('session-delete')).click();
    assert.equal((await w.postedOfType('deleteSession')).length, 0, 'delete asks first');
    await fox.locator(byTestId('session-delete-confirm')).click();
    await w.push({ type: 'sessions', sessions: SESSIONS.filter((s) => s.id !== 'session-0') });
    await fox.waitFor({ state: 'detached' });
    await w.page.locator(`${byTestId('session-item')}[data-session-id="session-x"] ${byTestId('session-open')}`).click();
    assert.equal(await w.page.locator(byTestId('sessions-panel')).count(), 0, 'opening closes the list');
    await w.page.click(byTestId('new-session-button'));

    const posted = (await w.posted()).filter((m) => m.type !== 'ready' && m.type !== 'log');
    assert.deepEqual(posted, [
      { type: 'renameSession', sessionId: 'session-0', title: 'The Fox, B1' },
      { type: 'exportSession', sessionId: 'session-0' },
      { type: 'deleteSession', sessionId: 'session-0' },
      { type: 'openSession', sessionId: 'session-x' },
      { type: 'newSession' },
    ]);
  });

  it('switches to the session the host sends next, starting at its newest message', async () => {
    const w = await preview.openWith(sessionFrom(finishedTurn().events), 9);
    const other = { ...emptySessionView('session-x', 'Past tense drills') };
    await w.push({ type: 'snapshot', seq: 0, session: other, sessions: SESSIONS, meta: META });
    await w.page.waitForFunction(() => window.document.querySelector('[data-testid="session-title"]')?.textContent === 'Past tense drills');
    assert.equal(await w.page.locator(byTestId('message')).count(), 0);
    assert.equal(await w.page.locator(byTestId('empty-chat')).count(), 1);
  });

  it('onboards without an API key: "Set API key", and an example sends at once (the reply says what to set)', async () => {
    const w = await preview.openWith(emptySessionView(SESSION_ID, 'New session'), 0, { hasApiKey: false });
    await w.page.click(byTestId('set-api-key'));
    assert.deepEqual(await w.waitForPosted('setApiKey'), [{ type: 'setApiKey' }]);
    const example = w.page.locator(byTestId('example-request')).first();
    const text = (await example.innerText()).trim();
    await example.click();
    assert.deepEqual(await w.waitForPosted('send'), [{ type: 'send', text }]);
  });

  it('keeps "Set API key" on a new chat while the offline demo runs, saying what the demo is; a real key hides it', async () => {
    const w = await preview.openWith(emptySessionView(SESSION_ID, 'New session'), 0, { hasApiKey: true, demo: true });
    const card = w.page.locator(byTestId('onboarding'));
    assert.equal(await card.getAttribute('data-demo'), 'true');
    assert.match(await card.innerText(), /offline demo[\s\S]*not from Claude[\s\S]*What can you do\?/);
    await card.locator(byTestId('set-api-key')).click();
    assert.deepEqual(await w.waitForPosted('setApiKey'), [{ type: 'setApiKey' }]);
    await w.push(snapshot(emptySessionView(SESSION_ID, 'New session'), 1));
    await card.waitFor({ state: 'detached' });
  });

  it('says what failed, by error code, with the action that helps', async () => {
    const cases = [
      { code: 'no_api_key', retryable: false, expect: /No API key is set/, setKey: true, retry: false },
      { code: 'network', retryable: true, expect: /Network problem/, setKey: false, retry: true },
      { code: 'step_limit', retryable: false, expect: /step limit/, setKey: false, retry: false },
      { code: 'disk_full', retryable: true, expect: /^The disk is full: nothing was changed\./, setKey: false, retry: true },
    ] as const;
    for (const c of cases) {
      const t = new TurnEvents('t1').start('Hello').error(c.code, `detail for ${c.code}`, c.retryable);
      const w = await preview.openWith(sessionFrom(t.events), t.events.length);
      const banner = w.page.locator(byTestId('error-banner'));
      assert.equal(await banner.getAttribute('data-code'), c.code);
      assert.match(await banner.innerText(), c.expect);
      assert.match(await banner.innerText(), new RegExp(`detail for ${c.code}`));
      assert.equal(await banner.locator(byTestId('set-api-key')).count(), c.setKey ? 1 : 0, `${c.code}: Set API key`);
      assert.equal(await banner.locator(byTestId('retry')).count(), c.retry ? 1 : 0, `${c.code}: Retry`);
    }
  });

  it('says a request is still waiting for an answer, and for how long it will; the notice goes when the answer comes', async () => {
    const t = new TurnEvents('t1').start('Add a writing task');
    const w = await preview.openWith(sessionFrom(t.events), t.events.length);
    const host = new ScriptedHost(w, sessionFrom(t.events));
    host.seq = t.events.length;
    await host.emit(...new TurnEvents('t1').waiting(15_000, 60_000).events);
    const waiting = w.page.locator(byTestId('waiting'));
    await waiting.waitFor();
    assert.match(await waiting.innerText(), /Still waiting for an answer \(15s so far; Lesson Agent gives up after 60s\)/);
    await host.emit(...new TurnEvents('t1').text('Here it is.').done().events);
    await w.page.waitForSelector(`${byTestId('message')}[data-status="done"]`);
    assert.equal(await waiting.count(), 0);
  });

  it('shows a rate-limit retry in progress, then Retry once retries are spent; partial text is kept and marked', async () => {
    const t = new TurnEvents('t1').start('Add a writing task');
    const w = await preview.openWith(sessionFrom(t.events), t.events.length);
    const host = new ScriptedHost(w, sessionFrom(t.events));
    host.seq = t.events.length;
    await host.emit(...new TurnEvents('t1').text('I will add a task where').retrying('rate_limit', 2, 4000).events);
    const retrying = w.page.locator(byTestId('retrying'));
    await retrying.waitFor();
    assert.match(await retrying.innerText(), /Rate limited\. Retrying in 4s \(attempt 2\)/);
    await host.emit(...new TurnEvents('t1').error('rate_limit', '429 Too Many Requests', true).events);
    await w.page.waitForSelector(byTestId('retry'));
    assert.equal(await retrying.count(), 0);
    assert.match(await w.page.locator(`${byTestId('message')}[data-kind="assistant"]`).innerText(), /I will add a task where[\s\S]*Partial reply/);
    await w.page.click(byTestId('retry'));
    assert.deepEqual(await w.waitForPosted('retry'), [{ type: 'retry' }]);
    // The host retries the same turn: the banner goes, the text stays and grows.
    await host.emit(...new TurnEvents('t1').resume().text(' students describe their town.').done().events);
    await w.page.waitForSelector(`${byTestId('message')}[data-status="done"]`);
    assert.equal(await w.page.locator(byTestId('error-banner')).count(), 0);
    assert.match(await w.page.innerText(byTestId('message-text')), /I will add a task where students describe their town\./);
  });

  it('offers Retry only on the latest turn', async () => {
    const events = [...new TurnEvents('t0').start('One').error('network', 'offline', true).events, ...finishedTurn('t1').events];
    const w = await preview.openWith(sessionFrom(events), events.length);
    assert.equal(await w.page.locator(byTestId('error-banner')).count(), 1);
    assert.equal(await w.page.locator(byTestId('retry')).count(), 0);
  });

  it('shows host notices and can dismiss them', async () => {
    const w = await preview.openWith(sessionFrom([]), 0, { notices: ['Session "Old" was unreadable and was set aside.'], restricted: true });
    const notices = w.page.locator(byTestId('notice'));
    assert.equal(await notices.count(), 2);
    await notices.first().locator('vscode-button').click();
    assert.equal(await notices.count(), 1);
  });
});

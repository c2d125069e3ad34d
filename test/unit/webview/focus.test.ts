// Focus that never gets lost, in headless Chromium under the webview's CSP: when a card appears
// and when it is answered, when a reply ends under the Stop button, when the panel reloads, when a
// session is switched, deleted or the list closed, focus lands somewhere sensible and visible; Tab
// goes through the whole panel and out again in both directions (no keyboard trap).
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { CONFIRMATION, SESSIONS, THREE_QUESTIONS, TurnEvents, finishedTurn, sessionFrom, snapshot } from '../../webview/fixtures';
import type { WebviewPage } from '../../webview/harness';
import { ScriptedHost } from '../../webview/scriptedHost';
import { previewSuite } from '../../webview/suite';
import { TEST_IDS } from '../../../webview-ui/src/testIds';

const byTestId = (id: string): string => `[data-testid="${id}"]`;

/** What has the focus, in words a failure message can use: its test id (or its own tag), and its name. */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const doc = document;
    const el = doc.activeElement;
    if (!el || el === doc.body) return 'nothing (the page itself)';
    const id = el.getAttribute('data-testid') ?? el.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''} ${name}`.trim();
  });
}

async function waitForFocus(w: WebviewPage, selector: string, what: string): Promise<void> {
  try {
    await w.page.waitForFunction((s) => {
      const doc = document;
      const target = doc.querySelector(s);
      return target !== null && (doc.activeElement === target || target.contains(doc.activeElement));
    }, selector, { timeout: 5_000 });
  } catch {
    assert.fail(`${what}: the focus is on ${await focused(w.page)}`);
  }
}

describe('webview: focus that never gets lost', function () {
  this.timeout(60_000);
  const suite = previewSuite();

  it('a reply that ends under the Stop button leaves the focus in the input, stopped or finished', async () => {
    for (const end of ['stopped', 'finished'] as const) {
      const t = new TurnEvents('t1').start('Write a long text');
      const w = await suite.openWith(sessionFrom(t.events), t.events.length);
      const host = new ScriptedHost(w, sessionFrom(t.events));
      host.seq = t.events.length;
      await host.emit(...new TurnEvents('t1').text('Once upon a time').events);
      await w.page.focus(byTestId(TEST_IDS.stop));
      await w.page.keyboard.press('Enter');
      await w.waitForPosted('stop');
      const last = new TurnEvents('t1');
      await host.emit(...(end === 'stopped' ? last.error('cancelled', 'Stopped by the user', false) : last.text(' there was a verb.').done()).events);
      await w.page.waitForSelector(byTestId(TEST_IDS.send));
      await waitForFocus(w, byTestId(TEST_IDS.input), `after a reply ${end} under the Stop button`);
    }
  });

  it('a question card takes the focus when it appears and gives it to the input once answered', async () => {
    const t = new TurnEvents('t1').start('Add an exercise').text('One question first:').question('q1', THREE_QUESTIONS.slice(0, 1)).done('awaiting_user');
    const w = await suite.openWith(sessionFrom([]), 0);
    const host = new ScriptedHost(w);
    await w.page.focus(byTestId(TEST_IDS.input));
    await host.emit(...t.events);
    await waitForFocus(w, byTestId(TEST_IDS.questionCard), 'a new question card');
    await w.page.keyboard.press('Enter');
    await w.waitForPosted('answer');
    await host.emit(...new TurnEvents('t1').resume().answered('q1', ['Fill in the blanks']).text('Done.').done().events);
    await waitForFocus(w, byTestId(TEST_IDS.input), 'after the card is answered');
  });

  it('a confirmation card takes the focus itself (not Approve) and gives it to the input once decided', async () => {
    const t = new TurnEvents('t1').start('Start over').confirmation('c1', CONFIRMATION).done('awaiting_user');
    const w = await suite.openWith(sessionFrom([]), 0);
    const host = new ScriptedHost(w);
    await host.emit(...t.events);
    await waitForFocus(w, byTestId(TEST_IDS.confirmationCard), 'a new confirmation card');
    assert.match(await focused(w.page), /^section\[confirmation-card\]/, 'the card, not one of its buttons');
    await w.page.focus(byTestId(TEST_IDS.confirmDeny));
    await w.page.keyboard.press('Enter');
    await w.waitForPosted('decide');
    await host.emit(...new TurnEvents('t1').resume().decided('c1', false).text('I left it as it was.').done().events);
    await waitForFocus(w, byTestId(TEST_IDS.input), 'after the card is decided');
  });

  it('a reloaded panel that had the focus gives it to the input, or to the card still waiting', async () => {
    const done = finishedTurn();
    const w = await suite.openWith(sessionFrom(done.events), done.events.length);
    await w.reload();
    await w.push(snapshot(sessionFrom(done.events), done.events.length));
    await w.waitReady();
    await waitForFocus(w, byTestId(TEST_IDS.input), 'after a reload');

    const asks = new TurnEvents('t1').start('Add an exercise').text('One question first:').question('q1', THREE_QUESTIONS).done('awaiting_user');
    const q = await suite.openWith(sessionFrom(asks.events), asks.events.length);
    await waitForFocus(q, byTestId(TEST_IDS.questionCard), 'a card waiting when the panel opens');
    await q.reload();
    await q.push(snapshot(sessionFrom(asks.events), asks.events.length));
    await waitForFocus(q, byTestId(TEST_IDS.questionCard), 'a card still waiting after a reload');
  });

  it('the sessions list: opening one puts the focus in the input, Escape gives it back to the Sessions button, a deleted one passes it to the next', async () => {
    const done = finishedTurn();
    const session = sessionFrom(done.events);
    const w = await suite.openWith(session, done.events.length);
    const toggle = byTestId(TEST_IDS.sessionsButton);

    await w.page.focus(toggle);
    await w.page.keyboard.press('Enter');
    await waitForFocus(w, `${byTestId(TEST_IDS.sessionItem)}[data-session-id="session-1"] ${byTestId(TEST_IDS.sessionOpen)}`, 'the list, when opened: the session shown');
    await w.page.keyboard.press('Escape');
    await w.page.waitForSelector(byTestId(TEST_IDS.sessionsPanel), { state: 'detached' });
    await waitForFocus(w, toggle, 'after Escape closes the list');

    await w.page.keyboard.press('Enter');
    const other = `${byTestId(TEST_IDS.sessionItem)}[data-session-id="session-0"] ${byTestId(TEST_IDS.sessionOpen)}`;
    await w.page.focus(other);
    await w.page.keyboard.press('Enter');
    assert.deepEqual((await w.waitForPosted('openSession')).at(-1), { type: 'openSession', sessionId: 'session-0' });
    await w.push(snapshot({ ...sessionFrom(finishedTurn('t9').events), sessionId: 'session-0', title: 'Reading comprehension: The Fox' }, 1));
    await waitForFocus(w, byTestId(TEST_IDS.input), 'after opening another session');

    await w.page.focus(toggle);
    await w.page.keyboard.press('Enter');
    const row = (id: string): string => `${byTestId(TEST_IDS.sessionItem)}[data-session-id="${id}"]`;
    await w.page.focus(`${row('session-1')} ${byTestId(TEST_IDS.sessionDelete)}`);
    await w.page.keyboard.press('Enter');
    await w.page.focus(byTestId(TEST_IDS.sessionDeleteConfirm));
    await w.page.keyboard.press('Enter');
    await w.waitForPosted('deleteSession');
    const left = SESSIONS.filter((s) => s.id !== 'session-1');
    await w.push(snapshot({ ...sessionFrom(finishedTurn('t9').events), sessionId: 'session-0', title: 'Reading comprehension: The Fox' }, 2, {}, left));
    await w.page.waitForSelector(row('session-1'), { state: 'detached' });
    await waitForFocus(w, `${row('session-0')} ${byTestId(TEST_IDS.sessionOpen)}`, 'after deleting a session: the one that took its place');
  });

  it('Tab goes through the whole panel and out, and Shift+Tab back the same way: no trap', async () => {
    const done = finishedTurn();
    const w = await suite.openWith(sessionFrom(done.events), done.events.length, {}, { height: 1400 });
    await w.page.click(byTestId(TEST_IDS.stepsToggle));
    await w.page.fill(byTestId(TEST_IDS.input), 'A draft');
    await w.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const walk = async (key: 'Tab' | 'Shift+Tab'): Promise<string[]> => {
      const seen: string[] = [];
      for (let i = 0; i < 60; i++) {
        await w.page.keyboard.press(key);
        const now = await focused(w.page);
        // Out of the page, or (headless Chromium has no browser toolbar to go to) round to the start.
        if (now.startsWith('nothing') || now === seen[0]) return seen;
        assert.notEqual(now, seen.at(-1), `${key} stayed on ${now}`);
        seen.push(now);
      }
      assert.fail(`${key} never left the panel: ${seen.join(' → ')}`);
    };
    const forward = await walk('Tab');
    for (const id of [TEST_IDS.sessionsButton, TEST_IDS.stepsToggle, TEST_IDS.editReview, TEST_IDS.editRevert, TEST_IDS.input, TEST_IDS.send]) {
      assert.ok(forward.some((f) => f.includes(`[${id}]`)), `Tab reaches ${id}: ${forward.join(' → ')}`);
    }
    await w.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const backward = await walk('Shift+Tab');
    assert.deepEqual(backward, [...forward].reverse(), 'Shift+Tab goes back the way Tab came');
  });
});

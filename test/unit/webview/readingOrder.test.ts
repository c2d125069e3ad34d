// The panel in the real bundle, as a teacher reads and uses it: cards where they were asked, a
// declined change that is not a failure, edits with labelled Review and Revert on the reply
// (Revert asks first and says what happened), the view following a message sent from far up,
// and the notes on exports and on where edits go.
import * as assert from 'node:assert/strict';
import type { Question } from '../../../src/shared/questions';
import type { SessionView } from '../../../src/shared/view';
import { CONFIRMATION, THREE_QUESTIONS, TurnEvents, USAGE, SESSION_ID, bigSession, finishedTurn, sessionFrom } from '../../webview/fixtures';
import type { WebviewPage } from '../../webview/harness';
import { ScriptedHost } from '../../webview/scriptedHost';
import { byTestId, previewSuite } from '../../webview/suite';

const TOPIC = THREE_QUESTIONS[2] as Question;

/** The assistant message's texts and cards, in the order they are on screen. */
async function readingOrder(w: WebviewPage): Promise<string[]> {
  return w.page.locator(`${byTestId('message')}[data-kind="assistant"] > *`).evaluateAll((nodes) =>
    nodes.flatMap((n) => {
      const id = n.getAttribute('data-testid');
      if (id === 'message-text') return [`text: ${(n.textContent ?? '').trim()}`];
      if (id === 'question-card' || id === 'confirmation-card') return [`${id}: ${n.getAttribute('data-status')}`];
      return [];
    }),
  );
}

function withReverted(view: SessionView): SessionView {
  return { ...view, items: view.items.map((i) => (i.kind === 'assistant' ? { ...i, steps: i.steps.map((s) => (s.editId ? { ...s, reverted: true } : s)) } : i)) };
}

describe('webview: reading order, edits and notes', function () {
  this.timeout(30_000);
  const preview = previewSuite();

  it('keeps an answered question and a declined change where they were asked, before the reply that follows', async () => {
    const events = new TurnEvents('t1')
      .start('Add some homework')
      .text('One question first:')
      .question('q1', [TOPIC])
      .done('awaiting_user')
      .resume()
      .answered('q1', ['the weekend'])
      .text('\n\nThis replaces the homework, so I ask first:')
      .confirmation('k1', CONFIRMATION)
      .done('awaiting_user')
      .resume()
      .decided('k1', false)
      .text('\n\nUnderstood: I left it as it was.')
      .usage(USAGE)
      .done().events;
    const w = await preview.openWith(sessionFrom(events), events.length);
    assert.deepEqual(await readingOrder(w), [
      'text: One question first:',
      'question-card: answered',
      'text: This replaces the homework, so I ask first:',
      'confirmation-card: denied',
      'text: Understood: I left it as it was.',
    ]);
    assert.equal((await w.page.innerText(byTestId('confirm-decision'))).trim(), 'Not applied (you declined)');
    assert.equal((await w.page.innerText(byTestId('steps-toggle'))).trim(), 'Done (2 steps)', 'no "failed" for a declined change');
    await w.page.click(byTestId('steps-toggle'));
    const declined = w.page.locator(`${byTestId('step')}[data-status="declined"]`);
    assert.match(await declined.innerText(), /Editing document\s*·?\s*Not applied \(you declined\)/);
  });

  it('shows the reply\'s edit with labelled Review and Revert without opening the steps; Revert asks first, then says what happened', async () => {
    const events = finishedTurn().events;
    const w = await preview.openWith(sessionFrom(events), events.length);
    assert.equal(await w.page.locator(`${byTestId('steps')}[data-expanded="false"]`).count(), 1, 'the steps are collapsed');
    const row = w.page.locator(byTestId('edit-row'));
    assert.match(await row.innerText(), /Added an exercise[\s\S]*Review[\s\S]*Revert/);
    await row.locator(byTestId('edit-review')).click();
    assert.deepEqual(await w.waitForPosted('reviewEdit'), [{ type: 'reviewEdit', editId: 't1-e1' }]);

    await row.locator(byTestId('edit-revert')).click();
    assert.match(await w.page.innerText(byTestId('edit-revert-ask')), /Undo this change in the document\?/);
    await w.page.click(byTestId('edit-revert-cancel'));
    await w.page.locator(byTestId('edit-revert-ask')).waitFor({ state: 'detached' });
    assert.equal((await w.postedOfType('revertEdit')).length, 0, 'Cancel reverts nothing');

    // The host refuses (the text changed since): the row says why, in the panel.
    await row.locator(byTestId('edit-revert')).click();
    await w.page.click(byTestId('edit-revert-confirm'));
    const [first] = await w.waitForPosted('revertEdit');
    assert.equal(first?.editId, 't1-e1');
    await w.push({ type: 'response', requestId: String(first?.requestId), ok: true, result: { ok: false, message: 'The same part has changed since.' } });
    assert.match(await w.page.innerText(byTestId('edit-revert-problem')), /The same part has changed since\./);

    // Then it works: the host's snapshot marks the edit reverted, and Revert gives way to Apply again.
    await row.locator(byTestId('edit-revert')).click();
    await w.page.click(byTestId('edit-revert-confirm'));
    const [, second] = await w.waitForPosted('revertEdit', 2);
    await w.push(
      { type: 'snapshot', seq: events.length, session: withReverted(sessionFrom(events)), sessions: [], meta: { hasApiKey: true, demo: false, model: 'm', restricted: false, skills: [], notices: [] } },
      { type: 'response', requestId: String(second?.requestId), ok: true, result: { ok: true } },
    );
    await w.page.waitForSelector(`${byTestId('edit-row')}[data-reverted="true"]`);
    assert.equal(await w.page.locator(byTestId('edit-revert')).count(), 0, 'Revert is no longer offered');
    assert.equal((await w.page.locator(byTestId('edit-apply-again')).innerText()).trim(), 'Apply again');
    assert.match(await row.innerText(), /Added an exercise\s*Reverted/);
  });

  it('brings the newest message into view when the user sends while scrolled up', async () => {
    const session = bigSession(40);
    const w = await preview.openWith(session, 1000, {}, { height: 600 });
    const host = new ScriptedHost(w, session);
    host.seq = 1000;
    await w.page.locator('.message-list').hover();
    // Wheel up to the top: on a loaded machine the list may still be settling at the bottom when
    // the first wheels arrive, so a fixed count of wheels is not enough.
    const scrollTop = () => w.page.locator('.message-list').evaluate((list) => list.scrollTop);
    for (let i = 0; i < 60 && (await scrollTop()) > 0; i++) await w.page.mouse.wheel(0, -800);
    // Far up: the newest reply is out of the list (virtualized away).
    await w.page.locator('[data-id="big-39"]').waitFor({ state: 'detached' });
    await w.page.locator('[data-id="big-30"]').waitFor({ state: 'detached' });
    await host.emit(...new TurnEvents('t-new').start('One more question, please').events);
    // In the page: the new message lies inside the list's visible box.
    await w.page.waitForFunction(() => {
      const doc = document;
      const m = doc.querySelector('[data-kind="user"][data-id="u-t-new"]');
      const list = doc.querySelector('.message-list');
      if (!m || !list) return false;
      const a = m.getBoundingClientRect();
      const b = list.getBoundingClientRect();
      return a.top >= b.top && a.bottom <= b.bottom + 1;
    }, undefined, { timeout: 10_000 });
  });

  it('says where an export went, with Open; and where edits go when the editor shows another document', async () => {
    const events = finishedTurn().events;
    const other = { uri: 'file:///workspace/water.lesson.xml', name: 'water.lesson.xml', kind: 'lesson' as const };
    const w = await preview.openWith(sessionFrom(events), events.length, { activeDocument: other });
    assert.match(await w.page.innerText(byTestId('document-mismatch')), /Edits go to verbs\.lesson\.xml, not to water\.lesson\.xml in the editor\./);
    await w.page.click(byTestId('show-bound-document'));
    await w.page.click(byTestId('new-session-for-active'));
    // Another session's export is not said in this chat; this one's is.
    await w.push({ type: 'exported', sessionId: 'another-session', name: 'Another chat.md', folder: 'Documents', path: '/home/t/Documents/Another chat.md', uri: 'file:///home/t/Documents/y.md' });
    await w.page.waitForTimeout(300);
    assert.equal(await w.page.locator(byTestId('exported')).count(), 0, "another chat's export is not said here");
    await w.push({ type: 'exported', sessionId: SESSION_ID, name: 'French verbs, unit 3.md', folder: 'Documents', path: '/home/t/Documents/French verbs, unit 3.md', uri: 'file:///home/t/Documents/x.md' });
    assert.equal((await w.page.innerText(`${byTestId('exported')} .status-text`)).trim(), 'Saved as French verbs, unit 3.md in Documents', 'the name and the folder, not the path');
    assert.equal(await w.page.getAttribute(`${byTestId('exported')} .status-text`, 'title'), '/home/t/Documents/French verbs, unit 3.md', 'the whole path as the tooltip');
    await w.page.click(byTestId('exported-open'));
    const posted = (await w.posted()).filter((m) => ['showDocument', 'newSession', 'openFile'].includes(m.type));
    assert.deepEqual(posted, [{ type: 'showDocument' }, { type: 'newSession' }, { type: 'openFile', uri: 'file:///home/t/Documents/x.md' }]);
  });

  it('says nothing about the document when the editor shows the bound one', async () => {
    const events = finishedTurn().events;
    const same = { uri: 'file:///workspace/verbs.lesson.xml', name: 'verbs.lesson.xml', kind: 'lesson' as const };
    const w = await preview.openWith(sessionFrom(events), events.length, { activeDocument: same });
    assert.equal(await w.page.locator(byTestId('document-mismatch')).count(), 0);
  });

  it('puts the focus in the input when the host asks (Open Chat), also before the first snapshot', async () => {
    const w = await preview.open();
    await w.push({ type: 'focusInput' });
    const events = finishedTurn().events;
    await w.push({ type: 'snapshot', seq: events.length, session: sessionFrom(events), sessions: [], meta: { hasApiKey: true, demo: false, model: 'm', restricted: false, skills: [], notices: [] } });
    await w.page.waitForFunction(() => window.document.activeElement?.getAttribute('data-testid') === 'chat-input');
  });
});

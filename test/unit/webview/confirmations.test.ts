// The confirmation card in the real bundle: approve, deny with feedback, review, read-only after.
import * as assert from 'node:assert/strict';
import { CONFIRMATION, TurnEvents, sessionFrom } from '../../webview/fixtures';
import type { WebviewPage } from '../../webview/harness';
import { ScriptedHost } from '../../webview/scriptedHost';
import { byTestId, previewSuite } from '../../webview/suite';

const waiting = (toolCallId: string): TurnEvents =>
  new TurnEvents('t1').start('Replace the lesson with a quiz').text('This removes most of the lesson.').confirmation(toolCallId, CONFIRMATION).done('awaiting_user');

function hostFor(w: WebviewPage, events: TurnEvents): ScriptedHost {
  const h = new ScriptedHost(w, sessionFrom(events.events));
  h.seq = events.events.length;
  return h;
}

describe('webview: confirmation cards', function () {
  this.timeout(30_000);
  const preview = previewSuite();

  it('shows what is asked, focuses the card (not Approve), and approves', async () => {
    const events = waiting('k1');
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    const card = w.page.locator(byTestId('confirmation-card'));
    const text = await card.innerText();
    for (const part of [CONFIRMATION.title, CONFIRMATION.summary, CONFIRMATION.reason as string]) assert.ok(text.includes(part), `shows ${part}`);
    await w.page.waitForFunction(() => window.document.activeElement?.getAttribute('data-testid') === 'confirmation-card');
    assert.equal(await w.page.locator(byTestId('chat-input')).isDisabled(), true);
    assert.equal(await w.page.locator(byTestId('chat-input')).getAttribute('placeholder'), 'Please approve or deny the change above to continue');

    await w.page.click(byTestId('confirm-review'));
    assert.deepEqual(await w.waitForPosted('reviewProposal'), [{ type: 'reviewProposal', toolCallId: 'k1' }]);

    await w.page.click(byTestId('confirm-approve'));
    assert.deepEqual(await w.waitForPosted('decide'), [{ type: 'decide', toolCallId: 'k1', approved: true }]);
    await hostFor(w, events).emit(...new TurnEvents('t1').resume().decided('k1', true).events);
    await w.page.waitForSelector(`${byTestId('confirmation-card')}[data-status="approved"]`);
    assert.equal((await w.page.innerText(byTestId('confirm-decision'))).trim(), 'Approved');
    assert.equal(await w.page.locator(byTestId('confirm-approve')).count(), 0, 'read-only once decided');
  });

  it("lists the students' work an edit would change, by exercise, as a labelled list", async () => {
    const studentWork = [
      { place: 'Exercise 1, “Complete the sentences”', changes: ['The answer to “Claire ___ au marché.”: “va” would be cleared.'] },
      { place: 'Exercise 2', changes: ['The exercise (id ex-2) would be removed.'] },
    ];
    const events = new TurnEvents('t1').start('Start again').confirmation('k5', { ...CONFIRMATION, studentWork }).done('awaiting_user');
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    const list = w.page.locator(byTestId('confirm-student-work'));
    const text = await list.innerText();
    assert.match(text, /^Students' work this would change\nExercise 1, “Complete the sentences”\nThe answer to “Claire ___ au marché\.”: “va” would be cleared\.\nExercise 2\nThe exercise \(id ex-2\) would be removed\.$/);
    assert.equal(await list.getAttribute('aria-labelledby') !== null, true);
    assert.equal(await w.page.locator(`${byTestId('confirm-student-work')} li li`).count(), 2);
    assert.equal(await w.page.locator(byTestId('confirm-student-work')).count(), 1);
    const plain = new TurnEvents('t1').start('Shorten it').confirmation('k6', CONFIRMATION).done('awaiting_user');
    const other = await preview.openWith(sessionFrom(plain.events), plain.events.length);
    assert.equal(await other.page.locator(byTestId('confirm-student-work')).count(), 0, 'no list when no student work is touched');
  });

  it('denies with feedback for the model, and shows the decision', async () => {
    const events = waiting('k2');
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    await w.page.fill(byTestId('confirm-feedback'), 'Keep the reading text, replace only the exercises');
    await w.page.click(byTestId('confirm-deny'));
    const [decide] = await w.waitForPosted('decide');
    assert.deepEqual(decide, { type: 'decide', toolCallId: 'k2', approved: false, feedback: 'Keep the reading text, replace only the exercises' });
    assert.equal(await w.page.locator(byTestId('confirm-approve')).evaluate((b: HTMLElement & { disabled: boolean }) => b.disabled), true, 'no second decision while the first is on its way');
    await hostFor(w, events).emit(...new TurnEvents('t1').resume().decided('k2', false, 'Keep the reading text, replace only the exercises').events);
    await w.page.waitForSelector(`${byTestId('confirmation-card')}[data-status="denied"]`);
    assert.equal((await w.page.innerText(byTestId('confirm-decision'))).trim(), 'Not applied (you declined). Your note: Keep the reading text, replace only the exercises');
    await w.page.waitForFunction(() => window.document.activeElement?.getAttribute('data-testid') === 'chat-input');
  });

  it('Ctrl+Enter in the note denies with it (and says so); a plain Enter only starts a new line', async () => {
    const events = waiting('k3');
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    assert.equal((await w.page.innerText(byTestId('confirm-hint'))).trim(), 'Ctrl+Enter denies with this note');
    const note = w.page.locator(byTestId('confirm-feedback'));
    await note.click();
    await note.type('Keep the reading');
    await note.press('Enter');
    await note.type('and the pictures');
    assert.equal((await w.postedOfType('decide')).length, 0, 'Enter alone decides nothing');
    await note.press('Control+Enter');
    const [decide] = await w.waitForPosted('decide');
    assert.deepEqual(decide, { type: 'decide', toolCallId: 'k3', approved: false, feedback: 'Keep the reading\nand the pictures' });
  });

  it('one turn, two confirmations: one approved, the next denied', async () => {
    const events = waiting('k1');
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    const host = hostFor(w, events);
    await w.page.click(byTestId('confirm-approve'));
    await w.waitForPosted('decide');
    await host.emit(
      ...new TurnEvents('t1')
        .resume()
        .decided('k1', true)
        .text('Removed. Now the quiz file.')
        .confirmation('k2', { ...CONFIRMATION, tool: 'create_document', title: 'Create quiz.lesson.xml?', hasDiff: false }, 'Creating quiz.lesson.xml')
        .done('awaiting_user').events,
    );
    await w.page.waitForSelector(`${byTestId('confirmation-card')}[data-tool-call-id="k1"][data-status="approved"]`);
    const pending = w.page.locator(`${byTestId('confirmation-card')}[data-status="pending"]`);
    assert.equal(await pending.getAttribute('data-tool-call-id'), 'k2');
    assert.equal(await pending.locator(byTestId('confirm-review')).count(), 0, 'no diff, no Review');
    await pending.locator(byTestId('confirm-deny')).click();
    const decides = await w.waitForPosted('decide', 2);
    assert.deepEqual(decides[1], { type: 'decide', toolCallId: 'k2', approved: false });
  });
});

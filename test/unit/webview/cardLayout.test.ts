// Question and confirmation cards in a 300 px side bar, in the real bundle: Enter moves on from a
// typed answer (Shift+Enter starts a new line; Ctrl+Enter works anywhere) and the hint says
// which; a long placeholder is shown whole; the "Confirmation" badge stays on one line; the last
// question's Continue stays on the row of Back and Skip.
import * as assert from 'node:assert/strict';
import type { Question } from '../../../src/shared/questions';
import { CONFIRMATION, THREE_QUESTIONS, TurnEvents, sessionFrom } from '../../webview/fixtures';
import type { WebviewPage } from '../../webview/harness';
import { byTestId, previewSuite } from '../../webview/suite';

const NARROW = { width: 300 };
const option = (label: string): string => `${byTestId('question-option')}[data-label="${label}"]`;

function asking(questions: Question[]): TurnEvents {
  return new TurnEvents('t1').start('Add an exercise').text('A few questions first:').question('q1', questions).done('awaiting_user');
}

async function top(w: WebviewPage, selector: string): Promise<number> {
  const box = await w.page.locator(selector).boundingBox();
  assert.ok(box, `${selector} is laid out`);
  return Math.round(box.y);
}

describe('webview: cards in a narrow side bar', function () {
  this.timeout(30_000);
  const preview = previewSuite();

  it('Enter in a typed answer goes to the next question; Shift+Enter starts a new line; the hint says so', async () => {
    const questions: Question[] = [
      { header: 'Topic', question: 'What topic?', options: [], multiSelect: false, inputType: 'text' },
      { header: 'Count', question: 'How many sentences?', options: [], multiSelect: false, inputType: 'number', min: 1, max: 20 },
      THREE_QUESTIONS[0] as Question,
    ];
    const events = asking(questions).events;
    const w = await preview.openWith(sessionFrom(events), events.length, {}, NARROW);
    assert.equal((await w.page.innerText(byTestId('question-hint'))).trim(), 'Enter to continue, Shift+Enter for a new line');
    const text = w.page.locator(byTestId('question-input'));
    await text.click();
    await text.type('the weather');
    await text.press('Shift+Enter');
    await text.type('and the seasons');
    assert.equal(await text.inputValue(), 'the weather\nand the seasons', 'Shift+Enter is a new line');
    await text.press('Enter');
    await w.page.waitForSelector(`${byTestId('question-card')}[data-index="1"]`);

    assert.equal((await w.page.innerText(byTestId('question-hint'))).trim(), 'Enter to continue');
    const count = w.page.locator(byTestId('question-input'));
    await count.fill('6');
    await count.press('Enter');
    await w.page.waitForSelector(`${byTestId('question-card')}[data-index="2"]`);

    assert.equal((await w.page.innerText(byTestId('question-hint'))).trim(), 'Ctrl+Enter to continue', 'choices: Ctrl+Enter');
    await w.page.click(byTestId('question-other'));
    const other = w.page.locator(byTestId('question-other-input'));
    await other.fill('A crossword');
    assert.equal((await w.page.innerText(byTestId('question-hint'))).trim(), 'Enter to continue');
    await other.press('Enter');
    const [answer] = await w.waitForPosted('answer');
    assert.deepEqual(answer, { type: 'answer', toolCallId: 'q1', answers: ['the weather\nand the seasons', '6', 'A crossword'] });
  });

  it('shows a long placeholder whole, and keeps Continue on the row of Back and Skip', async () => {
    const long = 'e.g. a weekend at the seaside, a visit to the market, or the first day at a new school';
    const questions: Question[] = [
      THREE_QUESTIONS[0] as Question,
      { header: 'Topic', question: 'What should the sentences be about?', options: [], multiSelect: false, inputType: 'text', placeholder: long },
    ];
    const events = asking(questions).events;
    const w = await preview.openWith(sessionFrom(events), events.length, {}, NARROW);
    await w.page.click(option('Fill in the blanks'));
    await w.page.click(byTestId('question-continue'));
    await w.page.waitForSelector(`${byTestId('question-card')}[data-index="1"]`);
    const field = w.page.locator(byTestId('question-input'));
    assert.equal(await field.getAttribute('placeholder'), long);
    const fits = await field.evaluate((t) => {
      return { height: t.scrollHeight <= t.clientHeight + 1, width: t.scrollWidth <= t.clientWidth + 1, lines: t.clientHeight };
    });
    assert.ok(fits.height && fits.width, `the placeholder fits its field: ${JSON.stringify(fits)}`);
    const row = await top(w, byTestId('question-continue'));
    assert.equal(await top(w, byTestId('question-skip')), row, 'Skip and Continue on one row');
    assert.equal(await top(w, byTestId('question-back')), row, 'Back on that row too');
  });

  it('keeps the "Confirmation" badge on one line, and Deny beside Approve', async () => {
    const events = new TurnEvents('t1').start('Replace the lesson').text('I need your approval.').confirmation('k1', CONFIRMATION).done('awaiting_user').events;
    const w = await preview.openWith(sessionFrom(events), events.length, {}, NARROW);
    const badge = w.page.locator(`${byTestId('confirmation-card')} vscode-badge`);
    const { height, lineHeight } = await badge.evaluate((el) => {
      const style = getComputedStyle(el);
      return { height: el.getBoundingClientRect().height, lineHeight: parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4 };
    });
    assert.ok(height < lineHeight * 1.9, `the badge is one line high (${height} px, a line is ${lineHeight} px)`);
    assert.equal(await top(w, byTestId('confirm-deny')), await top(w, byTestId('confirm-approve')));
  });
});

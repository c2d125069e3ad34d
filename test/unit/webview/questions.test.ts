// The question card in the real bundle: answered one question at a time, skip, keyboard, a lone
// single select, Other, typed inputs, the file picker round trip, and a reload half-way through.
import * as assert from 'node:assert/strict';
import type { Question } from '../../../src/shared/questions';
import type { WebviewPage } from '../../webview/harness';
import { META, THREE_QUESTIONS, TurnEvents, sessionFrom } from '../../webview/fixtures';
import { ScriptedHost } from '../../webview/scriptedHost';
import { byTestId, previewSuite } from '../../webview/suite';

const option = (label: string): string => `${byTestId('question-option')}[data-label="${label}"]`;

function asking(questions: Question[], toolCallId = 'q1'): { host: (w: WebviewPage) => ScriptedHost; events: TurnEvents } {
  const events = new TurnEvents('t1').start('Add an exercise').text('A few questions first:').question(toolCallId, questions).done('awaiting_user');
  return {
    events,
    host: (w) => {
      const h = new ScriptedHost(w, sessionFrom(events.events));
      h.seq = events.events.length;
      return h;
    },
  };
}

async function cardIndex(w: WebviewPage): Promise<string | null> {
  return w.page.locator(byTestId('question-card')).getAttribute('data-index');
}

describe('webview: question cards', function () {
  this.timeout(30_000);
  const preview = previewSuite();

  it('asks three questions one at a time (single, multi, text) and posts the answers; the card then reads back', async () => {
    const { events, host } = asking(THREE_QUESTIONS);
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    const input = w.page.locator(byTestId('chat-input'));
    assert.equal(await input.isDisabled(), true, 'the input waits for the card');
    assert.equal(await input.getAttribute('placeholder'), 'Please answer the question above to continue');
    // Focus moves to the new card (a few frames after it shows: the card waits until it can take it).
    await w.page.waitForFunction(() => !!window.document.activeElement?.closest('[data-testid="question-card"]'), undefined, { timeout: 5_000 });

    assert.equal(await w.page.innerText(byTestId('question-progress')), '1/3');
    await w.page.click(option('Multiple choice'));
    assert.equal(await w.page.getAttribute(option('Multiple choice'), 'aria-checked'), 'true');
    await w.page.click(byTestId('question-continue'));
    assert.equal(await w.page.innerText(byTestId('question-progress')), '2/3');

    await w.page.click(option('Vocabulary'));
    await w.page.click(option('Spelling'));
    await w.page.click(option('Grammar'));
    await w.page.click(option('Grammar')); // ticked and unticked again
    await w.page.click(byTestId('question-continue'));
    assert.equal(await cardIndex(w), '2');
    assert.equal(await w.page.innerText(byTestId('question-continue')), 'Continue');

    // Back keeps what was chosen.
    await w.page.click(byTestId('question-back'));
    assert.equal(await w.page.getAttribute(option('Spelling'), 'aria-checked'), 'true');
    await w.page.click(byTestId('question-continue'));

    await w.page.fill(byTestId('question-input'), 'A day at school');
    assert.equal((await w.postedOfType('answer')).length, 0, 'nothing is sent before Continue');
    await w.page.click(byTestId('question-continue'));
    const [answer] = await w.waitForPosted('answer');
    assert.deepEqual(answer, { type: 'answer', toolCallId: 'q1', answers: ['Multiple choice', ['Vocabulary', 'Spelling'], 'A day at school'] });

    const h = host(w);
    await h.emit(...new TurnEvents('t1').resume().answered('q1', answer?.answers as string[]).events);
    const card = w.page.locator(byTestId('question-card'));
    await w.page.waitForSelector(`${byTestId('question-card')}[data-status="answered"]`);
    assert.match(await card.innerText(), /Multiple choice[\s\S]*Vocabulary, Spelling[\s\S]*A day at school/);
    assert.equal(await w.page.locator(option('Multiple choice')).count(), 0, 'read-only once answered');
    await h.emit(...new TurnEvents('t1').text('Here it is.').done().events);
    await w.page.waitForFunction(() => window.document.activeElement?.getAttribute('data-testid') === 'chat-input');
  });

  it('skips a question (null) and submits on Skip after the last', async () => {
    const { events } = asking(THREE_QUESTIONS);
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    await w.page.click(option('True or false'));
    await w.page.click(byTestId('question-continue'));
    await w.page.click(byTestId('question-skip'));
    assert.equal(await cardIndex(w), '2');
    await w.page.click(byTestId('question-skip'));
    const [answer] = await w.waitForPosted('answer');
    assert.deepEqual(answer?.answers, ['True or false', null, null]);
  });

  it('moves on with Ctrl+Enter, and validates before moving', async () => {
    const { events } = asking(THREE_QUESTIONS);
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    await w.page.keyboard.press('Control+Enter');
    assert.equal(await w.page.innerText(byTestId('question-error')), 'Please choose an option.');
    assert.equal(await cardIndex(w), '0');
    // Arrow keys move through the options; Space chooses.
    await w.page.keyboard.press('ArrowDown');
    await w.page.keyboard.press(' ');
    assert.equal(await w.page.getAttribute(option('Multiple choice'), 'aria-checked'), 'true');
    assert.equal(await w.page.locator(byTestId('question-error')).count(), 0, 'the message goes once the user acts');
    await w.page.keyboard.press('Control+Enter');
    assert.equal(await cardIndex(w), '1');
    await w.page.click(option('Grammar'));
    await w.page.keyboard.press('Control+Enter');
    await w.page.fill(byTestId('question-input'), 'Food');
    await w.page.focus(byTestId('question-input'));
    await w.page.keyboard.press('Control+Enter');
    const [answer] = await w.waitForPosted('answer');
    assert.deepEqual(answer?.answers, ['Multiple choice', ['Grammar'], 'Food']);
  });

  it('a lone single-select question answers on click', async () => {
    const lone: Question[] = [{ ...(THREE_QUESTIONS[0] as Question), allowOther: false }];
    const { events } = asking(lone, 'q-lone');
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    assert.equal(await w.page.locator(byTestId('question-continue')).count(), 0, 'no Continue: a click is the answer');
    await w.page.click(option('Fill in the blanks'));
    const [answer] = await w.waitForPosted('answer');
    assert.deepEqual(answer, { type: 'answer', toolCallId: 'q-lone', answers: ['Fill in the blanks'] });
    assert.equal(await w.page.locator(byTestId('question-card')).getAttribute('data-status'), 'pending');
    assert.equal(await w.page.locator(option('True or false')).getAttribute('aria-disabled'), 'true', 'no second answer while the first is on its way');
  });

  it('takes an "Other" free text instead of an option', async () => {
    const { events } = asking([THREE_QUESTIONS[0] as Question]);
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    await w.page.click(byTestId('question-other'));
    await w.page.click(byTestId('question-continue'));
    assert.equal(await w.page.innerText(byTestId('question-error')), 'Please type your answer for "Other".');
    await w.page.fill(byTestId('question-other-input'), 'A crossword');
    await w.page.click(byTestId('question-continue'));
    const [answer] = await w.waitForPosted('answer');
    assert.deepEqual(answer?.answers, ['A crossword']);
  });

  it('checks typed inputs: a number within bounds, a date range in order', async () => {
    const questions: Question[] = [
      { header: 'Count', question: 'How many sentences?', options: [], multiSelect: false, inputType: 'number', min: 3, max: 12 },
      { header: 'Dates', question: 'Which weeks?', options: [], multiSelect: false, inputType: 'date_range', allowSkip: false },
    ];
    const { events } = asking(questions);
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    await w.page.fill(byTestId('question-input'), '40');
    await w.page.click(byTestId('question-continue'));
    assert.equal(await w.page.innerText(byTestId('question-error')), 'The number must be at most 12.');
    await w.page.fill(byTestId('question-input'), '8');
    await w.page.click(byTestId('question-continue'));
    assert.equal(await w.page.locator(byTestId('question-skip')).count(), 0, 'allowSkip: false has no Skip');
    await w.page.fill(byTestId('question-date-from'), '2026-03-14');
    await w.page.fill(byTestId('question-date-to'), '2026-03-01');
    await w.page.click(byTestId('question-continue'));
    assert.equal(await w.page.innerText(byTestId('question-error')), 'The end date must not be before the start date.');
    await w.page.fill(byTestId('question-date-to'), '2026-03-28');
    await w.page.click(byTestId('question-continue'));
    const [answer] = await w.waitForPosted('answer');
    assert.deepEqual(answer?.answers, ['8', ['2026-03-14', '2026-03-28']]);
  });

  it('offers a dropdown for more than four options', async () => {
    const many: Question = {
      header: 'Level',
      question: 'Which CEFR level?',
      options: ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'].map((l) => ({ label: l, description: `Level ${l}` })),
      multiSelect: false,
    };
    const { events } = asking([many]);
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    assert.equal(await w.page.locator('[role="radio"]').count(), 0, 'no option cards');
    await w.page.click(byTestId('question-dropdown'));
    await w.page.click(option('B2'));
    await w.page.waitForFunction(() => window.document.querySelector('.option-dropdown .option-description')?.textContent === 'Level B2');
    await w.page.click(byTestId('question-continue'));
    const [answer] = await w.waitForPosted('answer');
    assert.deepEqual(answer?.answers, ['B2']);
  });

  it('picks a workspace file through the host (request, response)', async () => {
    const { events } = asking([{ header: 'Source', question: 'Which text should the exercise use?', options: [], multiSelect: false, inputType: 'file' }]);
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    await w.page.click(byTestId('question-pick-file'));
    const [request] = await w.waitForPosted('pickFile');
    assert.equal(typeof request?.requestId, 'string');
    await w.push({ type: 'response', requestId: request?.requestId as string, ok: true, result: 'texts/le-renard.md' });
    await w.page.waitForFunction(() => window.document.querySelector('[data-testid="question-input"]')?.textContent === 'texts/le-renard.md');
    await w.page.click(byTestId('question-continue'));
    const [answer] = await w.waitForPosted('answer');
    assert.deepEqual(answer?.answers, ['texts/le-renard.md']);
  });

  it('survives a window reload half-way: progress restored, then answered', async () => {
    const { events, host } = asking(THREE_QUESTIONS);
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    await w.page.click(option('Multiple choice'));
    await w.page.click(byTestId('question-continue'));
    await w.page.click(option('Grammar'));

    await w.reload();
    const h = host(w);
    await h.sendSnapshot(META);
    await w.waitReady();
    assert.equal(await cardIndex(w), '1', 'back on the second question');
    assert.equal(await w.page.getAttribute(option('Grammar'), 'aria-checked'), 'true');
    await w.page.click(byTestId('question-continue'));
    await w.page.fill(byTestId('question-input'), 'Animals');
    await w.page.click(byTestId('question-continue'));
    const [answer] = await w.waitForPosted('answer');
    assert.deepEqual(answer?.answers, ['Multiple choice', ['Grammar'], 'Animals']);
  });

  it('an interrupted card says so and takes no answer', async () => {
    const events = new TurnEvents('t1').start('Add an exercise').question('q1', THREE_QUESTIONS).error('network', 'Connection reset', true);
    const w = await preview.openWith(sessionFrom(events.events), events.events.length);
    const card = w.page.locator(byTestId('question-card'));
    assert.equal(await card.getAttribute('data-status'), 'interrupted');
    assert.equal(await w.page.locator(byTestId('question-continue')).count(), 0);
    assert.equal(await w.page.locator(byTestId('chat-input')).isDisabled(), false);
  });
});

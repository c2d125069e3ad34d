import * as assert from 'node:assert/strict';
import type { Question } from '../../../src/shared/questions';
import type { CardProgress, QuestionDraft } from '../../../webview-ui/src/questions/questionModel';
import { checkAnswers } from '../../../src/shared/answers';
import { answerText, checkAnswer, collectAnswers, draftValue, emptyDraft, newProgress, updateCard } from '../../../webview-ui/src/questions/questionModel';
import { t } from '../../../webview-ui/src/l10n';

const choice: Question = {
  header: 'Level',
  question: 'Which level?',
  options: [
    { label: 'A1', description: '' },
    { label: 'B1', description: '' },
    { label: 'C1', description: '' },
  ],
  multiSelect: false,
};
const multi: Question = { ...choice, multiSelect: true };
const q = (extra: Partial<Question>): Question => ({ header: 'H', question: 'Q?', options: [], multiSelect: false, ...extra });
const draft = (d: Partial<QuestionDraft>): QuestionDraft => ({ ...emptyDraft(), ...d });

describe('question card model', () => {
  describe('checkAnswer', () => {
    it('single select: the chosen label, or the Other text, or asks to choose', () => {
      assert.deepEqual(checkAnswer(choice, draft({ selected: ['B1'] })), { ok: true, value: 'B1' });
      assert.deepEqual(checkAnswer(choice, draft({ other: '  A2+ ' })), { ok: true, value: 'A2+' });
      assert.deepEqual(checkAnswer(choice, draft({})), { ok: false, error: 'errChoose' });
      assert.deepEqual(checkAnswer(choice, draft({ other: ' ' })), { ok: false, error: 'errOtherEmpty' });
    });

    it('multi select: labels in option order, plus Other', () => {
      assert.deepEqual(checkAnswer(multi, draft({ selected: ['C1', 'A1'], other: 'B2' })), { ok: true, value: ['A1', 'C1', 'B2'] });
      assert.deepEqual(checkAnswer(multi, draft({})), { ok: false, error: 'errChoose' });
    });

    it('text must not be blank', () => {
      assert.deepEqual(checkAnswer(q({ inputType: 'text' }), draft({ text: ' school ' })), { ok: true, value: 'school' });
      assert.deepEqual(checkAnswer(q({}), draft({ text: '   ' })), { ok: false, error: 'errRequired' });
    });

    it('number: numeric and within bounds', () => {
      const n = q({ inputType: 'number', min: 1, max: 30 });
      assert.deepEqual(checkAnswer(n, draft({ text: '12' })), { ok: true, value: '12' });
      assert.deepEqual(checkAnswer(n, draft({ text: 'twelve' })), { ok: false, error: 'errNumber' });
      assert.deepEqual(checkAnswer(n, draft({ text: '0' })), { ok: false, error: 'errMin', args: [1] });
      assert.deepEqual(checkAnswer(n, draft({ text: '31' })), { ok: false, error: 'errMax', args: [30] });
    });

    it('date and date range: real dates, end not before start', () => {
      assert.deepEqual(checkAnswer(q({ inputType: 'date' }), draft({ text: '2026-02-28' })), { ok: true, value: '2026-02-28' });
      assert.deepEqual(checkAnswer(q({ inputType: 'date' }), draft({ text: '2026-02-30' })), { ok: false, error: 'errDate' });
      const r = q({ inputType: 'date_range' });
      assert.deepEqual(checkAnswer(r, draft({ text: '2026-03-01', end: '2026-03-14' })), { ok: true, value: ['2026-03-01', '2026-03-14'] });
      assert.deepEqual(checkAnswer(r, draft({ text: '2026-03-14', end: '2026-03-01' })), { ok: false, error: 'errRange' });
    });

    it('file: a chosen path is required', () => {
      assert.deepEqual(checkAnswer(q({ inputType: 'file' }), draft({})), { ok: false, error: 'errFile' });
      assert.deepEqual(checkAnswer(q({ inputType: 'file' }), draft({ text: 'texts/fox.md' })), { ok: true, value: 'texts/fox.md' });
    });

    it('a skipped question answers null whatever its draft', () => {
      assert.deepEqual(checkAnswer(choice, draft({ skipped: true })), { ok: true, value: null });
    });
  });

  describe('updateCard', () => {
    it('select replaces the choice and clears Other; toggle is idempotent', () => {
      let p: CardProgress = newProgress(2);
      p = updateCard(p, { type: 'other', index: 0, text: 'x' });
      p = updateCard(p, { type: 'select', index: 0, label: 'A1' });
      assert.deepEqual(p.drafts[0], draft({ selected: ['A1'] }));
      p = updateCard(p, { type: 'toggle', index: 1, label: 'B1', checked: true });
      const again = updateCard(p, { type: 'toggle', index: 1, label: 'B1', checked: true });
      assert.deepEqual(again.drafts[1]?.selected, ['B1']);
    });

    it('skip marks the question and moves on; editing un-skips; go stays in range', () => {
      let p = updateCard(newProgress(3), { type: 'skip', index: 0 });
      assert.equal(p.index, 1);
      assert.equal(p.drafts[0]?.skipped, true);
      p = updateCard(p, { type: 'select', index: 0, label: 'A1' });
      assert.equal(p.drafts[0]?.skipped, false);
      assert.equal(updateCard(p, { type: 'go', index: 7 }), p);
      assert.equal(updateCard(p, { type: 'go', index: 2 }).index, 2);
    });
  });

  it('collectAnswers returns every answer, or the first question not ready', () => {
    const questions = [choice, multi, q({ inputType: 'text' })];
    let p = newProgress(3);
    p = updateCard(p, { type: 'select', index: 0, label: 'A1' });
    p = updateCard(p, { type: 'skip', index: 1 });
    const missing = collectAnswers(questions, p);
    assert.deepEqual(missing, { ok: false, index: 2, error: 'errRequired' });
    p = updateCard(p, { type: 'text', index: 2, text: 'Food' });
    assert.deepEqual(collectAnswers(questions, p), { ok: true, answers: ['A1', null, 'Food'] });
  });

  it('refuses exactly what the host refuses, in the same words (one rule)', () => {
    const cases: Array<[Question, Partial<QuestionDraft>]> = [
      [q({ inputType: 'text' }), { text: '   ' }],
      [q({ inputType: 'date' }), { text: '2026-02-30' }],
      [q({ inputType: 'date_range' }), { text: '2026-03-14', end: '2026-03-01' }],
      [multi, {}],
      [q({ inputType: 'number' }), { text: '0x10' }],
    ];
    for (const [question, d] of cases) {
      const card = checkAnswer(question, draft(d));
      assert.equal(card.ok, false, JSON.stringify(d));
      const host = checkAnswers([question], [draftValue(question, draft(d)) ?? null]);
      assert.equal(host, `Answer 1 ("${question.header}"): ${card.ok ? '' : t(card.error, ...(card.args ?? []))}`);
    }
  });

  it('answerText reads answers for the answered card', () => {
    assert.equal(answerText(choice, 'A1'), 'A1');
    assert.equal(answerText(multi, ['A1', 'C1']), 'A1, C1');
    assert.equal(answerText(q({ inputType: 'date_range' }), ['2026-03-01', '2026-03-14']), '2026-03-01 – 2026-03-14');
    assert.equal(answerText(choice, null), null);
  });
});

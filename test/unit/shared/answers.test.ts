// The one answer rule, on every input type: what the card refuses, the host and the CLI refuse
// too, in the same words.
import * as assert from 'node:assert/strict';
import { answerProblemText, checkAnswer, checkAnswers, isDate } from '../../../src/shared/answers';
import type { AnswerValue, Question } from '../../../src/shared/questions';

const q = (over: Partial<Question>): Question => ({ header: 'H', question: 'Q?', options: [], multiSelect: false, ...over });
const opts = (...labels: string[]) => labels.map((label) => ({ label, description: `${label} level` }));

const single = q({ header: 'Level', options: opts('A2', 'B1') });
const closed = q({ header: 'Level', options: opts('A2', 'B1'), allowOther: false });
const multi = q({ header: 'Skills', options: opts('Reading', 'Writing'), multiSelect: true });
const closedMulti = q({ header: 'Skills', options: opts('Reading', 'Writing'), multiSelect: true, allowOther: false });
const text = q({ header: 'Topic', inputType: 'text' });
const number = q({ header: 'Items', inputType: 'number', min: 1, max: 20 });
const date = q({ header: 'Due', inputType: 'date' });
const range = q({ header: 'When', inputType: 'date_range' });
const file = q({ header: 'Text', inputType: 'file' });
const must = q({ header: 'Name', inputType: 'text', allowSkip: false });

/** The problem's code, or 'ok'. */
function code(question: Question, value: AnswerValue | undefined): string {
  return checkAnswer(question, value)?.code ?? 'ok';
}

describe('the answer rule (shared by the card, the host and the CLI)', () => {
  it('single select: a label, or "Other" text when allowed', () => {
    assert.equal(code(single, 'B1'), 'ok');
    assert.equal(code(single, 'C1, my own'), 'ok', 'Other is on by default');
    assert.equal(code(single, undefined), 'choose');
    assert.equal(code(single, '   '), 'otherEmpty');
    assert.equal(code(single, ['A2', 'B1']), 'oneOption');
    assert.deepEqual(checkAnswer(closed, 'C1'), { code: 'notAnOption', args: ['A2, B1'] });
  });

  it('multi select: a list of labels; an empty list is no answer', () => {
    assert.equal(code(multi, ['Reading', 'Writing']), 'ok');
    assert.equal(code(multi, ['Reading', 'Drama']), 'ok', 'Other is on by default');
    assert.equal(code(multi, []), 'choose');
    assert.equal(code(multi, ['Reading', ' ']), 'otherEmpty');
    assert.equal(code(multi, 'Reading'), 'list');
    assert.equal(code(closedMulti, ['Drama']), 'notAnOption');
  });

  it('text: blank text is no answer', () => {
    assert.equal(code(text, 'food and drink'), 'ok');
    assert.equal(code(text, ''), 'required');
    assert.equal(code(text, '  \n '), 'required');
    assert.equal(code(text, ['a']), 'text');
  });

  it('number: plain decimals only (no 0x10, no Infinity), within min and max', () => {
    for (const ok of ['12', '1.5', ' 20 ', '+3', '1e1']) assert.equal(code(number, ok), 'ok', ok);
    for (const bad of ['0x10', 'Infinity', '', 'twelve', '1,5', '0b1', '1e']) assert.equal(code(number, bad), 'number', bad);
    assert.deepEqual(checkAnswer(number, '0'), { code: 'min', args: [1] });
    assert.deepEqual(checkAnswer(number, '21'), { code: 'max', args: [20] });
  });

  it('date: a real calendar day as YYYY-MM-DD', () => {
    assert.equal(code(date, '2026-02-28'), 'ok');
    assert.equal(code(date, '2028-02-29'), 'ok', 'a leap day');
    for (const bad of ['2026-02-30', '2026-13-01', '28/02/2026', '2026-2-28', '']) assert.equal(code(date, bad), 'date', bad);
    assert.equal(isDate('2026-02-30'), false);
  });

  it('date range: two dates, the end not before the start', () => {
    assert.equal(code(range, ['2026-03-01', '2026-03-14']), 'ok');
    assert.equal(code(range, ['2026-03-01', '2026-03-01']), 'ok', 'one day');
    assert.equal(code(range, ['2026-03-14', '2026-03-01']), 'range');
    assert.equal(code(range, ['2026-03-01', '2026-02-30']), 'dateRange');
    assert.equal(code(range, ['2026-03-01']), 'dateRange');
    assert.equal(code(range, '2026-03-01'), 'dateRange');
  });

  it('file: a chosen path', () => {
    assert.equal(code(file, 'texts/fox.md'), 'ok');
    assert.equal(code(file, ''), 'file');
  });

  it('skip: null is an answer unless the question says it cannot be skipped', () => {
    for (const question of [single, multi, text, number, date, range, file]) assert.equal(code(question, null), 'ok', question.header);
    assert.equal(code(must, null), 'noSkip');
  });

  it('the host says which question and why, in the words the card uses', () => {
    assert.equal(checkAnswers([single, number], ['B1', '0x10']), 'Answer 2 ("Items"): Please enter a number.');
    assert.equal(checkAnswers([range], [['2026-03-14', '2026-03-01']]), 'Answer 1 ("When"): The end date must not be before the start date.');
    assert.equal(checkAnswers([closed], ['C1']), 'Answer 1 ("Level"): Please choose one of: A2, B1.');
    assert.equal(checkAnswers([single, number], ['B1']), 'Expected 2 answer(s), one per question in order, got 1.');
    assert.equal(checkAnswers([single, multi, text, number, date, range, file], ['A2', ['Reading'], 'x', '3', '2026-01-01', ['2026-01-01', '2026-01-02'], 'a.md']), undefined);
    assert.equal(answerProblemText({ code: 'max', args: [20] }), 'The number must be at most 20.');
  });
});

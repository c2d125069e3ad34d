// The one rule for whether an answer fits its question, for every input type. The question card
// (before it sends), the host (before it resumes the turn) and the CLI (`resume --answer`, through
// the host) all ask it, so no answer the card would refuse can reach the model another way.
import type { AnswerValue, Question } from './questions';
import { allowsOther, allowsSkip, resolveInputType } from './questions';

/** What can be wrong with an answer, and how it is said (in English; the panel's bundle uses these). */
export const ANSWER_PROBLEMS = {
  required: 'Please give an answer, or skip.',
  choose: 'Please choose an option.',
  otherEmpty: 'Please type your answer for "Other".',
  notAnOption: 'Please choose one of: {0}.',
  oneOption: 'Please choose only one option.',
  list: 'Please give the chosen options as a list.',
  text: 'Please give one answer as text.',
  number: 'Please enter a number.',
  min: 'The number must be at least {0}.',
  max: 'The number must be at most {0}.',
  date: 'Please enter a date as YYYY-MM-DD.',
  dateRange: 'Please give a start and an end date as YYYY-MM-DD.',
  range: 'The end date must not be before the start date.',
  file: 'Please choose a file.',
  noSkip: 'This question cannot be skipped.',
} as const;

export type AnswerProblemCode = keyof typeof ANSWER_PROBLEMS;
export interface AnswerProblem {
  readonly code: AnswerProblemCode;
  readonly args?: ReadonlyArray<string | number>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Plain decimal notation only: Number() would also take "0x10", "1e", "Infinity" or "". */
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A real calendar date in YYYY-MM-DD (so 2026-02-30 is not one). */
export function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const problem = (code: AnswerProblemCode, ...args: Array<string | number>): AnswerProblem => (args.length > 0 ? { code, args } : { code });

function checkChoice(q: Question, value: AnswerValue, multi: boolean): AnswerProblem | undefined {
  if (multi && !Array.isArray(value)) return problem(typeof value === 'string' && value.trim() !== '' ? 'list' : 'choose');
  if (!multi && Array.isArray(value)) return problem(value.length > 1 ? 'oneOption' : 'choose');
  const picked = Array.isArray(value) ? value : [value ?? ''];
  if (picked.length === 0) return problem('choose');
  const labels = q.options.map((o) => o.label);
  for (const v of picked) {
    // Labels are never blank, so a blank entry is an "Other" left empty.
    if (v.trim() === '') return problem('otherEmpty');
    if (!labels.includes(v) && !allowsOther(q)) return problem('notAnOption', labels.join(', '));
  }
  return undefined;
}

function checkNumber(q: Question, value: string): AnswerProblem | undefined {
  const text = value.trim();
  const n = Number(text);
  if (!NUMBER.test(text) || !Number.isFinite(n)) return problem('number');
  if (q.min !== undefined && n < q.min) return problem('min', q.min);
  if (q.max !== undefined && n > q.max) return problem('max', q.max);
  return undefined;
}

function checkRange(value: AnswerValue): AnswerProblem | undefined {
  if (!Array.isArray(value) || value.length !== 2) return problem('dateRange');
  const [from = '', to = ''] = value.map((v) => v.trim());
  if (!isDate(from) || !isDate(to)) return problem('dateRange');
  return to < from ? problem('range') : undefined;
}

/**
 * Why `value` does not answer `q`, or undefined when it does. `undefined` as the value means
 * nothing was given yet (the card before a choice); `null` means skipped.
 */
export function checkAnswer(q: Question, value: AnswerValue | undefined): AnswerProblem | undefined {
  if (value === null) return allowsSkip(q) ? undefined : problem('noSkip');
  const type = resolveInputType(q);
  if (type === 'single_select' || type === 'multi_select') return checkChoice(q, value ?? [], type === 'multi_select');
  if (type === 'date_range') return checkRange(value ?? []);
  if (Array.isArray(value)) return problem('text');
  const text = value ?? '';
  switch (type) {
    case 'text':
      return text.trim() === '' ? problem('required') : undefined;
    case 'number':
      return checkNumber(q, text);
    case 'date':
      return isDate(text.trim()) ? undefined : problem('date');
    case 'file':
      return text.trim() === '' ? problem('file') : undefined;
  }
}

/** The problem in words, its placeholders filled. */
export function answerProblemText(p: AnswerProblem): string {
  return ANSWER_PROBLEMS[p.code].replace(/\{(\d+)\}/g, (m, i: string) => String(p.args?.[Number(i)] ?? m));
}

/** Why these answers do not fit these questions (one line naming the question), or undefined when they do. */
export function checkAnswers(questions: readonly Question[], answers: readonly AnswerValue[]): string | undefined {
  if (answers.length !== questions.length) {
    return `Expected ${questions.length} answer(s), one per question in order, got ${answers.length}.`;
  }
  for (const [i, q] of questions.entries()) {
    const p = checkAnswer(q, answers[i] ?? null);
    if (p) return `Answer ${i + 1} ("${q.header}"): ${answerProblemText(p)}`;
  }
  return undefined;
}

// Reading a student's answer (`student-answer`) against the key, for the teacher's view: which
// options a multiple-choice answer names, which of true / false / not given a statement's answer
// means, and whether a gap was filled with the answer or an accepted alternative. The answer itself
// is only ever read, never rewritten.
import type { StatementAnswer } from '../../shared/lessonView';

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Exact match with the answer or an alternative (spelling and case count; spacing does not). */
export function blankIsCorrect(studentAnswer: string, answer: string, alts: readonly string[]): boolean {
  const given = normalize(studentAnswer);
  return [answer, ...alts].some((key) => normalize(key) === given);
}

function optionIndex(token: string, options: readonly string[]): number | undefined {
  const wanted = normalize(token).toLowerCase();
  const byText = options.findIndex((o) => normalize(o).toLowerCase() === wanted);
  if (byText >= 0) return byText;
  if (/^\d+$/.test(wanted)) {
    const n = Number(wanted);
    return n >= 1 && n <= options.length ? n - 1 : undefined;
  }
  if (/^[a-z]$/.test(wanted)) {
    const n = wanted.charCodeAt(0) - 97;
    return n < options.length ? n : undefined;
  }
  return undefined;
}

/**
 * The options (0-based, ascending) a student's answer names: an option's text, its number from 1,
 * or its letter; several separated by commas or semicolons. Undefined when any part names none.
 */
export function chosenOptions(studentAnswer: string, options: readonly string[]): number[] | undefined {
  const whole = optionIndex(studentAnswer, options);
  if (whole !== undefined) return [whole];
  const tokens = studentAnswer.split(/[,;|]/).map(normalize).filter((t) => t !== '');
  if (tokens.length === 0) return undefined;
  const picked = new Set<number>();
  for (const token of tokens) {
    const index = optionIndex(token, options);
    if (index === undefined) return undefined;
    picked.add(index);
  }
  return [...picked].sort((a, b) => a - b);
}

const STATEMENT_WORDS: Readonly<Record<string, StatementAnswer>> = {
  true: 'true',
  t: 'true',
  yes: 'true',
  false: 'false',
  f: 'false',
  no: 'false',
  'not-given': 'not-given',
  'not given': 'not-given',
  notgiven: 'not-given',
  ng: 'not-given',
};

/** A true/false answer as one of the three keys, when it reads as one. */
export function statementChoice(studentAnswer: string): StatementAnswer | undefined {
  return STATEMENT_WORDS[normalize(studentAnswer).toLowerCase()];
}

export function sameChoices(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

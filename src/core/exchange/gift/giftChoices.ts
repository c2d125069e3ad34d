// GIFT's choice and matching questions as exercises: a choice in the middle of a sentence is a gap
// with its words to choose from (a word bank), a choice of True / False / Not given a statement,
// any other choice a multiple-choice question, a matching of lines to 1, 2, 3... a sequence, and
// any other matching a set of gaps filled from a word bank.
import { l10n, type Said } from '../../../shared/l10n';
import type { Matching, MultipleChoice, TextChoice } from 'gift-pegjs';
import { STATEMENT_ANSWERS } from '../../../shared/lessonView';
import type { ExerciseType } from '../../lesson/vocabulary';
import type { Converted } from '../groups';
import type { Lost } from '../markup';
import type { Question } from '../quiz';
import { isOrderPrompt, isStatementChoice } from '../words';
import { feedbackNotes, giftInlines, giftPlain, withGap } from './giftText';

function isRight(c: TextChoice): boolean {
  return c.isCorrect || (c.weight !== null && c.weight > 0);
}

function statementOf(q: MultipleChoice, lost: Lost): Converted | undefined {
  const labels = q.choices.map((c) => giftPlain(c.text));
  if (labels.length !== 3 || !isStatementChoice(labels)) return undefined;
  const key = q.choices.findIndex(isRight);
  if (key < 0 || q.choices.filter(isRight).length !== 1) return undefined;
  const correction = giftPlain(q.globalFeedback);
  const answer = STATEMENT_ANSWERS[key] ?? 'true';
  return { type: 'true-false', questions: [{ kind: 'statement', content: giftInlines(q.stem, lost), answer, ...(correction ? { correction } : {}) }] };
}

export function convertChoice(q: MultipleChoice, tagged: ExerciseType | undefined, lost: Lost, said: Said[]): Converted {
  const statement = statementOf(q, lost);
  if (statement) return statement;
  const right = q.choices.filter(isRight);
  const notes = feedbackNotes(q.choices, lost);
  if (notes.length > 0) said.push(l10n.both('the feedback on each option is kept as a teacher’s note'));
  if (q.hasEmbeddedAnswers && right.length === 1 && tagged !== 'multiple-choice') {
    const words = q.choices.map((c) => giftPlain(c.text));
    const gap = withGap(q.stem, { answer: giftPlain(right[0]?.text), alts: [] }, lost);
    return { type: 'fill-blanks', questions: [{ kind: 'gaps', content: gap }], wordBank: words, notes };
  }
  const partial = q.choices.some((c) => c.weight !== null && c.weight !== 100 && c.weight > 0);
  const multiple = right.length > 1 || partial;
  if (partial && right.length === 1) said.push(l10n.both('partial marks are not kept: an option is right or wrong'));
  if (right.length === 0) said.push(l10n.both('a question had no right option: its first option is marked right, check it'));
  const options = q.choices.map((c, i) => ({ content: giftInlines(c.text, lost), correct: right.length === 0 ? i === 0 : isRight(c) }));
  const explanation = giftInlines(q.globalFeedback, lost);
  const question: Question = { kind: 'choice', prompt: giftInlines(q.stem, lost), multiple, options, ...(explanation.length > 0 ? { explanation } : {}) };
  return { type: 'multiple-choice', questions: [question], notes };
}

export function convertMatching(q: Matching, lost: Lost, said: Said[]): Converted {
  const positions = q.matchPairs.map((p) => Number(p.subanswer.trim()));
  const isOrder = positions.every((n) => Number.isInteger(n)) && [...positions].sort((a, b) => a - b).every((n, i) => n === i + 1);
  if (isOrder) {
    const stem = giftPlain(q.stem);
    if (stem && !isOrderPrompt(stem)) said.push(l10n.both('the question “{0}” is not kept: a sequence has no question of its own', stem));
    return { type: 'sequencing', questions: [{ kind: 'order', items: q.matchPairs.map((p, i) => ({ content: giftInlines(p.subquestion, lost), order: positions[i] ?? i + 1 })) }] };
  }
  said.push(l10n.both('a matching question became gaps to fill from a word bank, one per line'));
  const answers = q.matchPairs.map((p) => p.subanswer.trim());
  const questions: Question[] = q.matchPairs
    .filter((p) => giftPlain(p.subquestion) !== '')
    .map((p) => ({ kind: 'gaps', content: [...giftInlines(p.subquestion, lost), { kind: 'text', text: ' ' }, { kind: 'gap', answer: p.subanswer.trim(), alts: [] }] }));
  const stem = giftInlines(q.stem, lost);
  return { type: 'fill-blanks', intro: stem.length > 0 ? [{ kind: 'paragraph', content: stem }] : [], questions, wordBank: answers };
}

// What a student answers in each QTI item of a lesson's export, read from the lesson itself (its
// view, never our quiz model or the exported XML): the right answer, a wrong one, the marks the
// right one earns, and the words the item must show. One plan per question, in reading order,
// which is the order the export writes its items in.
import type { ContentBlock, ExerciseView, Inline, LessonView } from '../../src/shared/lessonView';
import { words } from './lessonText';
import { worksheetWords, type WorksheetWords } from '../../src/shared/worksheetWords';
import type { Answer, Interaction } from './qtiPlayer';

export interface ItemPlan {
  /** Where the question is, for messages: "Exercise 2, question 1". */
  readonly where: string;
  readonly interaction: Interaction;
  readonly right: Answer;
  /** A wrong answer, when the question has one (a single-line sequence has none). */
  readonly wrong?: Answer;
  /** What the right answer scores: one mark a gap, one a question; 0 for a task scored by hand. */
  readonly fullMarks: number;
  /** Text the item must show (prompts, options, the lines to order). */
  readonly shows: readonly string[];
}

const blanksOf = (content: readonly Inline[]) => content.filter((r) => r.kind === 'blank');

function gapPlan(content: readonly Inline[], bank: readonly string[] | undefined, where: string): ItemPlan {
  const blanks = blanksOf(content);
  const shows = content.flatMap((r) => (r.kind === 'text' && r.text.trim() !== '' ? [r.text.trim()] : []));
  if (bank) {
    const choices = (answer: string) => (bank.includes(answer) ? bank : [...bank, answer]);
    const others = blanks.map((b) => choices(b.answer).find((w) => w !== b.answer));
    const wrong = others.every((w) => w !== undefined) ? { kind: 'inline-choice' as const, values: others as string[] } : undefined;
    return { where, interaction: 'inline-choice', right: { kind: 'inline-choice', values: blanks.map((b) => b.answer) }, ...(wrong ? { wrong } : {}), fullMarks: blanks.length, shows };
  }
  return {
    where,
    interaction: 'text-entry',
    right: { kind: 'text-entry', values: blanks.map((b) => b.answer) },
    wrong: { kind: 'text-entry', values: blanks.map((b) => `${b.answer}zq`) },
    fullMarks: blanks.length,
    shows,
  };
}

function choicePlan(prompt: string, options: ReadonlyArray<{ label: string; correct: boolean }>, where: string): ItemPlan {
  const right = options.filter((o) => o.correct).map((o) => o.label);
  const wrongOnes = options.filter((o) => !o.correct).map((o) => o.label);
  return {
    where,
    interaction: 'choice',
    right: { kind: 'choice', labels: right },
    ...(wrongOnes.length > 0 ? { wrong: { kind: 'choice' as const, labels: wrongOnes.slice(0, 1) } } : {}),
    fullMarks: 1,
    shows: [prompt, ...options.map((o) => o.label)].filter((s) => s !== ''),
  };
}

function blockPlans(b: ContentBlock, ex: { bank?: readonly string[]; notGiven: boolean; sheet: WorksheetWords }, where: () => string): ItemPlan[] {
  switch (b.kind) {
    case 'paragraph':
      return blanksOf(b.content).length > 0 ? [gapPlan(b.content, ex.bank, where())] : [];
    case 'list':
      return b.items.filter((i) => blanksOf(i.content).length > 0).map((i) => gapPlan(i.content, ex.bank, where()));
    case 'question':
      return [choicePlan(words(b.prompt), b.options.map((o) => ({ label: words(o.content), correct: o.correct })), where())];
    case 'statement': {
      const labels = [ex.sheet.statement.true, ex.sheet.statement.false, ...(ex.notGiven ? [ex.sheet.statement['not-given']] : [])];
      const key = { true: 0, false: 1, 'not-given': 2 }[b.answer ?? 'true'];
      return [choicePlan(words(b.content), labels.map((label, i) => ({ label, correct: i === key })), where())];
    }
    case 'sequence': {
      const lines = b.items.map((item, i) => ({ label: words(item.content), order: item.order ?? i + 1 }));
      const right = [...lines].sort((x, y) => x.order - y.order).map((l) => l.label);
      const wrong = [...right].reverse();
      return [{ where: where(), interaction: 'order', right: { kind: 'order', labels: right }, ...(right.length > 1 ? { wrong: { kind: 'order' as const, labels: wrong } } : {}), fullMarks: 1, shows: right }];
    }
    case 'shortAnswer':
      return [{ where: where(), interaction: 'extended-text', right: { kind: 'extended-text', text: b.modelAnswer ? words(b.modelAnswer) : 'My answer.' }, fullMarks: 0, shows: [words(b.prompt)] }];
    case 'writingArea':
      return [{ where: where(), interaction: 'extended-text', right: { kind: 'extended-text', text: 'Dear Sam, I am writing to tell you about my week.' }, fullMarks: 0, shows: [] }];
    default:
      return [];
  }
}

function exercisePlans(ex: ExerciseView, number: number, sheet: WorksheetWords): ItemPlan[] {
  const bankBlock = ex.blocks.find((b) => b.kind === 'wordBank');
  const bank = bankBlock?.kind === 'wordBank' ? bankBlock.words.map((w) => w.text) : undefined;
  const notGiven = ex.blocks.some((b) => b.kind === 'statement' && b.answer === 'not-given');
  let question = 0;
  const where = () => `Exercise ${number}, question ${++question}`;
  return ex.blocks.flatMap((b) => blockPlans(b, { ...(bank ? { bank } : {}), notGiven, sheet }, where));
}

/** Every question of the lesson as the item a student would answer. */
export function itemPlans(lesson: LessonView): ItemPlan[] {
  let number = 0;
  // A statement's answers are the printed sheet's, in the lesson's language.
  const sheet = worksheetWords(lesson.lang);
  return lesson.blocks.flatMap((b) => (b.kind === 'exercise' ? exercisePlans(b, ++number, sheet) : []));
}

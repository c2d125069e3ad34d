// A GIFT file (Moodle's question export, or any tool's) read as a quiz, with gift-pegjs: questions
// in a category, or of one kind in a row, become one exercise; a description before them is its
// instructions. Each question type maps to the exercise that asks the same thing; what a lesson
// cannot hold (feedback on a wrong option, partial marks, a picture) is kept as a teacher's note
// or named in the notices.
import { displayLanguage, l10n, type Said } from '../../../shared/l10n';
import { worksheetWords } from '../../../shared/worksheetWords';
import type { Description, GIFTQuestion, TextChoice } from 'gift-pegjs';
import { parse } from 'gift-pegjs';
import { EXERCISE_TYPES, type ExerciseType } from '../../lesson/vocabulary';
import type { Lost } from '../markup';
import type { Criterion, Notice, Passage, Question, Quiz, Text, TextBlock } from '../quiz';
import { isFallbackTask, readCriteria, readLimit, readModelAnswer } from '../words';
import { ExerciseGroups, type Converted } from '../groups';
import { convertChoice, convertMatching } from './giftChoices';
import { LANGUAGE_COMMENT, LEVEL_COMMENT } from './giftWrite';
import { feedbackNotes, giftBlocks, giftInlines, giftPlain, withGap } from './giftText';

export interface GiftReading {
  readonly ok: true;
  readonly quiz: Quiz;
  /** What did not come in as it was, in the teacher's language; `modelNotices` the same in English. */
  readonly notices: Notice[];
  readonly modelNotices: Notice[];
}
export interface GiftProblem {
  readonly ok: false;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

function exerciseTag(tags: readonly string[] | null | undefined): ExerciseType | undefined {
  return EXERCISE_TYPES.find((t) => tags?.includes(t));
}

function level(tags: readonly string[] | null | undefined): string | undefined {
  return tags?.find((t) => /^[ABC][12]$/.test(t));
}

function correctAnswers(choices: readonly TextChoice[], said: Said[]): string[] {
  const full = choices.filter((c) => c.isCorrect && (c.weight === null || c.weight >= 100));
  if (choices.some((c) => c.weight !== null && c.weight > 0 && c.weight < 100)) said.push(l10n.both('answers that earn part of the marks are not kept (a gap accepts an answer or not)'));
  if (choices.some((c) => c.feedback)) said.push(l10n.both('the feedback on each answer is kept as a teacher’s note'));
  // Short answers are compared as plain text, whatever the question's format: read as written.
  return full.map((c) => c.text.text.trim()).filter((a) => a !== '');
}

function shortAnswer(q: Extract<GIFTQuestion, { type: 'Short' | 'Numerical' }>, lost: Lost, said: Said[]): Converted {
  let answers: string[];
  if (q.type === 'Numerical') {
    const choices = Array.isArray(q.choices) ? q.choices.map((c) => c.text) : [q.choices];
    answers = choices.flatMap((c) => (c.number !== undefined ? [String(c.number)] : c.numberLow !== undefined ? [String(c.numberLow), String(c.numberHigh)] : []));
    if (choices.some((c) => c.type !== 'simple' || (c.range ?? 0) !== 0)) said.push(l10n.both('a range of accepted numbers is not kept: only the numbers written are accepted'));
  } else answers = correctAnswers(q.choices, said);
  const [answer = '?', ...alts] = answers;
  const notes = q.type === 'Short' ? feedbackNotes(q.choices, lost) : [];
  return { type: 'fill-blanks', questions: [{ kind: 'gaps', content: withGap(q.stem, { answer, alts }, lost) }], notes };
}

function trueFalse(q: Extract<GIFTQuestion, { type: 'TF' }>, lost: Lost): Converted {
  const general = giftPlain(q.globalFeedback);
  const answers = worksheetWords(displayLanguage()).statement;
  const notes: TextBlock[] = [q.trueFeedback, q.falseFeedback].flatMap((f, i) =>
    // A note for the teacher, so in the teacher's language (the quiz's may be unknown), the answer as the sheet names it.
    f ? [{ kind: 'paragraph' as const, content: [{ kind: 'text' as const, text: `${l10n.t('Feedback on “{0}”:', answers[i === 0 ? 'true' : 'false'])} ` }, ...giftInlines(f, lost)] }] : [],
  );
  if (general && q.isTrue) notes.push({ kind: 'paragraph', content: giftInlines(q.globalFeedback, lost) });
  const statement: Question = { kind: 'statement', content: giftInlines(q.stem, lost), answer: q.isTrue ? 'true' : 'false', ...(general && !q.isTrue ? { correction: general } : {}) };
  return { type: 'true-false', questions: [statement], notes };
}

function essay(q: Extract<GIFTQuestion, { type: 'Essay' }>, writing: boolean, lost: Lost): Converted {
  const stem = giftBlocks(q.stem, lost);
  if (writing) {
    const { rubric, rest } = readCriteria(stem);
    const limitAt = rest.findIndex((b) => readLimit(b));
    const limit = limitAt >= 0 ? readLimit(rest[limitAt] as TextBlock) : undefined;
    const task = rest.filter((_, i) => i !== limitAt);
    const intro = isFallbackTask(task) ? [] : task;
    return { type: 'writing', intro, questions: [{ kind: 'essay', ...limit }], ...(rubric ? { rubric } : {}) };
  }
  const { rubric, rest } = readCriteria(giftBlocks(q.globalFeedback, lost));
  const model = readModelAnswer(rest);
  const leftover = model.rest.flatMap((b) => (b.kind === 'list' ? b.items : [b.content]));
  const modelAnswer: Text | undefined = model.modelAnswer ?? (leftover.length > 0 ? joinLines(leftover) : undefined);
  const prompt = joinLines(stem.flatMap((b) => (b.kind === 'list' ? b.items : [b.content])));
  const open: Question = { kind: 'open', prompt, ...(modelAnswer ? { modelAnswer } : {}), ...(rubric ? { rubric: rubric as Criterion[] } : {}) };
  return { type: 'short-answer', questions: [open] };
}

function joinLines(lines: readonly Text[]): Text {
  return lines.flatMap((line, i) => (i === 0 ? line : [{ kind: 'br' as const }, ...line]));
}

function convert(q: Exclude<GIFTQuestion, { type: 'Category' | 'Description' }>, lost: Lost, said: Said[]): Converted {
  const tagged = exerciseTag(q.tags);
  switch (q.type) {
    case 'MC':
      return convertChoice(q, tagged, lost, said);
    case 'Short':
    case 'Numerical':
      return shortAnswer(q, lost, said);
    case 'TF':
      return trueFalse(q, lost);
    case 'Matching':
      return convertMatching(q, lost, said);
    case 'Essay':
      return essay(q, tagged === 'writing', lost);
  }
}

function description(q: Description, lost: Lost): Passage {
  return { kind: 'passage', blocks: giftBlocks(q.stem, lost) };
}

/** The lesson a category path names: Lesson Agent writes `$course$/top/<lesson title>/Exercise 1`. */
function lessonTitle(path: string): string | undefined {
  const segments = path.replace(/^\$(course|module|system|cat\d*)\$\//, '').split('/').filter((s) => s !== '' && s !== 'top');
  return segments[0]?.trim() || undefined;
}

/** The level and language the comments at the top of the file give (Lesson Agent writes them). */
function readLessonHead(text: string): { level?: string; lang?: string } {
  const head = /^(?:[ \t]*(?:\/\/[^\n]*)?\n)*/.exec(text)?.[0] ?? '';
  const level = new RegExp(`^${LEVEL_COMMENT}([ABC][12]) \\(CEFR\\)[ \\t]*$`, 'm').exec(head)?.[1];
  const lang = new RegExp(`^${LANGUAGE_COMMENT}([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)[ \\t]*$`, 'm').exec(head)?.[1];
  return { ...(level ? { level } : {}), ...(lang ? { lang } : {}) };
}

/** Reads GIFT text; a file gift-pegjs cannot read is a problem at a line and column. */
export function giftToQuiz(text: string): GiftReading | GiftProblem {
  let questions: GIFTQuestion[];
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  try {
    questions = parse(source);
  } catch (error) {
    const e = error as { location?: { start: { line: number; column: number } }; message?: string };
    // The parser's own words (exchange.ts says what they mean, in both readers' words).
    return { ok: false, line: e.location?.start.line ?? 1, column: e.location?.start.column ?? 1, message: e.message ?? String(error) };
  }
  const groups = new ExerciseGroups();
  let title: string | undefined;
  for (const q of questions) {
    const lost: Lost = new Map();
    const said: Said[] = [];
    if (q.type === 'Category') {
      title ??= lessonTitle(q.title);
      groups.boundary();
    }
    else if (q.type === 'Description') groups.text(description(q, lost), q.id ?? undefined, exerciseTag(q.tags), level(q.tags));
    else groups.add(convert(q, lost, said), { id: q.id ?? undefined, tagged: exerciseTag(q.tags), level: level(q.tags), title: q.title ?? undefined });
    groups.lose(lost, said);
  }
  return { ok: true, ...groups.finish({ ...(title ? { title } : {}), ...readLessonHead(source) }) };
}

// A lesson (its view: lessonView.ts, lenient as the preview is) read as a quiz: each exercise with
// its instructions and questions, the text between exercises as passages. What a quiz has no
// place for is said here once, whatever the format; each format's writer says the rest.
import type { ContentBlock, ExerciseView, Inline, LessonBlock, LessonView, ListView } from '../../shared/lessonView';
import { isExerciseType } from '../lesson/rules';
import type { Criterion, Exercise, GapText, Notice, Passage, Question, Quiz, Text, TextBlock } from './quiz';
import { plain } from './quiz';
import { l10n } from '../../shared/l10n';

export interface QuizReading {
  readonly quiz: Quiz;
  readonly notices: Notice[];
}

function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > 60 ? `${flat.slice(0, 59)}…` : flat}”`;
}

function exerciseTitle(intro: readonly TextBlock[]): string {
  const heading = intro.find((b) => b.kind === 'heading') ?? intro.find((b) => b.kind === 'paragraph');
  return heading ? plain(heading.content) : '';
}

/**
 * "Exercise 2, “Choose the correct form”": how the teacher finds the exercise in the lesson. In
 * English: an import's notices are also the import_quiz tool's result, which the model reads.
 */
export function exercisePlace(number: number, intro: readonly TextBlock[]): string {
  const title = exerciseTitle(intro);
  return title ? `Exercise ${number}, ${quoted(title)}` : `Exercise ${number}`;
}

/** The same place in the teacher's language: an export's notices are read by the teacher alone. */
export function exportPlace(number: number, intro: readonly TextBlock[]): string {
  const title = exerciseTitle(intro);
  return title ? l10n.t('Exercise {0}, {1}', number, quoted(title)) : l10n.t('Exercise {0}', number);
}

/** Text without gaps (a gap outside an exercise cannot be answered: it reads as a line). */
export function textOnly(content: readonly Inline[]): Text {
  return content.map((run) => (run.kind === 'blank' ? { kind: 'text' as const, text: '___' } : run));
}

function gapText(content: readonly Inline[]): GapText {
  return content.map((run) =>
    run.kind === 'blank' ? { kind: 'gap' as const, answer: run.answer, alts: run.alts, ...(run.hint === undefined ? {} : { hint: run.hint }) } : run,
  );
}

const hasGap = (content: readonly Inline[]) => content.some((run) => run.kind === 'blank');

/** A list's items; nested lists flatten into their parent's items (quiz text keeps one level). */
function listItems(list: ListView): Text[] {
  return list.items.flatMap((item) => [textOnly(item.content), ...item.lists.flatMap(listItems)]);
}

function listBlock(list: ListView): TextBlock {
  return { kind: 'list', ordered: list.ordered, items: listItems(list) };
}

/** A block of running text, or undefined for what is not text. */
function textBlock(block: LessonBlock | ContentBlock): TextBlock | undefined {
  switch (block.kind) {
    case 'heading':
      return { kind: 'heading', level: Math.min(3, Math.max(1, block.level)) as 1 | 2 | 3, content: textOnly(block.content) };
    case 'paragraph':
    case 'unknown':
      return { kind: 'paragraph', content: textOnly(block.content) };
    case 'list':
      return listBlock(block);
    default:
      return undefined;
  }
}

function criteria(rubric: { criteria: ReadonlyArray<{ points?: number; content: Inline[] }> }): Criterion[] {
  return rubric.criteria.map((c) => ({ content: textOnly(c.content), ...(c.points === undefined ? {} : { points: c.points }) }));
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** The exercise's parts sorted into instructions, questions, word bank, rubric and notes. */
class ExerciseReader {
  readonly intro: TextBlock[] = [];
  readonly questions: Question[] = [];
  readonly notes: TextBlock[] = [];
  wordBank: string[] | undefined;
  rubric: Criterion[] | undefined;

  read(block: ContentBlock): void {
    if (block.kind === 'paragraph' && hasGap(block.content)) {
      this.questions.push({ kind: 'gaps', ...optional('id', block.id), content: gapText(block.content) });
      return;
    }
    if (block.kind === 'list' && block.items.some((item) => hasGap(item.content))) {
      for (const item of block.items) {
        if (hasGap(item.content)) this.questions.push({ kind: 'gaps', content: gapText(item.content), listItem: true });
        else this.intro.push({ kind: 'paragraph', content: textOnly(item.content) });
      }
      return;
    }
    const text = textBlock(block);
    if (text) {
      this.intro.push(text);
      return;
    }
    this.readPart(block);
  }

  private readPart(block: ContentBlock): void {
    switch (block.kind) {
      case 'note':
        this.notes.push(...block.blocks.flatMap((b) => textBlock(b) ?? []));
        return;
      case 'wordBank':
        this.wordBank = [...(this.wordBank ?? []), ...block.words.map((w) => w.text)];
        return;
      case 'rubric':
        this.rubric = [...(this.rubric ?? []), ...criteria(block)];
        return;
      case 'question':
        this.questions.push({
          kind: 'choice',
          ...optional('id', block.id),
          prompt: textOnly(block.prompt),
          multiple: block.multiple,
          options: block.options.map((o) => ({ content: textOnly(o.content), correct: o.correct })),
          ...optional('explanation', block.explanation && textOnly(block.explanation)),
        });
        return;
      case 'statement':
        this.questions.push({
          kind: 'statement',
          ...optional('id', block.id),
          content: textOnly(block.content),
          answer: block.answer ?? 'true',
          ...optional('correction', block.correction),
        });
        return;
      default:
        this.readAnswerSpace(block);
    }
  }

  private readAnswerSpace(block: ContentBlock): void {
    switch (block.kind) {
      case 'sequence':
        this.questions.push({
          kind: 'order',
          ...optional('id', block.id),
          items: block.items.map((item, i) => ({ content: textOnly(item.content), order: item.order ?? i + 1 })),
        });
        return;
      case 'shortAnswer':
        this.questions.push({
          kind: 'open',
          ...optional('id', block.id),
          prompt: textOnly(block.prompt),
          ...optional('lines', block.lines),
          ...optional('modelAnswer', block.modelAnswer && textOnly(block.modelAnswer)),
          ...optional('rubric', block.rubric && criteria(block.rubric)),
        });
        return;
      case 'writingArea':
        this.questions.push({
          kind: 'essay',
          ...optional('id', block.id),
          ...optional('lines', block.lines),
          ...optional('minWords', block.minWords),
          ...optional('maxWords', block.maxWords),
        });
        return;
      default:
        return;
    }
  }
}

function exercise(view: ExerciseView): Exercise | Passage {
  const reader = new ExerciseReader();
  for (const block of view.blocks) reader.read(block);
  if (reader.questions.length === 0 || !isExerciseType(view.type)) return { kind: 'passage', blocks: reader.intro };
  return {
    kind: 'exercise',
    ...optional('id', view.id),
    type: view.type,
    ...optional('level', view.level),
    ...optional('points', view.points),
    intro: reader.intro,
    ...optional('wordBank', reader.wordBank),
    questions: reader.questions,
    ...optional('rubric', reader.rubric),
    ...(reader.notes.length > 0 ? { notes: reader.notes } : {}),
  };
}

/** Reads a lesson's view as a quiz; the notices say what of it no quiz can hold. */
export function quizFromLesson(lesson: LessonView): QuizReading {
  const parts: Array<Exercise | Passage> = [];
  const notices: Notice[] = [];
  let text: TextBlock[] = [];
  const flush = () => {
    if (text.length > 0) parts.push({ kind: 'passage', blocks: text });
    text = [];
  };
  let number = 0;
  for (const block of lesson.blocks) {
    if (block.kind === 'exercise') {
      flush();
      number++;
      const part = exercise(block);
      if (part.kind === 'passage') {
        notices.push({ place: exportPlace(number, part.blocks), message: l10n.t('It has nothing to answer, so its text went out as text between the questions.') });
      }
      parts.push(part);
    } else if (block.kind === 'note') {
      flush();
      parts.push({ kind: 'passage', teacherOnly: true, blocks: block.blocks.flatMap((b) => textBlock(b) ?? []) });
    } else {
      const t = textBlock(block);
      if (t) text.push(t);
    }
  }
  flush();
  return { quiz: { ...optional('title', lesson.title), ...optional('level', lesson.level), ...optional('lang', lesson.lang), parts }, notices };
}

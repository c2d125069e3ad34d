// A lesson's exercises as the quiz formats see them (GIFT, QTI): what goes out to a learning
// platform and what comes back in. Exports read a lesson into this shape and write a format from
// it; imports read a format into it and write a new lesson from it, so the round trip is one
// comparison of two quizzes. Running text keeps the lesson view's runs (bold, italic, breaks).
import type { BlankView, Inline } from '../../shared/lessonView';
import type { ExerciseType } from '../lesson/vocabulary';

/** Running text without gaps: bold and italic runs and line breaks. */
export type Text = Exclude<Inline, BlankView>[];

/** A gap in a sentence: the answer, the alternatives also accepted, a hint shown to students. */
export interface Gap {
  readonly kind: 'gap';
  readonly answer: string;
  readonly alts: readonly string[];
  readonly hint?: string;
}

/** A sentence with gaps: runs of text and gaps, in order. */
export type GapText = Array<Text[number] | Gap>;

export type TextBlock =
  | { readonly kind: 'heading'; readonly level: 1 | 2 | 3; readonly content: Text }
  | { readonly kind: 'paragraph'; readonly content: Text }
  | { readonly kind: 'list'; readonly ordered: boolean; readonly items: readonly Text[] };

export interface Criterion {
  readonly content: Text;
  readonly points?: number;
}

export type Question =
  | { readonly kind: 'gaps'; readonly id?: string; readonly content: GapText; readonly listItem?: boolean }
  | {
      readonly kind: 'choice';
      readonly id?: string;
      readonly prompt: Text;
      readonly multiple: boolean;
      readonly options: ReadonlyArray<{ readonly content: Text; readonly correct: boolean }>;
      readonly explanation?: Text;
    }
  | {
      readonly kind: 'statement';
      readonly id?: string;
      readonly content: Text;
      readonly answer: 'true' | 'false' | 'not-given';
      readonly correction?: string;
    }
  | { readonly kind: 'order'; readonly id?: string; readonly items: ReadonlyArray<{ readonly content: Text; readonly order: number }> }
  | {
      readonly kind: 'open';
      readonly id?: string;
      readonly prompt: Text;
      readonly lines?: number;
      readonly modelAnswer?: Text;
      readonly rubric?: readonly Criterion[];
    }
  | { readonly kind: 'essay'; readonly id?: string; readonly lines?: number; readonly minWords?: number; readonly maxWords?: number };

export type QuestionKind = Question['kind'];

export interface Exercise {
  readonly kind: 'exercise';
  readonly id?: string;
  readonly type: ExerciseType;
  readonly level?: string;
  readonly points?: number;
  /** The instructions and task before (and between) the questions: headings, paragraphs, lists. */
  readonly intro: readonly TextBlock[];
  /** The words students choose from for the gaps, when the exercise has a word bank. */
  readonly wordBank?: readonly string[];
  readonly questions: readonly Question[];
  /** The exercise's marking criteria shown to students (writing tasks). */
  readonly rubric?: readonly Criterion[];
  /** Teacher-only notes. */
  readonly notes?: readonly TextBlock[];
}

/** Lesson text between exercises (a reading passage, a heading, a note for the teacher). */
export interface Passage {
  readonly kind: 'passage';
  readonly blocks: readonly TextBlock[];
  readonly teacherOnly?: boolean;
}

export interface Quiz {
  readonly title?: string;
  readonly level?: string;
  readonly lang?: string;
  readonly parts: ReadonlyArray<Exercise | Passage>;
}

/** What a format could not carry, in a teacher's words (the schema is shared: the CLI and the preview show it). */
export type { Notice } from '../../shared/exchangeEvents';

export function plain(text: readonly (Text[number] | Gap)[]): string {
  return text
    .map((run) => (run.kind === 'text' ? run.text : run.kind === 'br' ? '\n' : '___'))
    .join('')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

export function textOf(value: string): Text {
  return value === '' ? [] : [{ kind: 'text', text: value }];
}

export function questionCount(quiz: Quiz): number {
  return quiz.parts.reduce((n, part) => n + (part.kind === 'exercise' ? part.questions.length : 0), 0);
}

export function exerciseCount(quiz: Quiz): number {
  return quiz.parts.filter((part) => part.kind === 'exercise').length;
}

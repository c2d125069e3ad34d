// The lesson XML vocabulary, decided once: the validator enforces exactly this table and the
// skills teach exactly this table (a unit test validates every skill example against it).
// The keys of a true/false statement live in src/shared/lessonView.ts, which the preview shares.
import { STATEMENT_ANSWERS } from '../../shared/lessonView';

export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;

/** Exercise types, one per built-in skill (the writing-exercises skill teaches type="writing"). */
export const EXERCISE_TYPES = [
  'fill-blanks',
  'multiple-choice',
  'true-false',
  'sequencing',
  'short-answer',
  'writing',
] as const;
export type ExerciseType = (typeof EXERCISE_TYPES)[number];

export const ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** ID_PATTERN in words, for error messages and the quick reference. */
export const ID_RULE = 'starts with a letter, then letters, digits, "-" or "_" (at most 64 characters)';

/**
 * HTML entities teachers paste from web pages and word processors. XML defines only &amp; &lt;
 * &gt; &quot; &apos;, so each of these breaks the document; the validator says what to write
 * instead and the quick reference lists them.
 */
export const HTML_ENTITIES: Readonly<Record<string, number>> = {
  nbsp: 0xa0,
  ndash: 0x2013,
  mdash: 0x2014,
  hellip: 0x2026,
  lsquo: 0x2018,
  rsquo: 0x2019,
  ldquo: 0x201c,
  rdquo: 0x201d,
  laquo: 0xab,
  raquo: 0xbb,
  eacute: 0xe9,
  egrave: 0xe8,
  agrave: 0xe0,
  ccedil: 0xe7,
  copy: 0xa9,
  euro: 0x20ac,
};

export type AttributeKind =
  | { readonly kind: 'text'; readonly nonEmpty?: boolean }
  | { readonly kind: 'id' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'integer'; readonly min: number; readonly max: number }
  | { readonly kind: 'number'; readonly min: number; readonly max: number };

export interface AttributeSpec {
  readonly type: AttributeKind;
  readonly required?: boolean;
  readonly description: string;
}

export interface ElementSpec {
  readonly description: string;
  readonly attributes: Readonly<Record<string, AttributeSpec>>;
  /** Child elements allowed directly inside. */
  readonly children: readonly string[];
  /** Whether non-whitespace text may appear directly inside. */
  readonly text: boolean;
  /** Interactive elements only make sense inside an <exercise>. */
  readonly insideExercise?: boolean;
}

const BOOL = { kind: 'enum', values: ['true', 'false'] } as const;
const id: AttributeSpec = { type: { kind: 'id' }, description: 'unique identifier (letters, digits, - and _)' };
const studentAnswer: AttributeSpec = {
  type: { kind: 'text' },
  description: 'filled in by the student; always "" when you create it',
};

/** Inline markup allowed in any running text. */
const RICH = ['strong', 'em', 'br'] as const;
/** Running text where a gap may appear (paragraphs and list items). */
const RICH_WITH_BLANK = [...RICH, 'blank'] as const;
const BLOCKS = ['h1', 'h2', 'h3', 'p', 'ul', 'ol', 'note'] as const;
const EXERCISE_CHILDREN = [
  'h2',
  'h3',
  'p',
  'ul',
  'ol',
  'note',
  'word-bank',
  'question',
  'statement',
  'sequence',
  'short-answer',
  'writing-area',
  'rubric',
] as const;

const heading = (level: string): ElementSpec => ({
  description: `${level} heading`,
  attributes: { id },
  children: RICH,
  text: true,
});

export const ELEMENTS: Readonly<Record<string, ElementSpec>> = {
  lesson: {
    description: 'the root element (exactly one)',
    attributes: {
      title: { type: { kind: 'text' }, description: 'the lesson title' },
      level: { type: { kind: 'enum', values: CEFR_LEVELS }, description: 'CEFR level of the class' },
      lang: { type: { kind: 'text', nonEmpty: true }, description: 'language taught, e.g. "fr"' },
    },
    children: [...BLOCKS, 'exercise'],
    text: false,
  },
  h1: heading('top-level'),
  h2: heading('section'),
  h3: heading('sub-section'),
  p: { description: 'paragraph', attributes: { id }, children: RICH_WITH_BLANK, text: true },
  ul: { description: 'bulleted list', attributes: { id }, children: ['li'], text: false },
  ol: { description: 'numbered list', attributes: { id }, children: ['li'], text: false },
  li: { description: 'list item', attributes: { id }, children: [...RICH_WITH_BLANK, 'ul', 'ol'], text: true },
  strong: { description: 'bold text', attributes: {}, children: ['em', 'br'], text: true },
  em: { description: 'italic text', attributes: {}, children: ['strong', 'br'], text: true },
  br: { description: 'line break', attributes: {}, children: [], text: false },
  note: {
    description: 'teacher-only note, never shown to students',
    attributes: { id },
    children: [...RICH, 'p', 'ul', 'ol'],
    text: true,
  },
  exercise: {
    description: 'exercise container',
    attributes: {
      id: { ...id, required: true },
      type: {
        type: { kind: 'enum', values: EXERCISE_TYPES },
        description: 'the kind of exercise; optional (taken from what it contains), but always write it',
      },
      level: { type: { kind: 'enum', values: CEFR_LEVELS }, description: 'CEFR level, when it differs from the lesson' },
      points: { type: { kind: 'number', min: 0, max: 1000 }, description: 'total marks' },
    },
    children: EXERCISE_CHILDREN,
    text: false,
  },
  blank: {
    description: 'a gap the student fills in (empty element, inside <p> or <li>)',
    attributes: {
      id,
      answer: { type: { kind: 'text', nonEmpty: true }, required: true, description: 'the correct answer' },
      alts: { type: { kind: 'text' }, description: 'other accepted answers, comma-separated' },
      hint: { type: { kind: 'text' }, description: 'a hint shown to students' },
      'student-answer': { ...studentAnswer, required: true },
    },
    children: [],
    text: false,
    insideExercise: true,
  },
  'word-bank': {
    description: 'the words to choose from in a gap-fill',
    attributes: { id },
    children: ['word'],
    text: false,
    insideExercise: true,
  },
  word: { description: 'one word of a word bank', attributes: {}, children: [], text: true },
  question: {
    description: 'a multiple-choice question',
    attributes: {
      id,
      multiple: { type: BOOL, description: '"true" when several options are correct' },
      'student-answer': studentAnswer,
    },
    children: ['prompt', 'option', 'explanation'],
    text: false,
    insideExercise: true,
  },
  prompt: { description: 'the question asked', attributes: {}, children: RICH, text: true },
  option: {
    description: 'one answer choice',
    attributes: { correct: { type: BOOL, description: '"true" on the correct option(s)' } },
    children: RICH,
    text: true,
  },
  explanation: {
    description: 'why the answer is right, shown after marking',
    attributes: {},
    children: RICH,
    text: true,
  },
  statement: {
    description: 'a true/false statement',
    attributes: {
      id,
      answer: { type: { kind: 'enum', values: STATEMENT_ANSWERS }, required: true, description: 'the key' },
      correction: { type: { kind: 'text' }, description: 'the corrected statement, for false ones' },
      'student-answer': studentAnswer,
    },
    children: RICH,
    text: true,
    insideExercise: true,
  },
  sequence: {
    description: 'items the student puts in order (write them shuffled)',
    attributes: { id, 'student-answer': studentAnswer },
    children: ['item'],
    text: false,
    insideExercise: true,
  },
  item: {
    description: 'one item of a sequence',
    attributes: {
      order: { type: { kind: 'integer', min: 1, max: 100 }, required: true, description: 'its correct position, from 1' },
    },
    children: RICH,
    text: true,
  },
  'short-answer': {
    description: 'an open question answered in a few sentences',
    attributes: {
      id,
      lines: { type: { kind: 'integer', min: 1, max: 20 }, description: 'lines of space for the answer' },
      'student-answer': studentAnswer,
    },
    children: ['prompt', 'model-answer', 'rubric'],
    text: false,
    insideExercise: true,
  },
  'model-answer': { description: 'an example of a full-mark answer', attributes: {}, children: RICH, text: true },
  rubric: { description: 'marking criteria', attributes: { id }, children: ['criterion'], text: false },
  criterion: {
    description: 'one marking criterion',
    attributes: { points: { type: { kind: 'number', min: 0, max: 100 }, description: 'marks for this criterion' } },
    children: RICH,
    text: true,
  },
  'writing-area': {
    description: 'space for the student to write (empty element)',
    attributes: {
      id,
      lines: { type: { kind: 'integer', min: 1, max: 60 }, description: 'lines of space' },
      'min-words': { type: { kind: 'integer', min: 1, max: 5000 }, description: 'minimum word count' },
      'max-words': { type: { kind: 'integer', min: 1, max: 5000 }, description: 'maximum word count' },
      'student-answer': studentAnswer,
    },
    children: [],
    text: false,
    insideExercise: true,
  },
};

/** The element every exercise of a type must contain at least once. */
export const EXERCISE_CORE_ELEMENT: Readonly<Record<ExerciseType, string>> = {
  'fill-blanks': 'blank',
  'multiple-choice': 'question',
  'true-false': 'statement',
  sequencing: 'sequence',
  'short-answer': 'short-answer',
  writing: 'writing-area',
};

const CORE_ELEMENT_TYPE = new Map(Object.entries(EXERCISE_CORE_ELEMENT).map(([type, element]) => [element, type as ExerciseType]));

/**
 * An exercise without a type (the original lesson format writes `<exercise id="ex-123">`) is
 * taken to be the type of the first exercise element it contains, or undefined if it has none.
 */
export function inferExerciseType(elements: Iterable<string>): ExerciseType | undefined {
  for (const name of elements) {
    const type = CORE_ELEMENT_TYPE.get(name);
    if (type) return type;
  }
  return undefined;
}

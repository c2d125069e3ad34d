// The lesson as a student sees it: what the preview renders and the HTML export prints. The host
// builds it from the XML (src/core/lesson/lessonView.ts) and sends it to the preview webview, which
// parses it with these schemas, so the types come from here. Every element keeps its source lines
// (1-based, `end` inclusive): a click reveals the XML, the editor's scroll moves the preview, and
// an agent edit highlights the elements it touched.
import * as z from 'zod';

const line = z.number().int().positive();
/** Where an element starts and ends in the source. */
const span = { line, end: line };

/** A run of text; nested <strong>/<em> become flags, so inline content is a flat list. */
export const textRunSchema = z.object({
  kind: z.literal('text'),
  text: z.string(),
  strong: z.boolean().optional(),
  em: z.boolean().optional(),
});

export const blankViewSchema = z.object({
  kind: z.literal('blank'),
  ...span,
  id: z.string().optional(),
  answer: z.string(),
  alts: z.array(z.string()),
  hint: z.string().optional(),
  /** A student's answer, only when one was written (never an empty string). */
  studentAnswer: z.string().optional(),
  /** Whether the student's answer is the answer or one of the alternatives. */
  studentCorrect: z.boolean().optional(),
});
export type BlankView = z.infer<typeof blankViewSchema>;

export const inlineSchema = z.discriminatedUnion('kind', [textRunSchema, z.object({ kind: z.literal('br') }), blankViewSchema]);
export type Inline = z.infer<typeof inlineSchema>;
const inlines = z.array(inlineSchema);

const common = { ...span, id: z.string().optional() };

/** A list item holds running text, then any lists nested in it. */
export interface ListItemView {
  line: number;
  end: number;
  content: Inline[];
  lists: ListView[];
}
export interface ListView {
  kind: 'list';
  line: number;
  end: number;
  id?: string | undefined;
  ordered: boolean;
  items: ListItemView[];
}
// Lists nest to any depth: the one recursive shape, so it is declared as a type and checked
// against the schema below (a change to either fails to compile).
export const listViewSchema: z.ZodType<ListView> = z.lazy(() =>
  z.object({
    kind: z.literal('list'),
    ...common,
    ordered: z.boolean(),
    items: z.array(z.object({ ...span, content: inlines, lists: z.array(listViewSchema) })),
  }),
);

export const headingViewSchema = z.object({ kind: z.literal('heading'), ...common, level: z.number().int().min(1).max(3), content: inlines });
export const paragraphViewSchema = z.object({ kind: z.literal('paragraph'), ...common, content: inlines });
export type ParagraphView = z.infer<typeof paragraphViewSchema>;
/** An element the lesson format does not define: its text is shown, marked as unknown. */
export const unknownViewSchema = z.object({ kind: z.literal('unknown'), ...common, name: z.string(), content: inlines });

/** Teacher-only content: hidden from students, marked as such for the teacher. */
export const noteViewSchema = z.object({
  kind: z.literal('note'),
  ...common,
  blocks: z.array(z.union([paragraphViewSchema, listViewSchema])),
});

export const wordBankViewSchema = z.object({
  kind: z.literal('wordBank'),
  ...common,
  words: z.array(z.object({ ...span, text: z.string() })),
});

export const questionViewSchema = z.object({
  kind: z.literal('question'),
  ...common,
  multiple: z.boolean(),
  prompt: inlines,
  options: z.array(z.object({ ...span, correct: z.boolean(), content: inlines })),
  explanation: inlines.optional(),
  studentAnswer: z.string().optional(),
  /** The options the student's answer names (0-based), when it names any. */
  studentChoices: z.array(z.number().int().nonnegative()).optional(),
  studentCorrect: z.boolean().optional(),
});
export type QuestionView = z.infer<typeof questionViewSchema>;

/** The key of a true/false statement ("not-given" for reading tasks that say neither): the validator's vocabulary and the preview both use this one. */
export const STATEMENT_ANSWERS = ['true', 'false', 'not-given'] as const;
export type StatementAnswer = (typeof STATEMENT_ANSWERS)[number];

export const statementViewSchema = z.object({
  kind: z.literal('statement'),
  ...common,
  /** The key; absent when the attribute is missing or not one of the three values. */
  answer: z.enum(STATEMENT_ANSWERS).optional(),
  /** Whether the exercise offers "not given" (any statement in it has that key). */
  notGiven: z.boolean(),
  /** Whether students write corrections (any statement in the exercise has one). */
  corrections: z.boolean(),
  correction: z.string().optional(),
  content: inlines,
  studentAnswer: z.string().optional(),
  /** The student's answer read as one of the three values (T, F, NG and the like included). */
  studentChoice: z.enum(STATEMENT_ANSWERS).optional(),
  studentCorrect: z.boolean().optional(),
});
export type StatementView = z.infer<typeof statementViewSchema>;

export const sequenceViewSchema = z.object({
  kind: z.literal('sequence'),
  ...common,
  /** In document order (the order students see); `order` is the key. */
  items: z.array(z.object({ ...span, order: z.number().int().optional(), content: inlines })),
  studentAnswer: z.string().optional(),
});
export type SequenceView = z.infer<typeof sequenceViewSchema>;

export const rubricViewSchema = z.object({
  kind: z.literal('rubric'),
  ...common,
  criteria: z.array(z.object({ ...span, points: z.number().optional(), content: inlines })),
});
export type RubricView = z.infer<typeof rubricViewSchema>;

export const shortAnswerViewSchema = z.object({
  kind: z.literal('shortAnswer'),
  ...common,
  lines: z.number().int().positive().optional(),
  prompt: inlines,
  modelAnswer: inlines.optional(),
  rubric: rubricViewSchema.optional(),
  studentAnswer: z.string().optional(),
});
export type ShortAnswerView = z.infer<typeof shortAnswerViewSchema>;

export const writingAreaViewSchema = z.object({
  kind: z.literal('writingArea'),
  ...common,
  lines: z.number().int().positive().optional(),
  minWords: z.number().int().positive().optional(),
  maxWords: z.number().int().positive().optional(),
  studentAnswer: z.string().optional(),
});
export type WritingAreaView = z.infer<typeof writingAreaViewSchema>;

// Discriminated by `kind`: zod then checks each block against its own shape only, instead of
// trying every shape in turn (a 50 KB lesson is checked on every keystroke). The recursive list
// cannot join a discriminated union; it is tried when the kind is none of these.
const contentBlocks = [
  headingViewSchema,
  paragraphViewSchema,
  noteViewSchema,
  wordBankViewSchema,
  questionViewSchema,
  statementViewSchema,
  sequenceViewSchema,
  shortAnswerViewSchema,
  writingAreaViewSchema,
  rubricViewSchema,
  unknownViewSchema,
] as const;

/** What may appear inside an exercise (and, leniently, anywhere else). */
export const contentBlockSchema = z.union([z.discriminatedUnion('kind', [...contentBlocks]), listViewSchema]);
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const exerciseViewSchema = z.object({
  kind: z.literal('exercise'),
  ...common,
  /** One of the exercise types the skills teach, declared or inferred from the content. */
  type: z.string().optional(),
  /** True when the exercise has no valid `type` and it was read from the content (the original format). */
  typeInferred: z.boolean(),
  level: z.string().optional(),
  points: z.number().optional(),
  blocks: z.array(contentBlockSchema),
});
export type ExerciseView = z.infer<typeof exerciseViewSchema>;

export const lessonBlockSchema = z.union([z.discriminatedUnion('kind', [exerciseViewSchema, ...contentBlocks]), listViewSchema]);
export type LessonBlock = z.infer<typeof lessonBlockSchema>;

export const lessonViewSchema = z.object({
  title: z.string().optional(),
  level: z.string().optional(),
  lang: z.string().optional(),
  blocks: z.array(lessonBlockSchema),
  /** Lines in the source, for scroll sync past the last element. */
  lineCount: line,
});
export type LessonView = z.infer<typeof lessonViewSchema>;

export const lessonViewErrorSchema = z.object({ line, column: z.number().int().positive(), message: z.string() });
export type LessonViewError = z.infer<typeof lessonViewErrorSchema>;

/** The XML read as a lesson, or the first reason it cannot be (not well-formed, not a lesson). */
export const lessonViewResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), lesson: lessonViewSchema }),
  z.object({ ok: z.literal(false), error: lessonViewErrorSchema }),
]);
export type LessonViewResult = z.infer<typeof lessonViewResultSchema>;

/** Which copy: what students get, or the teacher's with the answer key and notes. */
export const COPIES = ['student', 'teacher'] as const;
export type Copy = (typeof COPIES)[number];

/**
 * What only the teacher's copy holds: these blocks (the teacher's notes) are left out of the
 * student copy, exported or previewed. The HTML export and the preview's student view both ask
 * `inCopy`, so what the preview shows students is what the exported page prints.
 */
export const TEACHER_ONLY_BLOCKS: ReadonlySet<string> = new Set<(LessonBlock | ContentBlock)['kind']>(['note']);

/** True when the block belongs in this copy. */
export function inCopy(copy: Copy, block: LessonBlock | ContentBlock): boolean {
  return copy === 'teacher' || !TEACHER_ONLY_BLOCKS.has(block.kind);
}

/** What an exercise's label tells each copy: students see its points; the teacher also its type and level. */
export function exerciseLabel(copy: Copy, exercise: ExerciseView): { type?: string; level?: string; points?: number } {
  const { type, level, points } = exercise;
  return copy === 'teacher' ? { type, level, points } : { points };
}

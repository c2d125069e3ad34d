// The AskUserQuestion contract: Claude Code's (1-4 questions, a header of at most 12 characters,
// 2-4 options each with a description, multiSelect on every choice question), extended per
// question with typed inputs, Other, Skip, placeholder and context.
//
// Two schemas: `askUserQuestionInputSchema` is what the model may send (the limits, enforced);
// `questionSchema` is a question once accepted, as events, views and saved sessions carry it.
// The second stays lenient so sessions saved under the old, looser limits still load.
import * as z from 'zod';

export const INPUT_TYPES = [
  'single_select',
  'multi_select',
  'text',
  'number',
  'date',
  'date_range',
  'file',
] as const;
export type InputType = (typeof INPUT_TYPES)[number];

const CHOICE_TYPES: readonly InputType[] = ['single_select', 'multi_select'];
const TYPED_INPUTS = ['text', 'number', 'date', 'date_range', 'file'] as const;

/** The limits of one AskUserQuestion call, said once for the schema, its errors and its description. */
export const QUESTION_LIMITS = { questions: 4, header: 12, minOptions: 2, maxOptions: 4 } as const;

export const questionOptionSchema = z.object({
  label: z.string().trim().min(1).max(200).describe('Short option label (1-5 words)'),
  description: z.string().max(1000).default('').describe('What choosing this option means'),
});

export const questionSchema = z.object({
  header: z.string().trim().min(1).max(40).describe('Very short topic badge, e.g. "Level"'),
  question: z.string().trim().min(1).max(2000).describe('The full question, ending with "?"'),
  options: z.array(questionOptionSchema).max(20).default([]),
  multiSelect: z.boolean().default(false),
  inputType: z.enum(INPUT_TYPES).optional().describe('Defaults from options/multiSelect'),
  allowOther: z.boolean().optional().describe('Offer a free-text "Other" (default true for choices)'),
  allowSkip: z.boolean().optional().describe('Let the user skip this question (default true)'),
  placeholder: z.string().max(200).optional(),
  context: z.string().max(2000).optional().describe('Why you are asking, shown under the question'),
  min: z.number().optional().describe('Lower bound for number inputs'),
  max: z.number().optional().describe('Upper bound for number inputs'),
});

export type QuestionOption = z.infer<typeof questionOptionSchema>;
export type Question = z.infer<typeof questionSchema>;

const { questions: MAX_QUESTIONS, header: MAX_HEADER, minOptions: MIN_OPTIONS, maxOptions: MAX_OPTIONS } = QUESTION_LIMITS;

const optionInput = z.object({
  label: z.string().trim().min(1, 'an option needs a label').max(200).describe('Short option label (1-5 words); it is the answer you get back'),
  description: z.string().trim().min(1, 'each option needs a description (one line: what choosing it means)').max(1000).describe('What choosing this option means'),
});

const questionInput = z
  .object({
    question: z.string().trim().min(1).max(2000).describe('The full question, ending with "?"'),
    header: z
      .string()
      .trim()
      .min(1)
      .max(MAX_HEADER, `the header is at most ${MAX_HEADER} characters: a short badge such as "Level"`)
      .describe(`A very short label shown as a badge, at most ${MAX_HEADER} characters, e.g. "Level"`),
    options: z
      .array(optionInput)
      .min(MIN_OPTIONS, `a choice question has ${MIN_OPTIONS}-${MAX_OPTIONS} options`)
      .max(MAX_OPTIONS, `a choice question has ${MIN_OPTIONS}-${MAX_OPTIONS} options: keep the ${MAX_OPTIONS} that matter most, or ask for text`)
      .optional()
      .describe(`The choices, ${MIN_OPTIONS}-${MAX_OPTIONS}, each with a description. Leave out for typed inputs.`),
    multiSelect: z
      .boolean()
      .optional()
      .describe('Required for choice questions (those with options): true lets the user pick several.'),
    inputType: z
      .enum(INPUT_TYPES)
      .optional()
      .describe('Extension: "text", "number", "date", "date_range" or "file" for a typed answer (no options). Choice questions may leave it out.'),
    allowOther: z.boolean().optional().describe('Extension, choice questions: offer a free-text "Other" (default true)'),
    allowSkip: z.boolean().optional().describe('Extension: let the user skip this question (default true)'),
    placeholder: z.string().max(200).optional().describe('Extension, typed inputs: example text shown in the empty field'),
    context: z.string().max(2000).optional().describe('Extension: why you are asking, shown under the question'),
    min: z.number().optional().describe('Extension, number inputs: lowest allowed value'),
    max: z.number().optional().describe('Extension, number inputs: highest allowed value'),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string): void => ctx.addIssue({ code: 'custom', path: [path], message });
    const typed = (TYPED_INPUTS as readonly string[]).includes(q.inputType ?? '');
    const choice = !typed && (q.options !== undefined || CHOICE_TYPES.includes(q.inputType ?? 'text'));
    if (typed && q.options !== undefined) issue('options', `inputType "${q.inputType}" takes no options: leave options out, or make it a choice question`);
    if (choice && q.options === undefined) issue('options', `a choice question has ${MIN_OPTIONS}-${MAX_OPTIONS} options`);
    if (choice && q.multiSelect === undefined) issue('multiSelect', 'multiSelect is required for choice questions (true lets the user pick several)');
    if ((q.inputType === 'single_select' && q.multiSelect === true) || (q.inputType === 'multi_select' && q.multiSelect === false)) {
      issue('multiSelect', `multiSelect ${String(q.multiSelect)} contradicts inputType "${q.inputType}"`);
    }
    const labels = (q.options ?? []).map((o) => o.label);
    if (new Set(labels).size !== labels.length) issue('options', 'option labels must differ: the label is the answer you get back');
    if (q.min !== undefined && q.max !== undefined && q.min > q.max) issue('min', `min (${q.min}) is more than max (${q.max})`);
  })
  // Once accepted, a question is stored in the one normal form every reader expects.
  .transform((q): Question => ({ ...q, options: q.options ?? [], multiSelect: q.multiSelect ?? false }));

export const askUserQuestionInputSchema = z.object({
  questions: z
    .array(questionInput)
    .min(1, 'ask at least 1 question')
    .max(MAX_QUESTIONS, `ask at most ${MAX_QUESTIONS} questions in one call: ask the rest after the answers`)
    .describe(`1-${MAX_QUESTIONS} questions, asked one at a time`),
});
export type AskUserQuestionInput = z.infer<typeof askUserQuestionInputSchema>;

/**
 * One answer per question, in order: a string (an option's label or a typed value), an array of
 * strings (multi-select, or [start, end] for a date range), or null when skipped. Up to 6, not 4:
 * sessions saved before the 4-question limit may still wait for their answers.
 */
export const answerValueSchema = z.union([z.string().max(20000), z.array(z.string().max(20000)).max(50), z.null()]);
export const answersSchema = z.array(answerValueSchema).max(6);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export function resolveInputType(q: Question): InputType {
  if (q.inputType) return q.inputType;
  if (q.options.length === 0) return 'text';
  return q.multiSelect ? 'multi_select' : 'single_select';
}

export function allowsOther(q: Question): boolean {
  const type = resolveInputType(q);
  return (type === 'single_select' || type === 'multi_select') && q.allowOther !== false;
}

export function allowsSkip(q: Question): boolean {
  return q.allowSkip !== false;
}

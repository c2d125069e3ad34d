// The AskUserQuestion contract: Claude Code compatible (header, question, options, multiSelect),
// extended per question with input types, Other, Skip, placeholder and context.
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

export const askUserQuestionInputSchema = z.object({
  questions: z.array(questionSchema).min(1).max(6),
});

export type QuestionOption = z.infer<typeof questionOptionSchema>;
export type Question = z.infer<typeof questionSchema>;
export type AskUserQuestionInput = z.infer<typeof askUserQuestionInputSchema>;

/**
 * One answer per question, in order: a string (an option's label or a typed value), an array of
 * strings (multi-select, or [start, end] for a date range), or null when skipped.
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

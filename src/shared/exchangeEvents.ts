// What `lesson-agent export` and `lesson-agent import` print on stdout when they succeed: one
// JSON line with what was written, the counts and what the format could not carry (a failure is
// the CLI's usual `error` event). Types come from these schemas.
import * as z from 'zod';

export const EXPORT_FORMATS = ['gift', 'qti', 'html-student', 'html-teacher'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * What a format could not carry, in a teacher's words: where (an exercise named as the teacher
 * sees it, "Exercise 2, “Choose the correct form”") and what happened to it ("The word bank
 * became the words to choose from in each gap").
 */
export const noticeSchema = z.object({ place: z.string().max(500), message: z.string().max(2_000) });
export type Notice = z.infer<typeof noticeSchema>;

const counts = {
  exercises: z.number().int().nonnegative(),
  questions: z.number().int().nonnegative(),
  notCarried: z.array(noticeSchema).readonly(),
};

export const exchangeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('exported'), format: z.enum(EXPORT_FORMATS), doc: z.string(), out: z.string(), ...counts }),
  z.object({ type: z.literal('imported'), in: z.string(), out: z.string(), ...counts }),
]);
export type ExchangeEvent = z.infer<typeof exchangeEventSchema>;

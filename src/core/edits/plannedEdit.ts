// An edit of the bound document as it was planned: the text it was planned on and the edits
// against that text. The confirmation card shows exactly this, and exactly this lands (land.ts).
// While a card waits, the plan is kept in the session's pending interaction, so the approved edit
// lands after a reload or a restart too, never one made again from the tool's input.
import * as z from 'zod';
import { applyTextEdits } from '../documents/diff';

const textEditSchema = z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative(), newText: z.string() }).readonly();

/**
 * What the model takes the document to be once the edit lands: the plan's result ('result'), its
 * own text when the teacher had typed in it before the plan ('text'), or nothing it has seen whole
 * ('unknown': it edited text with typing it had not seen).
 */
const beliefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('result') }).readonly(),
  z.object({ kind: z.literal('unknown') }).readonly(),
  z.object({ kind: z.literal('text'), text: z.string() }).readonly(),
]);

export const plannedEditSchema = z
  .object({
    tool: z.string(),
    /** The model's one sentence: the card's summary, and the name of the change afterwards. */
    summary: z.string(),
    documentUri: z.string(),
    /** The document as read for the plan (the card's "before"). */
    base: z.object({ text: z.string(), version: z.number() }).readonly(),
    /** The minimal edits against `base`: the card's diff, and what lands. */
    edits: z.array(textEditSchema).readonly(),
    belief: beliefSchema,
    /** What the checks had to say (problems the lesson already had, students' work asked for): passed on to the result. */
    notes: z.array(z.string()).readonly(),
  })
  .readonly();
export type PlannedEdit = z.infer<typeof plannedEditSchema>;

/** The text the plan gives its base: what the teacher sees as "after" on the card. */
export function plannedText(plan: PlannedEdit): string {
  return applyTextEdits(plan.base.text, plan.edits);
}

/** The model's picture of the document after the edit, or undefined when it has none. */
export function beliefText(plan: PlannedEdit): string | undefined {
  if (plan.belief.kind === 'unknown') return undefined;
  return plan.belief.kind === 'text' ? plan.belief.text : plannedText(plan);
}

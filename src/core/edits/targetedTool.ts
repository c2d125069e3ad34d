// A targeted editing tool (edit_text, replace_element): it reads the document once, locates its
// change in that live text, and the change is planned like any edit (plan.ts). Students' answers
// and ids in it are judged like any edit's (studentWorkGuard.ts).
import type { DocumentAccess, DocumentSnapshot } from '../documents/types';
import { isSnapshot, noDocumentResult, readDocument } from '../tools/toolResults';
import type { ToolDefinition, ToolResult } from '../tools/types';
import { planEdit } from './plan';
import { plannedTool } from './plannedTool';

/** The text the input makes of `current`, or why it cannot be placed there. */
export type Locate<Input> = (input: Input, current: DocumentSnapshot, document: DocumentAccess) => string | ToolResult;

export function targetedTool<Input extends { readonly summary: string }>(
  tool: string,
  locate: Locate<Input>,
  noChange: string,
): Required<Pick<ToolDefinition<Input>, 'plan' | 'needsConfirmation' | 'run'>> {
  return plannedTool<Input>(async (input, ctx) => {
    const document = ctx.document;
    if (!document) return { kind: 'answer', result: noDocumentResult() };
    const current = await readDocument(document);
    if (!isSnapshot(current)) return { kind: 'answer', result: current };
    const proposed = locate(input, current, document);
    if (typeof proposed !== 'string') return { kind: 'answer', result: proposed };
    // The model knows the result only if it knew the text it edited (no unseen typing).
    const belief = ctx.documentSeen === undefined || ctx.documentSeen.text === current.text ? proposed : undefined;
    return planEdit(ctx, document, { tool, summary: input.summary, base: current, live: current, proposed, belief, noChange: { content: noChange, summary: 'No change' } });
  });
}

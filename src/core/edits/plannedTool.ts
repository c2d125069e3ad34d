// An editing tool from how it plans its call: the loop uses `plan` (it shows the plan's
// confirmation and lands the plan, see agent/toolCalls.ts); `needsConfirmation` and `run` are the
// same plan seen by callers that neither pause nor keep a plan (the tools' own tests).
import type { ToolContext, ToolDefinition, ToolPlan } from '../tools/types';
import { landEdit } from './land';

export function plannedTool<Input>(plan: (input: Input, ctx: ToolContext) => Promise<ToolPlan>): Required<Pick<ToolDefinition<Input>, 'plan' | 'needsConfirmation' | 'run'>> {
  return {
    plan,
    async needsConfirmation(input, ctx) {
      const planned = await plan(input, ctx);
      return planned.kind === 'edit' ? planned.confirmation : undefined;
    },
    async run(input, ctx) {
      const planned = await plan(input, ctx);
      // Planned a moment ago: the text it read is the text it lands on (applyEdits rebases any keystroke since).
      return planned.kind === 'edit' ? landEdit(planned.edit, ctx, planned.edit.base) : planned.result;
    },
  };
}

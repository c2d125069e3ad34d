// Coming back to a paused turn: the user's answer or decision becomes the paused call's
// tool_result, the calls after it in the same message run, and the loop goes on. Everything needed
// is in the saved session (its pending interaction), so this works after a reload, a restart or a
// crash.
import { checkAnswers } from '../../shared/answers';
import type { AnswerValue } from '../../shared/questions';
import type { PendingInteraction, ReadonlyMessage, ReadonlySession } from '../sessions/schema';
import { formatAnswers } from '../tools/askUserQuestion';
import type { TurnContext } from './context';
import { AgentRequestError } from './errors';
import { DENIED, endCall, landPlanned, runTool, runToolUses, type ToolResultBlock, type ToolUse, type ToolUsesOutcome } from './toolCalls';
import { l10n } from '../../shared/l10n';

type PendingOf<K extends PendingInteraction['kind']> = Extract<PendingInteraction, { kind: K }>;

/** The interaction the session waits on, if it is the one the request answers. */
export function requirePending<K extends PendingInteraction['kind']>(session: ReadonlySession, kind: K, toolCallId: string): PendingOf<K> {
  const pending = session.pending as PendingInteraction | undefined;
  if (!pending) throw new AgentRequestError(l10n.t('Nothing is waiting for an answer in this session.'));
  if (pending.toolCallId !== toolCallId) {
    throw new AgentRequestError(l10n.t('The session is waiting on {0}, not {1}.', pending.toolCallId, toolCallId));
  }
  if (pending.kind !== kind) {
    throw new AgentRequestError(
      pending.kind === 'question' ? l10n.t('The pending question needs answers to its questions.') : l10n.t('The pending confirmation needs an approve or deny decision.'),
    );
  }
  return pending as PendingOf<K>;
}

export function requireValidAnswers(pending: PendingOf<'question'>, answers: readonly AnswerValue[]): void {
  const problem = checkAnswers(pending.questions, answers);
  if (problem) throw new AgentRequestError(problem);
}

function pausedMessage(session: ReadonlySession, toolCallId: string): ReadonlyMessage | undefined {
  return session.messages.find((m) => m.role === 'assistant' && m.content.some((b) => b.type === 'tool_use' && b.id === toolCallId));
}

function toolUsesOf(message: ReadonlyMessage | undefined): ToolUse[] {
  return (message?.content ?? []).flatMap((b) => (b.type === 'tool_use' ? [{ id: b.id, name: b.name, input: b.input }] : []));
}

/** Records the answers as the question's result (answered + tool_end events). */
export function applyAnswers(ctx: TurnContext, pending: PendingOf<'question'>, answers: AnswerValue[]): ToolResultBlock {
  ctx.owner.recordAnswer(ctx.turnId, pending.toolCallId, { answers });
  ctx.emit({ type: 'answered', toolCallId: pending.toolCallId, answers });
  return endCall(ctx, pending.toolCallId, { content: formatAnswers(pending.questions, answers), summary: l10n.t('Answered') });
}

/** Records the decision; an approved call runs now, a denied one tells the model it was denied. */
export async function applyDecision(
  ctx: TurnContext,
  pending: PendingOf<'confirmation'>,
  approved: boolean,
  feedback: string | undefined,
): Promise<ToolResultBlock> {
  const note = feedback?.trim() || undefined;
  ctx.owner.recordAnswer(ctx.turnId, pending.toolCallId, { approved, ...(note ? { feedback: note } : {}) });
  ctx.emit({ type: 'answered', toolCallId: pending.toolCallId, decision: { approved, ...(note ? { feedback: note } : {}) } });
  const use = toolUsesOf(pausedMessage(ctx.session, pending.toolCallId)).find((u) => u.id === pending.toolCallId);
  if (!approved) {
    const block = endCall(ctx, pending.toolCallId, {
      content: note ? `${DENIED} Their feedback: ${note}` : DENIED,
      isError: true,
      summary: l10n.t('Denied by the user'),
    });
    ctx.owner.endToolCall(pending.toolCallId, { status: 'denied', error: l10n.t('Denied by the user') });
    return block;
  }
  const tool = use ? ctx.registry.get(use.name) : undefined;
  // What the teacher approved is the plan the card showed: that lands, never a plan made again.
  if (tool?.plan && pending.edit) return landPlanned(ctx, tool, pending.toolCallId, pending.edit);
  const parsed = tool && use ? ctx.registry.parse(tool, use.input) : undefined;
  if (!tool || !parsed?.ok) {
    const content = `The approved call could not run: ${!tool ? `the tool ${use?.name ?? '?'} is no longer available` : (parsed && !parsed.ok ? parsed.message : 'invalid input')}.`;
    return endCall(ctx, pending.toolCallId, { content, isError: true, summary: l10n.t('The step failed') });
  }
  return runTool(ctx, tool, pending.toolCallId, parsed.value);
}

/** Runs the calls that came after the paused one in the same message, then answers them all. */
export async function continuePaused(ctx: TurnContext, pending: PendingInteraction, result: ToolResultBlock): Promise<ToolUsesOutcome> {
  const message = pausedMessage(ctx.session, pending.toolCallId);
  const uses = toolUsesOf(message);
  const remaining = pending.remainingToolUseIds.flatMap((id) => uses.filter((u) => u.id === id));
  const cutOff = message?.stopReason === 'max_tokens' ? uses.at(-1)?.id : undefined;
  ctx.owner.takePending();
  return runToolUses(ctx, remaining, [...pending.completedResults, result], cutOff);
}

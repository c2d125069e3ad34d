// Coming back to a paused turn: the user's answer or decision becomes the paused call's
// tool_result, the calls after it in the same message run, and the loop goes on. Everything needed
// is in the saved session (pending), so this works after a reload, a restart or a crash.
import { checkAnswers } from '../../shared/answers';
import type { AnswerValue } from '../../shared/questions';
import type { PendingInteraction, Session, StoredMessage } from '../sessions/types';
import { turnText } from '../sessions/view';
import { formatAnswers } from '../tools/askUserQuestion';
import type { TurnContext } from './context';
import { AgentRequestError } from './errors';
import { interruptedResult } from './history';
import { DENIED, NOT_ANSWERED, endCall, interruptOpenCalls, runTool, runToolUses, type ToolResultBlock, type ToolUse, type ToolUsesOutcome } from './toolCalls';

export function requirePending(session: Session, kind: PendingInteraction['kind'], toolCallId: string): PendingInteraction {
  const pending = session.pending;
  if (!pending) throw new AgentRequestError('Nothing is waiting for an answer in this session.');
  if (pending.toolCallId !== toolCallId) {
    throw new AgentRequestError(`The session is waiting on ${pending.toolCallId}, not ${toolCallId}.`);
  }
  if (pending.kind !== kind) {
    const want = pending.kind === 'question' ? 'answers (--answer)' : 'a decision (--approve or --deny)';
    throw new AgentRequestError(`The pending ${pending.kind} needs ${want}.`);
  }
  return pending;
}

export function requireValidAnswers(pending: PendingInteraction, answers: readonly AnswerValue[]): void {
  const problem = checkAnswers(pending.questions ?? [], answers);
  if (problem) throw new AgentRequestError(problem);
}

function pausedMessage(session: Session, toolCallId: string): StoredMessage | undefined {
  return session.messages.find((m) => m.role === 'assistant' && m.content.some((b) => b.type === 'tool_use' && b.id === toolCallId));
}

function toolUsesOf(message: StoredMessage | undefined): ToolUse[] {
  return (message?.content ?? []).flatMap((b) => (b.type === 'tool_use' ? [{ id: b.id, name: b.name, input: b.input }] : []));
}

/** Records the answers as the question's result (answered + tool_end events). */
export function applyAnswers(ctx: TurnContext, pending: PendingInteraction, answers: AnswerValue[]): ToolResultBlock {
  ctx.turn.answers = { ...ctx.turn.answers, [pending.toolCallId]: { answers } };
  ctx.emit({ type: 'answered', toolCallId: pending.toolCallId, answers });
  const content = formatAnswers(pending.questions ?? [], answers);
  return endCall(ctx, pending.toolCallId, { content, summary: 'Answered' });
}

/** Records the decision; an approved call runs now, a denied one tells the model it was denied. */
export async function applyDecision(
  ctx: TurnContext,
  pending: PendingInteraction,
  approved: boolean,
  feedback: string | undefined,
): Promise<ToolResultBlock> {
  const note = feedback?.trim() || undefined;
  ctx.turn.answers = { ...ctx.turn.answers, [pending.toolCallId]: { approved, ...(note ? { feedback: note } : {}) } };
  ctx.emit({ type: 'answered', toolCallId: pending.toolCallId, decision: { approved, ...(note ? { feedback: note } : {}) } });
  const use = toolUsesOf(pausedMessage(ctx.session, pending.toolCallId)).find((u) => u.id === pending.toolCallId);
  if (!approved) {
    const block = endCall(ctx, pending.toolCallId, {
      content: note ? `${DENIED} Their feedback: ${note}` : DENIED,
      isError: true,
      summary: 'Denied by the user',
    });
    const record = ctx.session.toolCalls[pending.toolCallId];
    if (record) record.status = 'denied';
    return block;
  }
  const tool = use ? ctx.registry.get(use.name) : undefined;
  const parsed = tool && use ? ctx.registry.parse(tool, use.input) : undefined;
  if (!tool || !parsed?.ok) {
    const content = `The approved call could not run: ${!tool ? `the tool ${use?.name ?? '?'} is no longer available` : (parsed && !parsed.ok ? parsed.message : 'invalid input')}.`;
    return endCall(ctx, pending.toolCallId, { content, isError: true });
  }
  return runTool(ctx, tool, pending.toolCallId, parsed.value);
}

/** Runs the calls that came after the paused one in the same message, then answers them all. */
export async function continuePaused(ctx: TurnContext, pending: PendingInteraction, result: ToolResultBlock): Promise<ToolUsesOutcome> {
  const message = pausedMessage(ctx.session, pending.toolCallId);
  const uses = toolUsesOf(message);
  const remaining = pending.remainingToolUseIds.flatMap((id) => uses.filter((u) => u.id === id));
  const cutOff = message?.stopReason === 'max_tokens' ? uses.at(-1)?.id : undefined;
  ctx.session.pending = undefined;
  return runToolUses(ctx, remaining, [...pending.completedResults, result], cutOff);
}

/**
 * The user wrote a new message instead of answering: the paused call and those after it are
 * answered as not done, and that turn ends as stopped. Returns the old turn's id.
 */
export function abandonPending(session: Session, now: number, newId: (prefix: string) => string): string | undefined {
  const pending = session.pending;
  if (!pending) return undefined;
  const turn = session.turns.find((t) => t.id === pending.turnId);
  const results = [
    ...pending.completedResults,
    interruptedResult(pending.toolCallId, NOT_ANSWERED),
    ...pending.remainingToolUseIds.map((id) => interruptedResult(id)),
  ];
  const after = pausedMessage(session, pending.toolCallId);
  const at = after ? session.messages.indexOf(after) + 1 : session.messages.length;
  session.messages.splice(at, 0, { id: newId('msg'), role: 'user', content: results, createdAt: now, turnId: pending.turnId });
  session.pending = undefined;
  if (turn) {
    interruptOpenCalls({ session, turn, now: () => now });
    Object.assign(turn, { status: 'stopped', endedAt: now });
    if (turnText(session.messages, turn.id).length > 0) turn.partial = true;
  }
  return pending.turnId;
}

// Running the tool_use blocks of one assistant message, in order: each gets tool_start, is looked
// up and validated, may pause the turn (a question, or a confirmation the user must give), or runs
// and gets tool_end. Whatever happens, every block ends up with exactly one tool_result.
import type { ConfirmationPlan, EditPlan, ToolContext, ToolResult, AnyTool } from '../tools/types';
import { hashText, makePatch } from '../documents/patch';
import type { DocumentSnapshot } from '../documents/types';
import { landEdit } from '../edits/land';
import type { PlannedEdit } from '../edits/plannedEdit';
import { interruptedResult } from '../sessions/pairing';
import type { PendingInteraction, Proposal, ToolCallRecord, ToolResultBlock } from '../sessions/schema';
import type { Question } from '../../shared/questions';
import { unknownToolMessage, type ParseResult } from '../tools/registry';
import { userRequestOf } from '../edits/studentWorkGuard';
import type { TurnContext } from './context';
import { l10n } from '../../shared/l10n';

export type { ToolResultBlock };
export interface ToolUse {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

export type ToolUsesOutcome = { kind: 'done'; results: ToolResultBlock[] } | { kind: 'paused' };

/** A pause before its place in the message (results so far, calls after it) is known. */
type PauseDraft =
  | { kind: 'question'; toolCallId: string; questions: Question[] }
  | { kind: 'confirmation'; toolCallId: string; request: ConfirmationPlan['request']; proposal?: Proposal; edit?: PlannedEdit };

type Step = { kind: 'result'; block: ToolResultBlock } | { kind: 'pause'; draft: PauseDraft };

export const DENIED = 'The user denied this action; nothing was changed.';
const ERROR_SUMMARY_CHARS = 300;

/** Large strings (whole documents) are cut in the stored arguments; the transcript keeps them whole. */
export function elideArgs(value: unknown, max = 2000): unknown {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, 200)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) return value.map((v) => elideArgs(v, max));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, elideArgs(v, max)]));
  }
  return value;
}

/** The step's label: from the input when it passed the schema, else what kind of step it is. */
function displayTextOf(tool: AnyTool | undefined, use: ToolUse, parsed: ParseResult): string {
  if (!tool) return l10n.t('Unknown tool “{0}”', use.name);
  if (!parsed.ok) return tool.genericText();
  try {
    return tool.displayText(parsed.value);
  } catch {
    // A label must never take the step down with it.
    return tool.genericText();
  }
}

function errorLine(content: string): string {
  const line = content.split('\n').find((l) => l.trim().length > 0) ?? content;
  return line.length > ERROR_SUMMARY_CHARS ? `${line.slice(0, ERROR_SUMMARY_CHARS)}…` : line;
}

/**
 * Closes a call: record, tool_end event, and the tool_result block for the model. A failure's line
 * for the teacher is its `summary` (their language); the content is the model's, in English, and
 * only its first line stands in when a result brings no summary.
 */
export function endCall(ctx: TurnContext, id: string, result: ToolResult, editId?: string): ToolResultBlock {
  const status = result.isError ? 'error' : 'success';
  const error = result.isError ? (result.summary ?? errorLine(result.content)) : undefined;
  const resultSummary = result.isError ? undefined : result.summary;
  ctx.owner.endToolCall(id, { status, ...(error !== undefined ? { error } : {}), ...(resultSummary ? { resultSummary } : {}), ...(editId ? { editId } : {}) });
  ctx.emit({
    type: 'tool_end',
    id,
    status,
    ...(error !== undefined ? { error } : {}),
    ...(resultSummary ? { resultSummary } : {}),
    ...(editId ? { editId } : {}),
  });
  const content = result.content.length > 0 ? result.content : '(no output)';
  return { type: 'tool_result', tool_use_id: id, content, ...(result.isError ? { is_error: true } : {}) };
}

/** While a call is only being planned (needsConfirmation), nothing may change the document. */
function noEdits(): Promise<string> {
  return Promise.reject(new Error('A tool cannot edit the document while its call waits for approval.'));
}

function toolContext(ctx: TurnContext, toolUseId: string, beginEdit: (edit: EditPlan) => Promise<string> = noEdits): ToolContext {
  return {
    sessionId: ctx.session.id,
    turnId: ctx.turnId,
    toolUseId,
    document: ctx.document,
    documentSeen: ctx.documentSeen,
    workspace: ctx.workspace,
    skills: ctx.skills,
    settings: { approvalEdits: ctx.settings.approvalEdits, alwaysConfirm: ctx.settings.alwaysConfirm, largeDocumentChars: ctx.settings.largeDocumentChars },
    userRequest: userRequestOf(ctx.session.messages, ctx.turn.id),
    signal: ctx.signal,
    now: ctx.now,
    beginEdit,
  };
}

/** Runs a validated call (a tool without a plan) and closes it. */
export function runTool(ctx: TurnContext, tool: AnyTool, id: string, input: unknown): Promise<ToolResultBlock> {
  return runWork(ctx, tool, id, (toolCtx) => tool.run(input, toolCtx));
}

/**
 * Lands a planned edit and closes its call: exactly the plan, approved or needing no approval.
 * `landing` is the text it was planned on when it lands right after planning (not read again).
 */
export function landPlanned(ctx: TurnContext, tool: AnyTool, id: string, edit: PlannedEdit, landing?: DocumentSnapshot): Promise<ToolResultBlock> {
  return runWork(ctx, tool, id, (toolCtx) => landEdit(edit, toolCtx, landing));
}

/**
 * Does a call's work and closes it. A throwing tool is an error result, not a crash. An edit the
 * tool begins is in the saved session before the document changes; if saving fails, the edit is
 * never applied and the turn ends (its error propagates).
 */
async function runWork(ctx: TurnContext, tool: AnyTool, id: string, work: (toolCtx: ToolContext) => Promise<ToolResult>): Promise<ToolResultBlock> {
  const begun: string[] = [];
  let saveFailure: unknown;
  const beginEdit = async (edit: EditPlan): Promise<string> => {
    const editId = ctx.owner.planEdit({ toolCallId: id, turnId: ctx.turnId, ...edit });
    begun.push(editId);
    try {
      await ctx.save();
    } catch (err) {
      saveFailure = err;
      throw err;
    }
    return editId;
  };
  let result: ToolResult;
  try {
    result = await work(toolContext(ctx, id, beginEdit));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log('warn', `Tool ${tool.name} failed: ${message}`);
    result = { content: `The tool ${tool.name} failed: ${message}`, isError: true, summary: l10n.t('The step failed') };
  }
  const landed = result.edit && begun.includes(result.edit.id) ? result.edit : undefined;
  for (const editId of begun) {
    ctx.owner.landEdit(editId, landed?.id === editId ? { applied: true, before: landed.before, after: landed.after } : { applied: false });
  }
  if (saveFailure !== undefined) throw saveFailure;
  if (result.documentSeen) ctx.documentSeen = result.documentSeen;
  return endCall(ctx, id, result, landed?.id);
}

/** A proposed change as the session keeps it: a diff of the text it was proposed against. */
function storedProposal(proposal: NonNullable<ConfirmationPlan['proposal']>): Proposal {
  return { uri: proposal.uri, hashBefore: hashText(proposal.before), patch: makePatch(proposal.before, proposal.after) };
}

async function confirmationPlan(ctx: TurnContext, tool: AnyTool, id: string, input: unknown): Promise<ConfirmationPlan | undefined> {
  const plan = await tool.needsConfirmation?.(input, toolContext(ctx, id));
  if (plan || !ctx.settings.alwaysConfirm.includes(tool.name)) return plan;
  const display = tool.displayText(input);
  return {
    request: { tool: tool.name, title: display, summary: l10n.t('Lesson Agent wants to run “{0}”. Your settings ask for approval first.', display), hasDiff: false },
  };
}

/** tool_start, then validation, then a pause or a run. `cutOff` marks a call truncated by max_tokens. */
async function startCall(ctx: TurnContext, use: ToolUse, cutOff: boolean): Promise<Step> {
  const tool = ctx.registry.get(use.name);
  const parsed: ParseResult = tool ? ctx.registry.parse(tool, use.input) : { ok: false, message: unknownToolMessage(use.name, ctx.registry) };
  const record: ToolCallRecord = {
    id: use.id,
    tool: use.name,
    displayText: displayTextOf(tool, use, parsed),
    status: 'running',
    turnId: ctx.turnId,
    args: elideArgs(use.input),
    startedAt: ctx.now(),
  };
  ctx.owner.startToolCall(record);
  ctx.emit({ type: 'tool_start', id: use.id, tool: use.name, displayText: record.displayText });
  const fail = (content: string, summary: string): Step => ({
    kind: 'result',
    block: endCall(ctx, use.id, { content, isError: true, ...(summary ? { summary } : {}) }),
  });
  if (!tool) return fail(unknownToolMessage(use.name, ctx.registry), l10n.t('Unknown tool “{0}”', use.name));
  if (cutOff) {
    return fail(
      `This ${use.name} call was cut off at the max_tokens limit (${ctx.settings.maxTokens}) before its input was complete, so it was not run. Make it smaller (for a small change use targeted edits) and call it again.`,
      l10n.t('Cut off at the output limit'),
    );
  }
  if (!parsed.ok) return fail(parsed.message, l10n.t('Invalid input'));
  if (tool.interactive === 'question') {
    const questions = (parsed.value as { questions: Question[] }).questions;
    return { kind: 'pause', draft: { kind: 'question', toolCallId: use.id, questions } };
  }
  let decision: Decision;
  try {
    decision = await decide(ctx, tool, use.id, parsed.value);
  } catch (err) {
    return fail(`Could not prepare ${tool.name}: ${err instanceof Error ? err.message : String(err)}`, l10n.t('The step failed'));
  }
  if (decision.kind === 'pause') return { kind: 'pause', draft: decision.draft };
  return { kind: 'result', block: await act(ctx, tool, use.id, parsed.value, decision) };
}

/** Carries out a decision that waits for nobody: runs the tool, gives its answer, or lands its plan. */
function act(ctx: TurnContext, tool: AnyTool, id: string, input: unknown, decision: Exclude<Decision, { kind: 'pause' }>): Promise<ToolResultBlock> {
  switch (decision.kind) {
    case 'run':
      return runTool(ctx, tool, id, input);
    case 'answer':
      return runWork(ctx, tool, id, () => Promise.resolve(decision.result));
    case 'land':
      // Planned a moment ago: it lands on the text it read (applyEdits rebases any keystroke since).
      return landPlanned(ctx, tool, id, decision.edit, decision.edit.base);
  }
}

/** What a validated call does next: wait for the user, run, answer at once, or land its planned edit. */
type Decision =
  | { kind: 'pause'; draft: PauseDraft }
  | { kind: 'run' }
  | { kind: 'answer'; result: ToolResult }
  | { kind: 'land'; edit: PlannedEdit };

function confirmationDraft(id: string, plan: ConfirmationPlan, edit?: PlannedEdit): Decision {
  const proposal = plan.proposal ? { proposal: storedProposal(plan.proposal) } : {};
  return { kind: 'pause', draft: { kind: 'confirmation', toolCallId: id, request: plan.request, ...proposal, ...(edit ? { edit } : {}) } };
}

/**
 * An editing tool plans its call once: its answer, or its edit. An edit that needs approval
 * pauses with the plan in the session (its card is built from it); otherwise the plan lands now.
 * Other tools are asked about first when they say so, else run.
 */
async function decide(ctx: TurnContext, tool: AnyTool, id: string, input: unknown): Promise<Decision> {
  if (!tool.plan) {
    const plan = await confirmationPlan(ctx, tool, id, input);
    return plan ? confirmationDraft(id, plan) : { kind: 'run' };
  }
  const planned = await tool.plan(input, toolContext(ctx, id));
  if (planned.kind === 'answer') return planned;
  return planned.confirmation ? confirmationDraft(id, planned.confirmation, planned.edit) : { kind: 'land', edit: planned.edit };
}

/**
 * Runs `uses` in order after `results` (those already answered). Pauses at the first question or
 * confirmation: the session is saved as awaiting the user and no promise waits for the answer.
 */
export async function runToolUses(
  ctx: TurnContext,
  uses: readonly ToolUse[],
  results: ToolResultBlock[],
  cutOffId?: string,
): Promise<ToolUsesOutcome> {
  for (const [i, use] of uses.entries()) {
    if (ctx.signal.aborted) {
      results.push(interruptedResult(use.id));
      continue;
    }
    const step = await startCall(ctx, use, use.id === cutOffId);
    if (step.kind === 'result') {
      results.push(step.block);
      await ctx.save();
      continue;
    }
    const pending: PendingInteraction = {
      ...step.draft,
      turnId: ctx.turnId,
      completedResults: results,
      remainingToolUseIds: uses.slice(i + 1).map((u) => u.id),
      ...(ctx.documentSeen ? { documentSeen: { text: ctx.documentSeen.text, version: ctx.documentSeen.version } } : {}),
    };
    ctx.owner.pause(pending);
    await ctx.save();
    if (pending.kind === 'question') ctx.emit({ type: 'question', toolCallId: pending.toolCallId, questions: pending.questions });
    else ctx.emit({ type: 'confirmation', toolCallId: pending.toolCallId, request: pending.request });
    ctx.emit({ type: 'done', reason: 'awaiting_user' });
    return { kind: 'paused' };
  }
  return { kind: 'done', results };
}

// The next request of a running turn, built append-only. From the stored transcript: where the
// window starts (the conversation's frame, made anew only at a cut: conversationFrame.ts), what the
// model is shown of the document (documentContext.ts) and of changed skills (notices.ts), appended
// to the newest user message, then the thinking check (preservedThinking.ts): when a finished
// turn's thinking may no longer be sent back, the thinking of every finished turn is left out for
// good and the request is built again. Changes to the session go through its owner.
import type Anthropic from '@anthropic-ai/sdk';
import { buildRequest, systemPrompt } from '../prompt/assemble';
import type { SessionOwner } from '../sessions/owner';
import type { ReadonlySession } from '../sessions/schema';
import type { AgentSettings } from '../settings';
import type { SkillCatalog } from '../skills/types';
import type { ToolRegistry } from '../tools/registry';
import type { LogLevel } from './context';
import { newFrame, planWindow, type WindowPlan } from './conversationFrame';
import { planDocument, type DocumentNow } from './documentContext';
import { pairingProblems, refusedTurns, toApiHistory, windowFrom, type ApiHistory, type HistoryOptions, type ThinkingOrigin } from './history';
import { knownSkills, skillsNotice } from './notices';
import { BINDING_BETA, blockNamed, firstStaleThinking, isBoundElsewhere, type StaleThinking } from './preservedThinking';
import { modelParams } from './requestParams';

export interface RequestSources {
  readonly owner: SessionOwner;
  readonly turnId: string;
  readonly settings: AgentSettings;
  readonly registry: ToolRegistry;
  readonly skills: SkillCatalog;
  readDocument(): Promise<DocumentNow | undefined>;
  now(): number;
  log(level: LogLevel, message: string): void;
}

export interface BuiltRequest {
  readonly params: Anthropic.MessageCreateParamsNonStreaming;
  /** Beta features the request needs (the API's way out for thinking it cannot accept). */
  readonly betas?: readonly string[];
  /** Index in `params.messages` of the running turn's first message: errors name messages by index. */
  readonly runningFrom: number;
  readonly origins: ReadonlyMap<Anthropic.ContentBlockParam, ThinkingOrigin>;
}

/** The session is inconsistent: no valid request can be built from it. */
export class InconsistentHistory extends Error {}

/**
 * The finished turns from `turnId` on (every one when it is not known): the thinking left out with a
 * block that may not go back is that block's and every later block's, and the running turn's never.
 */
function finishedFrom(session: ReadonlySession, runningTurnId: string, turnId: string | undefined): string[] {
  const running = session.turns.findIndex((t) => t.id === runningTurnId);
  const finished = session.turns.slice(0, running < 0 ? session.turns.length : running);
  const from = turnId === undefined ? 0 : Math.max(0, finished.findIndex((t) => t.id === turnId));
  return finished.slice(from).map((t) => t.id);
}

function historyOptions(src: RequestSources): HistoryOptions {
  const session = src.owner.session;
  return { model: src.settings.model, skipTurns: refusedTurns(session), thinkingLeftOut: new Set(session.thinking?.leftOut ?? []) };
}

/** The document (documentContext.ts) and skill notices the request carries; true when the session changed. */
async function placeUpdates(src: RequestSources, history: ApiHistory, plan: WindowPlan): Promise<boolean> {
  const last = history.messages.length - 1;
  if (history.messages[last]?.role !== 'user') return false;
  const session = src.owner.session;
  const targetId = history.sources[last]?.at(-1);
  const frame = session.frame;
  if (!targetId || !frame) return false;
  const windowIds = history.sources.slice(plan.start).flat();
  let changed = false;
  const now = await src.readDocument();
  if (now) {
    const placed = planDocument({ messages: session.messages, windowIds, topId: frame.start, targetId, cut: plan.cut, now, outlineAbove: src.settings.largeDocumentChars });
    if (placed.kind === 'append') src.owner.attachDocument(placed.messageId, placed.attachment);
    if (placed.kind === 'rebase') src.owner.rebaseDocument(placed.topId, placed.base, placed.changes);
    changed = placed.kind !== 'none';
  }
  const inWindow = new Set(windowIds);
  const notice = skillsNotice(
    knownSkills(frame, session.messages.filter((m) => inWindow.has(m.id))),
    src.skills.list(),
  );
  if (notice) src.owner.addNotice(targetId, notice);
  return changed || notice !== undefined;
}

function assemble(src: RequestSources, history: ApiHistory, plan: WindowPlan): BuiltRequest {
  const frame = src.owner.session.frame;
  if (!frame) throw new InconsistentHistory('the conversation has no frame');
  const api = windowFrom(history.messages, plan, history.opens);
  const problems = pairingProblems(api);
  if (problems.length > 0) throw new InconsistentHistory(problems[0]);
  const params = buildRequest({ params: modelParams(src.settings), system: frame.system, tools: frame.tools, messages: api });
  const first = history.sources.findIndex((ids) => src.owner.session.messages.some((m) => m.turnId === src.turnId && ids.includes(m.id)));
  const runningFrom = first < 0 ? api.length : api.length - (history.messages.length - first);
  if (!src.owner.session.thinking?.dropBlock) return { params, runningFrom, origins: history.origins };
  // The models that check thinking think adaptively by default: asking for it changes nothing else.
  const thinking = { ...(params.thinking ?? { type: 'adaptive' }), block_binding: { prefix_mismatch_behavior: 'drop_block' } };
  return { params: { ...params, thinking } as Anthropic.MessageCreateParamsNonStreaming, betas: [BINDING_BETA], runningFrom, origins: history.origins };
}

export type BindingRepair = { readonly leftOut: string[] } | { readonly dropBlock: true };

/**
 * What to change when the API refused `request` because a thinking block is "bound to a different
 * conversation": a finished turn's block → leave its thinking and every later finished turn's out;
 * the running turn's (which must go back), or a block already left out → ask the API to drop what
 * it cannot accept. Undefined when the failure is another one, or both were tried.
 */
export function bindingRepair(session: ReadonlySession, runningTurnId: string, request: BuiltRequest, failure: unknown): BindingRepair | undefined {
  const status = (failure as { status?: unknown } | undefined)?.status;
  const message = failure instanceof Error ? failure.message : '';
  if (status !== 400 || !isBoundElsewhere(message)) return undefined;
  const at = blockNamed(message);
  const block = at ? request.params.messages[at.message]?.content[at.block] : undefined;
  const origin = typeof block === 'object' ? request.origins.get(block) : undefined;
  const finished = at !== undefined && at.message < request.runningFrom;
  const leftOut = finished ? finishedFrom(session, runningTurnId, origin?.turnId) : [];
  const already = new Set(session.thinking?.leftOut ?? []);
  if (leftOut.some((id) => !already.has(id))) return { leftOut };
  return session.thinking?.dropBlock ? undefined : { dropBlock: true };
}

function describeStale(stale: StaleThinking, cut: boolean): string {
  if (stale.reason === 'unverified') return 'it was saved by an earlier version of Lesson Agent, which kept nothing to check it against';
  return cut ? 'the history window was cut at this turn, so what came before it changed' : 'something that came before it changed';
}

/**
 * Builds the next request. A finished turn's thinking that may not go back is left out for good,
 * with every later finished turn's (logged once, naming the request); thinking before it stays.
 */
export async function nextRequest(src: RequestSources): Promise<BuiltRequest> {
  let history = toApiHistory(src.owner.session.messages, historyOptions(src));
  const plan = planWindow(history, src.owner.session.messages, src.owner.session.frame, src.settings.historyLength);
  if (plan.newFrame) {
    const parts = { system: systemPrompt(), tools: src.registry.apiTools, skills: src.skills.list(), now: src.now(), turnId: src.turnId };
    src.owner.setFrame(newFrame(plan.newFrame, parts));
  }
  if (await placeUpdates(src, history, plan)) history = toApiHistory(src.owner.session.messages, historyOptions(src));
  const built = assemble(src, history, plan);
  const stale = firstStaleThinking(built.params, built.origins, src.turnId);
  if (!stale) return built;
  const leftOut = new Set(finishedFrom(src.owner.session, src.turnId, stale.origin.turnId));
  const finished = [...built.origins.values()].filter((o) => leftOut.has(o.turnId));
  const turns = new Set(finished.map((o) => o.turnId)).size;
  src.owner.repairThinking({ leftOut: [...leftOut] });
  const step = (src.owner.session.turns.find((t) => t.id === src.turnId)?.steps ?? 0) + 1;
  src.log('info', `Request ${step} of turn ${src.turnId}: the thinking of ${turns} earlier turn${turns === 1 ? '' : 's'} (${finished.length} block${finished.length === 1 ? '' : 's'}) is left out from now on: ${describeStale(stale, plan.cut)}.`);
  return assemble(src, toApiHistory(src.owner.session.messages, historyOptions(src)), plan);
}

// The transcript as the model sees it. Stored messages become API messages (partial and refused
// replies left out, consecutive user messages merged with their tool_results first, the document
// blocks and notices a user message carries placed after its results and before its words,
// thinking blocks kept exactly as received but only for the model that wrote them and only while
// they may be sent back: preservedThinking.ts), and the history window (window.ts) starts at a
// user message with words, where the conversation's frame says (conversationFrame.ts).
// The pairing invariant itself lives with the sessions (sessions/pairing.ts).
import type Anthropic from '@anthropic-ai/sdk';
import { renderAttachment } from '../prompt/documentBlocks';
import type { ReadonlyMessage, ReadonlySession } from '../sessions/schema';
import { carriedBlock, opensTurn, steppedWindow, type WindowCut } from './window';

/** A message as sent: always a block array, never the system role. */
export interface ApiMessage {
  role: 'user' | 'assistant';
  content: Anthropic.ContentBlockParam[];
}

type ReadonlyBlock = ReadonlyMessage['content'][number];

export function toApiBlock(block: ReadonlyBlock): Anthropic.ContentBlockParam {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input ?? {} };
    case 'tool_result':
      return { type: 'tool_result', tool_use_id: block.tool_use_id, content: block.content, ...(block.is_error ? { is_error: true } : {}) };
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
  }
}

const isResult = (b: Anthropic.ContentBlockParam): boolean => b.type === 'tool_result';

export interface HistoryOptions {
  /** The model the request goes to: thinking blocks another model wrote are left out. */
  readonly model?: string;
  /** Turns whose messages are never sent again (replies Claude declined). */
  readonly skipTurns?: ReadonlySet<string>;
  /** Turns whose thinking is not sent again (it cannot be sent back any more: preservedThinking.ts). */
  readonly thinkingLeftOut?: ReadonlySet<string>;
}

/** Where a thinking block of a request comes from: which stored block, of which turn, written after what. */
export interface ThinkingOrigin {
  readonly messageId: string;
  readonly index: number;
  readonly turnId: string;
  /** The digest of what preceded it when it was written; absent for blocks saved before it was kept. */
  readonly prefix: string | undefined;
}

/** Turns Claude declined: left out of every later request, so the conversation can go on. */
export function refusedTurns(session: ReadonlySession): Set<string> {
  return new Set(session.turns.filter((t) => t.error?.code === 'refusal').map((t) => t.id));
}

function blocksFor(m: ReadonlyMessage, options: HistoryOptions, origins: Map<Anthropic.ContentBlockParam, ThinkingOrigin>): Anthropic.ContentBlockParam[] {
  const keepThinking = options.model !== undefined && m.requestedModel === options.model && !options.thinkingLeftOut?.has(m.turnId);
  const own = m.content.flatMap((b, index): Anthropic.ContentBlockParam[] => {
    if (b.type === 'text') return b.text.length > 0 ? [toApiBlock(b)] : [];
    if (b.type !== 'thinking' && b.type !== 'redacted_thinking') return [toApiBlock(b)];
    if (!keepThinking) return [];
    const api = toApiBlock(b);
    origins.set(api, { messageId: m.id, index, turnId: m.turnId, prefix: b.prefix });
    return [api];
  });
  const added = [...(m.document ?? []).map(renderAttachment), ...(m.notices ?? []).map((n): Anthropic.TextBlockParam => ({ type: 'text', text: n.rendered }))];
  if (added.length === 0) return own;
  // The document and notices come after the results (which must lead) and before the user's own words.
  return [...own.filter(isResult), ...added, ...own.filter((b) => !isResult(b))];
}

/** API messages and, for each, the ids of the stored messages it was built from. */
export interface ApiHistory {
  readonly messages: ApiMessage[];
  readonly sources: string[][];
  /** Whether each message starts a turn: the user's own words (document blocks do not count). */
  readonly opens: boolean[];
  /** Each thinking block's origin (the blocks are these very objects in `messages`). */
  readonly origins: ReadonlyMap<Anthropic.ContentBlockParam, ThinkingOrigin>;
}

/** Stored messages -> a valid alternation of API messages (before windowing), with their sources. */
export function toApiHistory(messages: readonly ReadonlyMessage[], options: HistoryOptions = {}): ApiHistory {
  const out: ApiMessage[] = [];
  const sources: string[][] = [];
  const opens: boolean[] = [];
  const origins = new Map<Anthropic.ContentBlockParam, ThinkingOrigin>();
  for (const m of messages) {
    if (m.partial || options.skipTurns?.has(m.turnId)) continue;
    const blocks = blocksFor(m, options, origins);
    // A reply of thinking alone (another model's, now left out) says nothing to this model.
    if (blocks.length === 0 || blocks.every((b) => b.type === 'thinking' || b.type === 'redacted_thinking')) continue;
    const prev = out.at(-1);
    if (prev && prev.role === m.role) {
      // Results always lead: they answer the assistant message just before this group.
      const merged = [...prev.content, ...blocks];
      prev.content = m.role === 'user' ? [...merged.filter(isResult), ...merged.filter((b) => !isResult(b))] : merged;
      sources.at(-1)?.push(m.id);
      if (m.role === 'user' && m.content.some((b) => b.type === 'text')) opens[opens.length - 1] = true;
    } else {
      out.push({ role: m.role, content: blocks });
      sources.push([m.id]);
      opens.push(m.role === 'user' && m.content.some((b) => b.type === 'text'));
    }
  }
  out.forEach((m, i) => {
    const prev = out[i - 1];
    if (m.role === 'user' && prev) m.content = inToolUseOrder(m.content, prev);
  });
  return { messages: out, sources, opens, origins };
}

/** Stored messages -> a valid alternation of API messages (before windowing). */
export function toApiMessages(messages: readonly ReadonlyMessage[], options: HistoryOptions = {}): ApiMessage[] {
  return toApiHistory(messages, options).messages;
}

/** Puts the results in the order of the tool_use blocks they answer (a repair may add one late). */
function inToolUseOrder(content: Anthropic.ContentBlockParam[], assistant: ApiMessage): Anthropic.ContentBlockParam[] {
  const order = assistant.content.filter((b) => b.type === 'tool_use').map((b) => (b as { id: string }).id);
  const rank = (b: Anthropic.ContentBlockParam): number => {
    const at = b.type === 'tool_result' ? order.indexOf(b.tool_use_id) : -1;
    return at >= 0 ? at : order.length;
  };
  const results = content.filter(isResult).sort((a, b) => rank(a) - rank(b));
  return [...results, ...content.filter((b) => !isResult(b))];
}

function textOf(m: ApiMessage): Anthropic.TextBlockParam[] {
  return m.content.filter((b): b is Anthropic.TextBlockParam => b.type === 'text');
}

/**
 * The messages from `start` (see window.ts) to the end, starting with the user's words: the first
 * message never keeps tool_results (their tool_use is outside the window). If no user message with
 * words of its own is in reach, the window starts at the first user message in it, given the
 * latest request's words. `opens` marks the messages that start a turn.
 */
export function windowFrom(messages: readonly ApiMessage[], cut: WindowCut, opens: readonly boolean[] = messages.map(opensTurn)): ApiMessage[] {
  const carried = messages.map((m, i) => (i >= cut.start && i < cut.carriedUntil ? { role: m.role, content: m.content.map(carriedBlock) } : m));
  return windowFromStart(carried, cut.start, opens);
}

function windowFromStart(messages: readonly ApiMessage[], start: number, opens: readonly boolean[]): ApiMessage[] {
  const first = opens.findIndex((o, i) => o && i >= start);
  if (first >= 0) {
    const head = messages[first] as ApiMessage;
    return [{ role: 'user', content: head.content.filter((b) => !isResult(b)) }, ...messages.slice(first + 1)];
  }
  let at = start;
  while (at < messages.length && messages[at]?.role !== 'user') at++;
  if (at >= messages.length) return [];
  // A long run of tool calls: keep the user's latest request visible so the model knows the goal.
  let request: Anthropic.TextBlockParam[] = [];
  for (let i = start - 1; i >= 0 && request.length === 0; i--) if (opens[i]) request = textOf(messages[i] as ApiMessage);
  const note = { type: 'text' as const, text: '(Earlier steps of this turn are left out of the history to save space.)' };
  return [{ role: 'user', content: [...request, note] }, ...messages.slice(at + 1)];
}

/** The history window: at most `limit` messages (or the whole running turn), moving in steps (window.ts). */
export function windowMessages(messages: readonly ApiMessage[], limit: number): ApiMessage[] {
  const opens = messages.map(opensTurn);
  return windowFrom(messages, steppedWindow(opens, limit), opens);
}

/** Problems that would make the API reject the request; empty when it is valid. */
export function pairingProblems(messages: readonly ApiMessage[]): string[] {
  const problems: string[] = [];
  messages.forEach((m, i) => {
    if (m.role !== (i % 2 === 0 ? 'user' : 'assistant')) problems.push(`message ${i} has role ${m.role}`);
    if (m.content.length === 0) problems.push(`message ${i} is empty`);
    const prev = messages[i - 1];
    const uses = prev?.role === 'assistant' ? prev.content.filter((b) => b.type === 'tool_use').map((b) => (b as { id: string }).id) : [];
    if (m.role !== 'user') return;
    const lead = m.content.slice(0, uses.length);
    const ok = lead.length === uses.length && lead.every((b, k) => b.type === 'tool_result' && b.tool_use_id === uses[k]);
    if (!ok) problems.push(`message ${i} does not start with the results of [${uses.join(', ')}]`);
    if (m.content.slice(uses.length).some(isResult)) problems.push(`message ${i} has a tool_result that answers nothing`);
  });
  if (messages.at(-1)?.role !== 'user') problems.push('the last message is not the user\'s');
  return problems;
}

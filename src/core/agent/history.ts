// The transcript as the model sees it. Stored messages become API messages (partial and refused
// replies left out, consecutive user messages merged with their tool_results first, thinking blocks
// kept exactly as received but only for the model that wrote them), and the history window keeps
// the last N messages without ever separating a tool_use from its tool_result, cutting into the
// running turn (whose thinking blocks must all go back), or starting with anything but the user's
// words. The pairing invariant itself lives with the sessions (sessions/pairing.ts).
import type Anthropic from '@anthropic-ai/sdk';
import type { ReadonlyMessage, ReadonlySession } from '../sessions/schema';

/** A message as sent: always a block array, never the system role. */
export interface ApiMessage {
  role: 'user' | 'assistant';
  content: Anthropic.ContentBlockParam[];
}

type ReadonlyBlock = ReadonlyMessage['content'][number];

function toApiBlock(block: ReadonlyBlock): Anthropic.ContentBlockParam {
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
}

/** Turns Claude declined: left out of every later request, so the conversation can go on. */
export function refusedTurns(session: ReadonlySession): Set<string> {
  return new Set(session.turns.filter((t) => t.error?.code === 'refusal').map((t) => t.id));
}

function blocksFor(m: ReadonlyMessage, model: string | undefined): Anthropic.ContentBlockParam[] {
  const keepThinking = model !== undefined && m.requestedModel === model;
  return m.content
    .filter((b) => (b.type === 'text' ? b.text.length > 0 : b.type === 'thinking' || b.type === 'redacted_thinking' ? keepThinking : true))
    .map(toApiBlock);
}

/** Stored messages -> a valid alternation of API messages (before windowing). */
export function toApiMessages(messages: readonly ReadonlyMessage[], options: HistoryOptions = {}): ApiMessage[] {
  const out: ApiMessage[] = [];
  for (const m of messages) {
    if (m.partial || options.skipTurns?.has(m.turnId)) continue;
    const blocks = blocksFor(m, options.model);
    // A reply of thinking alone (another model's, now left out) says nothing to this model.
    if (blocks.length === 0 || blocks.every((b) => b.type === 'thinking' || b.type === 'redacted_thinking')) continue;
    const prev = out.at(-1);
    if (prev && prev.role === m.role) {
      // Results always lead: they answer the assistant message just before this group.
      const merged = [...prev.content, ...blocks];
      prev.content = m.role === 'user' ? [...merged.filter(isResult), ...merged.filter((b) => !isResult(b))] : merged;
    } else {
      out.push({ role: m.role, content: blocks });
    }
  }
  out.forEach((m, i) => {
    const prev = out[i - 1];
    if (m.role === 'user' && prev) m.content = inToolUseOrder(m.content, prev);
  });
  return out;
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
 * The last `limit` messages (or the whole running turn, if longer), starting at a user message. The first message never keeps
 * tool_results (their tool_use is outside the window). If no user message with words of its own
 * is in reach, the window starts at the first user message in it, given the latest request's words.
 */
export function windowMessages(messages: readonly ApiMessage[], limit: number): ApiMessage[] {
  const own = (m: ApiMessage | undefined): boolean => m?.role === 'user' && textOf(m).length > 0;
  // The running turn (from the user's latest words) always goes whole: its thinking blocks must
  // all go back, so a long turn may exceed the limit rather than lose its beginning.
  let turnStart = messages.length;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (own(messages[i])) {
      turnStart = i;
      break;
    }
  }
  const start = Math.min(turnStart, Math.max(0, messages.length - Math.max(1, limit)));
  let first = -1;
  for (let i = start; i < messages.length; i++) {
    if (own(messages[i])) {
      first = i;
      break;
    }
  }
  if (first >= 0) {
    const head = messages[first] as ApiMessage;
    return [{ role: 'user', content: head.content.filter((b) => !isResult(b)) }, ...messages.slice(first + 1)];
  }
  let at = start;
  while (at < messages.length && messages[at]?.role !== 'user') at++;
  if (at >= messages.length) return [];
  // A long run of tool calls: keep the user's latest request visible so the model knows the goal.
  let request: Anthropic.TextBlockParam[] = [];
  for (let i = start - 1; i >= 0 && request.length === 0; i--) if (own(messages[i])) request = textOf(messages[i] as ApiMessage);
  const note = { type: 'text' as const, text: '(Earlier steps of this turn are left out of the history to save space.)' };
  return [{ role: 'user', content: [...request, note] }, ...messages.slice(at + 1)];
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

// The transcript as the model sees it. Stored messages become API messages (partial texts left
// out, consecutive user messages merged with their tool_results first), the pairing invariant is
// repaired and then checked, and the history window keeps the last N messages without ever
// separating a tool_use from its tool_result or starting with anything but the user's words.
import type Anthropic from '@anthropic-ai/sdk';
import type { StoredBlock, StoredMessage } from '../sessions/types';

/** A message as sent: always a block array, never the system role. */
export interface ApiMessage {
  role: 'user' | 'assistant';
  content: Anthropic.ContentBlockParam[];
}
type ToolResultBlock = Extract<StoredBlock, { type: 'tool_result' }>;

export const INTERRUPTED_RESULT = 'Interrupted: this tool call was not completed (the turn was stopped or failed before it ran).';

function toApiBlock(block: StoredBlock): Anthropic.ContentBlockParam {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input ?? {} };
    case 'tool_result':
      return { type: 'tool_result', tool_use_id: block.tool_use_id, content: block.content, ...(block.is_error ? { is_error: true } : {}) };
  }
}

const isResult = (b: Anthropic.ContentBlockParam): boolean => b.type === 'tool_result';

/** Stored messages -> a valid alternation of API messages (before windowing). */
export function toApiMessages(messages: readonly StoredMessage[]): ApiMessage[] {
  const out: ApiMessage[] = [];
  for (const m of messages) {
    if (m.partial) continue;
    const blocks = m.content.filter((b) => b.type !== 'text' || b.text.length > 0).map(toApiBlock);
    if (blocks.length === 0) continue;
    const prev = out.at(-1);
    if (prev && prev.role === m.role) {
      // Results always lead: they answer the assistant message just before this group.
      const merged = [...prev.content, ...blocks];
      prev.content = [...merged.filter(isResult), ...merged.filter((b) => !isResult(b))];
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

/** tool_use blocks of complete assistant messages that no later message answers. */
export function unansweredToolUses(messages: readonly StoredMessage[]): Array<{ afterIndex: number; ids: string[] }> {
  const found: Array<{ afterIndex: number; ids: string[] }> = [];
  messages.forEach((m, i) => {
    if (m.role !== 'assistant' || m.partial) return;
    const ids = m.content.filter((b) => b.type === 'tool_use').map((b) => (b as { id: string }).id);
    if (ids.length === 0) return;
    const answered = new Set<string>();
    for (let j = i + 1; j < messages.length; j++) {
      const next = messages[j] as StoredMessage;
      if (next.partial) continue;
      if (next.role === 'assistant') break;
      for (const b of next.content) if (b.type === 'tool_result') answered.add(b.tool_use_id);
    }
    const missing = ids.filter((id) => !answered.has(id));
    if (missing.length > 0) found.push({ afterIndex: i, ids: missing });
  });
  return found;
}

export function interruptedResult(toolUseId: string, content = INTERRUPTED_RESULT): ToolResultBlock {
  return { type: 'tool_result', tool_use_id: toolUseId, content, is_error: true };
}

/**
 * Answers every unanswered tool_use with an "interrupted" error result, in a user message right
 * after its assistant message (merged later with whatever user message follows). `except` holds
 * ids legitimately waiting (a pending question). Returns the ids it answered.
 */
export function repairPairing(
  messages: StoredMessage[],
  make: (results: ToolResultBlock[], after: StoredMessage) => StoredMessage,
  except: ReadonlySet<string> = new Set(),
): string[] {
  const repaired: string[] = [];
  for (const gap of unansweredToolUses(messages).reverse()) {
    const ids = gap.ids.filter((id) => !except.has(id));
    if (ids.length === 0) continue;
    const after = messages[gap.afterIndex] as StoredMessage;
    messages.splice(gap.afterIndex + 1, 0, make(ids.map((id) => interruptedResult(id)), after));
    repaired.push(...ids);
  }
  return repaired;
}

function textOf(m: ApiMessage): Anthropic.TextBlockParam[] {
  return m.content.filter((b): b is Anthropic.TextBlockParam => b.type === 'text');
}

/**
 * The last `limit` messages, starting at a user message. The first message never keeps
 * tool_results (their tool_use is outside the window). If no user message with words of its own
 * is in reach, the window starts at the first user message in it, given the latest request's words.
 */
export function windowMessages(messages: readonly ApiMessage[], limit: number): ApiMessage[] {
  const start = Math.max(0, messages.length - Math.max(1, limit));
  const own = (m: ApiMessage | undefined): boolean => m?.role === 'user' && textOf(m).length > 0;
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

// What the real Messages API refuses with a 400, as far as the fake can tell from one request
// (see the shared notes, "Current models"). Every request the fake receives goes through these
// checks first: a test that passes against a lenient fake proves nothing.
import { createHash } from 'node:crypto';
import { checkThinkingBlock, checkTurnMessage, isThinkingBlock } from './thinking';
import { validateMessagesRequest } from './validateRequest';

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function blocksOf(message: unknown): Json[] {
  if (!isRecord(message)) return [];
  if (typeof message.content === 'string') return [{ type: 'text', text: message.content }];
  return Array.isArray(message.content) ? message.content.filter(isRecord) : [];
}

/** The 4.5 generation: manual thinking only, prefill and sampling still allowed, 64k output. */
function isLegacy(model: string): boolean {
  return /^claude-(sonnet|opus|haiku)-4-5/.test(model);
}

/** The output limit the fake knows for a model id (unknown ids are not checked). */
function maxOutput(model: string): number | undefined {
  if (isLegacy(model)) return 64_000;
  if (/^claude-(sonnet|opus|haiku|fable|mythos)-5/.test(model)) return 128_000;
  return undefined;
}

const EFFORTS = new Set(['low', 'medium', 'high', 'xhigh', 'max']);

/** A digest of the content of an assistant message, to recognise a paused reply sent back. */
export function contentDigest(blocks: readonly Json[]): string {
  const clean = blocks.map((b) => {
    const { cache_control: _c, ...rest } = b;
    return rest;
  });
  return createHash('sha256').update(JSON.stringify(clean)).digest('hex');
}

function thinkingProblems(body: Json, model: string): string | undefined {
  const thinking = body.thinking;
  const effort = isRecord(body.output_config) ? body.output_config.effort : undefined;
  if (effort !== undefined && (typeof effort !== 'string' || !EFFORTS.has(effort))) return `output_config.effort: "${String(effort)}" is not one of low, medium, high, xhigh, max`;
  if (effort !== undefined && /^claude-(sonnet|haiku)-4-5/.test(model)) return `output_config.effort is not supported on ${model}`;
  if (thinking === undefined) return undefined;
  if (!isRecord(thinking)) return 'thinking: must be an object';
  const type = thinking.type;
  if (isLegacy(model)) {
    if (type === 'adaptive' || type === 'between_tools') return `thinking.type "${String(type)}" is not supported on ${model}; use "enabled" with budget_tokens`;
    return undefined;
  }
  if (type === 'disabled') return `thinking.type "disabled" is not supported on ${model}`;
  if (type === 'enabled' || thinking.budget_tokens !== undefined) {
    return `thinking.type "enabled" and budget_tokens are not supported on ${model}; use thinking.type "adaptive" with output_config.effort`;
  }
  if (type === 'between_tools' && (effort === 'xhigh' || effort === 'max')) return `thinking.type "between_tools" is only supported with effort low, medium or high`;
  if (type !== 'adaptive' && type !== 'between_tools') return `thinking.type "${String(type)}" is not valid`;
  if (thinking.display !== undefined && thinking.display !== null && thinking.display !== 'summarized' && thinking.display !== 'omitted') {
    return `thinking.display "${String(thinking.display)}" is not valid`;
  }
  return undefined;
}

/** The index of the first message of the turn being continued: the last user message with words. */
function turnStart(messages: readonly unknown[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (isRecord(m) && m.role === 'user' && blocksOf(m).some((b) => b.type !== 'tool_result')) return i;
  }
  return 0;
}

function historyProblems(messages: readonly unknown[], model: string, pausedReplies: ReadonlySet<string>): string | undefined {
  for (const [i, m] of messages.entries()) {
    if (!isRecord(m)) continue;
    for (const b of blocksOf(m)) {
      if (!isThinkingBlock(b)) continue;
      if (m.role !== 'assistant') return `messages[${i}]: thinking blocks may only appear in assistant messages`;
      const problem = checkThinkingBlock(b, model);
      if (problem) return `messages[${i}]: ${problem}`;
    }
  }
  for (let i = turnStart(messages); i < messages.length; i++) {
    const m = messages[i];
    if (!isRecord(m) || m.role !== 'assistant') continue;
    const problem = checkTurnMessage(blocksOf(m), model);
    if (problem) return `messages[${i}]: ${problem}`;
  }
  const last = messages.at(-1);
  if (isRecord(last) && last.role === 'assistant' && !isLegacy(model)) {
    // Prefill is refused; sending back a reply the API paused (pause_turn) is how it continues.
    const blocks = blocksOf(last);
    const paused = blocks.some((_, k) => pausedReplies.has(contentDigest(blocks.slice(k))));
    if (!paused) return `this model does not support assistant message prefill: the conversation must end with a user message`;
  }
  return undefined;
}

/**
 * The first reason the real API would refuse this request with a 400 (invalid_request_error), or
 * undefined when it would accept it. `pausedReplies` holds the digests of replies this fake ended
 * with pause_turn (those may be sent back as the last message).
 */
export function refusalOf(body: unknown, pausedReplies: ReadonlySet<string> = new Set()): string | undefined {
  if (!isRecord(body)) return 'the body must be a JSON object';
  const model = typeof body.model === 'string' ? body.model : '';
  for (const param of ['temperature', 'top_p', 'top_k']) {
    if (body[param] !== undefined && !isLegacy(model)) return `${param}: sampling parameters are not supported on ${model}`;
  }
  const limit = maxOutput(model);
  if (limit !== undefined && typeof body.max_tokens === 'number' && body.max_tokens > limit) {
    return `max_tokens: ${body.max_tokens} > ${limit}, which is the maximum allowed number of output tokens for ${model}`;
  }
  const choice = body.tool_choice;
  if (isRecord(choice) && (choice.type === 'any' || choice.type === 'tool') && !isLegacy(model)) {
    return `tool_choice.type "${String(choice.type)}": forced tool use is not supported on ${model}`;
  }
  const thinking = thinkingProblems(body, model);
  if (thinking) return thinking;
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const history = historyProblems(messages, model, pausedReplies);
  if (history) return history;
  // The general shape: roles, pairing, empty blocks, breakpoints. A trailing paused reply is
  // checked above, so the shape is checked without it.
  const last = messages.at(-1);
  const shaped = isRecord(last) && last.role === 'assistant' ? { ...body, messages: messages.slice(0, -1) } : body;
  return validateMessagesRequest(shaped)[0];
}

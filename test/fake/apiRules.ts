// What the real Messages API refuses with a 400, as far as the fake can tell from one request
// (see the shared notes, "Current models"). Every request the fake receives goes through these
// checks first: a test that passes against a lenient fake proves nothing.
import { createHash } from 'node:crypto';
import { blocksOf, Reading } from './prefix';
import { checkTurnMessage, isThinkingBlock, originOf } from './thinking';
import { validateMessagesRequest } from './validateRequest';

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
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

/** The `updates` display is a beta: only with its header. */
const UPDATES_BETA = 'thinking-display-updates-2026-08-18';

function thinkingProblems(body: Json, model: string, headers: Headers): string | undefined {
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
  const display = thinking.display;
  if (display === 'updates' && betas(headers).includes(UPDATES_BETA)) return undefined;
  if (display !== undefined && display !== null && display !== 'summarized' && display !== 'omitted') {
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

/** Which models check the prefix of the thinking sent back: every current one (not the 4.5 generation). */
function checksPrefixes(model: string): boolean {
  return !isLegacy(model);
}

export const BINDING_BETA = 'thinking-binding-controls-2026-08-01';

/** A thinking block the API left out of what the model read, as `input_transformations` lists it. */
export interface DroppedBlock {
  readonly type: 'thinking_dropped';
  /** `messages.N.content.M` in the request as sent. */
  readonly path: string;
  readonly reason: 'model_binding_mismatch' | 'prefix_binding_mismatch';
}

/** What the model reads of a request: other models' thinking and (with drop_block) invalid thinking left out. */
export interface Inspection {
  /** The first reason the API would refuse the request with a 400, if any. */
  readonly refusal?: string;
  readonly messages: readonly unknown[];
  readonly dropped: DroppedBlock[];
  /** The binding beta was asked for: the response lists what was dropped (an empty list too). */
  readonly reportsDrops?: boolean;
}

/** prefix_mismatch_behavior, a beta field: refused without its header, and with between_tools. */
function bindingMode(body: Json, headers: Headers): { mode: 'error' | 'drop_block' } | { problem: string } {
  const thinking = isRecord(body.thinking) ? body.thinking : undefined;
  const binding = thinking?.block_binding;
  if (binding === undefined) return { mode: 'error' };
  if (!betas(headers).includes(BINDING_BETA)) return { problem: 'thinking.block_binding: Extra inputs are not permitted' };
  if (thinking?.type === 'between_tools') return { problem: 'thinking.block_binding: not supported with thinking.type "between_tools"' };
  if (!isRecord(binding)) return { problem: 'thinking.block_binding: Input should be an object' };
  const behaviour = binding.prefix_mismatch_behavior;
  if (behaviour !== undefined && behaviour !== 'error' && behaviour !== 'drop_block') {
    return { problem: `thinking.block_binding.prefix_mismatch_behavior: Input should be 'error' or 'drop_block'` };
  }
  return { mode: behaviour === 'drop_block' ? 'drop_block' : 'error' };
}

function betas(headers: Headers): string[] {
  const raw = headers['anthropic-beta'];
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return values.flatMap((v) => v.split(',')).map((v) => v.trim());
}

export const BOUND_ELSEWHERE =
  'Invalid `signature` in `thinking` block. The block is bound to a different conversation. Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to "drop_block".';

/**
 * The thinking blocks as the model reads them. Blocks another model wrote are dropped without an
 * error (the API does the same); every block of this model must be genuine, in an assistant
 * message, and come after exactly the prefix and thinking it was written after (prefix.ts): one
 * that does not is refused (a 400), or dropped and listed with drop_block. A change invalidates the
 * thinking already after it; thinking written after the change, with what it read, stays valid.
 */
function readThinking(body: Json, messages: readonly unknown[], model: string, mode: 'error' | 'drop_block'): Inspection {
  const reading = Reading.of(body);
  const kept: unknown[] = [];
  const dropped: DroppedBlock[] = [];
  for (const [i, m] of messages.entries()) {
    if (!isRecord(m)) {
      kept.push(m);
      continue;
    }
    reading.message(m.role);
    const blocks: Json[] = [];
    for (const [j, b] of blocksOf(m).entries()) {
      if (isThinkingBlock(b)) {
        if (m.role !== 'assistant') return { refusal: `messages.${i}.content.${j}: thinking blocks may only appear in assistant messages`, messages, dropped };
        const origin = originOf(b);
        if ('problem' in origin) return { refusal: `messages.${i}.content.${j}: ${origin.problem}`, messages, dropped };
        if (origin.model !== model) {
          dropped.push({ type: 'thinking_dropped', path: `messages.${i}.content.${j}`, reason: 'model_binding_mismatch' });
          continue;
        }
        if (checksPrefixes(model) && !reading.fits(origin)) {
          if (mode === 'error') return { refusal: `messages.${i}.content.${j}: ${BOUND_ELSEWHERE}`, messages, dropped };
          dropped.push({ type: 'thinking_dropped', path: `messages.${i}.content.${j}`, reason: 'prefix_binding_mismatch' });
          continue;
        }
      }
      reading.block(b);
      blocks.push(b);
    }
    kept.push({ ...m, content: blocks });
  }
  return { messages: kept, dropped };
}

/** Every `cache_control` in the order the API reads the prompt: tools, system, messages. */
function breakpoints(v: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(v)) for (const x of v) breakpoints(x, out);
  else if (isRecord(v)) {
    if (isRecord(v.cache_control)) out.push(v.cache_control);
    for (const [k, x] of Object.entries(v)) if (k !== 'cache_control') breakpoints(x, out);
  }
  return out;
}

/** A 1-hour cache entry must come before every 5-minute one (prompt caching, "Mixing TTLs"). */
function ttlProblem(body: Json): string | undefined {
  const ttls = breakpoints([body.tools, body.system, body.messages]).map((c) => (c.ttl === '1h' ? '1h' : '5m'));
  const firstShort = ttls.indexOf('5m');
  if (firstShort >= 0 && ttls.lastIndexOf('1h') > firstShort) {
    return 'cache_control: a cache entry with ttl "1h" must come before any entry with ttl "5m"';
  }
  return undefined;
}

/** What API version 2026-10-21 refuses in any message, on every model. */
function contentProblems(messages: readonly unknown[]): string | undefined {
  for (const [i, m] of messages.entries()) {
    if (!isRecord(m)) continue;
    for (const [j, b] of blocksOf(m).entries()) {
      if (m.role === 'assistant' && b.type === 'document') return `messages.${i}.content.${j}: document blocks are not supported in assistant messages`;
      if (m.role === 'user' && b.type === 'text' && Array.isArray(b.citations) && b.citations.length > 0) {
        return `messages.${i}.content.${j}.citations: citations are not supported on text blocks in user messages`;
      }
    }
  }
  return undefined;
}

function historyProblems(messages: readonly unknown[], model: string, pausedReplies: ReadonlySet<string>): string | undefined {
  for (let i = turnStart(messages); i < messages.length; i++) {
    const m = messages[i];
    if (!isRecord(m) || m.role !== 'assistant') continue;
    const problem = checkTurnMessage(blocksOf(m), model);
    if (problem) return `messages.${i}: ${problem}`;
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

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Reads a request as the real API would: the first reason it would refuse it with a 400
 * (invalid_request_error), else the messages as the model reads them. `pausedReplies` holds the
 * digests of replies this fake ended with pause_turn (those may be sent back as the last message).
 */
export function inspectRequest(body: unknown, headers: Headers = {}, pausedReplies: ReadonlySet<string> = new Set()): Inspection {
  const refused = (refusal: string): Inspection => ({ refusal, messages: [], dropped: [] });
  if (!isRecord(body)) return refused('the body must be a JSON object');
  const model = typeof body.model === 'string' ? body.model : '';
  // API version 2026-10-21 refuses sampling parameters on every model, even at their defaults.
  for (const param of ['temperature', 'top_p', 'top_k']) {
    if (body[param] !== undefined) return refused(`${param}: sampling parameters are not supported on ${model}`);
  }
  const limit = maxOutput(model);
  if (limit !== undefined && typeof body.max_tokens === 'number' && body.max_tokens > limit) {
    return refused(`max_tokens: ${body.max_tokens} > ${limit}, which is the maximum allowed number of output tokens for ${model}`);
  }
  const choice = body.tool_choice;
  if (isRecord(choice) && (choice.type === 'any' || choice.type === 'tool') && !isLegacy(model)) {
    return refused(`tool_choice.type "${String(choice.type)}": forced tool use is not supported on ${model}`);
  }
  const thinking = thinkingProblems(body, model, headers);
  if (thinking) return refused(thinking);
  const ttl = ttlProblem(body);
  if (ttl) return refused(ttl);
  if (thinking) return refused(thinking);
  const binding = bindingMode(body, headers);
  if ('problem' in binding) return refused(binding.problem);
  const sent = Array.isArray(body.messages) ? body.messages : [];
  if (sent.some((m) => isRecord(m) && m.role === 'system') && (isLegacy(model) || /^claude-sonnet-5(-\d{8})?$/.test(model))) {
    return refused(`messages: role 'system' is not supported on this model`);
  }
  const content = contentProblems(sent);
  if (content) return refused(content);
  const read = readThinking(body, sent, model, binding.mode);
  if (read.refusal) return read;
  const history = historyProblems(sent, model, pausedReplies);
  if (history) return refused(history);
  // The general shape: roles, pairing, empty blocks, breakpoints. A trailing paused reply is
  // checked above, so the shape is checked without it.
  const last = sent.at(-1);
  const shaped = isRecord(last) && last.role === 'assistant' ? { ...body, messages: sent.slice(0, -1) } : body;
  const shape = validateMessagesRequest(shaped)[0];
  return shape ? refused(shape) : { ...read, reportsDrops: betas(headers).includes(BINDING_BETA) };
}

/** The first reason the real API would refuse this request with a 400, or undefined (see inspectRequest). */
export function refusalOf(body: unknown, pausedReplies: ReadonlySet<string> = new Set(), headers: Headers = {}): string | undefined {
  return inspectRequest(body, headers, pausedReplies).refusal;
}

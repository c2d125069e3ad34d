// The Messages streaming wire format, event by event, as the real API sends it for `stream: true`
// (see the shared notes): message_start, per block start/deltas/stop, one ping after the first
// block start, message_delta with the stop reason and cumulative usage, message_stop. A scenario
// step's blocks are first made concrete (ids, signatures, redacted data), then encoded.
import type { ScenarioBlock, Step } from './scenario';
import type { Reading } from './prefix';
import { newNonce, redactedData, signThinking, thinkingTag } from './thinking';

export interface WireEvent {
  readonly event: string;
  readonly data: unknown;
}

export interface WireUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export interface WireOptions {
  readonly messageId: string;
  /** The model the response names. */
  readonly model: string;
  /** The model the request asked for: thinking blocks are signed for it. */
  readonly requestModel: string;
  /** Thinking text is sent only with "summarized"; "omitted" sends empty thinking blocks; "none" sends none. */
  readonly thinking: 'summarized' | 'omitted' | 'none';
  readonly usage: WireUsage;
  readonly textChunk: number;
  readonly jsonChunk: number;
  /** Gives each tool_use block without an id its own. */
  readonly newToolUseId: () => string;
  /** The request as the model read it: each thinking block is signed with where it was written. */
  readonly prefix: Reading;
  /** With the binding beta: the thinking blocks left out of what the model read (`input_transformations`). */
  readonly dropped?: readonly unknown[];
}

function transformations(opts: WireOptions): Record<string, unknown> {
  return opts.dropped ? { input_transformations: opts.dropped } : {};
}

/** A block as the response carries it, with everything the scenario left to the server filled in. */
export type ConcreteBlock =
  | { type: 'text'; text: string; chunk?: number }
  | { type: 'tool_use'; id: string; name: string; input: unknown; chunk?: number }
  | { type: 'thinking'; thinking: string; signature: string; chunk?: number }
  | { type: 'redacted_thinking'; data: string };

export function encodeEvent(e: WireEvent): string {
  return `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/**
 * The step's blocks as this response sends them. Thinking is signed for the requested model and
 * for its prefix (the request, then the reply's blocks before it); the tool_use ids of a reply that
 * thought carry a tag over its thinking blocks (see thinking.ts).
 */
export function concreteBlocks(step: Step, opts: WireOptions): ConcreteBlock[] {
  const model = opts.requestModel;
  const prefix = opts.prefix.copy();
  prefix.message('assistant');
  const thought = step.blocks.flatMap((b): ConcreteBlock[] => {
    let block: ConcreteBlock;
    if (b.type === 'thinking' || b.type === 'redacted_thinking') {
      if (opts.thinking === 'none') return [];
      const text = b.type === 'thinking' && opts.thinking === 'summarized' ? b.thinking : '';
      const nonce = newNonce();
      block =
        b.type === 'thinking'
          ? { type: 'thinking', thinking: text, signature: signThinking(model, text, nonce, prefix.here()), ...(b.chunk ? { chunk: b.chunk } : {}) }
          : { type: 'redacted_thinking', data: redactedData(model, nonce, prefix.here()) };
    } else if (b.type === 'tool_use') {
      block = { ...b, id: b.id ?? opts.newToolUseId(), input: b.input ?? {} };
    } else {
      block = b as ConcreteBlock;
    }
    prefix.block(sentBack(block));
    return [block];
  });
  const thinking = thought.filter((b) => b.type === 'thinking' || b.type === 'redacted_thinking');
  const tag = thinking.length > 0 ? `_${thinkingTag(model, thinking as unknown as Record<string, unknown>[])}` : '';
  return thought.map((b) => (b.type === 'tool_use' ? { ...b, id: `${b.id}${tag}` } : b));
}

function blockEvents(block: ConcreteBlock, index: number, opts: WireOptions): WireEvent[] {
  const delta = (d: Record<string, unknown>): WireEvent => ({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: d } });
  const start = (content_block: Record<string, unknown>): WireEvent => ({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block } });
  switch (block.type) {
    case 'text':
      return [start({ type: 'text', text: '' }), ...chunks(block.text, block.chunk ?? opts.textChunk).map((text) => delta({ type: 'text_delta', text }))];
    case 'thinking':
      return [
        start({ type: 'thinking', thinking: '', signature: '' }),
        ...chunks(block.thinking, block.chunk ?? opts.textChunk).map((thinking) => delta({ type: 'thinking_delta', thinking })),
        delta({ type: 'signature_delta', signature: block.signature }),
      ];
    case 'redacted_thinking':
      return [start({ type: 'redacted_thinking', data: block.data })];
    case 'tool_use':
      return [
        start({ type: 'tool_use', id: block.id, name: block.name, input: {} }),
        ...chunks(JSON.stringify(block.input ?? {}), block.chunk ?? opts.jsonChunk).map((partial_json) => delta({ type: 'input_json_delta', partial_json })),
      ];
  }
}

/** Rough token count: the fake only needs figures that move with the text. */
export function estimateTokens(chars: number): number {
  return Math.max(1, Math.ceil(chars / 4));
}

function outputChars(step: Step): number {
  // Thinking is billed as output whether or not its text is shown.
  return step.blocks.reduce((n, b: ScenarioBlock) => {
    if (b.type === 'text') return n + b.text.length;
    if (b.type === 'thinking') return n + b.thinking.length;
    if (b.type === 'redacted_thinking') return n + 64;
    return n + JSON.stringify(b.input ?? {}).length;
  }, 0);
}

function stopReasonOf(step: Step, blocks: readonly ConcreteBlock[]): string {
  return step.stopReason ?? (blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
}

/** `stop_details`: null for every stop reason but a refusal, which carries its category and explanation. */
function stopDetailsOf(step: Step): Record<string, unknown> | null {
  if (step.stopReason !== 'refusal') return null;
  return { type: 'refusal', category: step.refusal?.category ?? null, explanation: step.refusal?.explanation ?? null };
}

/** Every SSE event of one model response, in order. */
export function responseEvents(step: Step, blocks: readonly ConcreteBlock[], scenarioOpts: WireOptions): WireEvent[] {
  // A step's chunk size overrides the scenario's; a block's overrides both.
  const opts = step.chunk === undefined ? scenarioOpts : { ...scenarioOpts, textChunk: step.chunk };
  const outputTokens = step.usage?.output_tokens ?? estimateTokens(outputChars(step));
  const usage = { ...opts.usage, output_tokens: outputTokens };
  const events: WireEvent[] = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: opts.messageId,
          type: 'message',
          role: 'assistant',
          model: opts.model,
          content: [],
          ...transformations(opts),
          stop_reason: null,
          stop_sequence: null,
          stop_details: null,
          usage: { ...usage, output_tokens: 1 },
        },
      },
    },
  ];
  blocks.forEach((block, index) => {
    const [start, ...deltas] = blockEvents(block, index, opts);
    if (start) events.push(start);
    if (index === 0) events.push({ event: 'ping', data: { type: 'ping' } });
    events.push(...deltas, { event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push(
    {
      event: 'message_delta',
      data: { type: 'message_delta', delta: { stop_reason: stopReasonOf(step, blocks), stop_sequence: null, stop_details: stopDetailsOf(step) }, usage },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  );
  return events;
}

/** A block as a client sends it back (no chunk sizes). */
function sentBack(b: ConcreteBlock): Record<string, unknown> {
  if (b.type === 'text') return { type: 'text', text: b.text };
  if (b.type === 'thinking') return { type: 'thinking', thinking: b.thinking, signature: b.signature };
  if (b.type === 'redacted_thinking') return { type: 'redacted_thinking', data: b.data };
  return { type: 'tool_use', id: b.id, name: b.name, input: b.input };
}

/** The content of a response as a client sends it back. */
export function contentOf(blocks: readonly ConcreteBlock[]): Record<string, unknown>[] {
  return blocks.map(sentBack);
}

/** The same response as one JSON body, for `stream: false` requests. */
export function responseMessage(step: Step, blocks: readonly ConcreteBlock[], opts: WireOptions): unknown {
  return {
    id: opts.messageId,
    type: 'message',
    role: 'assistant',
    model: opts.model,
    content: contentOf(blocks),
    ...transformations(opts),
    stop_reason: stopReasonOf(step, blocks),
    stop_sequence: null,
    stop_details: stopDetailsOf(step),
    usage: { ...opts.usage, output_tokens: step.usage?.output_tokens ?? estimateTokens(outputChars(step)) },
  };
}

export function errorBody(type: string, message: string): unknown {
  return { type: 'error', error: { type, message } };
}

// The Messages streaming wire format, event by event, as the real API sends it for `stream: true`
// (see ../../shared notes): message_start, per block start/deltas/stop, one ping after the first
// block start, message_delta with the stop reason and cumulative usage, message_stop.
import type { ScenarioBlock, Step } from './scenario';

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
  readonly model: string;
  readonly usage: WireUsage;
  readonly textChunk: number;
  readonly jsonChunk: number;
  /** Gives each tool_use block without an id its own. */
  readonly newToolUseId: () => string;
}

export function encodeEvent(e: WireEvent): string {
  return `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function blockEvents(block: ScenarioBlock, index: number, opts: WireOptions): WireEvent[] {
  if (block.type === 'text') {
    const deltas = chunks(block.text, block.chunk ?? opts.textChunk).map((text) => ({
      event: 'content_block_delta',
      data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text } },
    }));
    return [
      { event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } } },
      ...deltas,
    ];
  }
  const id = block.id ?? opts.newToolUseId();
  const json = JSON.stringify(block.input ?? {});
  const deltas = chunks(json, block.chunk ?? opts.jsonChunk).map((partial_json) => ({
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } },
  }));
  return [
    {
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: { type: 'tool_use', id, name: block.name, input: {} } },
    },
    ...deltas,
  ];
}

/** Rough token count: the fake only needs figures that move with the text. */
export function estimateTokens(chars: number): number {
  return Math.max(1, Math.ceil(chars / 4));
}

function outputChars(blocks: readonly ScenarioBlock[]): number {
  return blocks.reduce((n, b) => n + (b.type === 'text' ? b.text.length : JSON.stringify(b.input ?? {}).length), 0);
}

/** Every SSE event of one model response, in order. */
export function responseEvents(step: Step, scenarioOpts: WireOptions): WireEvent[] {
  // A step's chunk size overrides the scenario's; a block's overrides both.
  const opts = step.chunk === undefined ? scenarioOpts : { ...scenarioOpts, textChunk: step.chunk };
  const stopReason = step.stopReason ?? (step.blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  const outputTokens = step.usage?.output_tokens ?? estimateTokens(outputChars(step.blocks));
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
          stop_reason: null,
          stop_sequence: null,
          usage: { ...usage, output_tokens: 1 },
        },
      },
    },
  ];
  step.blocks.forEach((block, index) => {
    const [start, ...deltas] = blockEvents(block, index, opts);
    if (start) events.push(start);
    if (index === 0) events.push({ event: 'ping', data: { type: 'ping' } });
    events.push(...deltas, { event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  events.push(
    {
      event: 'message_delta',
      data: { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  );
  return events;
}

/** The same response as one JSON body, for `stream: false` requests. */
export function responseMessage(step: Step, opts: WireOptions): unknown {
  const content = step.blocks.map((b) =>
    b.type === 'text' ? { type: 'text', text: b.text } : { type: 'tool_use', id: b.id ?? opts.newToolUseId(), name: b.name, input: b.input ?? {} },
  );
  const stopReason = step.stopReason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  return {
    id: opts.messageId,
    type: 'message',
    role: 'assistant',
    model: opts.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { ...opts.usage, output_tokens: step.usage?.output_tokens ?? estimateTokens(outputChars(step.blocks)) },
  };
}

export function errorBody(type: string, message: string): unknown {
  return { type: 'error', error: { type, message } };
}

// Prompt assembly: the system prompt (base.md + the lesson quick reference), the tools and the
// windowed history, which carries the bound document (documentBlocks.ts). `system` and `tools` come
// from the conversation's frame (agent/conversationFrame.ts), byte-identical from one request to
// the next. Caching, with at most the API's four breakpoints: a breakpoint on the system block
// caches both; a breakpoint after the document's copy (the window's first block) keeps it cached
// across turns, even when the history before it is cut; a breakpoint on the last block lets the
// next call reuse the conversation so far (the API finds it up to 20 blocks back). A fresh copy
// appended later gets one too.
import type Anthropic from '@anthropic-ai/sdk';
import type { ModelParams } from '../agent/requestParams';
import { lessonQuickReference } from '../lesson/quickReference';
import basePrompt from './base.md';
import { attr, isSnapshotBlock } from './documentBlocks';

export interface RequestInput {
  /** Model, output limit, thinking and effort, from the model table. */
  readonly params: ModelParams;
  /** The frame's system prompt and tools, as they were when it was made. */
  readonly system: string;
  readonly tools: readonly Anthropic.ToolUnion[] | readonly Record<string, unknown>[];
  /** The history to send, already windowed and valid, document blocks included; the last message is the user's (or a paused reply). */
  readonly messages: readonly { role: 'user' | 'assistant'; content: Anthropic.ContentBlockParam[] }[];
}

let system: string | undefined;

/** The full system prompt of this version; a new frame takes it (computed once). */
export function systemPrompt(): string {
  system ??= `${basePrompt.trim()}\n\n## Lesson XML quick reference\n\n${lessonQuickReference()}\n`;
  return system;
}

/** How an attached selection is given to the model, before the user's words. */
export function contextBlock(label: string, text: string): string {
  return `<context label="${attr(label)}">\n${text}\n</context>`;
}

const EPHEMERAL: Anthropic.CacheControlEphemeral = { type: 'ephemeral' };

/** A copy of `block` carrying a cache breakpoint (only the block types that take one). */
function withBreakpoint(block: Anthropic.ContentBlockParam): Anthropic.ContentBlockParam {
  if (block.type === 'text' || block.type === 'tool_result' || block.type === 'tool_use') return { ...block, cache_control: EPHEMERAL };
  return block;
}

/** Where the message breakpoints go: the first and the last document copy, and the last block. */
function breakpointsOf(messages: readonly Anthropic.MessageParam[]): Set<string> {
  const copies: string[] = [];
  messages.forEach((m, i) => {
    if (typeof m.content !== 'string') m.content.forEach((b, j) => (isSnapshotBlock(b) ? copies.push(`${i}:${j}`) : undefined));
  });
  const at = new Set([copies[0], copies.at(-1)].filter((k): k is string => k !== undefined));
  const last = messages.at(-1);
  if (last?.role === 'user' && typeof last.content !== 'string' && last.content.length > 0) at.add(`${messages.length - 1}:${last.content.length - 1}`);
  return at;
}

export function buildRequest(input: RequestInput): Anthropic.MessageCreateParamsNonStreaming {
  const at = breakpointsOf(input.messages);
  const messages: Anthropic.MessageParam[] = input.messages.map((m, i) => {
    if (![...at].some((k) => k.startsWith(`${i}:`))) return m;
    return { role: m.role, content: m.content.map((b, j) => (at.has(`${i}:${j}`) ? withBreakpoint(b) : b)) };
  });
  return {
    ...input.params,
    system: [{ type: 'text', text: input.system, cache_control: EPHEMERAL }],
    tools: input.tools.slice() as Anthropic.ToolUnion[],
    messages,
  };
}

// Prompt assembly: the system prompt (base.md + the lesson quick reference), the tools, the
// windowed history and the bound document's current text. Caching: `tools` and `system` are
// byte-identical from one request to the next (a breakpoint on the system block caches both), and a
// second breakpoint on the last history block lets the next call of the same turn reuse the
// conversation so far. The document changes, so it goes after that breakpoint, in the last message.
import type Anthropic from '@anthropic-ai/sdk';
import type { ModelParams } from '../agent/requestParams';
import { lessonQuickReference } from '../lesson/quickReference';
import basePrompt from './base.md';

export interface PromptDocument {
  readonly name: string;
  readonly kind: 'lesson' | 'text';
  readonly text: string;
}

/** The document could not be read: the model is told why instead. */
export interface UnreadableDocument {
  readonly name: string;
  readonly problem: string;
}

export interface RequestInput {
  /** Model, output limit, thinking and effort, from the model table. */
  readonly params: ModelParams;
  readonly tools: readonly Anthropic.Tool[];
  /** The history to send, already windowed and valid; the last message is the user's (or a paused reply). */
  readonly messages: readonly { role: 'user' | 'assistant'; content: Anthropic.ContentBlockParam[] }[];
  readonly document?: PromptDocument | UnreadableDocument;
}

let system: string | undefined;

/** The full system prompt; computed once, so it is the same string for every request. */
export function systemPrompt(): string {
  system ??= `${basePrompt.trim()}\n\n## Lesson XML quick reference\n\n${lessonQuickReference()}\n`;
  return system;
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function documentBlock(doc: PromptDocument | UnreadableDocument): string {
  if ('problem' in doc) return `<document name="${attr(doc.name)}" unavailable="true">\n${doc.problem}\n</document>`;
  return `<document name="${attr(doc.name)}" kind="${doc.kind}">\n${doc.text}\n</document>`;
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

export function buildRequest(input: RequestInput): Anthropic.MessageCreateParamsNonStreaming {
  const messages: Anthropic.MessageParam[] = input.messages.slice();
  const last = input.messages.at(-1);
  if (last?.role === 'user') {
    const content = last.content.slice();
    const end = content.length - 1;
    if (end >= 0) content[end] = withBreakpoint(content[end] as Anthropic.ContentBlockParam);
    if (input.document) content.push({ type: 'text', text: documentBlock(input.document) });
    messages[messages.length - 1] = { role: last.role, content };
  }
  return {
    ...input.params,
    system: [{ type: 'text', text: systemPrompt(), cache_control: EPHEMERAL }],
    tools: input.tools.slice(),
    messages,
  };
}

// A model of the API's prompt caching, so tests and benchmarks see the figures the real API would
// report. The request is cut into blocks in the API's order (each tool, each system block, each
// message block; a message's role belongs to its first block). A prefix ending at a block with
// `cache_control` is written to the cache; a later request reads the longest prefix it shares with
// one written earlier, found at one of its own breakpoints or up to 20 blocks before one (the API
// checks those boundaries too). A prefix shorter than the model's minimum is neither written nor
// read. Usage: `cache_read_input_tokens` (read), `cache_creation_input_tokens` (from the read up to
// the last breakpoint), `input_tokens` (after the last breakpoint); the three add up to the prompt.
// The 5-minute lifetime is not modelled: tests and benchmarks run within it.
//
// The minimums are the fake's own table (from the platform's model pages), not the agent's, so the
// fake stays an independent witness of the agent's caching.
import { createHash } from 'node:crypto';
import type { WireUsage } from './wire';

/** Blocks before a breakpoint the API also checks for a cached prefix. */
export const LOOKBACK_BLOCKS = 20;

const MINIMUMS: readonly (readonly [RegExp, number])[] = [
  // https://platform.claude.com/docs/en/build-with-claude/prompt-caching: 512 for the 5.5 models.
  [/^claude-(sonnet|opus|haiku)-5-5/, 512],
  [/^claude-(sonnet|opus|haiku|fable|mythos)-5/, 1024],
  [/^claude-sonnet-4-5/, 1024],
  [/^claude-(opus|haiku)-4-5/, 4096],
];

/** The shortest prefix (tokens) the API caches for `model`; unknown ids get 1,024. */
export function cacheMinimum(model: string): number {
  return MINIMUMS.find(([re]) => re.test(model))?.[1] ?? 1024;
}

interface Block {
  /** What identifies the block: its JSON without cache_control (with the role, for a message's first). */
  readonly key: string;
  /** Characters the block costs (its text, not its JSON escaping). */
  readonly chars: number;
  readonly breakpoint: boolean;
}

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function charsOf(block: Json): number {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text.length : 0;
    case 'thinking':
      return (typeof block.thinking === 'string' ? block.thinking.length : 0) + 16;
    case 'tool_result': {
      const c = block.content;
      if (typeof c === 'string') return c.length + 8;
      return (Array.isArray(c) ? c.filter(isRecord).reduce((n, b) => n + charsOf(b), 0) : 0) + 8;
    }
    default:
      return JSON.stringify(block).length;
  }
}

function blockOf(raw: unknown, role?: string): Block {
  if (!isRecord(raw)) {
    const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
    return { key: `${role ?? ''}${JSON.stringify(text)}`, chars: text.length, breakpoint: false };
  }
  const { cache_control, ...rest } = raw;
  return { key: `${role ?? ''}${JSON.stringify(rest)}`, chars: charsOf(rest), breakpoint: cache_control !== undefined && cache_control !== null };
}

function blocksOf(body: Json): Block[] {
  const out: Block[] = [];
  if (Array.isArray(body.tools)) out.push(...body.tools.map((t) => blockOf(t)));
  if (typeof body.system === 'string') out.push(blockOf(body.system));
  else if (Array.isArray(body.system)) out.push(...body.system.map((b) => blockOf(b)));
  for (const message of Array.isArray(body.messages) ? body.messages : []) {
    if (!isRecord(message)) continue;
    const role = `<${String(message.role)}>`;
    const content: unknown[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : Array.isArray(message.content) ? message.content : [];
    content.forEach((b, i) => out.push(blockOf(b, i === 0 ? role : undefined)));
  }
  return out;
}

function tokens(chars: number): number {
  return Math.ceil(chars / 4);
}

export class PromptCache {
  private readonly written = new Set<string>();

  /** Usage for a request, writing its breakpoints' prefixes to the cache. */
  usageFor(body: Json): Omit<WireUsage, 'output_tokens'> {
    const model = typeof body.model === 'string' ? body.model : '';
    const minimum = cacheMinimum(model);
    const blocks = blocksOf(body);
    // keys[i] names the prefix that ends with block i; ends[i] its length in tokens.
    const hash = createHash('sha256').update(model);
    const keys: string[] = [];
    const ends: number[] = [];
    let chars = 0;
    for (const b of blocks) {
      hash.update(b.key).update('\u0000');
      keys.push(hash.copy().digest('hex'));
      chars += b.chars;
      ends.push(tokens(chars));
    }
    const total = ends.at(-1) ?? 0;
    const breakpoints = blocks.flatMap((b, i) => (b.breakpoint ? [i] : []));
    let read = 0;
    for (const bp of breakpoints) {
      for (let i = bp; i >= 0 && i >= bp - LOOKBACK_BLOCKS; i--) {
        const end = ends[i] ?? 0;
        if (end >= minimum && this.written.has(keys[i] ?? '')) {
          read = Math.max(read, end);
          break;
        }
      }
    }
    let cachedEnd = read;
    for (const bp of breakpoints) {
      const end = ends[bp] ?? 0;
      if (end < minimum) continue;
      this.written.add(keys[bp] ?? '');
      cachedEnd = Math.max(cachedEnd, end);
    }
    return {
      input_tokens: Math.max(0, total - cachedEnd),
      cache_read_input_tokens: read,
      cache_creation_input_tokens: cachedEnd - read,
    };
  }
}

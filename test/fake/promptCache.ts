// A small model of prompt caching, so tests can see whether follow-up requests would reuse the
// cached prefix: the request is cut into segments (each tool, each system block, each message
// block, in the API's order); a prefix ending at a `cache_control` block is "written" the first
// time and "read" when a later request starts with the very same bytes (cache_control aside).
import { createHash } from 'node:crypto';
import { estimateTokens, type WireUsage } from './wire';

interface Segment {
  readonly text: string;
  readonly breakpoint: boolean;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function segmentOf(block: unknown): Segment {
  if (!isRecord(block)) return { text: JSON.stringify(block), breakpoint: false };
  const { cache_control, ...rest } = block;
  return { text: JSON.stringify(rest), breakpoint: cache_control !== undefined && cache_control !== null };
}

function segments(body: Record<string, unknown>): Segment[] {
  const out: Segment[] = [];
  if (Array.isArray(body.tools)) out.push(...body.tools.map(segmentOf));
  if (typeof body.system === 'string') out.push({ text: body.system, breakpoint: false });
  else if (Array.isArray(body.system)) out.push(...body.system.map(segmentOf));
  if (Array.isArray(body.messages)) {
    for (const message of body.messages) {
      if (!isRecord(message)) continue;
      out.push({ text: `<${String(message.role)}>`, breakpoint: false });
      const content = message.content;
      if (typeof content === 'string') out.push({ text: content, breakpoint: false });
      else if (Array.isArray(content)) out.push(...content.map(segmentOf));
    }
  }
  return out;
}

export class PromptCache {
  private readonly written = new Set<string>();

  /** Usage for a request, updating the cache with its breakpoints. */
  usageFor(body: Record<string, unknown>): Omit<WireUsage, 'output_tokens'> {
    const hash = createHash('sha256');
    let chars = 0;
    let readChars = 0;
    let cachedChars = 0;
    const prefixes: string[] = [];
    for (const seg of segments(body)) {
      hash.update(seg.text);
      hash.update('\u0000');
      chars += seg.text.length;
      if (!seg.breakpoint) continue;
      const key = hash.copy().digest('hex');
      prefixes.push(key);
      if (this.written.has(key)) readChars = chars;
      cachedChars = chars;
    }
    for (const key of prefixes) this.written.add(key);
    const read = readChars > 0 ? estimateTokens(readChars) : 0;
    const creation = cachedChars > readChars ? estimateTokens(cachedChars - readChars) : 0;
    return {
      input_tokens: estimateTokens(chars - cachedChars),
      cache_read_input_tokens: read,
      cache_creation_input_tokens: creation,
    };
  }
}

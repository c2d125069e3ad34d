// Where a thinking block was written, as the fake computes it (the platform's "prefix check" on
// preserved thinking): its prefix, `tools`, `system` and every message and block before it exactly
// as sent, thinking aside and cache breakpoints aside (moving one is not a change); and its chain,
// the thinking blocks the model had read before it, in order. The fake signs each block it issues
// with both (thinking.ts) and checks them when the block comes back (apiRules.ts): the prefix must
// be the same, and the thinking sent before the block must be its chain or the end of it (thinking
// may be left out from the start, from the end or entirely, but not from between, and a block left
// out cannot come back). The fake's digest is its own: it shares no code with the agent, so it is
// an independent witness of whether the agent kept its history append-only.
import { createHash, type Hash } from 'node:crypto';
import { isThinkingBlock, originOf, type WrittenAfter } from './thinking';

type Json = Record<string, unknown>;

/** The tag the fake appends to tool_use ids (thinking.ts); a block's prefix does not include it. */
const TOOL_TAG = /_th[0-9a-f]{6}[A-Za-z0-9_-]{12}$/;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The part as the model reads it: no `cache_control`, tool ids untagged (a reply's ids are tagged
 * after its blocks are signed), and the fields of the API's own objects in a fixed order (a client
 * may send `{type, id, name, input}` in any order). A tool's input is what the model wrote, so
 * its own order counts.
 */
function normalised(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => normalised(v));
  if (!isRecord(value)) return (key === 'id' || key === 'tool_use_id') && typeof value === 'string' ? value.replace(TOOL_TAG, '') : value;
  if (key === 'input') return value;
  const out: Json = {};
  for (const k of Object.keys(value).sort()) if (k !== 'cache_control') out[k] = normalised(value[k], k);
  return out;
}

function canonical(value: unknown): string {
  return JSON.stringify(normalised(value)) ?? 'null';
}

/** A running digest of a request's prefix, fed part by part. */
export class PrefixDigest {
  private constructor(private readonly hash: Hash) {}

  /** The digest after `tools` and `system`. */
  static of(body: Json): PrefixDigest {
    const hash = createHash('sha256');
    hash.update(`tools:${canonical(body.tools ?? null)}\u0000system:${canonical(body.system ?? null)}\u0000`);
    return new PrefixDigest(hash);
  }

  message(role: unknown): void {
    this.hash.update(`<${String(role)}>\u0000`);
  }

  block(block: Json): void {
    this.hash.update(`${canonical(block)}\u0000`);
  }

  /** The digest so far (feeding may go on). */
  value(): string {
    return this.hash.copy().digest('base64url').slice(0, 22);
  }

  copy(): PrefixDigest {
    return new PrefixDigest(this.hash.copy());
  }
}

/** A message's blocks: a string content is one text block. */
export function blocksOf(message: unknown): Json[] {
  if (!isRecord(message)) return [];
  if (typeof message.content === 'string') return [{ type: 'text', text: message.content }];
  return Array.isArray(message.content) ? message.content.filter(isRecord) : [];
}

/** A request read block by block: the prefix so far and the thinking read so far. */
export class Reading {
  private constructor(
    private readonly digest: PrefixDigest,
    private readonly chain: string[],
  ) {}

  static of(body: Json): Reading {
    return new Reading(PrefixDigest.of(body), []);
  }

  message(role: unknown): void {
    this.digest.message(role);
  }

  /** Reads a block the model sees (a thinking block of another model is never read). */
  block(block: Json): void {
    if (!isThinkingBlock(block)) return this.digest.block(block);
    const origin = originOf(block);
    if (!('problem' in origin)) this.chain.push(origin.nonce);
  }

  /** Where a block written now would be written. */
  here(): WrittenAfter {
    return { prefix: this.digest.value(), chain: [...this.chain] };
  }

  /** Whether a block written at `at` may be read here: the same prefix, and the thinking read so far is its chain or the end of it. */
  fits(at: WrittenAfter): boolean {
    if (at.prefix !== this.digest.value() || this.chain.length > at.chain.length) return false;
    const tail = at.chain.slice(at.chain.length - this.chain.length);
    return tail.every((n, i) => n === this.chain[i]);
  }

  copy(): Reading {
    return new Reading(this.digest.copy(), [...this.chain]);
  }
}

/** A whole request as the model read it, ready for the reply's blocks. */
export function readRequest(body: Json, messages: readonly unknown[]): Reading {
  const reading = Reading.of(body);
  for (const m of messages) {
    if (!isRecord(m)) continue;
    reading.message(m.role);
    for (const b of blocksOf(m)) reading.block(b);
  }
  return reading;
}

// Thinking blocks as the fake signs and checks them. Like the real API, the fake refuses a request
// that alters a thinking block, changes what came before it (its prefix: prefix.ts), or drops one
// from the turn it belongs to. It keeps no state for this: a signature is an HMAC over the model,
// the digest of the block's prefix and the block's text, and every tool_use id of a reply that
// thought carries a tag over that reply's thinking blocks, so a restarted fake (a window reload
// restarts the extension host and the fake with it) still knows its own blocks, and a
// continuation that lost one is caught by the tag of the tool call it came with.
import { createHash, createHmac, randomBytes } from 'node:crypto';

// The fake's signing key: fixed, so every instance accepts every other instance's blocks.
const KEY = 'lesson-agent-fake-thinking-signing-key';

type Json = Record<string, unknown>;

function mac(...parts: string[]): string {
  return createHmac('sha256', KEY).update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

function encode(value: Json): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a block was written: the digest of its prefix (`system`, `tools` and the messages before it,
 * thinking aside: prefix.ts) and the thinking blocks the model had read before it, by nonce, in order.
 */
export interface WrittenAfter {
  readonly prefix: string;
  readonly chain: readonly string[];
}

/** A new block's own name: how later blocks record that they came after it. */
export function newNonce(): string {
  return randomBytes(6).toString('base64url');
}

/** The signature of a thinking block with `text` (as sent: empty when the display is omitted). */
export function signThinking(model: string, text: string, nonce: string, at: WrittenAfter): string {
  const chain = at.chain.join('.');
  return encode({ m: model, n: nonce, p: at.prefix, c: chain, s: mac('thinking', model, nonce, at.prefix, chain, text) });
}

/** The opaque `data` of a redacted_thinking block. */
export function redactedData(model: string, nonce: string, at: WrittenAfter): string {
  const chain = at.chain.join('.');
  return encode({ m: model, n: nonce, p: at.prefix, c: chain, s: mac('redacted', model, nonce, at.prefix, chain) });
}

/** A short digest of a model id, carried in tool_use tags. */
function modelDigest(model: string): string {
  return createHash('sha256').update(model).digest('hex').slice(0, 6);
}

/** The tag a reply's tool_use ids carry: which model thought, and a MAC over its thinking blocks in order. */
export function thinkingTag(model: string, blocks: readonly Json[]): string {
  const proof = blocks.map((b) => (b.type === 'thinking' ? `t:${String(b.signature)}` : `r:${String(b.data)}`)).join('|');
  return `th${modelDigest(model)}${mac('tag', model, proof).slice(0, 12)}`;
}

const TAG = /_th([0-9a-f]{6})([A-Za-z0-9_-]{12})$/;

export function isThinkingBlock(b: Json): boolean {
  return b.type === 'thinking' || b.type === 'redacted_thinking';
}

/** What a genuine block says of itself: the model that wrote it, its name and where it was written. */
export interface BlockOrigin extends WrittenAfter {
  readonly model: string;
  readonly nonce: string;
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** The block's origin, or why it is not a genuine block of this fake (altered, forged). */
export function originOf(block: Json): BlockOrigin | { problem: string } {
  const thinking = block.type === 'thinking';
  const raw = thinking ? block.signature : block.data;
  if (thinking && !isString(block.thinking)) return { problem: 'a thinking block needs `thinking` and `signature` strings' };
  const sig = isString(raw) && raw.length > 0 ? decode(raw) : undefined;
  const invalid = thinking ? 'Invalid `signature` in `thinking` block' : 'Invalid `data` in `redacted_thinking` block';
  if (!sig || !isString(sig.m) || !isString(sig.n) || !isString(sig.p) || !isString(sig.c)) return { problem: invalid };
  const expected = thinking ? mac('thinking', sig.m, sig.n, sig.p, sig.c, String(block.thinking)) : mac('redacted', sig.m, sig.n, sig.p, sig.c);
  if (sig.s !== expected) return { problem: thinking ? `${invalid}: the block was modified` : invalid };
  return { model: sig.m, nonce: sig.n, prefix: sig.p, chain: sig.c === '' ? [] : sig.c.split('.') };
}

/**
 * For an assistant message of the turn being continued: its tool_use ids name the thinking blocks
 * the reply had (for this model); the message must carry exactly those, unchanged, in order.
 */
export function checkTurnMessage(blocks: readonly Json[], model: string): string | undefined {
  const tags = new Set<string>();
  for (const b of blocks) {
    if (b.type !== 'tool_use' || typeof b.id !== 'string') continue;
    const m = TAG.exec(b.id);
    if (m && m[1] === modelDigest(model)) tags.add(`th${m[1]}${m[2]}`);
  }
  if (tags.size === 0) return undefined;
  const thinking = blocks.filter(isThinkingBlock);
  const want = thinkingTag(model, thinking);
  if (!tags.has(want) || tags.size > 1) {
    return 'the thinking blocks of this turn must be sent back complete and unmodified, in their original order, with the tool_use they came with';
  }
  return undefined;
}

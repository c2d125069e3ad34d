// Thinking blocks as the fake signs and checks them. Like the real API, the fake refuses a request
// that alters a thinking block, sends it to another model, or drops one from the turn it belongs
// to. It keeps no state for this: a signature is an HMAC over the model and the block's text, and
// every tool_use id of a reply that thought carries a tag over that reply's thinking blocks, so a
// restarted fake (a window reload restarts the extension host and the fake with it) still knows
// its own blocks, and a continuation that lost one is caught by the tag of the tool call it came with.
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

/** The signature of a thinking block with `text` (as sent: empty when the display is omitted). */
export function signThinking(model: string, text: string): string {
  const nonce = randomBytes(6).toString('base64url');
  return encode({ m: model, n: nonce, s: mac('thinking', model, nonce, text) });
}

/** The opaque `data` of a redacted_thinking block. */
export function redactedData(model: string): string {
  const nonce = randomBytes(12).toString('base64url');
  return encode({ m: model, n: nonce, s: mac('redacted', model, nonce) });
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

/** Why this block would be refused for a request to `model`, or undefined when it is genuine. */
export function checkThinkingBlock(block: Json, model: string): string | undefined {
  if (block.type === 'thinking') {
    if (typeof block.thinking !== 'string' || typeof block.signature !== 'string') return 'a thinking block needs `thinking` and `signature` strings';
    const sig = decode(block.signature);
    if (!sig || typeof sig.m !== 'string' || typeof sig.n !== 'string') return 'Invalid `signature` in `thinking` block';
    if (sig.s !== mac('thinking', sig.m, sig.n, block.thinking)) return 'Invalid `signature` in `thinking` block: the block was modified';
    if (sig.m !== model) return `thinking blocks written by ${sig.m} cannot be sent to ${model}`;
    return undefined;
  }
  if (typeof block.data !== 'string') return 'a redacted_thinking block needs `data`';
  const data = decode(block.data);
  if (!data || typeof data.m !== 'string' || typeof data.n !== 'string' || data.s !== mac('redacted', data.m, data.n)) {
    return 'Invalid `data` in `redacted_thinking` block';
  }
  if (data.m !== model) return `redacted_thinking blocks written by ${data.m} cannot be sent to ${model}`;
  return undefined;
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

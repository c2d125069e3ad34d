// Preserved thinking: the current models check every thinking block sent back against its prefix,
// the `system`, `tools` and everything before the block as it was when the model wrote it. If any
// of that changed, the API refuses the request ("bound to a different conversation"), and since the
// history still holds the change, every later request too. So the agent keeps, with each thinking
// block, a digest of what preceded it in the request it answered (and the reply's blocks before
// it), and before each request checks every thinking block of the finished turns against the
// request being sent: from the first one whose prefix changed (or that was saved before digests
// were kept, so cannot be checked) on, the finished turns' thinking is left out, for good. The
// running turn's thinking is never left out (the API needs all of it back while the turn goes on)
// and its prefix never changes: what a turn adds is only appended.
//
// The digest is stricter than the API's check (earlier thinking counts as part of the prefix, so
// nothing is ever left out "between" others) and never shared with the fake server, which computes
// its own: the tests hold one against the other.
import type Anthropic from '@anthropic-ai/sdk';
import { createHash, type Hash } from 'node:crypto';
import type { ThinkingOrigin } from './history';

type Block = Anthropic.ContentBlockParam;

export interface RequestParts {
  readonly system?: unknown;
  readonly tools?: unknown;
  readonly messages: readonly { readonly role: string; readonly content: readonly Block[] | string }[];
}

/** JSON of a part without its cache breakpoints: moving one is not a change. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => (key === 'cache_control' ? undefined : v)) ?? 'null';
}

/** A running digest of a request, part after part. */
class PrefixHash {
  private constructor(private readonly hash: Hash) {}

  static of(request: Pick<RequestParts, 'system' | 'tools'>): PrefixHash {
    const hash = createHash('sha256');
    hash.update(`system\u0000${canonical(request.system)}\u0000tools\u0000${canonical(request.tools)}\u0000`);
    return new PrefixHash(hash);
  }

  message(role: string): void {
    this.hash.update(`<${role}>\u0000`);
  }

  block(block: Block): void {
    this.hash.update(`${canonical(block)}\u0000`);
  }

  value(): string {
    return this.hash.copy().digest('base64url');
  }
}

function blocks(content: readonly Block[] | string): readonly Block[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

const isThinking = (b: Block): boolean => b.type === 'thinking' || b.type === 'redacted_thinking';

function readRequest(request: RequestParts): PrefixHash {
  const hash = PrefixHash.of(request);
  for (const m of request.messages) {
    hash.message(m.role);
    for (const b of blocks(m.content)) hash.block(b);
  }
  return hash;
}

/**
 * For each block of a reply to `request` (as it will be sent back), the digest of what preceded
 * it: undefined for blocks other than thinking.
 */
export function replyPrefixes(request: RequestParts, reply: readonly Block[]): (string | undefined)[] {
  const hash = readRequest(request);
  hash.message('assistant');
  return reply.map((b) => {
    const prefix = isThinking(b) ? hash.value() : undefined;
    hash.block(b);
    return prefix;
  });
}

export type StaleReason = 'unverified' | 'changed';

export interface StaleThinking {
  readonly origin: ThinkingOrigin;
  readonly reason: StaleReason;
}

/**
 * The first thinking block of a finished turn in `request` that may not be sent back: one saved
 * without a digest, or whose prefix is no longer what it was. Blocks of `runningTurnId` are not
 * checked: they are the API's to judge (a running turn only ever appends).
 */
export function firstStaleThinking(request: RequestParts, origins: ReadonlyMap<Block, ThinkingOrigin>, runningTurnId: string): StaleThinking | undefined {
  const hash = PrefixHash.of(request);
  for (const m of request.messages) {
    hash.message(m.role);
    for (const b of blocks(m.content)) {
      const origin = origins.get(b);
      if (origin && origin.turnId !== runningTurnId) {
        if (origin.prefix === undefined) return { origin, reason: 'unverified' };
        if (origin.prefix !== hash.value()) return { origin, reason: 'changed' };
      }
      hash.block(b);
    }
  }
  return undefined;
}

/** `messages.N.content.M` in an API error: where the block it names sits in the request. */
export function blockNamed(message: string): { message: number; block: number } | undefined {
  const m = /messages\.(\d+)\.content\.(\d+)/.exec(message);
  return m ? { message: Number(m[1]), block: Number(m[2]) } : undefined;
}

/** True for the API's refusal of thinking whose prefix changed. */
export function isBoundElsewhere(message: string): boolean {
  return /bound to a different conversation/i.test(message);
}

/** The beta the API's way out needs: `thinking.block_binding.prefix_mismatch_behavior: "drop_block"`. */
export const BINDING_BETA = 'thinking-binding-controls-2026-08-01';

// What a reply and a session spent, added up from their model calls. Said once: the session's owner
// (what is saved) and the panel's reducer (what streams) both count with these, so the saved
// session and the live panel never disagree.
import type { Usage } from './events';

/**
 * The model the offline demo's replies name (test/fake/scenarios/demo.json): scripted answers that
 * cost nothing, so the panel says so instead of pricing them.
 */
export const DEMO_MODEL = 'offline-demo';

/** What was spent so far: tokens, and the money they cost when every call had a known price. */
export interface Spend {
  readonly usage: Usage;
  /** US dollars; absent when a call's model has no price in the table (tokens are shown instead). */
  readonly cost?: number;
}

/** A Spend from optional parts (`exactOptionalPropertyTypes` wants no `cost: undefined`). */
export function spendOf(usage: Usage, cost: number | undefined): Spend {
  return cost !== undefined ? { usage, cost } : { usage };
}

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheCreationTokens: a.cacheCreationTokens + b.cacheCreationTokens,
  };
}

/**
 * One more model call. The cost is each call's own (a call's price tier depends on its own prompt),
 * and a sum with an unpriced call in it is no price at all: a figure that leaves a call out would
 * say less than was spent.
 */
export function addCall(spent: Spend | undefined, call: Spend): Spend {
  if (!spent) return call;
  const usage = addUsage(spent.usage, call.usage);
  return spent.cost !== undefined && call.cost !== undefined ? { usage, cost: spent.cost + call.cost } : { usage };
}

/** A reply as far as what it spent goes (a session's stored turn, or the panel's assistant item). */
interface SpendingReply {
  readonly usage?: Usage | undefined;
  readonly cost?: number | undefined;
  readonly model?: string | undefined;
}

/** A session's total over its replies (those that made no model call count nothing). */
export function totalSpend(replies: readonly SpendingReply[]): Spend | undefined {
  let total: Spend | undefined;
  for (const r of replies) {
    if (r.usage) total = addCall(total, spendOf(r.usage, r.cost));
  }
  return total;
}

/** How a spend reads to a teacher: what it cost, no charge (only the offline demo answered), or not known. */
export type Charge = { readonly kind: 'cost'; readonly usd: number } | { readonly kind: 'free' } | { readonly kind: 'unknown' };

/**
 * What one reply, or a session's replies together, cost in a teacher's terms; undefined when none
 * made a model call. Every surface that shows a cost (the panel, its header, the Markdown export)
 * words it from this, so they never disagree.
 */
export function chargeOf(replies: readonly SpendingReply[]): Charge | undefined {
  const spent = totalSpend(replies);
  if (!spent) return undefined;
  if (spent.cost !== undefined) return { kind: 'cost', usd: spent.cost };
  return replies.every((r) => !r.usage || r.model === DEMO_MODEL) ? { kind: 'free' } : { kind: 'unknown' };
}

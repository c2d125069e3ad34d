// Where the history window starts. A window that slides by one message each turn changes the
// conversation's first message every turn, so nothing after the system prompt is ever read from
// the prompt cache. This window moves in steps instead: it keeps its start while it grows, and when
// a new turn would take it past `limit` messages it is cut back to about half, at the start of a
// turn (a user message with words: never between a tool_use and its tool_result, never inside a
// turn's thinking). The prefix it starts with then stays the same for the turns that follow.
//
// It moves only when a turn starts, never during one: a cut in the middle of a turn would rewrite
// what that turn's next call reuses from the cache (the document's copy first). So `limit` bounds
// the messages a turn starts with; the running turn's own steps are always sent whole on top (its
// thinking blocks must all go back), and the next turn's start cuts back again.
//
// What a cut carries over keeps its words, but its large tool results (a skill's text, a part of
// the document read earlier) and long tool inputs are cleared: they are sent again at full price
// at a cut, and the model can fetch them again when it needs them. Messages of the turns after the
// cut stay whole until the next cut, so the prefix does not change in between.
//
// The start is a pure function of the messages: the cuts are replayed from the first message, at
// each turn's start, so every request of a session agrees on them without storing anything.
import type Anthropic from '@anthropic-ai/sdk';

interface Message {
  readonly role: 'user' | 'assistant';
  readonly content: readonly Anthropic.ContentBlockParam[];
}

/** A user message with words of its own: where a turn starts. */
export function opensTurn(m: Message | undefined): boolean {
  return m?.role === 'user' && m.content.some((b) => b.type === 'text');
}

export interface WindowCut {
  /** The first message of the window. */
  readonly start: number;
  /** Messages in [start, carriedUntil) were carried over by the latest cut (their bulk is cleared). */
  readonly carriedUntil: number;
}

/**
 * The window for a request of `opens.length` messages, where `opens[i]` says whether message i
 * starts a turn (see opensTurn: the user's own words, not the document blocks the agent adds).
 */
export function steppedWindow(opens: readonly boolean[], limit: number): WindowCut {
  const max = Math.max(1, limit);
  const half = Math.max(1, Math.floor(max / 2));
  const openers = opens.flatMap((o, i) => (o ? [i] : []));
  if (openers.length === 0) {
    const start = Math.max(0, opens.length - max);
    return { start, carriedUntil: start };
  }
  let start = openers[0] ?? 0;
  let carriedUntil = start;
  for (const o of openers) {
    // This turn's first request would pass the limit: keep about half, from a turn's start.
    if (o + 1 - start > max) {
      start = openers.find((p) => p >= o + 1 - half) ?? o;
      carriedUntil = o;
    }
  }
  return { start, carriedUntil };
}

/** The index of the window's first message (see steppedWindow). */
export function steppedWindowStart(opens: readonly boolean[], limit: number): number {
  return steppedWindow(opens, limit).start;
}

/** Tool results and input strings longer than this are cleared from messages a cut carries over. */
export const CARRIED_MAX_CHARS = 1_000;
export const CLEARED_RESULT = '(This result was cleared from the history to save space; call the tool again if you need it.)';

function clearString(v: unknown): unknown {
  if (typeof v === 'string') return v.length > CARRIED_MAX_CHARS ? `(${v.length} characters, cleared from the history to save space)` : v;
  if (Array.isArray(v)) return v.map(clearString);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clearString(x)]));
  return v;
}

/** A block of a message a cut carried over, without its bulk. */
export function carriedBlock(b: Anthropic.ContentBlockParam): Anthropic.ContentBlockParam {
  if (b.type === 'tool_result' && !b.is_error && typeof b.content === 'string' && b.content.length > CARRIED_MAX_CHARS) return { ...b, content: CLEARED_RESULT };
  if (b.type === 'tool_use') return { ...b, input: clearString(b.input) };
  return b;
}

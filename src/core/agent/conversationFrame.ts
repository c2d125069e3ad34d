// The conversation's frame: the `system` prompt and `tools` every request sends, byte for byte, and
// where the history window starts. The model's thinking is bound to everything before it, so none
// of this may change while that thinking is still sent back. A frame is made at a conversation's
// first request and made anew only when a turn starts with the window past `historyLength`
// messages: the window is then cut back to about half, at a turn's start (window.ts), and the
// system prompt and tools of this version, the skills now found and the document's copy go with the
// new frame. Everything else that changes meanwhile (a new skill, the teacher's typing) is told at
// the end of the conversation; a changed setting only moves the next cut. Sessions saved before
// frames existed get one at their next request, where the old window would have started.
import type Anthropic from '@anthropic-ai/sdk';
import type { Frame, ReadonlyFrame, ReadonlyMessage } from '../sessions/schema';
import type { ApiHistory } from './history';
import { steppedWindow, type WindowCut } from './window';

export interface WindowPlan extends WindowCut {
  /** A new frame starts here: its start and carried-over ids, the stored messages the window opens with. */
  readonly newFrame?: { readonly start: string; readonly carriedUntil: string | undefined };
  /** The frame is new and a turn is starting: earlier messages may be rewritten (the document's copy moves). */
  readonly cut: boolean;
}

/** The API message holding stored message `id`, else the first one after it (its message was left out). */
function apiIndexOf(id: string, history: ApiHistory, order: ReadonlyMap<string, number>): number | undefined {
  const at = order.get(id);
  if (at === undefined) return undefined;
  const i = history.sources.findIndex((ids) => ids.some((s) => (order.get(s) ?? -1) >= at));
  return i >= 0 ? i : undefined;
}

/** The stored message an API message opens with: the one with the user's words, if any. */
function openerId(history: ApiHistory, index: number, messages: readonly ReadonlyMessage[]): string | undefined {
  const ids = history.sources[index] ?? [];
  const byId = new Map(messages.map((m) => [m.id, m]));
  return ids.find((id) => byId.get(id)?.content.some((b) => b.type === 'text')) ?? ids[0];
}

function made(cut: WindowCut, history: ApiHistory, messages: readonly ReadonlyMessage[], opening: boolean): WindowPlan {
  const start = openerId(history, cut.start, messages);
  if (start === undefined) return { ...cut, cut: false };
  const carriedUntil = cut.carriedUntil > cut.start ? openerId(history, cut.carriedUntil, messages) : undefined;
  return { ...cut, newFrame: { start, carriedUntil }, cut: opening };
}

/**
 * Where this request's window starts. `history` is the whole transcript as API messages; the
 * request opens a turn when its last message holds the user's words.
 */
export function planWindow(history: ApiHistory, messages: readonly ReadonlyMessage[], frame: ReadonlyFrame | undefined, limit: number): WindowPlan {
  const opening = history.opens.at(-1) === true;
  const order = new Map(messages.map((m, i) => [m.id, i]));
  const start = frame ? apiIndexOf(frame.start, history, order) : undefined;
  // No frame yet (a new conversation, or one saved before frames): where the stepped window is.
  if (!frame || start === undefined) return made(steppedWindow(history.opens, limit), history, messages, opening);
  const carried = frame.carriedUntil ? (apiIndexOf(frame.carriedUntil, history, order) ?? start) : start;
  const kept: WindowCut = { start, carriedUntil: Math.max(start, carried) };
  if (!opening) return { ...kept, cut: false };
  // A turn starts: past the limit, the window is cut back to about half, at a turn's start.
  const opens = history.opens.map((o, i) => o && i >= start);
  const next = steppedWindow(opens, limit);
  if (next.start <= start) return { ...kept, cut: false };
  return made(next, history, messages, true);
}

/** A frame of what this version sends now. */
export function newFrame(
  at: NonNullable<WindowPlan['newFrame']>,
  parts: { system: string; tools: readonly Anthropic.Tool[]; skills: readonly { name: string; description: string }[]; now: number; turnId: string },
): Frame {
  return {
    start: at.start,
    ...(at.carriedUntil ? { carriedUntil: at.carriedUntil } : {}),
    system: parts.system,
    // A copy, as it will be stored: the same bytes as sent.
    tools: JSON.parse(JSON.stringify(parts.tools)) as Frame['tools'],
    skills: parts.skills.map((s) => ({ name: s.name, description: s.description })),
    madeAt: parts.now,
    madeIn: parts.turnId,
  };
}

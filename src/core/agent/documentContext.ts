// What the model is shown of the bound document with a request, decided so that nothing the model
// has read is ever rewritten (its thinking is bound to it) and the prompt cache keeps working. The
// document (its text, or the outline of a long one) is sent once, as the first block of the
// window's first message, with a cache breakpoint after it: every later call and turn reads it from
// the cache. When the document changes (the model's edits, the user typing), the model gets a diff
// of what changed since the version it has, appended to the newest user message (after the tool
// results). When that diff, or the diffs piled up since the last copy, would cost more than a fresh
// copy, or the document became long or short enough to switch between text and outline, a fresh
// copy is appended the same way. Earlier messages are never changed.
//
// Only when the history window is cut (a new frame, at a turn's start: conversationFrame.ts) is the
// copy moved, in one step ("rebase"): to the window's new first message, earlier copies and diffs
// dropped. If the copy the window started with is still close to the document, that same copy is
// carried over byte for byte (so the cache still holds it) with one diff after it.
import { changesBetween } from '../documents/changes';
import { applyTextEdits } from '../documents/diff';
import type { DocumentKind } from '../documents/types';
import { changesBlock, documentBlock, outlineBlock } from '../prompt/documentBlocks';
import type { DocumentAttachment, ReadonlyAttachment, ReadonlyMessage } from '../sessions/schema';

/** A diff longer than this share of a fresh copy is sent as a fresh copy instead. */
const FRESH_SHARE = 0.5;
/** Diffs piled up since the copy are replaced by a fresh copy past this share of it... */
const REBASE_SHARE = 0.25;
/** ...and this many characters (below it, re-reading them costs less than a fresh copy). */
const REBASE_MIN_CHARS = 8_000;

export type DocumentNow =
  | { readonly name: string; readonly kind: DocumentKind; readonly text: string }
  | { readonly name: string; readonly problem: string };

export type DocumentPlan =
  | { readonly kind: 'none' }
  | { readonly kind: 'append'; readonly messageId: string; readonly attachment: DocumentAttachment }
  | {
      readonly kind: 'rebase';
      /** Gets `base` as its only attachment; every other message loses its attachments. */
      readonly topId: string;
      readonly base: DocumentAttachment;
      /** Changes since `base`, for the message that opens the turn. */
      readonly changes?: { readonly messageId: string; readonly attachment: DocumentAttachment };
    };

export interface PlanInput {
  /** The session's messages, in order. */
  readonly messages: readonly ReadonlyMessage[];
  /** Ids of the stored messages in the window, in order. */
  readonly windowIds: readonly string[];
  /** The stored message that opens the window (the user's words it starts with). */
  readonly topId: string;
  /** The newest user message: where anything new is appended. */
  readonly targetId: string;
  /** The window was cut for this request (a new frame at a turn's start): the copy moves to its first message. */
  readonly cut: boolean;
  readonly now: DocumentNow;
  /** Documents longer than this are sent as an outline. */
  readonly outlineAbove: number;
}

type Snapshot = Extract<DocumentAttachment, { kind: 'snapshot' }>;
type ReadonlySnapshot = Extract<ReadonlyAttachment, { kind: 'snapshot' }>;

interface Placed {
  readonly messageId: string;
  readonly attachment: ReadonlyAttachment;
}

/** The characters a snapshot costs in the prompt. */
function sizeOf(s: ReadonlySnapshot): number {
  return s.outline?.length ?? documentBlock(s.name, s.docKind, s.text).length;
}

export function snapshotOf(now: { name: string; kind: DocumentKind; text: string }, outlineAbove: number): Snapshot {
  const base = { kind: 'snapshot' as const, name: now.name, docKind: now.kind, text: now.text };
  return now.text.length > outlineAbove ? { ...base, outline: outlineBlock(now.name, now.kind, now.text) } : base;
}

/** The document as the model knows it from the attachments in the window; undefined if it cannot. */
export function believedText(placed: readonly Placed[]): string | undefined {
  let text: string | undefined;
  for (const { attachment: a } of placed) {
    if (a.kind === 'snapshot') text = a.text;
    else if (a.kind === 'unavailable') text = undefined;
    else if (text !== undefined) text = applyTextEdits(text, a.edits);
  }
  return text;
}

function changesAttachment(name: string, from: string, to: string): { attachment: DocumentAttachment; size: number } | undefined {
  const changes = changesBetween(from, to, name);
  if (!changes) return undefined;
  const rendered = changesBlock(name, changes.diff);
  return { attachment: { kind: 'changes', name, edits: changes.edits, rendered }, size: rendered.length };
}

function placedIn(input: PlanInput): Placed[] {
  const inWindow = new Set(input.windowIds);
  return input.messages.filter((m) => inWindow.has(m.id)).flatMap((m) => (m.document ?? []).map((attachment) => ({ messageId: m.id, attachment })));
}

/** Can this copy serve as the base for `now` (same document, same form: text or outline)? */
function fits(s: ReadonlySnapshot, now: { name: string; kind: DocumentKind; text: string }, outlineAbove: number): boolean {
  return s.name === now.name && s.docKind === now.kind && (s.outline !== undefined) === now.text.length > outlineAbove;
}

const rebaseLimit = (base: ReadonlySnapshot): number => Math.max(REBASE_SHARE * sizeOf(base), REBASE_MIN_CHARS);

/** Whatever changed since the model's version, appended to the newest user message: a diff, or a fresh copy. */
function appendPlan(input: PlanInput, placed: readonly Placed[], now: { name: string; kind: DocumentKind; text: string }): DocumentPlan {
  const believed = believedText(placed);
  const fresh = snapshotOf(now, input.outlineAbove);
  const lastCopy = placed.findLastIndex((p) => p.attachment.kind === 'snapshot');
  const copy = placed[lastCopy]?.attachment;
  if (believed === undefined || copy?.kind !== 'snapshot' || !fits(copy, now, input.outlineAbove)) {
    return { kind: 'append', messageId: input.targetId, attachment: fresh };
  }
  const changes = changesAttachment(now.name, believed, now.text);
  if (!changes) return { kind: 'none' };
  const piled = placed.slice(lastCopy + 1).reduce((n, p) => n + (p.attachment.kind === 'changes' ? p.attachment.rendered.length : 0), 0);
  const tooBig = changes.size > FRESH_SHARE * sizeOf(fresh) || piled + changes.size > rebaseLimit(copy);
  return { kind: 'append', messageId: input.targetId, attachment: tooBig ? fresh : changes.attachment };
}

/** The window was cut: the copy it started with goes to its new first message if it still serves, else a fresh one. */
function rebasePlan(input: PlanInput, now: { name: string; kind: DocumentKind; text: string }): DocumentPlan {
  const carried = input.messages.flatMap((m) => m.document ?? []).find((a): a is ReadonlySnapshot => a.kind === 'snapshot');
  if (carried && fits(carried, now, input.outlineAbove)) {
    const changes = changesAttachment(now.name, carried.text, now.text);
    if (!changes || changes.size <= rebaseLimit(carried)) {
      const copy = structuredClone(carried) as Snapshot;
      return { kind: 'rebase', topId: input.topId, base: copy, ...(changes ? { changes: { messageId: input.targetId, attachment: changes.attachment } } : {}) };
    }
  }
  return { kind: 'rebase', topId: input.topId, base: snapshotOf(now, input.outlineAbove) };
}

export function planDocument(input: PlanInput): DocumentPlan {
  const placed = placedIn(input);
  const now = input.now;
  if ('problem' in now) {
    const last = placed.at(-1)?.attachment;
    if (last?.kind === 'unavailable' && last.problem === now.problem) return { kind: 'none' };
    return { kind: 'append', messageId: input.targetId, attachment: { kind: 'unavailable', name: now.name, problem: now.problem } };
  }
  return input.cut ? rebasePlan(input, now) : appendPlan(input, placed, now);
}

// The owner's transitions of the conversation's line: a restore sets the turns from a point on
// aside as a branch (never deleting them), Redo or a switch brings a branch back; and what Redo
// would bring back, and a restore under way. The conversation then goes on from that point with
// requests that are a prefix of what was sent before: the frame and thinking repairs the main line
// had at that point stay, and when they cannot be known (a cut was made in the part set aside) the
// frame is dropped, so the next request makes a new one and leaves out the thinking it invalidates.
import { createHash } from 'node:crypto';
import type { SessionDraft } from './draft';
import type { Branch, EditRecord, ReadonlySession, Redo, Restoring, Session, StoredMessage, ThinkingRepair, ToolCallRecord, TurnRecord } from './schema';

/** A digest of the main line up to its last message: a branch's frame fits again while it holds. */
export function lineDigest(messages: readonly StoredMessage[]): string {
  const hash = createHash('sha256');
  for (const m of messages) hash.update(`${JSON.stringify(m)}\u0000`);
  return hash.digest('base64url');
}

/**
 * Line moves are replayed before the rest of their checkpoint: no message may have been added in it
 * before them (its index would be counted on the line before the move).
 */
function requireSaved(d: SessionDraft): void {
  if (d.changes.addedMessages) throw new Error('Save the session before its conversation is set aside or brought back.');
}

/** Was the frame made before turn `first` (so the messages before it were sent with it)? */
function frameKept(s: ReadonlySession | Session, setAside: ReadonlySet<string>, kept: ReadonlySet<string>): boolean {
  const frame = s.frame;
  if (!frame || !kept.has(frame.start)) return false;
  if (frame.madeIn !== undefined) return !setAside.has(frame.madeIn);
  const first = s.turns.find((t) => setAside.has(t.id));
  return first === undefined || frame.madeAt < first.startedAt;
}

/**
 * The turns from `toTurnId` on, with their messages and anything pending, set aside as a branch;
 * the conversation goes on from the turn before. Returns the branch (undefined: nothing to set aside).
 */
export function setAside(d: SessionDraft, toTurnId: string, undone: readonly string[]): Branch | undefined {
  requireSaved(d);
  const s = d.session;
  const t0 = s.turns.findIndex((t) => t.id === toTurnId);
  if (t0 < 0) throw new Error(`Turn ${toTurnId} is not in the conversation.`);
  const aside = new Set(s.turns.slice(t0).map((t) => t.id));
  const m0 = s.messages.findIndex((m) => aside.has(m.turnId));
  const keepMessages = m0 < 0 ? s.messages.length : m0;
  if (s.messages.slice(keepMessages).some((m) => !aside.has(m.turnId))) throw new Error('The conversation is out of order; nothing was set aside.');
  const kept = s.messages.slice(0, keepMessages);
  const branch: Branch = {
    id: d.clock.newId('branch'),
    ...(kept.length > 0 ? { after: kept.at(-1)?.id } : {}),
    ...(t0 > 0 ? { afterTurn: s.turns[t0 - 1]?.id } : {}),
    setAsideAt: d.clock.now(),
    messages: s.messages.slice(keepMessages),
    turns: s.turns.slice(t0),
    ...(s.pending && aside.has(s.pending.turnId) ? { pending: s.pending } : {}),
    ...(s.frame ? { frame: s.frame } : {}),
    ...(s.thinking ? { thinking: s.thinking } : {}),
    base: lineDigest(kept),
    undone: [...undone],
  };
  const keptIds = new Set(kept.map((m) => m.id));
  const keepFrame = frameKept(s, aside, keptIds);
  d.changes.line({ op: 'setAside', keepMessages, keepTurns: t0, branch });
  s.messages.length = keepMessages;
  s.turns.length = t0;
  (s.branches ??= []).push(branch);
  if (branch.pending) {
    delete s.pending;
    d.changes.pending();
  }
  if (!keepFrame && s.frame) {
    delete s.frame;
    d.changes.frame('whole');
  }
  settleThinking(d);
  return branch;
}

/** The turns of `turns` among those whose thinking is left out, as a repair (none: no repair). */
function leftOutOf(leftOut: readonly string[] | undefined, turns: readonly { id: string }[]): ThinkingRepair {
  const ids = new Set(turns.map((t) => t.id));
  const kept = (leftOut ?? []).filter((id) => ids.has(id));
  return kept.length > 0 ? { leftOut: kept } : {};
}

/**
 * Thinking repairs after a restore: asking the API to drop blocks served a turn now over; the
 * turns kept whose thinking was left out stay so. A kept turn's thinking that was sent is still
 * valid: what preceded it has not changed.
 */
function settleThinking(d: SessionDraft): void {
  const s = d.session;
  if (!s.thinking) return;
  s.thinking = leftOutOf(s.thinking.leftOut, s.turns);
  d.changes.thinking();
}

/** The branch's messages and turns back at the end of the main line, which must end where it left. */
export function bringBack(d: SessionDraft, branchId: string): Branch {
  requireSaved(d);
  const s = d.session;
  const branch = s.branches?.find((b) => b.id === branchId);
  if (!branch) throw new Error(`Branch ${branchId} is not in the session.`);
  if (branch.after !== s.messages.at(-1)?.id) throw new Error('The conversation does not end where that branch left it; nothing was brought back.');
  const fits = branch.base === lineDigest(s.messages);
  d.changes.line({ op: 'bringBack', branchId });
  s.messages.push(...branch.messages);
  s.turns.push(...branch.turns);
  s.branches = (s.branches ?? []).filter((b) => b.id !== branchId);
  if (s.branches.length === 0) delete s.branches;
  if (branch.pending) {
    s.pending = branch.pending;
    d.changes.pending();
  }
  // Its frame fits while the line it left is as it was; else the next request makes a new one.
  if (fits && branch.frame) s.frame = branch.frame;
  else delete s.frame;
  d.changes.frame('whole');
  // Not fitting, no thinking goes back: what preceded it then is not known any more.
  s.thinking = fits ? (branch.thinking ?? {}) : leftOutOf(s.turns.map((t) => t.id), s.turns);
  d.changes.thinking();
  return branch;
}

/**
 * A new session takes `source`'s conversation before turn `beforeTurn`: the messages, turns, their
 * tool calls and edits (Review and Revert work in the copy), and the frame and thinking repairs
 * when they fit that point, so its next request starts as the original's did.
 */
export function copyConversation(d: SessionDraft, source: ReadonlySession, beforeTurn: string): void {
  const s = d.session;
  const t0 = source.turns.findIndex((t) => t.id === beforeTurn);
  const turns = structuredClone(source.turns.slice(0, Math.max(0, t0))) as TurnRecord[];
  const ids = new Set(turns.map((t) => t.id));
  const messages = structuredClone(source.messages.filter((m) => ids.has(m.turnId))) as StoredMessage[];
  for (const m of messages) {
    s.messages.push(m);
    d.changes.message(m.id);
  }
  for (const t of turns) {
    s.turns.push(t);
    d.changes.turn(t.id);
  }
  for (const call of Object.values(source.toolCalls).filter((c) => ids.has(c.turnId))) {
    s.toolCalls[call.id] = structuredClone(call) as ToolCallRecord;
    d.changes.call(call.id);
  }
  for (const edit of source.edits.filter((e) => ids.has(e.turnId))) {
    s.edits.push(structuredClone(edit) as EditRecord);
    d.changes.edit(edit.id);
  }
  const aside = new Set(source.turns.slice(Math.max(0, t0)).map((t) => t.id));
  if (source.frame && frameKept(source, aside, new Set(messages.map((m) => m.id)))) {
    s.frame = structuredClone(source.frame) as Session['frame'];
    d.changes.frame('whole');
  }
  const repair = leftOutOf(source.thinking?.leftOut, turns);
  if (!repair.leftOut) return;
  s.thinking = repair;
  d.changes.thinking();
}

export function setRedo(d: SessionDraft, redo: Redo | undefined): void {
  if (redo) d.session.redo = redo;
  else if (d.session.redo) delete d.session.redo;
  else return;
  d.changes.redo();
}

export function setRestoring(d: SessionDraft, restoring: Restoring | undefined): void {
  if (restoring) d.session.restoring = restoring;
  else if (d.session.restoring) delete d.session.restoring;
  else return;
  d.changes.restoring();
}

// What a running turn adds to its session, through the owner: the model's replies (kept exactly as
// received, their cost counted), the tool calls and their results, and what the model is shown of
// the document (agent/documentContext.ts decides what; this records it). A running turn's
// messages are only ever appended to: thinking blocks go back to the model as they came.
import type { Usage } from '../../shared/events';
import { addCall, spendOf } from '../../shared/spend';
import type { SessionDraft } from './draft';
import type { DocumentAttachment, Frame, Notice, StoredBlock, StoredMessage, ThinkingRepair, ToolCallRecord, ToolResultBlock } from './schema';

export interface ModelReply {
  readonly content: StoredBlock[];
  /** The model the response named. */
  readonly model: string;
  /** The model id the request asked for (thinking blocks belong to it). */
  readonly requestedModel: string;
  readonly usage: Usage;
  /** What the call cost in US dollars; absent when its model has no known price. */
  readonly cost?: number;
  readonly stopReason: string | null;
}

export type ToolCallEnd = Pick<ToolCallRecord, 'status'> & Partial<Pick<ToolCallRecord, 'error' | 'resultSummary' | 'editId'>>;

// ---- the model's replies ---------------------------------------------------------------------

/** One model call answered: its cost is counted and its content kept, exactly as received. */
export function recordReply(d: SessionDraft, turnId: string, reply: ModelReply): StoredMessage | undefined {
  const turn = d.turn(turnId);
  turn.steps++;
  const spent = addCall(turn.usage ? spendOf(turn.usage, turn.cost) : undefined, spendOf(reply.usage, reply.cost));
  turn.usage = spent.usage;
  if (spent.cost !== undefined) turn.cost = spent.cost;
  else delete turn.cost;
  turn.model = reply.model;
  if (reply.content.length === 0) return undefined;
  return d.append(turnId, 'assistant', reply.content, {
    model: reply.model,
    requestedModel: reply.requestedModel,
    usage: reply.usage,
    ...(reply.stopReason ? { stopReason: reply.stopReason } : {}),
  });
}

/** What a failed attempt streamed, kept for display only (never sent to the model). */
export function recordPartial(d: SessionDraft, turnId: string, texts: readonly string[]): void {
  const content = texts.filter((t) => t.length > 0).map((text): StoredBlock => ({ type: 'text', text }));
  if (content.length > 0) d.append(turnId, 'assistant', content, { partial: true });
}

export function recordToolResults(d: SessionDraft, turnId: string, results: ToolResultBlock[]): void {
  if (results.length > 0) d.append(turnId, 'user', results);
}

// ---- tool calls ------------------------------------------------------------------------------

export function startToolCall(d: SessionDraft, record: ToolCallRecord): void {
  d.session.toolCalls[record.id] = record;
  d.changes.call(record.id);
}

export function endToolCall(d: SessionDraft, id: string, end: ToolCallEnd): void {
  const record = d.session.toolCalls[id];
  if (!record) return;
  Object.assign(record, end, { endedAt: d.clock.now() });
  d.changes.call(id);
}

// ---- the document as the model is shown it ---------------------------------------------------

/**
 * Something new about the document goes with the newest user message (sent next, or sent only
 * by a failed attempt): appended, so nothing the model already saw changes.
 */
export function attachDocument(d: SessionDraft, messageId: string, attachment: DocumentAttachment): void {
  const message = userMessage(d, messageId);
  message.document = [...(message.document ?? []), attachment];
  d.changes.attachments(messageId);
}

/**
 * A turn starts from a new base: every earlier copy and diff is dropped, `base` becomes the only
 * attachment of the window's first message, and `changes` (if any) go with the turn's message.
 * Only ever done when a turn starts: a running turn's messages are never rewritten.
 */
export function rebaseDocument(d: SessionDraft, topId: string, base: DocumentAttachment, changes?: { messageId: string; attachment: DocumentAttachment }): void {
  const top = userMessage(d, topId);
  const target = changes ? userMessage(d, changes.messageId) : undefined;
  for (const m of d.session.messages) {
    if (m.document === undefined) continue;
    delete m.document;
    d.changes.attachments(m.id);
  }
  top.document = [base];
  d.changes.attachments(top.id);
  if (target && changes) {
    target.document = [...(target.document ?? []), changes.attachment];
    d.changes.attachments(target.id);
  }
}

/** What changed since the frame was made (skills, say) goes with the newest user message, appended. */
export function addNotice(d: SessionDraft, messageId: string, notice: Notice): void {
  const message = userMessage(d, messageId);
  message.notices = [...(message.notices ?? []), notice];
  d.changes.notices(messageId);
}

/**
 * The conversation's frame, made at its first request or at a cut (never during a turn). When only
 * where the window starts changed, only that is journalled (a frame's system prompt and tools are
 * about 20 KB, the same at most cuts).
 */
export function setFrame(d: SessionDraft, frame: Frame): void {
  const before = d.session.frame;
  const same = before !== undefined && before.system === frame.system && JSON.stringify([before.tools, before.skills]) === JSON.stringify([frame.tools, frame.skills]);
  d.session.frame = frame;
  d.changes.frame(same ? 'window' : 'whole');
}

/** Thinking that may not go back: merged with what was already left out (never put back). */
export function repairThinking(d: SessionDraft, repair: ThinkingRepair): void {
  const leftOut = [...new Set([...(d.session.thinking?.leftOut ?? []), ...(repair.leftOut ?? [])])];
  const dropBlock = repair.dropBlock ?? d.session.thinking?.dropBlock;
  d.session.thinking = { ...(leftOut.length > 0 ? { leftOut } : {}), ...(dropBlock ? { dropBlock } : {}) };
  d.changes.thinking();
}

function userMessage(d: SessionDraft, id: string): StoredMessage {
  const message = d.session.messages.find((m) => m.id === id);
  if (!message) throw new Error(`Message ${id} is not in session ${d.session.id}.`);
  if (message.role !== 'user') throw new Error(`Message ${id} is not a user message; the document only goes with user messages.`);
  return message;
}

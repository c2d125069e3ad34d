// The turn's lifecycle, as the owner's transitions: a turn starts, pauses for the user and resumes,
// is retried, and ends (complete, stop, fail, refuse). Every ending and every new start leaves a
// transcript the next request can use: each tool_use answered, each open call ended, a card the
// user wrote past answered "not answered", a turn a crash left running stopped.
import type { BoundDocumentView, ErrorCode } from '../../shared/events';
import { DEFAULT_TITLE, titleFrom } from '../../shared/titles';
import type { SessionDraft } from './draft';
import { setRedo } from './lineRecords';
import { interruptedResult, repairPairing } from './pairing';
import { recoveredResult } from './recovery';
import type { PendingInteraction, ReadonlyTurn, StoredBlock, StoredMessage, ToolResultBlock, TurnAnswer, TurnRecord } from './schema';
import { recordPartial } from './turnRecords';
import { replayStream } from './replay';

export interface TurnError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly retryable: boolean;
}

export const NOT_ANSWERED = 'The user did not answer; they wrote a new message instead.';

// ---- start, resume, retry ------------------------------------------------------------------

/**
 * The user's message opens a new turn. Whatever an earlier turn left open is settled first: a
 * turn a crash left running is stopped, a pending card is answered "not answered", and any
 * unanswered tool call is answered "interrupted", so the next request is valid.
 * Returns the new turn and the turn whose card was abandoned, if any.
 */
export function startTurn(
  d: SessionDraft,
  request: { text: string; context?: { label: string; block: string }; bind?: BoundDocumentView },
): { turn: ReadonlyTurn; message: StoredMessage; abandoned?: string } {
  settleStaleTurns(d);
  const abandoned = abandonPending(d);
  repairTranscript(d);
  const s = d.session;
  const firstPrompt = !s.messages.some((m) => m.role === 'user' && m.content.some((b) => b.type === 'text'));
  const now = d.clock.now();
  const turn: TurnRecord = { id: d.clock.newId('turn'), startedAt: now, status: 'running', steps: 0 };
  d.changes.turn(turn.id);
  s.turns.push(turn);
  // Asking the API to drop thinking it cannot accept served the turn that needed it: the finished
  // turns' thinking is checked before it is sent (agent/preservedThinking.ts).
  if (s.thinking?.dropBlock) {
    const { dropBlock: _done, ...rest } = s.thinking;
    s.thinking = rest;
    d.changes.thinking();
  }
  // A new message: what the last restore set aside stays a branch, no longer a Redo.
  setRedo(d, undefined);
  const context = request.context;
  const blocks: StoredBlock[] = [...(context ? [{ type: 'text' as const, text: context.block }] : []), { type: 'text', text: request.text }];
  // A session without a document takes the one the teacher now works in; the message says so. The
  // model reads the document from this message on (a copy goes at the end: nothing earlier changes).
  const bound = request.bind && !s.document ? { ...request.bind } : undefined;
  if (bound) {
    s.document = { ...bound };
    d.changes.document();
  }
  const message = d.append(turn.id, 'user', blocks, { ...(context ? { context: context.label } : {}), ...(bound ? { bound } : {}) });
  if (firstPrompt && s.title === DEFAULT_TITLE) {
    s.title = titleFrom(request.text);
    d.changes.title();
  }
  return { turn, message, ...(abandoned ? { abandoned } : {}) };
}

/** A paused turn goes on after an answer or decision. */
export function resumeTurn(d: SessionDraft, turnId: string): ReadonlyTurn {
  const turn = d.turn(turnId);
  if (turn.status !== 'awaiting_user') throw new Error(`Turn ${turnId} is ${turn.status}, not waiting for the user.`);
  turn.status = 'running';
  delete turn.endedAt;
  return turn;
}

/** A failed or stopped last turn runs again from where its transcript ends. */
export function retryTurn(d: SessionDraft, turnId: string): ReadonlyTurn {
  settleStaleTurns(d);
  repairTranscript(d);
  const turn = d.turn(turnId);
  if (turn.status !== 'error' && turn.status !== 'stopped') throw new Error(`Turn ${turnId} is ${turn.status}; only a failed or stopped turn is retried.`);
  turn.status = 'running';
  delete turn.error;
  delete turn.endedAt;
  return turn;
}

// ---- pause and answer ------------------------------------------------------------------------

/** The turn waits for the user; nothing is held in memory, the session says it all. */
export function pause(d: SessionDraft, pending: PendingInteraction): void {
  const turn = d.turn(pending.turnId);
  const record = d.session.toolCalls[pending.toolCallId];
  if (record) {
    d.changes.call(record.id);
    record.status = 'awaiting';
    record.interaction =
      pending.kind === 'question' ? { kind: 'question', questions: pending.questions } : { kind: 'confirmation', request: pending.request };
  }
  d.session.pending = pending;
  d.changes.pending();
  turn.status = 'awaiting_user';
  turn.endedAt = d.clock.now();
}

/** The user's answer or decision, kept with the turn (the card shows it). */
export function recordAnswer(d: SessionDraft, turnId: string, toolCallId: string, answer: TurnAnswer): void {
  const turn = d.turn(turnId);
  turn.answers = { ...turn.answers, [toolCallId]: answer };
}

/** The pending interaction, now being answered: it is no longer pending. */
export function takePending(d: SessionDraft): PendingInteraction | undefined {
  const pending = d.session.pending;
  if (pending) d.changes.pending();
  delete d.session.pending;
  return pending;
}

/**
 * The user wrote a new message instead of answering: the paused call and those after it are
 * answered as not done, and that turn ends as stopped. Returns the old turn's id.
 */
function abandonPending(d: SessionDraft): string | undefined {
  const pending = takePending(d);
  if (!pending) return undefined;
  const results = [
    ...pending.completedResults,
    interruptedResult(pending.toolCallId, NOT_ANSWERED),
    ...pending.remainingToolUseIds.map((id) => interruptedResult(id)),
  ];
  // The paused reply is the turn's last message: the results are appended right after it.
  d.append(pending.turnId, 'user', results);
  if (d.session.turns.some((t) => t.id === pending.turnId)) endTurn(d, pending.turnId, 'stopped');
  return pending.turnId;
}

// ---- endings ---------------------------------------------------------------------------------

/**
 * Claude declined: the refused reply is kept for display only (never sent again), and so is the
 * rest of that turn (history.ts leaves refused turns out), so the conversation can go on.
 */
export function refuse(d: SessionDraft, turnId: string, texts: readonly string[], error: TurnError): void {
  recordPartial(d, turnId, texts);
  endTurn(d, turnId, 'error', error);
}

export function endTurn(d: SessionDraft, turnId: string, status: 'completed' | 'stopped' | 'error', error?: TurnError): void {
  const turn = d.turn(turnId);
  if (status !== 'completed') {
    // Every tool_use of the turn gets a result (the pending one excepted), every open call ends.
    repairTranscript(d);
    interruptOpenCalls(d, turnId);
    if (replayStream(d.session, turnId).hasText) turn.partial = true;
  }
  turn.status = status;
  turn.endedAt = d.clock.now();
  if (error) turn.error = { code: error.code, message: error.message, retryable: error.retryable };
}

/** Calls that were started but will never finish: their steps show "Interrupted". */
function interruptOpenCalls(d: SessionDraft, turnId: string): void {
  for (const call of Object.values(d.session.toolCalls)) {
    if (call.turnId !== turnId || (call.status !== 'running' && call.status !== 'awaiting')) continue;
    Object.assign(call, { status: 'interrupted', error: 'Interrupted', endedAt: d.clock.now() });
    d.changes.call(call.id);
  }
}

/**
 * Leftovers of a crash or a reload: a turn still marked running (and not running here) ends as
 * stopped. Returns true when something changed.
 */
export function settleStaleTurns(d: SessionDraft): boolean {
  let changed = false;
  for (const turn of d.session.turns) {
    if (turn.status !== 'running') continue;
    endTurn(d, turn.id, 'stopped');
    changed = true;
  }
  return changed;
}

/** Answers every tool_use left without a result, except those legitimately waiting. */
function repairTranscript(d: SessionDraft): string[] {
  const s = d.session;
  const p = s.pending;
  const waiting = new Set(p ? [p.toolCallId, ...p.remainingToolUseIds] : []);
  // A call that finished but whose result a crash kept out of the transcript is answered with how it ended.
  return repairPairing(s.messages, (results, after) => resultsMessage(d, after.turnId, results), waiting, (id) => recoveredResult(s, id));
}

/** A user message of results, for repairPairing to place where the gap is. */
function resultsMessage(d: SessionDraft, turnId: string, results: ToolResultBlock[]): StoredMessage {
  const message: StoredMessage = { id: d.clock.newId('msg'), role: 'user', content: results, createdAt: d.clock.now(), turnId };
  d.changes.message(message.id);
  return message;
}

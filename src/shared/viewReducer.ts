// The one reducer that turns agent events into the chat's view model. The host runs it to keep its
// snapshot current and the webview runs it on every `events` batch, so both always agree. It is
// pure (no DOM, no Node): bad or out-of-order input returns the view unchanged plus a warning.
import { DEFAULT_TITLE, titleFrom } from './titles';
import type { AgentEvent } from './events';
import { addCall, spendOf } from './spend';
import type { AssistantItem, ChatItem, ConfirmationCard, NarrationNote, QuestionCard, SessionView, StepView } from './view';

export interface ReduceResult {
  view: SessionView;
  /** Set when the event was ignored (unknown turn, duplicate, out of order); the view is unchanged. */
  warning?: string;
}

type EventOf<T extends AgentEvent['type']> = Extract<AgentEvent, { type: T }>;

/** A turn that has ended takes no more stream events until a new turn_start resumes it. */
const OPEN_STATUSES: ReadonlySet<AssistantItem['status']> = new Set(['streaming']);

const INTERRUPTED = 'Interrupted';

function ignore(view: SessionView, event: AgentEvent, why: string): ReduceResult {
  return { view, warning: `ignored ${event.type} for turn ${event.turnId}: ${why}` };
}

function findAssistant(view: SessionView, turnId: string): { item: AssistantItem; index: number } | undefined {
  // Search from the end: the live turn is almost always the last item.
  for (let i = view.items.length - 1; i >= 0; i--) {
    const item = view.items[i];
    if (item?.kind === 'assistant' && item.id === turnId) return { item, index: i };
  }
  return undefined;
}

function replaceItem(view: SessionView, index: number, item: ChatItem, busy = view.busy): SessionView {
  const items = view.items.slice();
  items[index] = item;
  return { ...view, items, busy };
}

function newAssistant(turnId: string, createdAt: number): AssistantItem {
  return { kind: 'assistant', id: turnId, text: '', steps: [], status: 'streaming', questions: [], confirmations: [], createdAt };
}

function onTurnStart(view: SessionView, event: EventOf<'turn_start'>): ReduceResult {
  const found = findAssistant(view, event.turnId);
  if (event.userMessage) {
    if (found) return ignore(view, event, 'the turn already exists');
    const m = event.userMessage;
    const user: ChatItem = { kind: 'user', id: m.id, text: m.text, createdAt: m.createdAt, ...(m.context ? { context: m.context } : {}), ...(m.bound ? { bound: m.bound } : {}) };
    // A new session is named by its first message, as the store names it.
    const title = view.items.length === 0 && view.title === DEFAULT_TITLE ? titleFrom(m.text) : view.title;
    // A new message: what the last restore set aside is no longer a Redo; it stays, as a branch.
    const { redo, ...rest } = view;
    const branches = redo?.branch ? [...(view.branches ?? []), redo.branch] : view.branches;
    // The message that bound the chat to a document: the header names it from now on, as the store has it.
    const document = view.document ?? m.bound;
    const next = { ...rest, ...(branches ? { branches } : {}), ...(document ? { document } : {}), title, items: [...view.items, user, newAssistant(event.turnId, event.createdAt)], busy: true };
    return { view: next };
  }
  if (!found) {
    // A turn resumed by the host without its opening message (e.g. after a restart): show it anyway.
    return { view: { ...view, items: [...view.items, newAssistant(event.turnId, event.createdAt)], busy: true } };
  }
  if (found.item.status === 'streaming') return ignore(view, event, 'the turn is already streaming');
  // Resuming after an answer or a retry: the same assistant item keeps its text and steps.
  const { error: _error, retrying: _retrying, ...rest } = found.item;
  return { view: replaceItem(view, found.index, { ...rest, status: 'streaming' }, true) };
}

function withOpenTurn(
  view: SessionView,
  event: AgentEvent,
  update: (item: AssistantItem) => AssistantItem | string,
  busy?: boolean,
): ReduceResult {
  const found = findAssistant(view, event.turnId);
  if (!found) return ignore(view, event, 'unknown turn');
  if (!OPEN_STATUSES.has(found.item.status)) return ignore(view, event, `the turn is ${found.item.status}`);
  const next = update(found.item);
  if (typeof next === 'string') return ignore(view, event, next);
  // Anything else from the turn means the wait for an answer is over.
  if (next.waiting && !(event.type === 'status' && event.kind === 'waiting')) {
    const { waiting: _waiting, ...rest } = next;
    return { view: replaceItem(view, found.index, rest, busy ?? view.busy) };
  }
  return { view: replaceItem(view, found.index, next, busy ?? view.busy) };
}

/** Progress notes join the note written at the same step, else start a new one after the steps. */
function appendNote(item: AssistantItem, text: string): AssistantItem {
  const notes = item.narration ?? [];
  const last = notes.at(-1);
  const at = item.steps.length;
  if (last && last.afterStep === at) return { ...item, narration: [...notes.slice(0, -1), { afterStep: at, text: last.text + text }] };
  return { ...item, narration: [...notes, { afterStep: at, text }] };
}

/** Withdraws the last `chars` characters of notes (a retried attempt's); empty notes go. */
function withdrawNotes(item: AssistantItem, chars: number): AssistantItem {
  const notes = (item.narration ?? []).slice();
  let left = chars;
  while (left > 0 && notes.length > 0) {
    const last = notes[notes.length - 1] as NarrationNote;
    const cut = Math.min(left, last.text.length);
    left -= cut;
    if (cut === last.text.length) notes.pop();
    else notes[notes.length - 1] = { ...last, text: last.text.slice(0, last.text.length - cut) };
  }
  const { narration: _old, ...rest } = item;
  return notes.length > 0 ? { ...rest, narration: notes } : rest;
}

function onToolStart(view: SessionView, event: EventOf<'tool_start'>): ReduceResult {
  return withOpenTurn(view, event, (item) => {
    if (item.steps.some((s) => s.id === event.id)) return `step ${event.id} already started`;
    const step: StepView = { id: event.id, tool: event.tool, displayText: event.displayText, status: 'running' };
    return { ...item, steps: [...item.steps, step] };
  });
}

function onToolEnd(view: SessionView, event: EventOf<'tool_end'>): ReduceResult {
  return withOpenTurn(view, event, (item) => {
    const at = item.steps.findIndex((s) => s.id === event.id);
    const step = item.steps[at];
    if (!step) return `unknown step ${event.id}`;
    if (step.status !== 'running') return `step ${event.id} already ended`;
    // A call the user declined did not fail: it was not run, as they asked.
    const declined = event.status === 'error' && item.confirmations.some((c) => c.toolCallId === event.id && c.status === 'denied');
    const ended: StepView = {
      ...step,
      status: declined ? 'declined' : event.status,
      ...(event.error !== undefined && !declined ? { error: event.error } : {}),
      ...(event.resultSummary !== undefined ? { resultSummary: event.resultSummary } : {}),
      ...(event.editId !== undefined ? { editId: event.editId } : {}),
    };
    const steps = item.steps.slice();
    steps[at] = ended;
    return { ...item, steps };
  });
}

function hasCard(item: AssistantItem, toolCallId: string): boolean {
  return item.questions.some((q) => q.toolCallId === toolCallId) || item.confirmations.some((c) => c.toolCallId === toolCallId);
}

function onQuestion(view: SessionView, event: EventOf<'question'>): ReduceResult {
  return withOpenTurn(view, event, (item) => {
    if (hasCard(item, event.toolCallId)) return `card ${event.toolCallId} already shown`;
    const card: QuestionCard = { toolCallId: event.toolCallId, questions: event.questions, status: 'pending', atText: item.text.length };
    return { ...item, questions: [...item.questions, card] };
  });
}

function onConfirmation(view: SessionView, event: EventOf<'confirmation'>): ReduceResult {
  return withOpenTurn(view, event, (item) => {
    if (hasCard(item, event.toolCallId)) return `card ${event.toolCallId} already shown`;
    const card: ConfirmationCard = { toolCallId: event.toolCallId, request: event.request, status: 'pending', atText: item.text.length };
    return { ...item, confirmations: [...item.confirmations, card] };
  });
}

function answerQuestion(card: QuestionCard, event: EventOf<'answered'>): QuestionCard | string {
  if (!event.answers) return 'a question card needs answers';
  return { ...card, status: 'answered', answers: event.answers };
}

function decideConfirmation(card: ConfirmationCard, event: EventOf<'answered'>): ConfirmationCard | string {
  if (!event.decision) return 'a confirmation card needs a decision';
  const { feedback } = event.decision;
  return { ...card, status: event.decision.approved ? 'approved' : 'denied', ...(feedback ? { feedback } : {}) };
}

function answerIn(item: AssistantItem, event: EventOf<'answered'>): AssistantItem | string {
  const q = item.questions.findIndex((c) => c.toolCallId === event.toolCallId);
  const c = item.confirmations.findIndex((x) => x.toolCallId === event.toolCallId);
  const card = item.questions[q] ?? item.confirmations[c];
  if (!card) return `unknown card ${event.toolCallId}`;
  if (card.status !== 'pending') return `card ${event.toolCallId} is already ${card.status}`;
  if (q >= 0) {
    const next = answerQuestion(item.questions[q] as QuestionCard, event);
    if (typeof next === 'string') return next;
    const questions = item.questions.slice();
    questions[q] = next;
    return { ...item, questions };
  }
  const next = decideConfirmation(item.confirmations[c] as ConfirmationCard, event);
  if (typeof next === 'string') return next;
  const confirmations = item.confirmations.slice();
  confirmations[c] = next;
  return { ...item, confirmations };
}

function onAnswered(view: SessionView, event: EventOf<'answered'>): ReduceResult {
  // Answers arrive while the turn waits (awaiting) or just before it resumes, so any status will do.
  const found = findAssistant(view, event.turnId);
  if (!found) return ignore(view, event, 'unknown turn');
  const next = answerIn(found.item, event);
  if (typeof next === 'string') return ignore(view, event, next);
  return { view: replaceItem(view, found.index, next) };
}

function onUsage(view: SessionView, event: EventOf<'usage'>): ReduceResult {
  const found = findAssistant(view, event.turnId);
  if (!found) return ignore(view, event, 'unknown turn');
  // One usage event per model call: a turn's figures are their sum (spend.ts says how).
  const { usage, cost, ...rest } = found.item;
  const spent = addCall(usage ? spendOf(usage, cost) : undefined, spendOf(event.usage, event.cost));
  const item: AssistantItem = { ...rest, ...spent, ...(event.model ? { model: event.model } : {}) };
  return { view: replaceItem(view, found.index, item) };
}

function onStatus(view: SessionView, event: EventOf<'status'>): ReduceResult {
  if (event.kind === 'waiting') return withOpenTurn(view, event, (item) => ({ ...item, waiting: { waitedMs: event.waitedMs, limitMs: event.limitMs } }));
  return withOpenTurn(view, event, (item) => ({
    ...(event.discardThinking ? withdrawNotes(item, event.discardThinking) : item),
    // The failed attempt's text goes: the retry streams the answer again from its start.
    text: event.discard ? item.text.slice(0, Math.max(0, item.text.length - event.discard)) : item.text,
    retrying: { code: event.code, attempt: event.attempt, delayMs: event.delayMs },
  }));
}

function onDone(view: SessionView, event: EventOf<'done'>): ReduceResult {
  return withOpenTurn(
    view,
    event,
    (item) => {
      const { retrying: _retrying, waiting: _waiting, ...rest } = item;
      return { ...rest, status: event.reason === 'awaiting_user' ? 'awaiting' : 'done' };
    },
    false,
  );
}

function interruptSteps(steps: StepView[]): StepView[] {
  return steps.map((s) => (s.status === 'running' ? { ...s, status: 'error', error: INTERRUPTED } : s));
}

function onError(view: SessionView, event: EventOf<'error'>): ReduceResult {
  const found = findAssistant(view, event.turnId);
  if (!found) return ignore(view, event, 'unknown turn');
  const item = found.item;
  // An error may also end a turn that waits for the user (e.g. the session was reset), never a closed one.
  if (item.status !== 'streaming' && item.status !== 'awaiting') return ignore(view, event, `the turn is ${item.status}`);
  const { retrying: _retrying, waiting: _waiting, ...rest } = item;
  const stopped = event.code === 'cancelled';
  const next: AssistantItem = {
    ...rest,
    status: stopped ? 'stopped' : 'error',
    steps: interruptSteps(item.steps),
    questions: item.questions.map((q) => (q.status === 'pending' ? { ...q, status: 'interrupted' } : q)),
    confirmations: item.confirmations.map((c) => (c.status === 'pending' ? { ...c, status: 'interrupted' } : c)),
    ...(item.text.length > 0 ? { partial: true } : {}),
    ...(stopped ? {} : { error: { code: event.code, message: event.message, retryable: event.retryable } }),
  };
  return { view: replaceItem(view, found.index, next, false) };
}

/** Applies one event; returns the same view object (and a warning) when the event was ignored. */
export function reduceAgentEvent(view: SessionView, event: AgentEvent): ReduceResult {
  if (event.sessionId !== view.sessionId) return ignore(view, event, `it belongs to session ${event.sessionId}`);
  switch (event.type) {
    case 'turn_start':
      return onTurnStart(view, event);
    case 'text':
      return withOpenTurn(view, event, (item) => ({ ...item, text: item.text + event.delta }));
    case 'thinking':
      return withOpenTurn(view, event, (item) => appendNote(item, event.text));
    case 'tool_start':
      return onToolStart(view, event);
    case 'tool_end':
      return onToolEnd(view, event);
    case 'question':
      return onQuestion(view, event);
    case 'confirmation':
      return onConfirmation(view, event);
    case 'answered':
      return onAnswered(view, event);
    case 'usage':
      return onUsage(view, event);
    case 'status':
      return onStatus(view, event);
    case 'done':
      return onDone(view, event);
    case 'error':
      return onError(view, event);
    default: {
      const unknownType = (event as { type?: unknown }).type;
      return { view, warning: `ignored unknown event type ${String(unknownType)}` };
    }
  }
}

export type WarningSink = (warning: string) => void;

export function applyAgentEvent(view: SessionView, event: AgentEvent, onWarning?: WarningSink): SessionView {
  const result = reduceAgentEvent(view, event);
  if (result.warning !== undefined) onWarning?.(result.warning);
  return result.view;
}

export function applyAgentEvents(view: SessionView, events: readonly AgentEvent[], onWarning?: WarningSink): SessionView {
  let next = view;
  for (const event of events) next = applyAgentEvent(next, event, onWarning);
  return next;
}

/** The card the user must answer before the conversation can go on, if any. */
export function pendingCard(view: SessionView): { kind: 'question' | 'confirmation'; toolCallId: string } | undefined {
  for (let i = view.items.length - 1; i >= 0; i--) {
    const item = view.items[i];
    if (item?.kind !== 'assistant') continue;
    const q = item.questions.find((c) => c.status === 'pending');
    if (q) return { kind: 'question', toolCallId: q.toolCallId };
    const c = item.confirmations.find((x) => x.status === 'pending');
    if (c) return { kind: 'confirmation', toolCallId: c.toolCallId };
  }
  return undefined;
}

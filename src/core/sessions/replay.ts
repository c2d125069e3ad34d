// A stored session replayed as the events the loop emitted for it: each turn opens with turn_start,
// streams its replies' text and notes (through the same TurnStream as the loop), starts its tool
// calls, asks its cards and takes their answers, and ends as it ended. Folded by the panel's reducer
// (view.ts) this is what a reloaded panel shows; how a turn looks is decided by the reducer alone.
import type { AgentEvent, EventBody } from '../../shared/events';
import { redactSecrets } from '../../shared/secrets';
import type { ReadonlyMessage, ReadonlySession, ReadonlyToolCall, ReadonlyTurn } from './schema';
import { isPrompt, promptText } from './summary';
import { TurnStream } from './turnStream';
import { l10n } from '../../shared/l10n';

/** What a turn's events need of the session: its messages and its tool calls, in order. */
interface TurnParts {
  readonly messages: readonly ReadonlyMessage[];
  readonly calls: readonly ReadonlyToolCall[];
}

/** open: the turn streams; paused: a card waits for the user; cut: it was stopped or failed. */
type TurnState = 'open' | 'paused' | 'cut';

/** Any cut stops the turn: what it cut short shows the same whatever the reason (in the teacher's language, as the loop says it). */
const cutEvent = (): EventBody => ({ type: 'error', code: 'cancelled', message: l10n.t('Stopped.'), retryable: true });

/** A turn kept as failed without its error (not expected): it still shows as failed. */
const unsaid = () => ({ code: 'unknown', message: l10n.t('This reply ended with an error.'), retryable: true }) as const;

class TurnReplay {
  readonly events: AgentEvent[] = [];
  readonly stream = new TurnStream();
  private state: TurnState = 'open';
  private steps = 0;
  private readonly started = new Set<string>();
  private readonly running = new Set<string>();
  /** The turn was cut short here, with a call open: the cut is replayed before what follows. */
  private cutHere = false;
  /** A cut was replayed after some text, so the turn shows as cut short. */
  private shownPartial = false;
  /** The last event index where nothing ran, no card waited and text was shown. */
  private quietAt: number | undefined;

  constructor(
    private readonly session: ReadonlySession,
    private readonly turn: ReadonlyTurn,
    private readonly parts: TurnParts,
  ) {}

  run(): AgentEvent[] {
    const prompt = this.parts.messages.find((m) => isPrompt(m));
    const userMessage = prompt && {
      id: prompt.id,
      text: promptText(prompt),
      createdAt: prompt.createdAt,
      ...(prompt.context ? { context: prompt.context } : {}),
      ...(prompt.bound ? { bound: prompt.bound } : {}),
    };
    this.emit({ type: 'turn_start', ...(userMessage ? { userMessage } : {}), createdAt: this.turn.startedAt });
    for (const m of this.parts.messages) if (m.role === 'assistant') this.reply(m);
    // A call no stored reply names (not expected) still shows, after the replies.
    for (const call of this.parts.calls) if (!this.started.has(call.id)) this.call(call);
    this.end();
    return this.events;
  }

  private stamped(body: EventBody): AgentEvent {
    return { ...body, sessionId: this.session.id, turnId: this.turn.id } as AgentEvent;
  }

  private emit(body: EventBody): void {
    this.events.push(this.stamped(body));
  }

  /** Stream events need an open turn: after a pause or a cut, the turn resumed (an answer, Retry). */
  private open(): void {
    if (this.state === 'open') return;
    this.emit({ type: 'turn_start', createdAt: this.turn.startedAt });
    this.state = 'open';
  }

  private cut(error: EventBody = cutEvent()): void {
    this.emit(error);
    if (this.stream.hasText) this.shownPartial = true;
    this.running.clear();
    this.cutHere = false;
    this.state = 'cut';
  }

  /** One model call's reply: its blocks as they streamed, then its tool calls in order. */
  private reply(m: ReadonlyMessage): void {
    if (this.cutHere) this.cut();
    this.open();
    for (const b of m.content) {
      if (b.type === 'text' && b.text.length > 0) this.emit({ type: 'text', delta: this.stream.text(b.text, true) });
      // Thinking is kept as signed; a key in it is redacted where it is shown.
      if (b.type === 'thinking' && b.thinking.length > 0) this.emit({ type: 'thinking', text: this.stream.thinking(redactSecrets(b.thinking), true, this.steps) });
    }
    for (const b of m.content) {
      const call = b.type === 'tool_use' ? this.session.toolCalls[b.id] : undefined;
      if (call && call.turnId === this.turn.id && !this.started.has(call.id)) this.call(call);
    }
    if (this.state === 'open' && this.running.size === 0 && this.stream.hasText) this.quietAt = this.events.length;
  }

  private call(call: ReadonlyToolCall): void {
    this.open();
    this.started.add(call.id);
    this.running.add(call.id);
    this.steps++;
    this.emit({ type: 'tool_start', id: call.id, tool: call.tool, displayText: call.displayText });
    const answered = call.interaction === undefined || this.ask(call);
    if (answered && (call.status === 'success' || call.status === 'error' || call.status === 'denied')) {
      this.running.delete(call.id);
      this.emit({
        type: 'tool_end',
        id: call.id,
        status: call.status === 'success' ? 'success' : 'error',
        ...(call.error !== undefined ? { error: call.error } : {}),
        ...(call.resultSummary !== undefined ? { resultSummary: call.resultSummary } : {}),
        ...(call.editId !== undefined ? { editId: call.editId } : {}),
      });
    } else if (call.status === 'interrupted') {
      // The turn ended while the call ran or its card waited (Stop, a crash, a new message instead of an answer).
      this.cutHere = true;
    }
  }

  /** The card, the pause, and the answer if one was given; false when none was. */
  private ask(call: ReadonlyToolCall): boolean {
    const interaction = call.interaction;
    if (!interaction) return true;
    const answer = this.turn.answers?.[call.id];
    if (interaction.kind === 'question') this.emit({ type: 'question', toolCallId: call.id, questions: interaction.questions as Extract<EventBody, { type: 'question' }>['questions'] });
    else this.emit({ type: 'confirmation', toolCallId: call.id, request: interaction.request });
    this.emit({ type: 'done', reason: 'awaiting_user' });
    this.state = 'paused';
    const given =
      interaction.kind === 'question'
        ? answer?.answers && { answers: answer.answers as NonNullable<Extract<EventBody, { type: 'answered' }>['answers']> }
        : answer?.approved !== undefined && { decision: { approved: answer.approved, ...(answer.feedback ? { feedback: answer.feedback } : {}) } };
    if (!given) return false;
    this.open();
    this.emit({ type: 'answered', toolCallId: call.id, ...given });
    return true;
  }

  /** What the turn spent (one figure for its calls: the reducer adds them up as the store does), then its end. */
  private end(): void {
    const t = this.turn;
    if (t.usage) this.emit({ type: 'usage', usage: t.usage, ...(t.model ? { model: t.model } : {}), ...(t.cost !== undefined ? { cost: t.cost } : {}) });
    if (t.status === 'error' || t.status === 'stopped') {
      this.cut(t.status === 'stopped' ? cutEvent() : { type: 'error', ...(t.error ?? unsaid()) });
      return;
    }
    if (this.cutHere) this.cut();
    if (t.status !== 'awaiting_user' || this.state !== 'paused') {
      this.open();
      if (t.status !== 'running') this.emit({ type: 'done', reason: t.status });
    }
    // A turn kept as cut short that went on (Retry) after a cut the session does not place (a
    // failure with nothing open: its partial reply, if any, says only what it streamed): the cut
    // goes where the turn was last quiet after some text, which shows the same as where it was.
    if (t.partial && !this.shownPartial && this.quietAt !== undefined) {
      this.events.splice(this.quietAt, 0, this.stamped(cutEvent()), this.stamped({ type: 'turn_start', createdAt: t.startedAt }));
    }
  }
}

/** Each turn's messages and tool calls, gathered in one pass (a long session has thousands). */
function partsByTurn(session: ReadonlySession): Map<string, { messages: ReadonlyMessage[]; calls: ReadonlyToolCall[] }> {
  const parts = new Map(session.turns.map((t) => [t.id, { messages: [] as ReadonlyMessage[], calls: [] as ReadonlyToolCall[] }]));
  for (const m of session.messages) parts.get(m.turnId)?.messages.push(m);
  for (const c of Object.values(session.toolCalls)) parts.get(c.turnId)?.calls.push(c);
  return parts;
}

/** The events of each turn of the session, in order: one list per turn. */
export function turnEvents(session: ReadonlySession): AgentEvent[][] {
  const parts = partsByTurn(session);
  return session.turns.map((turn) => new TurnReplay(session, turn, parts.get(turn.id) ?? { messages: [], calls: [] }).run());
}

/** The session as the events the loop emitted for it, turn after turn. */
export function sessionEvents(session: ReadonlySession): AgentEvent[] {
  return turnEvents(session).flat();
}

/** Where a stored turn's stream stands: a resumed turn's next block joins what it already shows. */
export function replayStream(session: ReadonlySession, turnId: string): TurnStream {
  const turn = session.turns.find((t) => t.id === turnId);
  if (!turn) return new TurnStream();
  const parts = {
    messages: session.messages.filter((m) => m.turnId === turnId),
    calls: Object.values(session.toolCalls).filter((c) => c.turnId === turnId),
  };
  const replay = new TurnReplay(session, turn, parts);
  replay.run();
  return replay.stream;
}

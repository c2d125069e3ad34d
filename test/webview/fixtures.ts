// Host messages for the preview harness, built the way the host builds them: sessions are the
// shared reducer applied to agent events, so the fixtures cannot drift from the real view model.
import { callCost } from '../../src/core/agent/cost';
import type { AgentEvent, ConfirmationRequest, ErrorCode, Usage } from '../../src/shared/events';
import type { HostMessage } from '../../src/shared/protocol';
import type { Question } from '../../src/shared/questions';
import type { BoundDocumentView, HostMeta, SessionSummary, SessionView } from '../../src/shared/view';
import { emptySessionView } from '../../src/shared/view';
import { applyAgentEvents } from '../../src/shared/viewReducer';

export const SESSION_ID = 'session-1';
const T0 = Date.UTC(2026, 1, 6, 9, 30);

export const META: HostMeta = {
  hasApiKey: true,
  demo: false,
  model: 'claude-sonnet-4-5',
  restricted: false,
  skills: [{ name: 'fill-blanks', description: 'Fill-in-the-blank exercises' }],
  notices: [],
};

export const SESSIONS: SessionSummary[] = [
  { id: SESSION_ID, title: 'French verbs, unit 3', createdAt: T0, updatedAt: T0 + 60_000, messageCount: 4, documentName: 'verbs.lesson.xml' },
  { id: 'session-0', title: 'Reading comprehension: The Fox', createdAt: T0 - 86_400_000, updatedAt: T0 - 80_000_000, messageCount: 12, documentName: 'fox.lesson.xml' },
  { id: 'session-x', title: 'Past tense drills', createdAt: T0 - 3 * 86_400_000, updatedAt: T0 - 3 * 86_400_000, messageCount: 2, awaitingUser: true },
];

/** Builds one turn's events; every event carries the session and turn ids. */
export class TurnEvents {
  readonly events: AgentEvent[] = [];
  constructor(
    readonly turnId: string,
    readonly sessionId = SESSION_ID,
  ) {}

  private add(e: Record<string, unknown>): this {
    this.events.push({ sessionId: this.sessionId, turnId: this.turnId, ...e } as AgentEvent);
    return this;
  }
  /** `bound`: the chat had no document and takes this one with the message. */
  start(text: string, at = T0, bound?: BoundDocumentView): this {
    return this.add({ type: 'turn_start', createdAt: at + 1, userMessage: { id: `u-${this.turnId}`, text, createdAt: at, ...(bound ? { bound } : {}) } });
  }
  resume(at = T0): this {
    return this.add({ type: 'turn_start', createdAt: at });
  }
  text(delta: string): this {
    return this.add({ type: 'text', delta });
  }
  /** A progress note (summarised thinking) delta. */
  thinking(text: string): this {
    return this.add({ type: 'thinking', text });
  }
  tool(id: string, tool: string, displayText: string): this {
    return this.add({ type: 'tool_start', id, tool, displayText });
  }
  toolEnd(id: string, status: 'success' | 'error' = 'success', extra: { error?: string; resultSummary?: string; editId?: string } = {}): this {
    return this.add({ type: 'tool_end', id, status, ...extra });
  }
  /** As the agent asks: the call's step, then the card. */
  question(toolCallId: string, questions: Question[]): this {
    const label = questions.length === 1 ? 'Asking you a question' : `Asking you ${questions.length} questions`;
    return this.tool(toolCallId, 'AskUserQuestion', label).add({ type: 'question', toolCallId, questions });
  }
  confirmation(toolCallId: string, request: ConfirmationRequest, displayText = 'Editing document'): this {
    return this.tool(toolCallId, request.tool, displayText).add({ type: 'confirmation', toolCallId, request });
  }
  /** As the agent records an answer, after resuming the turn: the card, then the call's step. */
  answered(toolCallId: string, answers: Array<string | string[] | null>): this {
    return this.add({ type: 'answered', toolCallId, answers }).toolEnd(toolCallId, 'success', { resultSummary: 'Answered' });
  }
  decided(toolCallId: string, approved: boolean, feedback?: string): this {
    this.add({ type: 'answered', toolCallId, decision: { approved, ...(feedback ? { feedback } : {}) } });
    return approved ? this.toolEnd(toolCallId) : this.toolEnd(toolCallId, 'error', { error: 'Denied by the user' });
  }
  /** One model call's usage, priced as the agent prices it (no cost for a model the table does not know). */
  usage(usage: Usage, model = META.model): this {
    const cost = callCost(usage, model);
    return this.add({ type: 'usage', usage, model, ...(cost !== undefined ? { cost } : {}) });
  }
  retrying(code: ErrorCode, attempt: number, delayMs: number): this {
    return this.add({ type: 'status', kind: 'retrying', code, attempt, delayMs });
  }
  waiting(waitedMs: number, limitMs: number): this {
    return this.add({ type: 'status', kind: 'waiting', waitedMs, limitMs });
  }
  done(reason: 'completed' | 'awaiting_user' = 'completed'): this {
    return this.add({ type: 'done', reason });
  }
  error(code: ErrorCode, message: string, retryable: boolean): this {
    return this.add({ type: 'error', code, message, retryable });
  }
}

export function sessionFrom(events: AgentEvent[], title = SESSIONS[0]?.title ?? 'Session'): SessionView {
  const base: SessionView = {
    ...emptySessionView(SESSION_ID, title),
    document: { uri: 'file:///workspace/verbs.lesson.xml', name: 'verbs.lesson.xml', kind: 'lesson' },
  };
  return applyAgentEvents(base, events, (w) => {
    throw new Error(`fixture produced a reducer warning: ${w}`);
  });
}

export function snapshot(session: SessionView, seq: number, meta: Partial<HostMeta> = {}, sessions = SESSIONS): HostMessage {
  return { type: 'snapshot', seq, session, sessions, meta: { ...META, ...meta } };
}

/** A typical editing reply's call: on Sonnet 4.5 about two cents ($0.0209). */
export const USAGE: Usage = { inputTokens: 1840, outputTokens: 520, cacheReadTokens: 10240, cacheCreationTokens: 1200 };

export const REPLY = [
  "I've added a fill-in-the-blank exercise with **five sentences** on regular *-er* verbs in the present tense.",
  '',
  '- Each blank has a hint with the infinitive',
  '- Alternative answers are accepted where French allows them',
  '',
  'Here is the first sentence as it now reads in the lesson:',
  '',
  '```xml',
  '<p>Nous <blank answer="parlons" hint="parler" student-answer="" /> français.</p>',
  '```',
  '',
  'Shall I add a second exercise on *-ir* verbs?',
].join('\n');

/** A finished turn with progress notes between its two steps, as a current model narrates it. */
export function narratedTurn(turnId = 't1', at = T0): TurnEvents {
  return new TurnEvents(turnId)
    .start('Add a fill-in-the-blank exercise about French verbs', at)
    .thinking('The lesson is about present-tense -er verbs at A2; I will check the fill-blanks rules before writing.')
    .tool(`${turnId}-c1`, 'load_skill', 'Checking the “Fill in the blanks” rules')
    .toolEnd(`${turnId}-c1`, 'success', { resultSummary: 'fill-blanks' })
    .thinking('Five sentences, one blank each, with the infinitive as the hint; the ids follow the lesson\'s pattern.')
    .tool(`${turnId}-c2`, 'edit_document', 'Editing document')
    .toolEnd(`${turnId}-c2`, 'success', { resultSummary: '+7 lines', editId: `${turnId}-e1` })
    .text(REPLY.split('\n')[0] ?? '')
    .usage(USAGE)
    .done();
}

/** A finished turn with two steps (load_skill, edit_document), text and usage. */
export function finishedTurn(turnId = 't1', at = T0): TurnEvents {
  return new TurnEvents(turnId)
    .start('Add a fill-in-the-blank exercise about French verbs', at)
    .tool(`${turnId}-c1`, 'load_skill', 'Checking the “Fill in the blanks” rules')
    .toolEnd(`${turnId}-c1`, 'success', { resultSummary: 'read the Fill in the blanks guide (built in)' })
    .tool(`${turnId}-c2`, 'edit_document', 'Editing document')
    .toolEnd(`${turnId}-c2`, 'success', { resultSummary: 'added an exercise', editId: `${turnId}-e1` })
    .text(REPLY)
    .usage(USAGE)
    .done();
}

export const THREE_QUESTIONS: Question[] = [
  {
    header: 'Exercise',
    question: 'Which kind of exercise should I add?',
    options: [
      { label: 'Fill in the blanks', description: 'Sentences with a missing word' },
      { label: 'Multiple choice', description: 'Four options, one correct' },
      { label: 'True or false', description: 'Statements to judge' },
    ],
    multiSelect: false,
    context: 'The lesson has no exercise yet.',
  },
  {
    header: 'Skills',
    question: 'Which skills should it practise?',
    options: [
      { label: 'Vocabulary', description: 'Words from the lesson' },
      { label: 'Grammar', description: 'Present tense of -er verbs' },
      { label: 'Spelling', description: 'Accents and silent letters' },
    ],
    multiSelect: true,
  },
  {
    header: 'Topic',
    question: 'What topic should the sentences be about?',
    options: [],
    multiSelect: false,
    inputType: 'text',
    placeholder: 'e.g. a day at school',
  },
];

export const CONFIRMATION: ConfirmationRequest = {
  tool: 'edit_document',
  title: 'Remove most of the lesson?',
  summary: 'The edit removes 42 of 57 lines, including the reading text and two exercises.',
  reason: 'Edits that remove more than half of a document need your approval.',
  details: 'Removes 2 exercises, a heading and 3 paragraphs.',
  hasDiff: true,
};

/** A long session: `turns` finished turns (two items each), for the open-time figure. */
export function bigSession(turns: number): SessionView {
  const events: AgentEvent[] = [];
  for (let i = 0; i < turns; i++) {
    const t = new TurnEvents(`big-${i}`)
      .start(`Question number ${i}: can you explain point ${i} of the lesson?`, T0 + i * 1000)
      .text(`Answer ${i}. Point ${i} is about **agreement** of the past participle.\n\n- first, the auxiliary\n- then, the object's position\n\nThat is all for point ${i}.`);
    if (i % 5 === 0) t.tool(`big-${i}-c`, 'load_skill', 'Checking grammar rules').toolEnd(`big-${i}-c`);
    events.push(...t.usage(USAGE).done().events);
  }
  return sessionFrom(events, 'A long session');
}

import * as assert from 'node:assert/strict';
import type { AgentEvent } from '../../../src/shared/events';
import type { Question } from '../../../src/shared/questions';
import type { AssistantItem, SessionView } from '../../../src/shared/view';
import { emptySessionView } from '../../../src/shared/view';
import { applyAgentEvent, applyAgentEvents, pendingCard, reduceAgentEvent } from '../../../src/shared/viewReducer';

const S = 's1';
const T = 't1';
const base = { sessionId: S, turnId: T };

function start(turnId = T, text = 'hello'): AgentEvent {
  return { sessionId: S, turnId, type: 'turn_start', createdAt: 10, userMessage: { id: `u-${turnId}`, text, createdAt: 9 } };
}
const text = (delta: string, turnId = T): AgentEvent => ({ sessionId: S, turnId, type: 'text', delta });
const done = (reason: 'completed' | 'awaiting_user' = 'completed'): AgentEvent => ({ ...base, type: 'done', reason });

const question: Question = {
  header: 'Level',
  question: 'Which level?',
  options: [
    { label: 'A1', description: 'Beginner' },
    { label: 'B1', description: 'Intermediate' },
  ],
  multiSelect: false,
};

function run(events: AgentEvent[], view: SessionView = emptySessionView(S)): { view: SessionView; warnings: string[] } {
  const warnings: string[] = [];
  const next = applyAgentEvents(view, events, (w) => warnings.push(w));
  return { view: next, warnings };
}

function assistant(view: SessionView, turnId = T): AssistantItem {
  const item = view.items.find((i) => i.kind === 'assistant' && i.id === turnId);
  assert.ok(item && item.kind === 'assistant', `no assistant item ${turnId}`);
  return item;
}

function expectIgnored(view: SessionView, event: AgentEvent, pattern: RegExp): void {
  const result = reduceAgentEvent(view, event);
  assert.equal(result.view, view, 'an ignored event returns the same view object');
  assert.match(result.warning ?? '', pattern);
}

describe('viewReducer', () => {
  describe('status (retrying)', () => {
    it('withdraws the failed attempt\'s text, keeping what came before it', () => {
      const retry: AgentEvent = { ...base, type: 'status', kind: 'retrying', code: 'overloaded', attempt: 1, delayMs: 10, discard: '\n\nBroken at'.length };
      const { view, warnings } = run([start(), text('Before. '), text('\n\nBroken at'), retry, text('\n\nWhole answer.')]);
      assert.deepEqual(warnings, []);
      assert.equal(assistant(view).text, 'Before. \n\nWhole answer.');
      assert.equal(assistant(view).retrying?.attempt, 1);
    });
  });

  describe('turn_start', () => {
    it('adds the user message and a streaming assistant item, and marks the view busy', () => {
      const { view, warnings } = run([start()]);
      assert.deepEqual(warnings, []);
      assert.equal(view.busy, true);
      assert.deepEqual(view.items[0], { kind: 'user', id: 'u-t1', text: 'hello', createdAt: 9 });
      const a = assistant(view);
      assert.equal(a.status, 'streaming');
      assert.equal(a.text, '');
      assert.equal(a.createdAt, 10);
    });

    it('names a new session after its first message, and never renames it after that', () => {
      const first = run([start(T, 'Add a fill-in-the-blank exercise about French verbs')]).view;
      assert.equal(first.title, 'Add a fill-in-the-blank exercise about French verbs');
      const second = run([done(), start('t2', 'And another one')], first).view;
      assert.equal(second.title, 'Add a fill-in-the-blank exercise about French verbs');
      const renamed = run([start(T, 'hello')], { ...emptySessionView(S), title: 'My unit 3' }).view;
      assert.equal(renamed.title, 'My unit 3', 'a title the user chose stays');
    });

    it('keeps the attached context label of the user message', () => {
      const ev: AgentEvent = { ...base, type: 'turn_start', createdAt: 1, userMessage: { id: 'u', text: 'x', context: 'Selection, lines 4-9', createdAt: 1 } };
      const { view } = run([ev]);
      assert.equal(view.items[0]?.kind === 'user' && view.items[0].context, 'Selection, lines 4-9');
    });

    it('resumes an awaiting turn in the same assistant item, keeping text and steps', () => {
      const q: AgentEvent = { ...base, type: 'question', toolCallId: 'q1', questions: [question] };
      const { view: waiting } = run([start(), text('Let me ask. '), q, done('awaiting_user')]);
      assert.equal(waiting.busy, false);
      const answered: AgentEvent = { ...base, type: 'answered', toolCallId: 'q1', answers: ['A1'] };
      const resume: AgentEvent = { ...base, type: 'turn_start', createdAt: 20 };
      const { view, warnings } = run([answered, resume, text('Done.'), done()], waiting);
      assert.deepEqual(warnings, []);
      assert.equal(view.items.length, 2, 'no new items on resume');
      assert.equal(assistant(view).text, 'Let me ask. Done.');
      assert.equal(assistant(view).status, 'done');
    });

    it("follows the agent's resume order: turn_start, answered, then the question call's tool_end", () => {
      const ask: AgentEvent[] = [
        { ...base, type: 'tool_start', id: 'q1', tool: 'AskUserQuestion', displayText: 'Asking you a question' },
        { ...base, type: 'question', toolCallId: 'q1', questions: [question] },
      ];
      const { view: waiting } = run([start(), ...ask, done('awaiting_user')]);
      assert.equal(assistant(waiting).steps[0]?.status, 'running', 'the question call waits with its card');
      const { view, warnings } = run(
        [
          { ...base, type: 'turn_start', createdAt: 20 },
          { ...base, type: 'answered', toolCallId: 'q1', answers: ['B1'] },
          { ...base, type: 'tool_end', id: 'q1', status: 'success', resultSummary: 'Answered' },
          done(),
        ],
        waiting,
      );
      assert.deepEqual(warnings, []);
      assert.equal(assistant(view).questions[0]?.status, 'answered');
      assert.equal(assistant(view).steps[0]?.status, 'success');
    });

    it('clears the error and retrying marks when a failed turn is retried', () => {
      const err: AgentEvent = { ...base, type: 'error', code: 'network', message: 'offline', retryable: true };
      const { view: failed } = run([start(), text('part'), err]);
      const { view } = run([{ ...base, type: 'turn_start', createdAt: 30 }], failed);
      const a = assistant(view);
      assert.equal(a.status, 'streaming');
      assert.equal(a.error, undefined);
      assert.equal(view.busy, true);
    });

    it('creates an assistant item for a resumed turn it has never seen', () => {
      const { view, warnings } = run([{ ...base, type: 'turn_start', createdAt: 5 }]);
      assert.deepEqual(warnings, []);
      assert.equal(view.items.length, 1);
      assert.equal(assistant(view).status, 'streaming');
    });

    it('ignores a duplicate turn_start', () => {
      const { view } = run([start()]);
      expectIgnored(view, start(), /already exists/);
      expectIgnored(view, { ...base, type: 'turn_start', createdAt: 1 }, /already streaming/);
    });
  });

  describe('text', () => {
    it('appends deltas in order', () => {
      const { view } = run([start(), text('Hel'), text('lo'), text(' world')]);
      assert.equal(assistant(view).text, 'Hello world');
    });

    it('ignores text for an unknown turn, a closed turn, or another session', () => {
      const { view } = run([start(), text('a'), done()]);
      expectIgnored(view, text('late'), /the turn is done/);
      expectIgnored(view, text('x', 'nope'), /unknown turn/);
      expectIgnored(view, { ...base, sessionId: 'other', type: 'text', delta: 'x' }, /session other/);
    });
  });

  describe('steps', () => {
    it('adds a running step on tool_start and closes it with success on tool_end', () => {
      const { view, warnings } = run([
        start(),
        { ...base, type: 'tool_start', id: 'c1', tool: 'load_skill', displayText: 'Checking the “Fill in the blanks” rules' },
        { ...base, type: 'tool_end', id: 'c1', status: 'success', resultSummary: 'loaded' },
        { ...base, type: 'tool_start', id: 'c2', tool: 'edit_document', displayText: 'Editing document' },
      ]);
      assert.deepEqual(warnings, []);
      const steps = assistant(view).steps;
      assert.deepEqual(steps[0], { id: 'c1', tool: 'load_skill', displayText: 'Checking the “Fill in the blanks” rules', status: 'success', resultSummary: 'loaded' });
      assert.equal(steps[1]?.status, 'running');
    });

    it('records a tool error and the edit id of an applied edit', () => {
      const { view } = run([
        start(),
        { ...base, type: 'tool_start', id: 'c1', tool: 'edit_document', displayText: 'Editing document' },
        { ...base, type: 'tool_end', id: 'c1', status: 'error', error: 'XML invalid at 3:4' },
        { ...base, type: 'tool_start', id: 'c2', tool: 'edit_document', displayText: 'Editing document' },
        { ...base, type: 'tool_end', id: 'c2', status: 'success', editId: 'e1' },
      ]);
      const [first, second] = assistant(view).steps;
      assert.equal(first?.status, 'error');
      assert.equal(first?.error, 'XML invalid at 3:4');
      assert.equal(second?.editId, 'e1');
    });

    it('ignores a duplicate tool_start, an unknown tool_end and a second tool_end', () => {
      const { view } = run([
        start(),
        { ...base, type: 'tool_start', id: 'c1', tool: 't', displayText: 'T' },
        { ...base, type: 'tool_end', id: 'c1', status: 'success' },
      ]);
      expectIgnored(view, { ...base, type: 'tool_start', id: 'c1', tool: 't', displayText: 'T' }, /already started/);
      expectIgnored(view, { ...base, type: 'tool_end', id: 'zz', status: 'success' }, /unknown step/);
      expectIgnored(view, { ...base, type: 'tool_end', id: 'c1', status: 'error' }, /already ended/);
    });
  });

  describe('question cards', () => {
    const ask: AgentEvent = { ...base, type: 'question', toolCallId: 'q1', questions: [question] };

    it('shows a pending card, and the turn waits after done(awaiting_user)', () => {
      const { view } = run([start(), ask, done('awaiting_user')]);
      const a = assistant(view);
      assert.equal(a.status, 'awaiting');
      assert.equal(a.questions[0]?.status, 'pending');
      assert.deepEqual(pendingCard(view), { kind: 'question', toolCallId: 'q1' });
      assert.equal(view.busy, false);
    });

    it('becomes answered with the answers (a skipped question is null)', () => {
      const { view } = run([start(), ask, done('awaiting_user'), { ...base, type: 'answered', toolCallId: 'q1', answers: [null] }]);
      const card = assistant(view).questions[0];
      assert.equal(card?.status, 'answered');
      assert.deepEqual(card?.answers, [null]);
      assert.equal(pendingCard(view), undefined);
    });

    it('becomes interrupted when the turn fails or is stopped', () => {
      const stop: AgentEvent = { ...base, type: 'error', code: 'cancelled', message: 'Stopped', retryable: false };
      const { view } = run([start(), ask, stop]);
      assert.equal(assistant(view).questions[0]?.status, 'interrupted');
      assert.equal(assistant(view).status, 'stopped');
    });

    it('ignores a second answer, an answer without answers, and a duplicate card', () => {
      const { view: waiting } = run([start(), ask, done('awaiting_user')]);
      expectIgnored(waiting, { ...base, type: 'answered', toolCallId: 'q1' }, /needs answers/);
      expectIgnored(waiting, { ...base, type: 'answered', toolCallId: 'nope', answers: [] }, /unknown card/);
      const { view } = run([{ ...base, type: 'answered', toolCallId: 'q1', answers: ['A1'] }], waiting);
      expectIgnored(view, { ...base, type: 'answered', toolCallId: 'q1', answers: ['B1'] }, /already answered/);
      const { view: streaming } = run([start(), ask]);
      expectIgnored(streaming, ask, /already shown/);
    });
  });

  describe('confirmation cards', () => {
    const confirm: AgentEvent = {
      ...base,
      type: 'confirmation',
      toolCallId: 'k1',
      request: { tool: 'edit_document', title: 'Remove most of the lesson?', summary: 'Removes 40 lines', hasDiff: true },
    };

    it('shows a pending card', () => {
      const { view } = run([start(), confirm, done('awaiting_user')]);
      assert.equal(assistant(view).confirmations[0]?.status, 'pending');
      assert.deepEqual(pendingCard(view), { kind: 'confirmation', toolCallId: 'k1' });
    });

    it('becomes approved', () => {
      const { view } = run([start(), confirm, done('awaiting_user'), { ...base, type: 'answered', toolCallId: 'k1', decision: { approved: true } }]);
      const card = assistant(view).confirmations[0];
      assert.equal(card?.status, 'approved');
      assert.equal(card?.feedback, undefined);
    });

    it('becomes denied with the feedback', () => {
      const { view } = run([
        start(),
        confirm,
        done('awaiting_user'),
        { ...base, type: 'answered', toolCallId: 'k1', decision: { approved: false, feedback: 'Keep section 2' } },
      ]);
      const card = assistant(view).confirmations[0];
      assert.equal(card?.status, 'denied');
      assert.equal(card?.feedback, 'Keep section 2');
    });

    it('records where in the text each card was asked, so it stays there when more text follows', () => {
      const resume: AgentEvent = { ...base, type: 'turn_start', createdAt: 11 };
      const { view } = run([
        start(),
        text('Before the card.'),
        { ...base, type: 'tool_start', id: 'k1', tool: 'edit_document', displayText: 'Editing document' },
        confirm,
        done('awaiting_user'),
        resume,
        { ...base, type: 'answered', toolCallId: 'k1', decision: { approved: true } },
        { ...base, type: 'tool_end', id: 'k1', status: 'success' },
        text('\n\nAfter the card.'),
        { ...base, type: 'question', toolCallId: 'q2', questions: [question] },
      ]);
      const a = assistant(view);
      assert.equal(a.confirmations[0]?.atText, 'Before the card.'.length);
      assert.equal(a.questions[0]?.atText, a.text.length, 'a card asked after more text sits after it');
      assert.equal(a.text.slice(0, a.confirmations[0]?.atText), 'Before the card.');
    });

    it('shows a denied call as declined, not as a failed step', () => {
      const resume: AgentEvent = { ...base, type: 'turn_start', createdAt: 11 };
      const { view } = run([
        start(),
        { ...base, type: 'tool_start', id: 'k1', tool: 'edit_document', displayText: 'Editing document' },
        confirm,
        done('awaiting_user'),
        resume,
        { ...base, type: 'answered', toolCallId: 'k1', decision: { approved: false } },
        { ...base, type: 'tool_end', id: 'k1', status: 'error', error: 'Denied by the user' },
        { ...base, type: 'tool_start', id: 'c2', tool: 'edit_text', displayText: 'Editing document' },
        { ...base, type: 'tool_end', id: 'c2', status: 'error', error: 'Find text did not match exactly once' },
      ]);
      const [declined, failed] = assistant(view).steps;
      assert.deepEqual(declined, { id: 'k1', tool: 'edit_document', displayText: 'Editing document', status: 'declined' });
      assert.equal(failed?.status, 'error', 'a real failure is still a failure');
      assert.equal(failed?.error, 'Find text did not match exactly once');
    });

    it('becomes interrupted on an error, and ignores a decision-less answer', () => {
      const { view: waiting } = run([start(), confirm, done('awaiting_user')]);
      expectIgnored(waiting, { ...base, type: 'answered', toolCallId: 'k1', answers: ['x'] }, /needs a decision/);
      const { view } = run([{ ...base, type: 'error', code: 'session', message: 'reset', retryable: false }], waiting);
      assert.equal(assistant(view).confirmations[0]?.status, 'interrupted');
      expectIgnored(view, { ...base, type: 'answered', toolCallId: 'k1', decision: { approved: true } }, /already interrupted/);
    });
  });

  describe('usage and status', () => {
    it('sums usage over the model calls of a turn and keeps the model', () => {
      const u = { inputTokens: 100, outputTokens: 20, cacheReadTokens: 80, cacheCreationTokens: 5 };
      const { view } = run([start(), { ...base, type: 'usage', usage: u, model: 'claude-x' }, { ...base, type: 'usage', usage: u }, done()]);
      const a = assistant(view);
      assert.deepEqual(a.usage, { inputTokens: 200, outputTokens: 40, cacheReadTokens: 160, cacheCreationTokens: 10 });
      assert.equal(a.model, 'claude-x');
    });

    it('sums the cost of a reply\'s calls, each priced by its own model, and has none once a call had no price', () => {
      const u = { inputTokens: 100, outputTokens: 20, cacheReadTokens: 80, cacheCreationTokens: 5 };
      const priced = run([start(), { ...base, type: 'usage', usage: u, model: 'claude-opus-5-5', cost: 0.01 }, { ...base, type: 'usage', usage: u, model: 'claude-haiku-5-5', cost: 0.0005 }, done()]);
      assert.ok(Math.abs((assistant(priced.view).cost ?? 0) - 0.0105) < 1e-12);
      assert.equal(assistant(priced.view).model, 'claude-haiku-5-5', 'the model that answered last');
      const mixed = run([start(), { ...base, type: 'usage', usage: u, model: 'claude-opus-5-5', cost: 0.01 }, { ...base, type: 'usage', usage: u, model: 'my-alias' }, done()]);
      assert.equal(assistant(mixed.view).cost, undefined, 'a reply with an unpriced call shows tokens only');
      assert.deepEqual(assistant(mixed.view).usage, { inputTokens: 200, outputTokens: 40, cacheReadTokens: 160, cacheCreationTokens: 10 });
      const unknownFirst = run([start(), { ...base, type: 'usage', usage: u, model: 'my-alias' }, { ...base, type: 'usage', usage: u, model: 'claude-opus-5-5', cost: 0.01 }, done()]);
      assert.equal(assistant(unknownFirst.view).cost, undefined);
    });

    it('accepts usage after done (the host may report it last)', () => {
      const u = { inputTokens: 1, outputTokens: 2, cacheReadTokens: 0, cacheCreationTokens: 0 };
      const { view, warnings } = run([start(), done(), { ...base, type: 'usage', usage: u }]);
      assert.deepEqual(warnings, []);
      assert.deepEqual(assistant(view).usage, u);
    });

    it('shows a retry in progress and clears it when the turn ends', () => {
      const retry: AgentEvent = { ...base, type: 'status', kind: 'retrying', code: 'rate_limit', attempt: 1, delayMs: 2000 };
      const { view: retrying } = run([start(), retry]);
      assert.deepEqual(assistant(retrying).retrying, { code: 'rate_limit', attempt: 1, delayMs: 2000 });
      const { view } = run([text('ok'), done()], retrying);
      assert.equal(assistant(view).retrying, undefined);
      expectIgnored(view, retry, /the turn is done/);
    });
  });

  describe('done and error', () => {
    it('done closes the turn and clears busy', () => {
      const { view } = run([start(), text('hi'), done()]);
      assert.equal(assistant(view).status, 'done');
      assert.equal(view.busy, false);
      expectIgnored(view, done(), /the turn is done/);
    });

    it('error keeps partial text, marks it partial, fails running steps and records the error', () => {
      const { view } = run([
        start(),
        { ...base, type: 'tool_start', id: 'c1', tool: 'load_skill', displayText: 'Checking' },
        text('Half an ans'),
        { ...base, type: 'error', code: 'overloaded', message: 'Overloaded', retryable: true },
      ]);
      const a = assistant(view);
      assert.equal(a.status, 'error');
      assert.equal(a.text, 'Half an ans');
      assert.equal(a.partial, true);
      assert.deepEqual(a.error, { code: 'overloaded', message: 'Overloaded', retryable: true });
      assert.equal(a.steps[0]?.status, 'error');
      assert.equal(view.busy, false);
    });

    it('an error with no text is not partial; cancelled means stopped without an error', () => {
      const { view: failed } = run([start(), { ...base, type: 'error', code: 'no_api_key', message: 'No key', retryable: false }]);
      assert.equal(assistant(failed).partial, undefined);
      assert.equal(assistant(failed).error?.code, 'no_api_key');
      const { view: stopped } = run([start(), text('a'), { ...base, type: 'error', code: 'cancelled', message: 'Stopped', retryable: false }]);
      assert.equal(assistant(stopped).status, 'stopped');
      assert.equal(assistant(stopped).error, undefined);
      assert.equal(assistant(stopped).partial, true);
    });

    it('ignores a second error on a closed turn', () => {
      const { view } = run([start(), done()]);
      expectIgnored(view, { ...base, type: 'error', code: 'network', message: 'x', retryable: true }, /the turn is done/);
    });
  });

  it('never throws on an unknown event type, and returns the same view', () => {
    const view = emptySessionView(S);
    const bogus = { ...base, type: 'telepathy' } as unknown as AgentEvent;
    const result = reduceAgentEvent(view, bogus);
    assert.equal(result.view, view);
    assert.match(result.warning ?? '', /unknown event type telepathy/);
  });

  it('does not mutate its input', () => {
    const { view } = run([start(), text('a')]);
    const frozen = structuredClone(view);
    applyAgentEvent(view, text('b'));
    applyAgentEvent(view, done());
    assert.deepEqual(view, frozen);
  });

  it('keeps turns apart: events for an older turn do not touch the newer one', () => {
    const { view, warnings } = run([start('t1'), text('one', 't1'), { sessionId: S, turnId: 't1', type: 'done', reason: 'completed' }, start('t2'), text('two', 't2'), text('late', 't1')]);
    assert.equal(warnings.length, 1);
    assert.equal(assistant(view, 't1').text, 'one');
    assert.equal(assistant(view, 't2').text, 'two');
  });
});

describe('view reducer: progress notes', () => {
  const note = (t: string): AgentEvent => ({ ...base, type: 'thinking', text: t });
  const toolStart = (id: string): AgentEvent => ({ ...base, type: 'tool_start', id, tool: 'load_skill', displayText: 'Checking the “Fill in the blanks” rules' });

  it('places notes after the steps started before them, joins deltas of one note, and never adds them to the answer', () => {
    const { view, warnings } = run([start(), note('Let me'), note(' check.'), toolStart('a'), note('Now the edit.'), note('\n\nCareful with ids.'), text('Done.')]);
    assert.deepEqual(warnings, []);
    const item = assistant(view);
    assert.deepEqual(item.narration, [
      { afterStep: 0, text: 'Let me check.' },
      { afterStep: 1, text: 'Now the edit.\n\nCareful with ids.' },
    ]);
    assert.equal(item.text, 'Done.');
  });

  it('withdraws a retried attempt\'s notes, dropping a note that empties', () => {
    const retry = (discardThinking: number): AgentEvent => ({ ...base, type: 'status', kind: 'retrying', code: 'overloaded', attempt: 1, delayMs: 10, discardThinking });
    const { view } = run([start(), note('Kept.'), toolStart('a'), note('Lost'), retry(4)]);
    assert.deepEqual(assistant(view).narration, [{ afterStep: 0, text: 'Kept.' }]);
    const again = run([start(), note('Only.'), retry(5)]);
    assert.equal(assistant(again.view).narration, undefined, 'no empty narration left behind');
  });

  it('ignores notes for a turn that has ended', () => {
    const { view } = run([start(), done()]);
    expectIgnored(view, note('late'), /the turn is done/);
  });
});

// A turn looks the same live and reloaded: the view the panel folds from the events as they stream
// equals the view of the session the turn saved, replayed as events (sessions/replay.ts) and folded
// by the same reducer. One test per kind of turn the panel shows differently; the live view is kept
// across the requests of a test, as a panel that is never reloaded keeps it.
import * as assert from 'node:assert/strict';
import * as z from 'zod';
import type { TurnRequest } from '../../../../src/core/agent/agent';
import { sessionEvents } from '../../../../src/core/sessions/replay';
import { sessionToView } from '../../../../src/core/sessions/view';
import { editTextTool } from '../../../../src/core/tools/editText';
import type { ToolDefinition } from '../../../../src/core/tools/types';
import type { AgentEvent } from '../../../../src/shared/events';
import { emptySessionView, type AssistantItem, type SessionView } from '../../../../src/shared/view';
import { applyAgentEvent, applyAgentEvents } from '../../../../src/shared/viewReducer';
import type { ScenarioInput } from '../../../fake/scenario';
import { echoTool, MemoryDocument, useHarnesses, type Harness, type HarnessOptions } from '../agent/harness';

type Step = NonNullable<ScenarioInput['steps']>[number];
type Request = TurnRequest extends infer R ? (R extends TurnRequest ? Omit<R, 'sessionId'> : never) : never;

const SONNET = 'claude-sonnet-5-5';
const text = (t: string) => ({ type: 'text' as const, text: t });
const thought = (t: string) => ({ type: 'thinking' as const, thinking: t });
const lookup = (query: string) => ({ type: 'tool_use' as const, name: 'lookup', input: { query } });
const questions = [{ header: 'Level', question: 'What level are your students?', multiSelect: false, options: [{ label: 'A2', description: 'Elementary' }, { label: 'B1', description: 'Intermediate' }] }];
const ask = { type: 'tool_use' as const, id: 'toolu_ask', name: 'AskUserQuestion', input: { questions } };

/** A tool that asks before it acts (as create_document does). */
function createThing(): ToolDefinition<{ path: string }> {
  return {
    name: 'create_thing',
    description: 'Creates a thing.',
    inputSchema: z.object({ path: z.string() }),
    displayText: (i) => `Creating ${i.path}`,
    genericText: () => 'Creating a file',
    needsConfirmation: (input) => Promise.resolve({ request: { tool: 'create_thing', title: `Create ${input.path}?`, summary: 'A new file.', hasDiff: false } }),
    run: (input) => Promise.resolve({ content: `Created ${input.path}`, summary: 'created' }),
  };
}

/** The panel as the teacher watches it: every event folded as it arrives, never reloaded. */
class LivePanel {
  view: SessionView;
  private readonly warnings: string[] = [];

  private constructor(
    private readonly h: Harness,
    readonly id: string,
    start: SessionView,
  ) {
    this.view = start;
  }

  static async open(h: Harness): Promise<LivePanel> {
    const id = await h.newSession();
    return new LivePanel(h, id, sessionToView(await h.session(id)));
  }

  /** A panel opened on a saved session (after a reload or a crash): it starts from the replay. */
  static async reopen(h: Harness, id: string): Promise<LivePanel> {
    return new LivePanel(h, id, sessionToView(await h.agent.openSession(id)));
  }

  /** Runs a request as the panel would, then reloads the saved session and compares. */
  async send(request: Request, signal?: AbortSignal, onEvent?: (e: AgentEvent) => void): Promise<AssistantItem> {
    await this.h.agent.run({ ...request, sessionId: this.id } as TurnRequest, (e) => {
      this.view = applyAgentEvent(this.view, e, (w) => this.warnings.push(w));
      onEvent?.(e);
    }, signal);
    assert.deepEqual(this.warnings, [], 'the live panel took every event');
    const saved = await this.h.session(this.id);
    assert.deepEqual(sessionToView(saved), this.view, 'reloaded, the panel shows what it showed live');
    // Turn by turn (as sessionToView folds) or as one stream, the replay folds to the same items.
    const replayWarnings: string[] = [];
    const whole = applyAgentEvents(emptySessionView(saved.id, saved.title), sessionEvents(saved), (w) => replayWarnings.push(w));
    assert.deepEqual(replayWarnings, [], 'the reducer takes every replayed event');
    assert.deepEqual({ items: whole.items, busy: whole.busy }, { items: this.view.items, busy: this.view.busy });
    const last = this.view.items.at(-1);
    assert.ok(last?.kind === 'assistant');
    return last;
  }
}

describe('a turn reloaded looks as it did live (the stored session replayed as events)', () => {
  const startHarness = useHarnesses();
  const panel = async (steps: Step[], options: Partial<HarnessOptions> = {}): Promise<LivePanel> =>
    LivePanel.open(await startHarness({ scenario: { steps }, settings: { model: SONNET, ...options.settings }, ...options }));

  it('text only: notes, and two text blocks joined by a blank line', async () => {
    const p = await panel([{ blocks: [thought('A greeting is enough.'), text('Hello!'), thought('And what I can do.'), text('I can add exercises to your lesson.')] }]);
    const item = await p.send({ kind: 'message', text: 'hello' });
    assert.equal(item.text, 'Hello!\n\nI can add exercises to your lesson.');
    assert.equal(item.status, 'done');
  });

  it('tool steps with an edit: notes between the steps, the edit on its step, the answer after', async () => {
    const document = new MemoryDocument('# Weather words\n\n- sunny\n- rainy\n', 'weather.md', 'text');
    const edit = { type: 'tool_use' as const, name: 'edit_text', input: { edits: [{ find: '- rainy\n', replace: '- rainy\n- windy\n' }], summary: 'Windy added' } };
    const p = await panel(
      [
        { blocks: [thought('First the words there are.'), text('Let me look.'), lookup('weather')] },
        { blocks: [thought('Now one more word.'), thought('At the end of the list.'), edit] },
        { blocks: [text('I added “windy” to the list.')] },
      ],
      { tools: [echoTool(), editTextTool], document },
    );
    const item = await p.send({ kind: 'message', text: 'Add a weather word' });
    assert.deepEqual(item.steps.map((s) => [s.tool, s.status, s.editId !== undefined]), [['lookup', 'success', false], ['edit_text', 'success', true]]);
    assert.deepEqual(item.narration?.map((n) => n.afterStep), [0, 1]);
    assert.ok(document.text.includes('- windy'));
  });

  it('a pending question, then answered: the card where it was asked, answered', async () => {
    const p = await panel([{ blocks: [text('One question first.'), ask] }, { blocks: [text('B1 it is.')] }]);
    const paused = await p.send({ kind: 'message', text: 'Add an exercise' });
    assert.equal(paused.status, 'awaiting');
    assert.deepEqual(paused.questions.map((q) => [q.status, q.atText]), [['pending', 'One question first.'.length]]);
    const answered = await p.send({ kind: 'answer', toolCallId: 'toolu_ask', answers: ['B1'] });
    assert.deepEqual(answered.questions.map((q) => q.status), ['answered']);
    assert.equal(answered.text, 'One question first.\n\nB1 it is.');
  });

  it('a question left for a new message: the card interrupted, the turn stopped', async () => {
    const p = await panel([{ blocks: [text('One question first.'), ask] }, { blocks: [text('Something else, then.')] }]);
    await p.send({ kind: 'message', text: 'Add an exercise' });
    await p.send({ kind: 'message', text: 'Never mind' });
    const first = p.view.items[1];
    assert.ok(first?.kind === 'assistant');
    assert.deepEqual([first.status, first.questions[0]?.status, first.steps[0]?.error], ['stopped', 'interrupted', 'Interrupted']);
  });

  it('a stopped turn: the text so far, marked cut short', async () => {
    const p = await panel([{ blocks: [text('A long answer that the teacher will stop before it ends.')], chunk: 2, delayMs: 15 }]);
    const abort = new AbortController();
    let texts = 0;
    const item = await p.send({ kind: 'message', text: 'hi' }, abort.signal, (e) => {
      if (e.type === 'text' && ++texts === 3) abort.abort();
    });
    assert.deepEqual([item.status, item.partial], ['stopped', true]);
  });

  it('an error mid-stream, then Retry: the partial text kept, the retried answer after it', async () => {
    const p = await panel([{ blocks: [text('Half a reply that '.repeat(4))], fault: { kind: 'error_event', afterEvents: 4, errorType: 'overloaded_error', message: 'Overloaded' } }, { blocks: [text('The whole reply.')] }], {
      settings: { loopRetries: 0 },
    });
    const failed = await p.send({ kind: 'message', text: 'hi' });
    assert.deepEqual([failed.status, failed.partial, failed.error?.code], ['error', true, 'overloaded']);
    const retried = await p.send({ kind: 'retry' });
    assert.deepEqual([retried.status, retried.partial], ['done', true]);
  });

  it('an error between two model calls, then Retry: shown cut short though no partial reply was kept', async () => {
    const p = await panel([{ blocks: [text('Let me look.'), lookup('verbs')] }, { fault: { kind: 'http', status: 400, errorType: 'invalid_request_error', message: 'Bad request' } }, { blocks: [text('Found them.')] }], {
      tools: [echoTool()],
    });
    const failed = await p.send({ kind: 'message', text: 'Find the verbs' });
    assert.deepEqual([failed.status, failed.partial, failed.error?.code], ['error', true, 'invalid_request']);
    const retried = await p.send({ kind: 'retry' });
    assert.deepEqual([retried.status, retried.partial, retried.text], ['done', true, 'Let me look.\n\nFound them.']);
  });

  it('a call a crash left running, then Retry: its step stays interrupted, the turn cut short', async () => {
    const h = await startHarness({ scenario: { steps: [{ blocks: [text('Found it.')] }] }, tools: [echoTool()], settings: { model: SONNET } });
    const id = await h.newSession();
    const crashed = await h.session(id);
    crashed.messages.push(
      { id: 'u1', role: 'user', content: [text('look it up')], createdAt: 1, turnId: 't1' },
      { id: 'a1', role: 'assistant', content: [text('Let me look.'), { type: 'tool_use', id: 'toolu_lost', name: 'lookup', input: { query: 'x' } }], createdAt: 2, turnId: 't1' },
    );
    crashed.toolCalls.toolu_lost = { id: 'toolu_lost', tool: 'lookup', displayText: 'Looking up x', status: 'running', turnId: 't1', startedAt: 2 };
    crashed.turns.push({ id: 't1', startedAt: 1, status: 'running', steps: 1 });
    await h.store.save(crashed);
    const p = await LivePanel.reopen(h, id);
    const retried = await p.send({ kind: 'retry' });
    assert.deepEqual([retried.status, retried.partial, retried.steps[0]?.status, retried.steps[0]?.error], ['done', true, 'error', 'Interrupted']);
    assert.equal(retried.text, 'Let me look.\n\nFound it.');
  });

  it('a confirmation denied: the card denied with the feedback, the step declined', async () => {
    const p = await panel([{ blocks: [text('I will create it.'), { type: 'tool_use', name: 'create_thing', input: { path: 'verbs.lesson.xml' } }] }, { blocks: [text('Understood, nothing was created.')] }], {
      tools: [createThing()],
    });
    const asked = await p.send({ kind: 'message', text: 'Make a new lesson' });
    const toolCallId = asked.confirmations[0]?.toolCallId ?? '';
    const denied = await p.send({ kind: 'decision', toolCallId, approved: false, feedback: 'Not now' });
    assert.deepEqual([denied.confirmations[0]?.status, denied.confirmations[0]?.feedback, denied.steps[0]?.status], ['denied', 'Not now', 'declined']);
  });
});

// The agent against current models, through the strict fake: thinking blocks kept and returned
// unchanged for the rest of their turn (across a pause answered in a new process too), never sent
// to another model, shown as progress notes; and every stop reason handled.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { StoredBlock } from '../../../../src/core/sessions/schema';
import { sessionToView } from '../../../../src/core/sessions/view';
import type { AgentEvent } from '../../../../src/shared/events';
import type { ScenarioInput } from '../../../fake/scenario';
import { echoTool, MemoryDocument, messagesOf, textOf, useHarnesses, type Harness } from './harness';

const SONNET = 'claude-sonnet-5-5';
type Json = Record<string, unknown>;

const thought = (thinking: string) => ({ type: 'thinking' as const, thinking });
const lookup = (query: string) => ({ type: 'tool_use' as const, name: 'lookup', input: { query } });

/** Three model calls: think + redacted + lookup, think + lookup, think + answer. */
const threeCalls: ScenarioInput = {
  steps: [
    { blocks: [thought('First I check the verbs.'), { type: 'redacted_thinking' }, lookup('verbs')] },
    { blocks: [thought('Now the nouns.'), lookup('nouns')] },
    { blocks: [thought('Both found; writing the answer.'), { type: 'text', text: 'Here are the verbs and nouns.' }] },
  ],
};

function notes(events: readonly AgentEvent[]): string {
  return events.map((e) => (e.type === 'thinking' ? e.text : '')).join('');
}

function thinkingOf(blocks: readonly Json[]): Json[] {
  return blocks.filter((b) => b.type === 'thinking' || b.type === 'redacted_thinking').map((b) => ({ ...b }));
}

function assistantBlocks(h: Harness, request: number): Json[][] {
  return messagesOf(h.fake, request)
    .filter((m) => m.role === 'assistant')
    .map((m) => m.content);
}

/** Stored thinking as it is sent back: the digest of its prefix is the agent's own, never sent. */
function storedThinking(blocks: readonly StoredBlock[]): Json[] {
  return blocks.flatMap((b) => {
    if (b.type !== 'thinking' && b.type !== 'redacted_thinking') return [];
    const { prefix, ...sent } = b;
    assert.equal(typeof prefix, 'string', 'a thinking block is stored with the digest of what preceded it');
    return [{ ...sent }];
  });
}

describe('agent with current models: thinking, stop reasons', () => {
  const startHarness = useHarnesses();

  it('asks for summarised adaptive thinking and an effort, with an output limit from the model table, and nothing a current model refuses', async () => {
    const h = await startHarness({ scenario: { steps: [{ blocks: [{ type: 'text', text: 'Hi.' }] }] }, settings: { model: SONNET, maxTokens: 32_000, effort: 'high' } });
    await h.run({ kind: 'message', sessionId: await h.newSession(), text: 'hello' });
    const body = h.fake.requests[0]?.body as Json;
    assert.deepEqual(body.thinking, { type: 'adaptive', display: 'summarized' });
    assert.deepEqual(body.output_config, { effort: 'high' });
    assert.equal(body.max_tokens, 32_000);
    for (const key of ['temperature', 'top_p', 'top_k', 'tool_choice']) assert.equal(body[key], undefined, key);
  });

  it('runs a three-call turn with thinking and redacted blocks: each continuation carries every block of the turn unchanged, the notes stream between the steps', async () => {
    const tool = echoTool();
    const h = await startHarness({ scenario: threeCalls, tools: [tool], settings: { model: SONNET } });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'Find verbs and nouns' });
    assert.equal(outcome.status, 'completed');
    assert.deepEqual(h.fake.requests.map((r) => r.outcome), ['stream', 'stream', 'stream'], 'the fake accepted every continuation');
    assert.deepEqual(tool.runs, ['verbs', 'nouns']);
    const session = await h.session(id);
    const replies = session.messages.filter((m) => m.role === 'assistant');
    assert.deepEqual(storedThinking(replies[0]?.content ?? []).map((b) => b.type), ['thinking', 'redacted_thinking']);
    // What was stored is exactly what went back, in order, in both continuations.
    assert.deepEqual(thinkingOf(assistantBlocks(h, 1)[0] ?? []), storedThinking(replies[0]?.content ?? []));
    assert.deepEqual(thinkingOf(assistantBlocks(h, 2)[0] ?? []), storedThinking(replies[0]?.content ?? []));
    assert.deepEqual(thinkingOf(assistantBlocks(h, 2)[1] ?? []), storedThinking(replies[1]?.content ?? []));
    assert.equal(notes(events), 'First I check the verbs.Now the nouns.Both found; writing the answer.');
    assert.equal(textOf(events), 'Here are the verbs and nouns.', 'notes are never answer text');
    const item = sessionToView(session).items.at(-1);
    assert.deepEqual(item?.kind === 'assistant' && item.narration, [
      { afterStep: 0, text: 'First I check the verbs.' },
      { afterStep: 1, text: 'Now the nouns.' },
      { afterStep: 2, text: 'Both found; writing the answer.' },
    ]);
  });

  it('pauses for a question with thinking blocks and resumes in a new process: the blocks go back unchanged and the fake accepts', async () => {
    const questions = [{ header: 'Level', question: 'Which level?', multiSelect: false, options: [{ label: 'A2', description: 'Elementary' }, { label: 'B1', description: 'Intermediate' }] }];
    const h = await startHarness({
      scenario: {
        steps: [
          { blocks: [thought('The level matters here.'), { type: 'redacted_thinking' }, { type: 'tool_use', name: 'AskUserQuestion', input: { questions } }] },
          { blocks: [thought('B1 it is.'), { type: 'text', text: 'A B1 exercise, then.' }] },
        ],
      },
      settings: { model: SONNET },
    });
    const id = await h.newSession();
    const first = await h.run({ kind: 'message', sessionId: id, text: 'Add an exercise' });
    assert.equal(first.outcome.status, 'awaiting_user');
    const pending = (await h.session(id)).pending;
    assert.ok(pending);
    const fresh = h.newAgent();
    const { outcome, events } = await h.run({ kind: 'answer', sessionId: id, toolCallId: pending.toolCallId, answers: ['B1'] }, undefined, fresh);
    assert.equal(outcome.status, 'completed');
    assert.equal(h.fake.requests[1]?.outcome, 'stream');
    const reply = (await h.session(id)).messages.find((m) => m.role === 'assistant');
    assert.deepEqual(thinkingOf(assistantBlocks(h, 1)[0] ?? []), storedThinking(reply?.content ?? []));
    assert.equal(notes(events), 'B1 it is.');
  });

  it('switches models mid-session: the first model\'s thinking is never sent to the second, and the conversation goes on', async () => {
    const settings = { model: SONNET };
    const h = await startHarness({
      scenario: {
        steps: [
          { blocks: [thought('Checking.'), lookup('a')] },
          { blocks: [thought('Found.'), { type: 'text', text: 'First answer.' }] },
          { blocks: [thought('Opus now.'), lookup('b')] },
          { blocks: [{ type: 'text', text: 'Second answer.' }] },
        ],
      },
      tools: [echoTool()],
      settings,
    });
    const id = await h.newSession();
    await h.run({ kind: 'message', sessionId: id, text: 'one' });
    settings.model = 'claude-opus-5-5';
    const { outcome } = await h.run({ kind: 'message', sessionId: id, text: 'two' });
    assert.equal(outcome.status, 'completed');
    assert.deepEqual(h.fake.requests.map((r) => r.outcome), ['stream', 'stream', 'stream', 'stream']);
    const opusSaw = assistantBlocks(h, 3);
    assert.equal(opusSaw.length, 3);
    assert.deepEqual(thinkingOf(opusSaw[0] ?? []), [], 'Sonnet\'s blocks are left out');
    assert.deepEqual(thinkingOf(opusSaw[1] ?? []), []);
    assert.equal(thinkingOf(opusSaw[2] ?? []).length, 1, 'Opus\'s own block of this turn goes back');
  });

  it('switches models while a question waits: the turn resumes on the new model without the old model\'s blocks', async () => {
    const settings = { model: SONNET };
    const questions = [{ header: 'Level', question: 'Which level?', multiSelect: false, options: [{ label: 'A2', description: 'Elementary' }, { label: 'B1', description: 'Intermediate' }] }];
    const h = await startHarness({
      scenario: {
        steps: [
          { blocks: [thought('Ask first.'), { type: 'tool_use', name: 'AskUserQuestion', input: { questions } }] },
          { blocks: [thought('Opus continues.'), { type: 'text', text: 'Done on Opus.' }] },
        ],
      },
      settings,
    });
    const id = await h.newSession();
    await h.run({ kind: 'message', sessionId: id, text: 'Add an exercise' });
    settings.model = 'claude-opus-5-5';
    const pending = (await h.session(id)).pending;
    const { outcome } = await h.run({ kind: 'answer', sessionId: id, toolCallId: pending?.toolCallId ?? '', answers: ['A2'] });
    assert.equal(outcome.status, 'completed');
    assert.equal(h.fake.requests[1]?.outcome, 'stream');
    assert.deepEqual(thinkingOf(assistantBlocks(h, 1)[0] ?? []), []);
  });

  it('shows a refusal as such, runs nothing of the refused reply, leaves the document alone, and leaves the refused turn out of the next request', async () => {
    const doc = new MemoryDocument('<lesson>\n  <p>Bonjour</p>\n</lesson>\n');
    const tool = echoTool();
    const h = await startHarness({
      scenario: {
        steps: [
          { blocks: [{ type: 'text', text: 'I can\'t help with that.' }, lookup('x')], stopReason: 'refusal', refusal: { category: null, explanation: 'This request looks like an attempt to get around a safety measure.' } },
          { blocks: [{ type: 'text', text: 'Hello again!' }] },
        ],
      },
      tools: [tool],
      document: doc,
      settings: { model: SONNET },
    });
    const id = await h.newSession();
    const refused = await h.run({ kind: 'message', sessionId: id, text: 'something refused' });
    assert.equal(refused.outcome.status, 'error');
    assert.equal(refused.outcome.error?.code, 'refusal');
    assert.match(refused.outcome.error?.message ?? '', /Claude declined this request/);
    // The API's explanation is shown as it came (never parsed), with the ways on: other words, another model.
    assert.match(refused.outcome.error?.message ?? '', /Claude's reason: “This request looks like an attempt to get around a safety measure”\. You can rephrase it, ask for something else, or try another model \(the lessonAgent\.model setting\)/);
    assert.equal(refused.outcome.error?.retryable, false);
    assert.deepEqual(tool.runs, []);
    assert.equal(doc.version, 1);
    const next = await h.run({ kind: 'message', sessionId: id, text: 'hello' });
    assert.equal(next.outcome.status, 'completed');
    const sent = JSON.stringify(messagesOf(h.fake, 1));
    assert.ok(!sent.includes('something refused') && !sent.includes('can\'t help'), 'the refused turn is not sent again');
    await assert.rejects(h.agent.run({ kind: 'retry', sessionId: id }, () => {}), /no failed or stopped request|send a new message/);
  });

  it('ends a turn stopped by the context window with what to do', async () => {
    const h = await startHarness({ scenario: { steps: [{ blocks: [{ type: 'text', text: 'Partial' }], stopReason: 'model_context_window_exceeded' }] }, settings: { model: SONNET } });
    const { outcome } = await h.run({ kind: 'message', sessionId: await h.newSession(), text: 'summarise everything' });
    assert.equal(outcome.error?.code, 'context_window');
    assert.match(outcome.error?.message ?? '', /Start a new session/);
  });

  it('takes a pause_turn (only a server tool causes one, and none is offered) as the reply it is, never sending it back as a prefill', async () => {
    const h = await startHarness({
      scenario: { steps: [{ blocks: [{ type: 'text', text: 'Working on it.' }], stopReason: 'pause_turn' }, { blocks: [{ type: 'text', text: 'Next.' }] }] },
      settings: { model: SONNET },
    });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'go' });
    assert.equal(outcome.status, 'completed');
    assert.equal(h.fake.requests.length, 1, 'nothing is sent back to continue it');
    assert.equal(textOf(events), 'Working on it.');
    await h.run({ kind: 'message', sessionId: id, text: 'and then?' });
    assert.equal(messagesOf(h.fake, 1).at(-1)?.role, 'user', 'the next request ends with the teacher\'s words');
  });

  it('does not count a long silent think (only pings) as a stall', async () => {
    const h = await startHarness({
      scenario: { steps: [{ silentMs: 900, pingEveryMs: 100, blocks: [{ type: 'text', text: 'Thought it through.' }] }] },
      settings: { model: SONNET, stallTimeoutMs: 400 },
    });
    const { outcome } = await h.run({ kind: 'message', sessionId: await h.newSession(), text: 'think hard' });
    assert.equal(outcome.status, 'completed');
    assert.equal(h.fake.requests.length, 1, 'no retry');
  });

  it('withdraws the notes of an attempt that failed mid-stream, so the retry does not show them twice', async () => {
    const h = await startHarness({
      scenario: {
        steps: [
          { blocks: [thought('Looking at the lesson.'), { type: 'text', text: 'Here' }], fault: { kind: 'error_event', afterEvents: 6 } },
          { blocks: [thought('Looking at the lesson.'), { type: 'text', text: 'Here it is.' }] },
        ],
      },
      settings: { model: SONNET },
    });
    const id = await h.newSession();
    const { outcome } = await h.run({ kind: 'message', sessionId: id, text: 'go' });
    assert.equal(outcome.status, 'completed');
    // The harness checks the live view equals the stored one; the stored one has the note once.
    const view = sessionToView(await h.session(id));
    const item = view.items.at(-1);
    assert.deepEqual(item?.kind === 'assistant' && item.narration, [{ afterStep: 0, text: 'Looking at the lesson.' }]);
  });

  it('names an unreachable host as such, with the base URL, not as a failure in the middle of an answer', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const cases: Array<[string, RegExp]> = [
      [`http://127.0.0.1:${port}`, /connection was refused/],
      ['http://lesson-agent-test.invalid', /server name (was not found|could not be looked up)/],
    ];
    for (const [url, why] of cases) {
      const h = await startHarness({ scenario: { steps: [] }, maxRetries: 0, baseURL: url });
      const { outcome } = await h.run({ kind: 'message', sessionId: await h.newSession(), text: 'hello' });
      const message = outcome.error?.message ?? '';
      assert.equal(outcome.error?.code, 'network', message);
      assert.ok(message.startsWith('Could not reach Claude: '), message);
      assert.ok(message.endsWith(`(Tried ${url}.)`), message);
      assert.match(message, why);
      assert.doesNotMatch(message, /middle|server failure|API had a problem/);
    }
  });
});

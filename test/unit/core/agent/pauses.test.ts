// Interactive pauses: a question or a confirmation ends the run with the session saved as waiting;
// the answer, given later to a fresh Agent (a reload, a restart), becomes the tool_result and the
// loop goes on. Nothing waits in memory in between.
import * as assert from 'node:assert/strict';
import { proposalReview } from '../../../../src/core/chat/review';
import { hashText } from '../../../../src/core/documents/patch';
import * as z from 'zod';
import { AgentRequestError } from '../../../../src/core/agent/agent';
import type { ToolDefinition } from '../../../../src/core/tools/types';
import type { AgentEvent } from '../../../../src/shared/events';
import { echoTool, messagesOf, types, useHarnesses, type Harness } from './harness';

const questions = [
  { header: 'Level', question: 'What level are your students?', multiSelect: false, options: [{ label: 'A2', description: 'Elementary' }, { label: 'B1', description: 'Intermediate' }] },
  { header: 'Topic', question: 'What should it practise?', inputType: 'text' },
];
const ask = { type: 'tool_use' as const, id: 'toolu_ask', name: 'AskUserQuestion', input: { questions } };
const thanks = { blocks: [{ type: 'text' as const, text: 'Thanks, writing it now.' }] };

function resultsOf(h: Harness, index: number): Array<Record<string, unknown>> {
  return messagesOf(h.fake, index).at(-1)?.content.filter((b) => b.type === 'tool_result') ?? [];
}

/** A tool that asks first: the plan carries a proposal for "Review changes". */
function riskyTool(): ToolDefinition<{ path: string }> & { runs: string[] } {
  const runs: string[] = [];
  return {
    name: 'create_thing',
    description: 'Creates a thing.',
    inputSchema: z.object({ path: z.string() }),
    displayText: (i) => `Creating ${i.path}`,
    genericText: () => 'Creating a file',
    runs,
    needsConfirmation: (input) =>
      Promise.resolve({
        request: { tool: 'create_thing', title: `Create ${input.path}?`, summary: 'A new file.', hasDiff: true },
        proposal: { uri: `memory:///${input.path}`, before: '', after: '<lesson/>' },
      }),
    run(input) {
      runs.push(input.path);
      return Promise.resolve({ content: `Created ${input.path}`, summary: 'created' });
    },
  };
}

describe('interactive pauses', () => {
  const startHarness = useHarnesses();

  it('answers a question call beyond the limits with an is_error result naming the limit, and goes on', async () => {
    const tooMany = { ...ask, input: { questions: [...questions, ...questions, ...questions] } };
    const h = await startHarness({ scenario: { steps: [{ blocks: [tooMany] }, thanks] } });
    const id = await h.newSession();
    const run = await h.run({ kind: 'message', sessionId: id, text: 'Add an exercise' });
    assert.equal(run.outcome.status, 'completed', 'no pause, no crash');
    assert.ok(!run.events.some((e) => e.type === 'question'), 'no card for a call that breaks the limits');
    const [result] = resultsOf(h, 1);
    assert.equal(result?.is_error, true);
    assert.match(String(result?.content), /Invalid input for AskUserQuestion:\n- questions: ask at most 4 questions in one call/);
  });

  it('pauses on AskUserQuestion and resumes in a fresh agent with the answers as the tool_result', async () => {
    const h = await startHarness({ scenario: { steps: [{ blocks: [{ type: 'text', text: 'Two questions.' }, ask] }, thanks] } });
    const id = await h.newSession();
    const first = await h.run({ kind: 'message', sessionId: id, text: 'Add an exercise' });
    assert.equal(first.outcome.status, 'awaiting_user');
    assert.deepEqual(types(first.events), ['turn_start', 'text', 'usage', 'tool_start', 'question', 'done']);
    const q = first.events.find((e) => e.type === 'question');
    assert.equal(q?.type === 'question' && q.toolCallId, 'toolu_ask');
    assert.equal(q?.type === 'question' && q.questions[1]?.header, 'Topic');
    const saved = await h.session(id);
    assert.equal(saved.pending?.kind, 'question');
    assert.equal(saved.pending?.toolCallId, 'toolu_ask');
    assert.equal(saved.turns[0]?.status, 'awaiting_user');
    assert.equal(h.fake.requests.length, 1, 'the model is not called while waiting');

    const fresh = h.newAgent();
    const second = await h.run({ kind: 'answer', sessionId: id, toolCallId: 'toolu_ask', answers: ['B1', 'the passé composé'] }, undefined, fresh);
    assert.equal(second.outcome.status, 'completed');
    assert.equal(second.outcome.turnId, first.outcome.turnId, 'the same turn goes on');
    assert.deepEqual(types(second.events), ['turn_start', 'answered', 'tool_end', 'text', 'usage', 'done']);
    assert.deepEqual(resultsOf(h, 1), [
      {
        type: 'tool_result',
        tool_use_id: 'toolu_ask',
        content: 'Level: What level are your students? -> B1\nTopic: What should it practise? -> the passé composé',
        cache_control: { type: 'ephemeral' },
      },
    ]);
    assert.equal((await h.session(id)).pending, undefined);
  });

  it('rejects answers that do not fit and leaves the session waiting', async () => {
    const h = await startHarness({ scenario: { steps: [{ blocks: [ask] }, thanks] } });
    const id = await h.newSession();
    await h.run({ kind: 'message', sessionId: id, text: 'Add an exercise' });
    const before = JSON.stringify(await h.session(id));
    await assert.rejects(h.agent.run({ kind: 'answer', sessionId: id, toolCallId: 'toolu_ask', answers: ['B1'] }, () => {}), /Expected 2 answer/);
    await assert.rejects(h.agent.run({ kind: 'answer', sessionId: id, toolCallId: 'toolu_ask', answers: [['B1'], 'x'] }, () => {}), AgentRequestError);
    await assert.rejects(h.agent.run({ kind: 'answer', sessionId: id, toolCallId: 'toolu_other', answers: ['B1', 'x'] }, () => {}), /waiting on toolu_ask/);
    await assert.rejects(h.agent.run({ kind: 'decision', sessionId: id, toolCallId: 'toolu_ask', approved: true }, () => {}), /needs answers/);
    assert.equal(JSON.stringify(await h.session(id)), before);
    const ok = await h.run({ kind: 'answer', sessionId: id, toolCallId: 'toolu_ask', answers: [null, 'anything'] });
    assert.equal(ok.outcome.status, 'completed');
    assert.match(String(resultsOf(h, 1)[0]?.content), /-> \(skipped\)\n/);
  });

  it('runs the calls around a question in order: before it, then after the answer', async () => {
    const lookup = echoTool();
    const h = await startHarness({
      scenario: {
        steps: [
          {
            blocks: [
              { type: 'tool_use', id: 'toolu_a', name: 'lookup', input: { query: 'before' } },
              ask,
              { type: 'tool_use', id: 'toolu_c', name: 'lookup', input: { query: 'after' } },
            ],
          },
          thanks,
        ],
      },
      tools: [lookup],
    });
    const id = await h.newSession();
    await h.run({ kind: 'message', sessionId: id, text: 'go' });
    assert.deepEqual(lookup.runs, ['before']);
    assert.deepEqual((await h.session(id)).pending?.remainingToolUseIds, ['toolu_c']);
    await h.run({ kind: 'answer', sessionId: id, toolCallId: 'toolu_ask', answers: ['A2', 'food'] });
    assert.deepEqual(lookup.runs, ['before', 'after']);
    assert.deepEqual(resultsOf(h, 1).map((r) => r.tool_use_id), ['toolu_a', 'toolu_ask', 'toolu_c']);
  });

  it('treats a new message while a question waits as not answered, and the old card as interrupted', async () => {
    const h = await startHarness({ scenario: { steps: [{ blocks: [ask] }, thanks] } });
    const id = await h.newSession();
    const first = await h.run({ kind: 'message', sessionId: id, text: 'Add an exercise' });
    const { events } = await h.run({ kind: 'message', sessionId: id, text: 'Actually, just say hi' });
    const cancelled = events[0] as Extract<AgentEvent, { type: 'error' }>;
    assert.deepEqual([cancelled.type, cancelled.code, cancelled.turnId], ['error', 'cancelled', first.outcome.turnId]);
    const sent = messagesOf(h.fake, 1).at(-1)?.content ?? [];
    assert.equal(sent[0]?.type, 'tool_result');
    assert.equal(sent[0]?.is_error, true);
    assert.match(String(sent[0]?.content), /did not answer/);
    assert.equal(sent[1]?.text, 'Actually, just say hi');
    const session = await h.session(id);
    assert.equal(session.turns[0]?.status, 'stopped');
    assert.equal(session.toolCalls.toolu_ask?.status, 'interrupted');
  });

  it('pauses for a confirmation with its proposal and runs the tool only on approval', async () => {
    const risky = riskyTool();
    const h = await startHarness({
      scenario: { steps: [{ blocks: [{ type: 'tool_use', id: 'toolu_r', name: 'create_thing', input: { path: 'a.lesson.xml' } }] }, thanks] },
      tools: [risky],
    });
    const id = await h.newSession();
    const first = await h.run({ kind: 'message', sessionId: id, text: 'make a file' });
    assert.deepEqual(types(first.events), ['turn_start', 'usage', 'tool_start', 'confirmation', 'done']);
    const pending = (await h.session(id)).pending;
    assert.equal(pending?.kind, 'confirmation');
    // Kept as a diff of the text it was proposed against (empty here: a new file).
    assert.deepEqual(pending?.proposal && proposalReview(pending.proposal, ''), { before: '', after: '<lesson/>' });
    assert.equal(pending?.proposal?.hashBefore, hashText(''));
    assert.deepEqual(risky.runs, []);
    const second = await h.run({ kind: 'decision', sessionId: id, toolCallId: 'toolu_r', approved: true }, undefined, h.newAgent());
    assert.deepEqual(types(second.events), ['turn_start', 'answered', 'tool_end', 'text', 'usage', 'done']);
    assert.deepEqual(risky.runs, ['a.lesson.xml']);
    assert.equal(resultsOf(h, 1)[0]?.content, 'Created a.lesson.xml');
  });

  it('answers a denial with an is_error result carrying the feedback, and changes nothing', async () => {
    const risky = riskyTool();
    const h = await startHarness({
      scenario: { steps: [{ blocks: [{ type: 'tool_use', id: 'toolu_r', name: 'create_thing', input: { path: 'b.lesson.xml' } }] }, thanks] },
      tools: [risky],
    });
    const id = await h.newSession();
    await h.run({ kind: 'message', sessionId: id, text: 'make a file' });
    const { events } = await h.run({ kind: 'decision', sessionId: id, toolCallId: 'toolu_r', approved: false, feedback: 'Use the existing file' });
    const end = events.find((e) => e.type === 'tool_end');
    assert.equal(end?.type === 'tool_end' && end.status, 'error');
    assert.deepEqual(risky.runs, []);
    const result = resultsOf(h, 1)[0];
    assert.equal(result?.is_error, true);
    assert.equal(result?.content, 'The user denied this action; nothing was changed. Their feedback: Use the existing file');
    assert.equal((await h.session(id)).toolCalls.toolu_r?.status, 'denied');
  });

  it('asks before any tool the settings list in alwaysConfirm', async () => {
    const lookup = echoTool();
    const h = await startHarness({
      scenario: { steps: [{ blocks: [{ type: 'tool_use', id: 'toolu_l', name: 'lookup', input: { query: 'x' } }] }, thanks] },
      tools: [lookup],
      settings: { alwaysConfirm: ['lookup'] },
    });
    const id = await h.newSession();
    const { events } = await h.run({ kind: 'message', sessionId: id, text: 'go' });
    const card = events.find((e) => e.type === 'confirmation');
    assert.equal(card?.type === 'confirmation' && card.request.title, 'Looking up x');
    assert.deepEqual(lookup.runs, []);
  });

  it('keeps a pause across a failed resume: the answer is recorded and Retry goes on', async () => {
    const h = await startHarness({
      scenario: { steps: [{ blocks: [ask] }, { fault: { kind: 'http', status: 400, errorType: 'invalid_request_error' } }, thanks] },
    });
    const id = await h.newSession();
    await h.run({ kind: 'message', sessionId: id, text: 'Add an exercise' });
    const failed = await h.run({ kind: 'answer', sessionId: id, toolCallId: 'toolu_ask', answers: ['A2', 'x'] });
    assert.equal(failed.outcome.status, 'error');
    const retried = await h.run({ kind: 'retry', sessionId: id });
    assert.equal(retried.outcome.status, 'completed');
    assert.equal(resultsOf(h, 2)[0]?.tool_use_id, 'toolu_ask');
  });
});

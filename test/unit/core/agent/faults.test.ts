// Faults through the real SDK: retried where safe (the SDK before headers, the loop mid-stream),
// otherwise a classified error; Stop at any point; the session stays valid for the next request.
import * as assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentEvent } from '../../../../src/shared/events';
import { sessionToView } from '../../../../src/core/sessions/view';
import { API_KEY, echoTool, messagesOf, textOf, types, useHarnesses } from './harness';

const hello = { blocks: [{ type: 'text' as const, text: 'Hello again, all in one piece.' }] };
const partial = { blocks: [{ type: 'text' as const, text: 'This first attempt will break half way through.' }] };

function errorOf(events: AgentEvent[]): Extract<AgentEvent, { type: 'error' }> | undefined {
  const last = events.at(-1);
  return last?.type === 'error' ? last : undefined;
}

describe('agent faults and retries', () => {
  const startHarness = useHarnesses();

  it('gets through a 529 by the SDK retry before headers', async () => {
    const h = await startHarness({
      scenario: { steps: [{ fault: { kind: 'http', status: 529, errorType: 'overloaded_error', retryAfterMs: 10 } }, hello] },
    });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'hi' });
    assert.equal(outcome.status, 'completed');
    assert.equal(textOf(events), 'Hello again, all in one piece.');
    assert.deepEqual(h.fake.requests.map((r) => r.outcome), ['fault:http:529', 'stream']);
    assert.ok(!events.some((e) => e.type === 'status'), 'the SDK retried silently, before any text');
  });

  it('retries a mid-stream overloaded event in the loop, withdrawing the broken text so the reply shows once', async () => {
    const h = await startHarness({ scenario: { chunk: 5, steps: [{ ...partial, fault: { kind: 'error_event', afterEvents: 6 } }, hello] } });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'hi' });
    assert.equal(outcome.status, 'completed');
    assert.deepEqual(types(events), ['turn_start', 'text', 'status', 'text', 'usage', 'done']);
    const status = events.find((e) => e.type === 'status' && e.kind === 'retrying');
    assert.deepEqual(status?.type === 'status' && status.kind === 'retrying' && [status.code, status.attempt], ['overloaded', 1]);
    assert.equal(h.fake.requests.length, 2);
    assert.equal(JSON.stringify(h.fake.requests[0]?.body.messages), JSON.stringify(h.fake.requests[1]?.body.messages), 'the same request again');
    const session = await h.session(id);
    assert.equal(session.messages.filter((m) => m.partial).length, 0, 'a retried attempt leaves no partial message');
    const streamedBefore = textOf(events.slice(0, events.indexOf(status as (typeof events)[number])));
    assert.ok(streamedBefore.length > 0, 'the broken attempt had streamed some text');
    assert.equal(status?.type === 'status' && status.kind === 'retrying' && status.discard, streamedBefore.length, 'the retry withdraws exactly that text');
    const shown = sessionToView(session).items[1];
    assert.equal(shown?.kind === 'assistant' && shown.text, 'Hello again, all in one piece.', 'the reply shows once, without the broken start');
    // A new message: the broken attempt is never sent to the model.
    h.fake.setScenario({ steps: [hello] });
    await h.run({ kind: 'message', sessionId: id, text: 'and again' });
    const sent = JSON.stringify(messagesOf(h.fake, 0));
    assert.ok(!sent.includes('half way'), sent);
  });

  it('retries a dropped connection in the loop', async () => {
    const h = await startHarness({ scenario: { steps: [{ ...partial, fault: { kind: 'drop', afterEvents: 4 } }, hello] } });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'hi' });
    assert.equal(outcome.status, 'completed');
    const status = events.find((e) => e.type === 'status' && e.kind === 'retrying');
    assert.equal(status?.type === 'status' && status.kind === 'retrying' && status.code, 'network');
  });

  it('gives up on a stalled stream with its own watchdog and retries', async () => {
    const h = await startHarness({
      scenario: { steps: [{ ...partial, fault: { kind: 'stall', afterEvents: 4 } }, hello] },
      settings: { stallTimeoutMs: 250 },
    });
    const id = await h.newSession();
    const started = Date.now();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'hi' });
    assert.equal(outcome.status, 'completed');
    const status = events.find((e) => e.type === 'status' && e.kind === 'retrying');
    assert.equal(status?.type === 'status' && status.kind === 'retrying' && status.code, 'stalled');
    assert.ok(Date.now() - started < 3000);
  });

  it('reports a stream that keeps failing after the loop retries, with the partial text kept', async () => {
    const broken = { ...partial, fault: { kind: 'error_event' as const, afterEvents: 5 } };
    const h = await startHarness({ scenario: { steps: [broken, broken, broken] } });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'hi' });
    assert.equal(outcome.status, 'error');
    assert.equal(h.fake.requests.length, 3, 'one call and two loop retries');
    const error = errorOf(events);
    assert.equal(error?.code, 'overloaded');
    assert.equal(error?.retryable, true);
    const session = await h.session(id);
    assert.equal(session.turns[0]?.partial, true);
    // Retry continues the same turn once the API is back.
    h.fake.setScenario({ steps: [hello] });
    const retried = await h.run({ kind: 'retry', sessionId: id });
    assert.equal(retried.outcome.status, 'completed');
    assert.equal(retried.outcome.turnId, outcome.turnId);
    assert.equal(messagesOf(h.fake, 0).length, 1, 'the retry sends the user message alone');
  });

  it('reports a 401 as a clear auth error and keeps the session valid', async () => {
    const h = await startHarness({
      scenario: { steps: [{ fault: { kind: 'http', status: 401, errorType: 'authentication_error', message: 'invalid x-api-key' } }, hello] },
    });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'hi' });
    assert.equal(outcome.status, 'error');
    const error = errorOf(events);
    assert.equal(error?.code, 'auth');
    assert.equal(error?.retryable, false);
    assert.match(error?.message ?? '', /API key was rejected \(401\): invalid x-api-key/);
    assert.equal(h.fake.requests.length, 1, 'a 401 is not retried');
    const next = await h.run({ kind: 'message', sessionId: id, text: 'hi again' });
    assert.equal(next.outcome.status, 'completed');
    const sent = messagesOf(h.fake, 1);
    assert.equal(sent.length, 1, 'both user messages go as one');
    assert.deepEqual(sent[0]?.content.map((b) => b.text), ['hi', 'hi again']);
  });

  it('never writes the API key to events or session files', async () => {
    const h = await startHarness({
      scenario: { steps: [{ fault: { kind: 'http', status: 400, errorType: 'invalid_request_error', message: `bad key ${API_KEY}` } }] },
    });
    const id = await h.newSession();
    const { events } = await h.run({ kind: 'message', sessionId: id, text: 'hi' });
    assert.ok(!JSON.stringify(events).includes(API_KEY));
    assert.match(errorOf(events)?.message ?? '', /\[redacted\]/);
    const dir = join(h.dir, 'sessions');
    for (const name of [...(await readdir(join(dir, 'sessions'))).map((n) => join('sessions', n)), 'index.json']) {
      assert.ok(!(await readFile(join(dir, name), 'utf8')).includes(API_KEY), name);
    }
  });

  it('stops mid-stream at once and leaves a valid session', async () => {
    const h = await startHarness({ scenario: { chunk: 2, delayMs: 15, steps: [{ blocks: [{ type: 'text', text: 'A long answer that the user will stop before it ends.' }] }] } });
    const id = await h.newSession();
    const abort = new AbortController();
    let texts = 0;
    const run = h.agent.run({ kind: 'message', sessionId: id, text: 'tell me a story' }, (e) => {
      if (e.type === 'text' && ++texts === 3) abort.abort();
    }, abort.signal);
    const outcome = await run;
    assert.equal(outcome.status, 'stopped');
    const session = await h.session(id);
    assert.equal(session.turns[0]?.status, 'stopped');
    assert.equal(session.messages.at(-1)?.partial, true);
    // The next request is valid and holds no trace of the cut answer.
    h.fake.setScenario({ steps: [hello] });
    const next = await h.run({ kind: 'message', sessionId: id, text: 'never mind' });
    assert.equal(next.outcome.status, 'completed');
    h.checkRequests();
  });

  it('stops at once while the SDK waits to retry a 529', async () => {
    const h = await startHarness({
      scenario: { steps: [{ fault: { kind: 'http', status: 529, errorType: 'overloaded_error', retryAfter: 30 } }, hello] },
    });
    const id = await h.newSession();
    const abort = new AbortController();
    const started = Date.now();
    setTimeout(() => abort.abort(), 150);
    const { outcome } = await h.run({ kind: 'message', sessionId: id, text: 'hi' }, abort.signal);
    assert.equal(outcome.status, 'stopped');
    assert.ok(Date.now() - started < 2000, `stopped after ${Date.now() - started} ms`);
  });

  it('stops during a tool round: the running tool finishes, the rest are answered as interrupted', async () => {
    const abort = new AbortController();
    const slow = echoTool('slow', () => {
      abort.abort();
    });
    const other = echoTool('other');
    const h = await startHarness({
      scenario: {
        steps: [
          {
            blocks: [
              { type: 'tool_use', id: 'toolu_1', name: 'slow', input: { query: 'a' } },
              { type: 'tool_use', id: 'toolu_2', name: 'other', input: { query: 'b' } },
            ],
          },
        ],
      },
      tools: [slow, other],
    });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'go' }, abort.signal);
    assert.equal(outcome.status, 'stopped');
    assert.equal(errorOf(events)?.code, 'cancelled');
    assert.deepEqual(other.runs, []);
    const session = await h.session(id);
    const results = session.messages.at(-1)?.content ?? [];
    assert.deepEqual(results.map((b) => (b.type === 'tool_result' ? [b.tool_use_id, b.is_error === true] : [])), [['toolu_1', false], ['toolu_2', true]]);
    h.fake.setScenario({ steps: [hello] });
    await h.run({ kind: 'message', sessionId: id, text: 'continue' });
  });

  it('recovers a session left mid-turn by a crash: the turn ends stopped, open calls interrupted', async () => {
    const h = await startHarness({ scenario: { steps: [hello] }, tools: [echoTool()] });
    const id = await h.newSession();
    const crashed = await h.session(id);
    crashed.messages.push(
      { id: 'u1', role: 'user', content: [{ type: 'text', text: 'look it up' }], createdAt: 1, turnId: 't1' },
      { id: 'a1', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_lost', name: 'lookup', input: { query: 'x' } }], createdAt: 2, turnId: 't1' },
    );
    crashed.toolCalls.toolu_lost = { id: 'toolu_lost', tool: 'lookup', displayText: 'Looking up x', status: 'running', turnId: 't1', startedAt: 2 };
    crashed.turns.push({ id: 't1', startedAt: 1, status: 'running', steps: 1 });
    await h.store.save(crashed);
    assert.equal(sessionToView(crashed).busy, true);
    const opened = await h.newAgent().openSession(id);
    assert.equal(opened.turns[0]?.status, 'stopped');
    assert.equal(opened.toolCalls.toolu_lost?.status, 'interrupted');
    assert.equal(sessionToView(opened).busy, false);
    const next = await h.run({ kind: 'message', sessionId: id, text: 'try again' });
    assert.equal(next.outcome.status, 'completed');
    const sent = messagesOf(h.fake, 0);
    assert.equal(sent[2]?.content[0]?.tool_use_id, 'toolu_lost');
    assert.equal(sent[2]?.content[0]?.is_error, true);
  });

  it('reports a missing key as no_api_key and keeps the message for later', async () => {
    const h = await startHarness({ scenario: { steps: [hello] }, apiKey: null });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'hi' });
    assert.equal(outcome.status, 'error');
    assert.equal(errorOf(events)?.code, 'no_api_key');
    assert.equal(h.fake.requests.length, 0);
    const session = await h.session(id);
    assert.equal(session.messages[0]?.content[0]?.type === 'text' && session.messages[0].content[0].text, 'hi');
  });
});

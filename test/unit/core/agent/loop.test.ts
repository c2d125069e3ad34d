// The streaming tool loop against the fake model through the real SDK: conversation without tools,
// tool rounds, unknown tools and bad inputs as is_error results, parallel calls, the step limit.
import * as assert from 'node:assert/strict';
import * as z from 'zod';
import type { ToolDefinition } from '../../../../src/core/tools/types';
import { echoTool, MemoryDocument, messagesOf, textOf, types, useHarnesses } from './harness';

describe('agent loop', () => {
  const startHarness = useHarnesses();

  it('answers "hello" with streamed text, runs no tool and leaves the document untouched', async () => {
    const doc = new MemoryDocument('<lesson>\n  <p>Bonjour</p>\n</lesson>\n');
    const lookup = echoTool();
    const h = await startHarness({
      scenario: { chunk: 4, steps: [{ blocks: [{ type: 'text', text: 'Hello! How can I help with your lesson?' }] }] },
      tools: [lookup],
      document: doc,
    });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'hello' });
    assert.equal(outcome.status, 'completed');
    assert.deepEqual(types(events), ['turn_start', 'text', 'usage', 'done']);
    assert.ok(events.filter((e) => e.type === 'text').length > 5, 'the answer streamed in several deltas');
    assert.equal(textOf(events), 'Hello! How can I help with your lesson?');
    assert.ok(events.every((e) => e.sessionId === id && e.turnId === outcome.turnId));
    assert.deepEqual(lookup.runs, []);
    assert.equal(doc.text, '<lesson>\n  <p>Bonjour</p>\n</lesson>\n');
    assert.equal(doc.version, 1);
    const session = await h.session(id);
    assert.equal(session.title, 'hello');
    assert.deepEqual(session.messages.map((m) => m.role), ['user', 'assistant']);
    assert.equal(session.turns[0]?.status, 'completed');
    // The document went to the model before the user's words, in the turn's first message.
    const sent = messagesOf(h.fake, 0)[0]?.content ?? [];
    assert.match(String(sent[0]?.text), /^<document name="lesson\.lesson\.xml" kind="lesson">\n<lesson>\n {2}<p>Bonjour<\/p>/);
    assert.equal(sent[1]?.text, 'hello');
  });

  it('runs a tool round: tool_start/tool_end around it, the result goes back, then the answer', async () => {
    const lookup = echoTool();
    const h = await startHarness({
      scenario: {
        steps: [
          { blocks: [{ type: 'text', text: 'Let me check.' }, { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { query: 'verbs' } }] },
          { blocks: [{ type: 'text', text: 'Found it.' }] },
        ],
      },
      tools: [lookup],
    });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'find verbs' });
    assert.equal(outcome.status, 'completed');
    assert.deepEqual(types(events), ['turn_start', 'text', 'usage', 'tool_start', 'tool_end', 'text', 'usage', 'done']);
    const start = events.find((e) => e.type === 'tool_start');
    assert.deepEqual(start && { id: start.id, tool: start.tool, displayText: start.displayText }, { id: 'toolu_1', tool: 'lookup', displayText: 'Looking up verbs' });
    const end = events.find((e) => e.type === 'tool_end');
    assert.equal(end?.type === 'tool_end' && end.status, 'success');
    // Text blocks of the turn are separated by a blank line.
    assert.equal(textOf(events), 'Let me check.\n\nFound it.');
    assert.deepEqual(lookup.runs, ['verbs']);
    const second = messagesOf(h.fake, 1);
    const { cache_control: breakpoint, ...result } = second.at(-1)?.content[0] ?? {};
    assert.deepEqual(result, { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Result for verbs' });
    assert.deepEqual(breakpoint, { type: 'ephemeral' }, 'the last history block carries a cache breakpoint');
    const session = await h.session(id);
    assert.equal(session.toolCalls.toolu_1?.status, 'success');
    assert.equal(session.turns[0]?.steps, 2);
  });

  it('answers an unknown tool with an is_error result the model sees, without crashing', async () => {
    const h = await startHarness({
      scenario: {
        steps: [
          { blocks: [{ type: 'tool_use', id: 'toolu_x', name: 'delete_everything', input: {} }] },
          { blocks: [{ type: 'text', text: 'Sorry, that tool does not exist.' }] },
        ],
      },
      tools: [echoTool()],
    });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'go' });
    assert.equal(outcome.status, 'completed');
    const end = events.find((e) => e.type === 'tool_end');
    assert.equal(end?.type === 'tool_end' && end.status, 'error');
    const result = messagesOf(h.fake, 1).at(-1)?.content[0];
    assert.equal(result?.is_error, true);
    assert.match(String(result?.content), /Unknown tool "delete_everything"\. The tools you can call are: lookup, AskUserQuestion/);
  });

  it('answers an invalid input with the validation errors, and does not run the tool', async () => {
    const lookup = echoTool();
    const h = await startHarness({
      scenario: {
        steps: [
          { blocks: [{ type: 'tool_use', id: 'toolu_bad', name: 'lookup', input: { query: 42 } }] },
          { blocks: [{ type: 'tool_use', id: 'toolu_good', name: 'lookup', input: { query: 'fixed' } }] },
          { blocks: [{ type: 'text', text: 'Done.' }] },
        ],
      },
      tools: [lookup],
    });
    const id = await h.newSession();
    const { events } = await h.run({ kind: 'message', sessionId: id, text: 'go' });
    assert.deepEqual(lookup.runs, ['fixed']);
    const ends = events.filter((e) => e.type === 'tool_end');
    assert.deepEqual(ends.map((e) => e.type === 'tool_end' && e.status), ['error', 'success']);
    const result = messagesOf(h.fake, 1).at(-1)?.content[0];
    assert.equal(result?.is_error, true);
    assert.match(String(result?.content), /Invalid input for lookup:\n- query: /);
  });

  it('answers two parallel tool_uses in one user message, in order', async () => {
    const lookup = echoTool();
    const h = await startHarness({
      scenario: {
        steps: [
          {
            blocks: [
              { type: 'tool_use', id: 'toolu_a', name: 'lookup', input: { query: 'first' } },
              { type: 'tool_use', id: 'toolu_b', name: 'lookup', input: { query: 'second' } },
            ],
          },
          { blocks: [{ type: 'text', text: 'Both done.' }] },
        ],
      },
      tools: [lookup],
    });
    const id = await h.newSession();
    await h.run({ kind: 'message', sessionId: id, text: 'two at once' });
    assert.deepEqual(lookup.runs, ['first', 'second']);
    const last = messagesOf(h.fake, 1).at(-1);
    assert.deepEqual(
      last?.content.filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id),
      ['toolu_a', 'toolu_b'],
    );
  });

  it('turns a throwing tool into an is_error result', async () => {
    const broken: ToolDefinition<{ n: number }> = {
      name: 'broken',
      description: 'Always fails.',
      inputSchema: z.object({ n: z.number() }),
      displayText: () => 'Breaking',
      genericText: () => 'Breaking',
      run: () => Promise.reject(new Error('disk on fire')),
    };
    const h = await startHarness({
      scenario: { steps: [{ blocks: [{ type: 'tool_use', name: 'broken', input: { n: 1 } }] }, { blocks: [{ type: 'text', text: 'ok' }] }] },
      tools: [broken],
    });
    const id = await h.newSession();
    const { outcome } = await h.run({ kind: 'message', sessionId: id, text: 'go' });
    assert.equal(outcome.status, 'completed');
    assert.match(String(messagesOf(h.fake, 1).at(-1)?.content[0]?.content), /The tool broken failed: disk on fire/);
  });

  it('stops at maxSteps model calls with a clear step_limit error and a valid session', async () => {
    const h = await startHarness({
      scenario: { steps: [], fallback: { blocks: [{ type: 'tool_use', name: 'lookup', input: { query: 'again' } }] } },
      tools: [echoTool()],
    });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'loop forever' });
    assert.equal(h.fake.requests.length, 10);
    assert.equal(outcome.status, 'error');
    const error = events.at(-1);
    assert.equal(error?.type === 'error' && error.code, 'step_limit');
    assert.match(error?.type === 'error' ? error.message : '', /10 model calls/);
    // The next message is a valid request that carries the whole story.
    h.fake.setScenario({ steps: [{ blocks: [{ type: 'text', text: 'Stopping here.' }] }] });
    const next = await h.run({ kind: 'message', sessionId: id, text: 'ok, stop' });
    assert.equal(next.outcome.status, 'completed');
  });

  it('keeps tools and system byte-identical across turns so the prefix is read from the cache', async () => {
    const h = await startHarness({
      scenario: { steps: [], fallback: { blocks: [{ type: 'text', text: 'Sure.' }] } },
      tools: [echoTool()],
      document: new MemoryDocument('<lesson>\n  <p>One</p>\n</lesson>\n'),
    });
    const id = await h.newSession();
    const first = await h.run({ kind: 'message', sessionId: id, text: 'first' });
    const second = await h.run({ kind: 'message', sessionId: id, text: 'second' });
    const [a, b] = h.fake.requests;
    assert.equal(JSON.stringify(a?.body.tools), JSON.stringify(b?.body.tools));
    assert.equal(JSON.stringify(a?.body.system), JSON.stringify(b?.body.system));
    const usage = (r: typeof first) => r.events.find((e) => e.type === 'usage');
    const u1 = usage(first);
    const u2 = usage(second);
    assert.ok(u1?.type === 'usage' && u1.usage.cacheCreationTokens > 0 && u1.usage.cacheReadTokens === 0);
    // The second turn reads the tools + system prefix the first one wrote.
    assert.ok(u2?.type === 'usage' && u2.usage.cacheReadTokens > 0);
    const session = await h.session(id);
    assert.deepEqual(session.turns.map((t) => t.usage?.cacheReadTokens !== undefined), [true, true]);
    assert.equal(session.turns[1]?.usage?.cacheReadTokens, u2?.type === 'usage' ? u2.usage.cacheReadTokens : -1);
    const system = (a?.body.system as Array<{ cache_control?: unknown; text: string }>)[0];
    assert.deepEqual(system?.cache_control, { type: 'ephemeral' });
    assert.match(system?.text ?? '', /Lesson XML quick reference/);
  });

  it('sends at most 20 messages in a 30-turn session, the window cut back to about half in steps', async () => {
    const h = await startHarness({ scenario: { steps: [], fallback: { blocks: [{ type: 'text', text: 'Noted.' }] } } });
    const id = await h.newSession();
    for (let i = 1; i <= 30; i++) await h.run({ kind: 'message', sessionId: id, text: `message ${i}` });
    const firsts: string[] = [];
    for (const r of h.fake.requests) {
      const messages = (r.body.messages ?? []) as Array<{ role: string }>;
      assert.ok(messages.length <= 20, `request ${r.index} sends ${messages.length} messages`);
      assert.equal(messages[0]?.role, 'user');
      firsts.push(String(messagesOf(h.fake, r.index)[0]?.content[0]?.text));
    }
    // The window keeps its first message while it grows; past 20 messages it restarts at about
    // half (10), so each start holds for several turns and the prefix stays cached meanwhile.
    const runs = firsts.reduce<{ first: string; turns: number }[]>((acc, f) => {
      if (acc.at(-1)?.first === f) (acc.at(-1) as { turns: number }).turns++;
      else acc.push({ first: f, turns: 1 });
      return acc;
    }, []);
    assert.deepEqual(runs, [
      { first: 'message 1', turns: 10 },
      { first: 'message 7', turns: 6 },
      { first: 'message 13', turns: 6 },
      { first: 'message 19', turns: 6 },
      { first: 'message 25', turns: 2 },
    ]);
    const last = messagesOf(h.fake, 29);
    assert.equal(last.length, 11);
    assert.equal(last.at(-1)?.content[0]?.text, 'message 30');
  });

  it('gives an attached selection to the model and shows its label', async () => {
    const h = await startHarness({ scenario: { steps: [{ blocks: [{ type: 'text', text: 'It is a greeting.' }] }] } });
    const id = await h.newSession();
    const { events } = await h.run({
      kind: 'message',
      sessionId: id,
      text: 'What is this?',
      context: { label: 'Selection, line 2', text: '<p>Bonjour</p>' },
    });
    const start = events[0];
    assert.equal(start?.type === 'turn_start' && start.userMessage?.context, 'Selection, line 2');
    const sent = messagesOf(h.fake, 0)[0]?.content ?? [];
    assert.equal(sent[0]?.text, '<context label="Selection, line 2">\n<p>Bonjour</p>\n</context>');
    assert.equal(sent[1]?.text, 'What is this?');
  });
});

// The fake checks preserved thinking as the current models do: every thinking block sent back must
// come after exactly the prefix it was written after (`system`, `tools`, the messages before it,
// cache breakpoints aside) and after the thinking it was written after, or the end of it. Thinking
// may be left out from the start, from the end or entirely, never from between, and a block left
// out cannot come back. A failure is the API's 400 naming the block, unless the request asks for
// drop_block with its beta header. Also the rules of API version 2026-10-21 and role "system"
// messages. Checked over plain HTTP, so nothing of the agent's own code takes part.
import * as assert from 'node:assert/strict';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fake/fakeAnthropic';

type Json = Record<string, unknown>;
type Message = { role: string; content: Json[] | string };
const MODEL = 'claude-sonnet-5-5';
const BETA = 'thinking-binding-controls-2026-08-01';
const TOOLS = [{ name: 'lookup', description: 'Looks a word up.', input_schema: { type: 'object', properties: { q: { type: 'string' } } } }];
const SYSTEM = [{ type: 'text', text: 'You help teachers.' }];

interface Reply {
  status: number;
  json: Json;
}

async function post(fake: FakeAnthropic, body: Json, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(`${fake.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Json };
}

const errorOf = (r: Reply): string => String((r.json.error as Json | undefined)?.message ?? '');
const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const body = (messages: readonly Message[], extra: Json = {}): Json => ({ model: MODEL, max_tokens: 1024, system: SYSTEM, tools: TOOLS, messages, ...extra });

/** A conversation of `turns` answered turns, each reply thinking then answering. */
async function conversation(fake: FakeAnthropic, turns: number): Promise<Message[]> {
  const messages: Message[] = [];
  for (let i = 0; i < turns; i++) {
    messages.push(user(`question ${i}`));
    const r = await post(fake, body(messages));
    assert.equal(r.status, 200, errorOf(r));
    messages.push({ role: 'assistant', content: r.json.content as Json[] });
  }
  return messages;
}

const withoutThinking = (m: Message): Message => (typeof m.content === 'string' ? m : { ...m, content: m.content.filter((b) => b.type !== 'thinking') });

describe('fake Anthropic: the prefix check on preserved thinking', () => {
  let fake: FakeAnthropic;
  beforeEach(async () => {
    fake = await startFakeAnthropic({ steps: [], fallback: { blocks: [{ type: 'thinking', thinking: 'Considering.' }, { type: 'text', text: 'An answer.' }] } });
  });
  afterEach(() => fake.close());

  it('accepts an append-only conversation, cache breakpoints moved and thinking whose text was omitted', async () => {
    const messages = await conversation(fake, 3);
    const moved = messages.map((m, i) => (i === 0 && typeof m.content !== 'string' ? { ...m, content: m.content.map((b) => ({ ...b, cache_control: { type: 'ephemeral' } })) } : m));
    const r = await post(fake, body([...moved, user('next')], { system: [{ ...SYSTEM[0], cache_control: { type: 'ephemeral' } }] }));
    assert.equal(r.status, 200, errorOf(r));
  });

  const changes: Array<[string, (b: Json) => Json]> = [
    ['the system prompt', (b) => ({ ...b, system: [{ type: 'text', text: 'You help teachers. Today is Monday.' }] })],
    ['a tool', (b) => ({ ...b, tools: [{ ...TOOLS[0], description: 'Looks a word up in the dictionary.' }] })],
    ['a tool added', (b) => ({ ...b, tools: [...TOOLS, { name: 'more', description: 'More.', input_schema: { type: 'object' } }] })],
    ['an earlier user message', (b) => ({ ...b, messages: (b.messages as Message[]).map((m, i) => (i === 0 ? user('question 0, reworded') : m)) })],
    ['a block added to an earlier user message', (b) => ({ ...b, messages: (b.messages as Message[]).map((m, i) => (i === 2 ? { ...m, content: [{ type: 'text', text: '<document/>' }, ...(m.content as Json[])] } : m)) })],
    ['the oldest turn cut away', (b) => ({ ...b, messages: (b.messages as Message[]).slice(2) })],
  ];
  for (const [what, change] of changes) {
    it(`refuses thinking sent back after a change to ${what}, naming the first block it cannot accept`, async () => {
      const messages = await conversation(fake, 3);
      const r = await post(fake, change(body([...messages, user('next')])));
      assert.equal(r.status, 400);
      assert.equal((r.json.error as Json).type, 'invalid_request_error');
      assert.match(errorOf(r), /^messages\.\d+\.content\.0: Invalid `signature` in `thinking` block\. The block is bound to a different conversation\. Remove the block, or set `thinking\.block_binding\.prefix_mismatch_behavior` to "drop_block"\.$/);
    });
  }

  it('names the first block whose prefix changed: the thinking before the change stays valid', async () => {
    const messages = await conversation(fake, 3);
    const changed = messages.map((m, i) => (i === 2 ? user('question 1, reworded') : m));
    const r = await post(fake, body([...changed, user('next')]));
    assert.equal(errorOf(r).split(':')[0], 'messages.3.content.0');
  });

  it('accepts thinking left out from the start, from the end, or entirely', async () => {
    const messages = await conversation(fake, 3);
    const variants = [
      messages.map((m, i) => (i === 1 ? withoutThinking(m) : m)),
      messages.map((m, i) => (i === 1 || i === 3 ? withoutThinking(m) : m)),
      messages.map((m, i) => (i === 5 ? withoutThinking(m) : m)),
      messages.map(withoutThinking),
    ];
    for (const v of variants) {
      const r = await post(fake, body([...v, user('next')]));
      assert.equal(r.status, 200, errorOf(r));
    }
  });

  it('refuses thinking left out from between others, and a block left out that comes back', async () => {
    const messages = await conversation(fake, 3);
    const gap = await post(fake, body([...messages.map((m, i) => (i === 3 ? withoutThinking(m) : m)), user('next')]));
    assert.equal(gap.status, 400);
    assert.match(errorOf(gap), /^messages\.5\.content\.0: .*bound to a different conversation/);
    // Written while the first turn's thinking was left out: that thinking cannot come back before it.
    const without = messages.map((m, i) => (i === 1 ? withoutThinking(m) : m));
    without.push(user('question 3'));
    const r = await post(fake, body(without));
    without.push({ role: 'assistant', content: r.json.content as Json[] });
    const back = messages.concat(without.slice(messages.length));
    const refused = await post(fake, body([...back, user('next')]));
    assert.equal(refused.status, 400);
    assert.match(errorOf(refused), /^messages\.7\.content\.0: /);
  });

  it('with drop_block and its beta header, drops the blocks written before the change, lists them and answers; what it writes after stays valid', async () => {
    const messages = await conversation(fake, 3);
    const changed = body([user('question 0, reworded'), ...messages.slice(1), user('next')], {
      thinking: { type: 'adaptive', block_binding: { prefix_mismatch_behavior: 'drop_block' } },
    });
    const without = await post(fake, changed);
    assert.equal(without.status, 400);
    assert.match(errorOf(without), /block_binding: Extra inputs are not permitted/);
    const r = await post(fake, changed, { 'anthropic-beta': BETA });
    assert.equal(r.status, 200, errorOf(r));
    assert.deepEqual(r.json.input_transformations, [1, 3, 5].map((i) => ({ type: 'thinking_dropped', path: `messages.${i}.content.0`, reason: 'prefix_binding_mismatch' })));
    // The reply was written after what the model read: sent back the same way, it is accepted.
    const next = [...(changed.messages as Message[]), { role: 'assistant', content: r.json.content as Json[] }, user('again')];
    const again = await post(fake, { ...changed, messages: next }, { 'anthropic-beta': BETA });
    assert.equal(again.status, 200, errorOf(again));
    assert.equal((again.json.input_transformations as unknown[]).length, 3, 'the same three are dropped again, the new one is not');
  });
});

describe('fake Anthropic: API version 2026-10-21 and mid-conversation system messages', () => {
  let fake: FakeAnthropic;
  beforeEach(async () => {
    fake = await startFakeAnthropic({ steps: [], fallback: { blocks: [{ type: 'text', text: 'Fine.' }] } });
  });
  afterEach(() => fake.close());

  const refused: Array<[string, Json, RegExp]> = [
    ['top_p at its default on a 4.5 model', body([user('hi')], { model: 'claude-haiku-4-5', top_p: 1 }), /top_p: sampling parameters/],
    ['top_k on a 4.5 model', body([user('hi')], { model: 'claude-opus-4-5', top_k: 40 }), /top_k: sampling parameters/],
    [
      'a document block in an assistant message',
      body([user('hi'), { role: 'assistant', content: [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x' } }] }, user('go on')]),
      /messages\.1\.content\.0: document blocks are not supported in assistant messages/,
    ],
    ['citations on a user text block', body([{ role: 'user', content: [{ type: 'text', text: 'hi', citations: [{ type: 'char_location', cited_text: 'h' }] }] }]), /messages\.0\.content\.0\.citations/],
    ['a system message first', body([{ role: 'system', content: 'Be brief.' }, user('hi')]), /cannot be the first message/],
    [
      'a system message between a tool call and its result',
      body([
        user('hi'),
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} }] },
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' }] },
      ]),
      /must follow a user message/,
    ],
    ['a system message on a model without them', body([user('hi'), { role: 'system', content: 'Be brief.' }], { model: 'claude-sonnet-4-5' }), /role 'system' is not supported/],
    ['a 1-hour cache entry after a 5-minute one', body([{ role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral', ttl: '1h' } }] }], { system: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral' } }] }), /ttl "1h" must come before/],
    ['the updates display without its beta header', body([user('hi')], { thinking: { type: 'adaptive', display: 'updates' } }), /display "updates" is not valid/],
  ];
  for (const [what, request, message] of refused) {
    it(`refuses ${what} with a 400`, async () => {
      const r = await post(fake, request);
      assert.equal(r.status, 400, JSON.stringify(r.json));
      assert.match(errorOf(r), message);
    });
  }

  it('accepts a system message after a user message (and after tool results), a document nested in a tool result, and citations on assistant text', async () => {
    const ok = [
      body([user('hi'), { role: 'system', content: 'Answer in French from now on.' }]),
      body([user('hi'), { role: 'assistant', content: [{ type: 'text', text: 'Bonjour', citations: [{ type: 'char_location', cited_text: 'B' }] }] }, user('again'), { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] }]),
      body([
        user('hi'),
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'x' }] }] },
        { role: 'system', content: 'Be brief.' },
      ]),
    ];
    for (const request of ok) {
      const r = await post(fake, request);
      assert.equal(r.status, 200, errorOf(r));
    }
    const updates = await post(fake, body([user('hi')], { thinking: { type: 'adaptive', display: 'updates' } }), { 'anthropic-beta': 'thinking-display-updates-2026-08-18' });
    assert.equal(updates.status, 200, errorOf(updates));
  });
});

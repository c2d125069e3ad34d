// The fake refuses what the real API refuses (400 invalid_request_error), and sends what current
// models send: signed thinking blocks (summarised or omitted), redacted thinking, every stop
// reason. Checked over plain HTTP, so nothing of the agent's own code takes part.
import * as assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fake/fakeAnthropic';
import type { ScenarioInput } from '../../../fake/scenario';

type Json = Record<string, unknown>;
const MODEL = 'claude-sonnet-5-5';

const thinkThenLookup: ScenarioInput = {
  rules: [
    { when: { toolResultFor: 'lookup' }, respond: { blocks: [{ type: 'thinking', thinking: 'That settles it.' }, { type: 'text', text: 'Done.' }] } },
    {
      when: { userText: '.' },
      respond: {
        blocks: [
          { type: 'thinking', thinking: 'I should look this up first.' },
          { type: 'redacted_thinking' },
          { type: 'tool_use', name: 'lookup', input: { query: 'verbs' } },
        ],
      },
    },
  ],
};

const adaptive = { type: 'adaptive', display: 'summarized' };

async function post(fake: FakeAnthropic, body: Json): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${fake.url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Json };
}

function request(extra: Json = {}): Json {
  return { model: MODEL, max_tokens: 1024, thinking: adaptive, messages: [{ role: 'user', content: [{ type: 'text', text: 'Find the verbs.' }] }], ...extra };
}

function errorOf(r: { json: Json }): string {
  return String((r.json.error as Json | undefined)?.message ?? '');
}

/** The first reply, then the continuation that answers its tool call. */
async function firstTurn(fake: FakeAnthropic, model = MODEL): Promise<{ content: Json[]; continuation: (content: Json[], m?: string) => Json }> {
  const r = await post(fake, request({ model }));
  assert.equal(r.status, 200, errorOf(r));
  const content = r.json.content as Json[];
  const use = content.find((b) => b.type === 'tool_use') as Json;
  const continuation = (sent: Json[], m = model): Json =>
    request({
      model: m,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Find the verbs.' }] },
        { role: 'assistant', content: sent },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: 'parler, finir' }] },
      ],
    });
  return { content, continuation };
}

describe('fake Anthropic: as strict as the API', () => {
  let fake: FakeAnthropic;
  beforeEach(async () => {
    fake = await startFakeAnthropic(thinkThenLookup);
  });
  afterEach(() => fake.close());

  const refused: Array<[string, Json, RegExp]> = [
    ['temperature', { temperature: 0.2 }, /temperature: sampling parameters/],
    ['temperature at its default, on a 4.5 model too (API version 2026-10-21)', { model: 'claude-sonnet-4-5', thinking: undefined, temperature: 1 }, /temperature: sampling parameters/],
    ['top_p', { top_p: 0.9 }, /top_p: sampling parameters/],
    ['top_k', { top_k: 5 }, /top_k: sampling parameters/],
    ['a thinking budget', { thinking: { type: 'enabled', budget_tokens: 2048 } }, /budget_tokens are not supported/],
    ['thinking disabled', { thinking: { type: 'disabled' } }, /"disabled" is not supported/],
    ['forced tool use (any)', { tool_choice: { type: 'any' } }, /forced tool use/],
    ['forced tool use (tool)', { tool_choice: { type: 'tool', name: 'lookup' } }, /forced tool use/],
    ['between_tools at max effort', { thinking: { type: 'between_tools' }, output_config: { effort: 'max' } }, /between_tools/],
    ['an unknown effort', { output_config: { effort: 'extreme' } }, /effort/],
    ['max_tokens over the model limit', { max_tokens: 200_000 }, /maximum allowed number of output tokens/],
    ['prefill', { messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: [{ type: 'text', text: 'Sure' }] }] }, /prefill/],
  ];
  for (const [what, extra, message] of refused) {
    it(`refuses ${what} with a 400, as the API does`, async () => {
      const r = await post(fake, request(extra));
      assert.equal(r.status, 400);
      assert.equal((r.json.error as Json).type, 'invalid_request_error');
      assert.match(errorOf(r), message);
      assert.equal(fake.requests.at(-1)?.outcome, 'refused:400');
    });
  }

  it('refuses adaptive thinking and effort on the 4.5 models that do not have them', async () => {
    assert.match(errorOf(await post(fake, request({ model: 'claude-sonnet-4-5' }))), /not supported on claude-sonnet-4-5/);
    assert.match(errorOf(await post(fake, request({ model: 'claude-haiku-4-5', thinking: undefined, output_config: { effort: 'low' } }))), /effort is not supported/);
  });

  it('sends signed thinking (summarised text), redacted thinking and a tagged tool call', async () => {
    const { content } = await firstTurn(fake);
    assert.deepEqual(content.map((b) => b.type), ['thinking', 'redacted_thinking', 'tool_use']);
    assert.equal(content[0]?.thinking, 'I should look this up first.');
    assert.ok(String(content[0]?.signature).length > 20);
    assert.ok(String(content[1]?.data).length > 20);
    assert.match(String(content[2]?.id), /_th[0-9a-f]{6}/);
  });

  it('omits the thinking text unless the request asks for a summary, still signed', async () => {
    const r = await post(fake, request({ thinking: undefined }));
    const thinking = (r.json.content as Json[])[0] as Json;
    assert.equal(thinking.type, 'thinking');
    assert.equal(thinking.thinking, '');
    assert.ok(String(thinking.signature).length > 20);
  });

  it('accepts a continuation that returns every thinking block unchanged, also in a new server instance', async () => {
    const { content, continuation } = await firstTurn(fake);
    const ok = await post(fake, continuation(content));
    assert.equal(ok.status, 200, errorOf(ok));
    const restarted = await startFakeAnthropic(thinkThenLookup);
    try {
      const again = await post(restarted, continuation(content));
      assert.equal(again.status, 200, errorOf(again));
    } finally {
      await restarted.close();
    }
  });

  it('refuses a continuation that drops a thinking block of the turn', async () => {
    const { content, continuation } = await firstTurn(fake);
    for (const drop of [0, 1]) {
      const r = await post(fake, continuation(content.filter((_, i) => i !== drop)));
      assert.equal(r.status, 400);
      assert.match(errorOf(r), /complete and unmodified/);
    }
  });

  it('refuses a continuation that alters a thinking block, its signature or a redacted block, or reorders them', async () => {
    const { content, continuation } = await firstTurn(fake);
    const [thinking, redacted, use] = content as [Json, Json, Json];
    const variants: Json[][] = [
      [{ ...thinking, thinking: 'I should look this up first!' }, redacted, use],
      [{ ...thinking, signature: `${String(thinking.signature)}x` }, redacted, use],
      [thinking, { ...redacted, data: String(redacted.data).slice(1) }, use],
      [redacted, thinking, use],
    ];
    for (const sent of variants) assert.equal((await post(fake, continuation(sent))).status, 400, JSON.stringify(sent).slice(0, 80));
  });

  it('drops thinking blocks another model wrote without an error, as the API does, and lists them when asked to', async () => {
    const { content, continuation } = await firstTurn(fake);
    const r = await post(fake, continuation(content, 'claude-opus-5-5'));
    assert.equal(r.status, 200, errorOf(r));
    assert.equal(r.json.input_transformations, undefined, 'nothing is reported without the binding beta');
    const listed = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-beta': 'thinking-binding-controls-2026-08-01' },
      body: JSON.stringify(continuation(content, 'claude-opus-5-5')),
    });
    const json = (await listed.json()) as Json;
    assert.deepEqual(json.input_transformations, [
      { type: 'thinking_dropped', path: 'messages.1.content.0', reason: 'model_binding_mismatch' },
      { type: 'thinking_dropped', path: 'messages.1.content.1', reason: 'model_binding_mismatch' },
    ]);
  });

  it('ends a reply with each stop reason a scenario names, with stop_details only for a refusal', async () => {
    for (const stop of ['end_turn', 'max_tokens', 'stop_sequence', 'refusal', 'model_context_window_exceeded'] as const) {
      fake.setScenario({ steps: [{ blocks: [{ type: 'text', text: 'x' }], stopReason: stop, refusal: { category: 'cyber', explanation: 'Not this one.' } }] });
      const r = await post(fake, request());
      assert.equal(r.json.stop_reason, stop);
      assert.deepEqual(r.json.stop_details, stop === 'refusal' ? { type: 'refusal', category: 'cyber', explanation: 'Not this one.' } : null);
    }
  });

  it('lets a reply it paused come back as the last message (pause_turn), and nothing else', async () => {
    fake.setScenario({ steps: [{ blocks: [{ type: 'text', text: 'Still working' }], stopReason: 'pause_turn' }, { blocks: [{ type: 'text', text: 'Done.' }] }] });
    const paused = await post(fake, request());
    assert.equal(paused.json.stop_reason, 'pause_turn');
    const back = (content: Json[]): Json => request({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Find the verbs.' }] }, { role: 'assistant', content }] });
    assert.equal((await post(fake, back(paused.json.content as Json[]))).status, 200);
    assert.equal((await post(fake, back([{ type: 'text', text: 'Still working on it' }]))).status, 400);
  });

  it('streams thinking as thinking_delta and signature_delta events the SDK assembles', async () => {
    const client = new Anthropic({ apiKey: 'sk-ant-fake-strictness-000000', baseURL: fake.url, maxRetries: 0 });
    const deltas: string[] = [];
    const stream = client.messages.stream({
      model: MODEL,
      max_tokens: 1024,
      thinking: { type: 'adaptive', display: 'summarized' },
      messages: [{ role: 'user', content: 'Find the verbs.' }],
    });
    stream.on('thinking', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();
    assert.equal(deltas.join(''), 'I should look this up first.');
    const [thinking, redacted] = message.content;
    assert.equal(thinking?.type === 'thinking' && thinking.thinking, 'I should look this up first.');
    assert.ok(thinking?.type === 'thinking' && thinking.signature.length > 20);
    assert.ok(redacted?.type === 'redacted_thinking' && redacted.data.length > 20);
  });
});

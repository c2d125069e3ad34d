// The fake server speaks the real wire format: the real SDK, over real HTTP, parses what it sends,
// retries its HTTP faults, and fails on its mid-stream faults exactly as it would against the API.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fake/fakeAnthropic';
import type { ScenarioInput } from '../../../fake/scenario';
import { validateMessagesRequest } from '../../../fake/validateRequest';

const SCENARIOS = join(__dirname, '..', '..', '..', '..', '..', 'test', 'fake', 'scenarios');

function client(fake: FakeAnthropic, maxRetries = 2): Anthropic {
  return new Anthropic({ apiKey: 'sk-test-fake', baseURL: fake.url, maxRetries });
}

const params = (text = 'hello'): Anthropic.MessageCreateParamsNonStreaming => ({
  model: 'claude-test',
  max_tokens: 256,
  messages: [{ role: 'user', content: text }],
});

describe('fake Anthropic server', () => {
  let fake: FakeAnthropic | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  async function start(scenario: ScenarioInput | string): Promise<FakeAnthropic> {
    fake = await startFakeAnthropic(scenario);
    return fake;
  }

  it('streams text in chunks that the SDK reassembles, and records the request', async () => {
    const f = await start({ chunk: 3, steps: [{ blocks: [{ type: 'text', text: 'Hello there, teacher!' }] }] });
    const deltas: string[] = [];
    const stream = client(f).messages.stream(params());
    stream.on('text', (d) => deltas.push(d));
    const message = await stream.finalMessage();
    assert.equal(deltas.join(''), 'Hello there, teacher!');
    assert.equal(deltas.length, Math.ceil('Hello there, teacher!'.length / 3));
    assert.equal(message.stop_reason, 'end_turn');
    assert.equal(f.requests.length, 1);
    assert.equal(f.requests[0]?.body.stream, true);
    assert.equal(f.requests[0]?.headers.authorization, 'Bearer sk-test-fake');
    assert.deepEqual(validateMessagesRequest(f.requests[0]?.body), []);
  });

  it('a step\'s chunk size overrides the scenario\'s, and a block\'s overrides the step\'s', async () => {
    const text = 'Twelve chars';
    const f = await start({ chunk: 6, steps: [{ chunk: 2, blocks: [{ type: 'text', text }, { type: 'text', text, chunk: 4 }] }] });
    const deltas: string[] = [];
    const stream = client(f).messages.stream(params());
    stream.on('text', (d) => deltas.push(d));
    await stream.finalMessage();
    assert.deepEqual(deltas.map((d) => d.length), [2, 2, 2, 2, 2, 2, 4, 4, 4]);
  });

  it('streams tool_use input as partial JSON that parses back to the scripted input', async () => {
    const input = { documentXml: '<lesson><p>Bonjour</p></lesson>', summary: 'greeting' };
    const f = await start({
      jsonChunk: 5,
      steps: [{ blocks: [{ type: 'text', text: 'Editing.' }, { type: 'tool_use', id: 'toolu_a', name: 'edit_document', input }] }],
    });
    const message = await client(f).messages.stream(params()).finalMessage();
    assert.equal(message.stop_reason, 'tool_use');
    const block = message.content[1];
    assert.equal(block?.type, 'tool_use');
    if (block?.type === 'tool_use') {
      assert.equal(block.id, 'toolu_a');
      assert.deepEqual(block.input, input);
    }
  });

  it('answers an HTTP 529 that the SDK retries before headers, honouring retry-after-ms', async () => {
    const f = await start(join(SCENARIOS, 'overloadThenHello.json'));
    const started = Date.now();
    const text = await client(f).messages.stream(params()).finalText();
    assert.equal(text, 'Hello after a short wait.');
    assert.deepEqual(f.requests.map((r) => r.outcome), ['fault:http:529', 'stream']);
    assert.ok(Date.now() - started < 2000, 'retry-after-ms kept the wait short');
  });

  it('sends a mid-stream error event that the SDK surfaces as an APIError of that type', async () => {
    const f = await start({
      steps: [{ blocks: [{ type: 'text', text: 'partial answer that breaks' }], fault: { kind: 'error_event', afterEvents: 4 } }],
    });
    const stream = client(f).messages.stream(params());
    let seen = '';
    stream.on('text', (d) => (seen += d));
    await assert.rejects(stream.finalMessage(), (err: unknown) => {
      assert.ok(err instanceof Anthropic.APIError);
      assert.equal(err.status, undefined);
      assert.equal(err.type, 'overloaded_error');
      return true;
    });
    assert.ok(seen.length > 0, 'some text arrived before the error');
    assert.equal(f.requests.length, 1, 'the SDK does not retry mid-stream faults');
  });

  it('drops the socket mid-stream', async () => {
    const f = await start({ steps: [{ blocks: [{ type: 'text', text: 'cut off here' }], fault: { kind: 'drop', afterEvents: 3 } }] });
    await assert.rejects(client(f).messages.stream(params()).finalMessage(), (err: unknown) => {
      assert.ok(err instanceof Anthropic.AnthropicError);
      assert.match(String((err as Error).message), /terminated|closed|socket/i);
      return true;
    });
  });

  it('stalls after headers until the client aborts', async () => {
    const f = await start({ steps: [{ blocks: [{ type: 'text', text: 'never finished' }], fault: { kind: 'stall', afterEvents: 3 } }] });
    const stream = client(f).messages.stream(params());
    let events = 0;
    stream.on('streamEvent', () => events++);
    const timer = setTimeout(() => stream.abort(), 300);
    await assert.rejects(stream.finalMessage(), Anthropic.APIUserAbortError);
    clearTimeout(timer);
    assert.ok(events >= 2, 'events before the stall were delivered');
  });

  it('ends a stream without message_stop when asked to truncate', async () => {
    const f = await start({ steps: [{ blocks: [{ type: 'text', text: 'short' }], fault: { kind: 'truncate', afterEvents: 3 } }] });
    await assert.rejects(client(f).messages.stream(params()).finalMessage(), /ended without|without producing|request ended/i);
  });

  it('answers with a clear 400 when the script has run out', async () => {
    const f = await start({ steps: [] });
    await assert.rejects(client(f).messages.stream(params()).finalMessage(), (err: unknown) => {
      assert.ok(err instanceof Anthropic.BadRequestError);
      assert.match(err.message, /no response for request #0/);
      return true;
    });
  });

  it('matches rules on user text and tool results, filling regex groups and the document', async () => {
    const f = await start({
      rules: [
        { when: { toolResultFor: 'AskUserQuestion', toolResultText: 'Level: .* -> (\\w+)' }, respond: { blocks: [{ type: 'text', text: 'Level {{1}} noted.' }] } },
        {
          when: { userText: 'add (\\w+)' },
          respond: { blocks: [{ type: 'tool_use', name: 'edit_document', input: { documentXml: '{{lessonOpen}}{{lessonBody}}<p>{{xml:1}}</p></lesson>' } }] },
        },
      ],
      fallback: { blocks: [{ type: 'text', text: 'fallback' }] },
    });
    const doc = '<document name="a.lesson.xml" kind="lesson">\n<lesson title="T">\n  <p>x</p>\n</lesson>\n</document>';
    const first = await client(f)
      .messages.stream({ ...params(), messages: [{ role: 'user', content: [{ type: 'text', text: 'Please add stuff' }, { type: 'text', text: doc }] }] })
      .finalMessage();
    const use = first.content[0];
    assert.equal(use?.type, 'tool_use');
    if (use?.type === 'tool_use') assert.deepEqual(use.input, { documentXml: '<lesson title="T">\n  <p>x</p><p>stuff</p></lesson>' });
    const id = use?.type === 'tool_use' ? use.id : '';
    const second = await client(f)
      .messages.stream({
        ...params(),
        messages: [
          { role: 'user', content: 'Add an exercise' },
          { role: 'assistant', content: [{ type: 'tool_use', id, name: 'AskUserQuestion', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'Level: What level? -> B1' }] },
        ],
      })
      .finalText();
    assert.equal(second, 'Level B1 noted.');
    assert.equal(await client(f).messages.stream(params('unrelated')).finalText(), 'fallback');
  });

  it('reports cache creation then cache reads for a byte-identical cached prefix', async () => {
    const f = await start({ steps: [{ blocks: [{ type: 'text', text: 'one' }] }, { blocks: [{ type: 'text', text: 'two' }] }] });
    const body = {
      ...params(),
      // Above the 1,024 tokens the fake caches at least for a model it does not know.
      system: [{ type: 'text' as const, text: 'You are a helpful assistant. '.repeat(200), cache_control: { type: 'ephemeral' as const } }],
    };
    const a = await client(f).messages.stream(body).finalMessage();
    const b = await client(f).messages.stream({ ...body, messages: [{ role: 'user', content: 'again' }] }).finalMessage();
    assert.ok((a.usage.cache_creation_input_tokens ?? 0) > 0);
    assert.equal(a.usage.cache_read_input_tokens, 0);
    assert.equal(b.usage.cache_read_input_tokens, a.usage.cache_creation_input_tokens);
    assert.equal(b.usage.cache_creation_input_tokens, 0);
  });

  it('flags invalid Messages requests in the validator', () => {
    assert.deepEqual(validateMessagesRequest({ ...params() }), []);
    const bad = validateMessagesRequest({
      model: 'm',
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'x', input: {} }] },
        { role: 'user', content: [{ type: 'text', text: 'no result' }] },
      ],
    });
    assert.ok(bad.some((p) => p.includes('do not answer')), bad.join('; '));
    assert.ok(validateMessagesRequest({ model: 'm', max_tokens: 1, messages: [{ role: 'assistant', content: 'x' }] }).length > 0);
  });
});

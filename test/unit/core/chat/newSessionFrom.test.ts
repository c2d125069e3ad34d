// New session from here, through the controller and the real agent: the panel shows a new session
// holding the conversation before the chosen message (its edit with it, so Review and Revert work in
// the copy), with that message back in the input; the session it came from is unchanged; and the
// copy goes on as a valid prefix of what the original sent (the fake checks preserved thinking).
import * as assert from 'node:assert/strict';
import { editTextTool } from '../../../../src/core/tools/editText';
import { readMessages } from '../../../fake/readMessages';
import { MemoryDocument } from '../agent/harness';
import { setup, type Setup } from './controllerKit';

const think = (thinking: string) => ({ type: 'thinking' as const, thinking });
const SCENARIO = {
  rules: [
    { when: { toolResultFor: 'edit_text' }, respond: { blocks: [think('Done; I will say so.'), { type: 'text' as const, text: 'Done.' }] } },
    {
      when: { userText: 'rain' },
      respond: { blocks: [think('An edit.'), { type: 'tool_use' as const, name: 'edit_text', input: { edits: [{ find: '<p>Hi.</p>', replace: '<p>Hi.</p>\n  <p>Rain.</p>' }], summary: 'Added rain' } }] },
    },
  ],
  fallback: { blocks: [think('A short answer.'), { type: 'text' as const, text: 'All right.' }] },
};

describe('chat controller: new session from here', function () {
  this.timeout(30_000);
  let s: Setup | undefined;
  afterEach(async () => {
    s?.controller.dispose();
    await s?.harness.close();
    s = undefined;
  });

  it('copies the conversation before a message into a new session, shown with the message in the input; the copy goes on as a valid prefix', async () => {
    s = await setup(SCENARIO, { document: new MemoryDocument('<lesson>\n  <p>Hi.</p>\n</lesson>\n'), tools: [editTextTool], settings: { model: 'claude-sonnet-5-5' } });
    for (const text of ['Add rain', 'Say hello', 'Say goodbye']) await s.controller.handle({ type: 'send', text });
    const original = s.controller.currentSessionId ?? '';
    const users = (s.webview.view?.items ?? []).filter((i) => i.kind === 'user');
    const third = users[2];
    assert.ok(third);
    const requests = s.harness.fake.requests.length;
    const thirdSent = requests - 1;

    await s.controller.handle({ type: 'newSessionFrom', messageId: third.id });
    const copy = s.controller.currentSessionId ?? '';
    assert.notEqual(copy, original, 'a new session is shown');
    assert.deepEqual(
      s.webview.view?.items.filter((i) => i.kind === 'user').map((i) => (i.kind === 'user' ? i.text : '')),
      ['Add rain', 'Say hello'],
      'the conversation before the message',
    );
    const prefill = s.webview.posts.findLast((p) => p.type === 'prefill');
    assert.deepEqual(prefill?.type === 'prefill' ? [prefill.text, prefill.send] : prefill?.type, ['Say goodbye', false], 'the message back in the input');
    const copied = await s.harness.session(copy);
    assert.equal(copied.edits.length, 1, 'its edit comes with it');
    assert.equal(copied.edits[0]?.summary, 'Added rain');
    assert.equal((await s.harness.session(original)).turns.length, 3, 'the original is unchanged');
    assert.ok(s.webview.state.sessions.some((x) => x.id === copy), 'listed with the others');

    await s.controller.handle({ type: 'send', text: 'Say goodbye, but shorter' });
    assert.equal(s.harness.fake.requests.length, requests + 1, 'one request, accepted');
    const before = readMessages(s.harness.fake, thirdSent);
    const now = readMessages(s.harness.fake, requests);
    assert.equal(now.length, before.length);
    assert.deepEqual(now.slice(0, -1), before.slice(0, -1), 'what the original sent before that message, byte for byte');
    assert.ok(JSON.stringify(before).includes('"type":"thinking"'), 'thinking included');
    const last = s.webview.view?.items.at(-1);
    assert.equal(last?.kind === 'assistant' ? last.text : '', 'All right.');
    assert.equal(last?.kind === 'assistant' ? last.error : 'no reply', undefined);
  });
});

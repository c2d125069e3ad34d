// The transcript rules on their own: what is sent, how gaps are repaired, where the window starts.
import * as assert from 'node:assert/strict';
import { pairingProblems, toApiMessages, windowMessages, type ApiMessage } from '../../../../src/core/agent/history';
import { repairPairing } from '../../../../src/core/sessions/pairing';
import type { StoredBlock, StoredMessage } from '../../../../src/core/sessions/schema';
import { validateMessagesRequest } from '../../../fake/validateRequest';

let n = 0;
function msg(role: 'user' | 'assistant', content: StoredBlock[], extra: Partial<StoredMessage> = {}): StoredMessage {
  n++;
  return { id: `m${n}`, role, content, createdAt: n, turnId: 't', ...extra };
}
const text = (t: string): StoredBlock => ({ type: 'text', text: t });
const use = (id: string): StoredBlock => ({ type: 'tool_use', id, name: 'lookup', input: { query: id } });
const result = (id: string): StoredBlock => ({ type: 'tool_result', tool_use_id: id, content: `r ${id}` });
const thinking = (t: string): StoredBlock => ({ type: 'thinking', thinking: t, signature: `sig-${t}` });

function valid(messages: ApiMessage[]): void {
  assert.deepEqual(pairingProblems(messages), []);
  assert.deepEqual(validateMessagesRequest({ model: 'm', max_tokens: 1, messages }), []);
}

describe('history', () => {
  it('leaves partial messages out and merges consecutive user messages, results first', () => {
    const api = toApiMessages([
      msg('user', [text('first')]),
      msg('assistant', [text('cut')], { partial: true }),
      msg('user', [text('second')]),
      msg('assistant', [use('a'), use('b')]),
      msg('user', [result('b')]),
      msg('user', [result('a'), text('and a new question')]),
    ]);
    assert.deepEqual(api.map((m) => m.role), ['user', 'assistant', 'user']);
    assert.deepEqual(api[0]?.content.map((b) => (b.type === 'text' ? b.text : b.type)), ['first', 'second']);
    assert.deepEqual(api[2]?.content.map((b) => (b.type === 'tool_result' ? b.tool_use_id : b.type)), ['a', 'b', 'text']);
    valid(api);
  });

  it('answers unanswered tool_uses as interrupted, except those waiting for the user', () => {
    const messages = [msg('user', [text('go')]), msg('assistant', [use('a'), use('q'), use('c')])];
    const repaired = repairPairing(messages, (results) => msg('user', results), new Set(['q']));
    assert.deepEqual(repaired, ['a', 'c']);
    const all = repairPairing([msg('user', [text('go')]), msg('assistant', [use('x')]), msg('user', [text('next')])], (r) => msg('user', r));
    assert.deepEqual(all, ['x']);
  });

  it('repairs a transcript so that it becomes a valid request', () => {
    const messages = [msg('user', [text('go')]), msg('assistant', [text('calling'), use('a')]), msg('user', [text('stop that')])];
    assert.notDeepEqual(pairingProblems(toApiMessages(messages)), []);
    repairPairing(messages, (r) => msg('user', r));
    valid(toApiMessages(messages));
  });

  it('windows to the last N messages from a user message with words of its own', () => {
    const messages: StoredMessage[] = [];
    for (let i = 0; i < 10; i++) messages.push(msg('user', [text(`q${i}`)]), msg('assistant', [text(`a${i}`)]));
    messages.push(msg('user', [text('last')]));
    const w = windowMessages(toApiMessages(messages), 6);
    assert.equal(w.length, 5);
    assert.equal(w[0]?.content[0]?.type === 'text' && w[0].content[0].text, 'q8');
    valid(w);
  });

  it('never cuts into the running turn: a turn longer than the limit goes whole (its thinking must all go back)', () => {
    const messages: StoredMessage[] = [];
    for (let i = 0; i < 4; i++) messages.push(msg('user', [text(`question ${i}`)]), msg('assistant', [text(`answer ${i}`)]));
    messages.push(msg('user', [text('build the whole lesson')]));
    for (let i = 0; i < 12; i++) messages.push(msg('assistant', [thinking(`t${i}`), use(`u${i}`)], { requestedModel: 'm' }), msg('user', [result(`u${i}`)]));
    const w = windowMessages(toApiMessages(messages, { model: 'm' }), 6);
    // The turn started with 9 messages, past the limit of 6: the window was cut back then, at a
    // turn's start, to about half (question 2 onwards), and the running turn goes whole after it.
    assert.equal(w[0]?.content[0]?.type === 'text' && w[0].content[0].text, 'question 2');
    assert.equal(w.length, 4 + 1 + 24);
    const thinkingSent = w.flatMap((m) => m.content).filter((b) => b.type === 'thinking').length;
    assert.equal(thinkingSent, 12, 'every thinking block of the running turn goes back');
    valid(w);
  });

  it('drops the orphan results of a first message that also has words', () => {
    const api = toApiMessages([
      msg('user', [text('one')]),
      msg('assistant', [use('a')]),
      msg('user', [result('a'), text('two')]),
      msg('assistant', [text('ok')]),
      msg('user', [text('three')]),
    ]);
    const w = windowMessages(api, 3);
    assert.deepEqual(w[0]?.content.map((b) => b.type), ['text']);
    valid(w);
  });

  it('finds what would make the API reject a request', () => {
    const bad: ApiMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'x' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'n', input: {} }] },
      { role: 'user', content: [{ type: 'text', text: 'y' }, { type: 'tool_result', tool_use_id: 'a', content: 'r' }] },
    ];
    assert.equal(pairingProblems(bad).length, 2);
    assert.match(pairingProblems([{ role: 'assistant', content: [{ type: 'text', text: 'x' }] }]).join(';'), /role assistant/);
  });
});

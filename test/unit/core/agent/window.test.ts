// The stepped history window: it keeps its start while it grows, is cut back to about half at a
// turn's start when it passes the limit, never separates a tool_use from its tool_result nor a
// turn's thinking blocks from their turn, and clears only the bulk of what a cut carries over.
import * as assert from 'node:assert/strict';
import { pairingProblems, toApiMessages, windowMessages, type ApiMessage } from '../../../../src/core/agent/history';
import { CLEARED_RESULT, steppedWindow } from '../../../../src/core/agent/window';
import type { StoredBlock, StoredMessage } from '../../../../src/core/sessions/schema';
import { validateMessagesRequest } from '../../../fake/validateRequest';

let n = 0;
function msg(role: 'user' | 'assistant', content: StoredBlock[], turnId: string): StoredMessage {
  n++;
  return { id: `m${n}`, role, content, createdAt: n, turnId, ...(role === 'assistant' ? { requestedModel: 'm' } : {}) };
}

/** One turn: the question, `tools` rounds of thinking + tool_use / tool_result, then a thinking answer. */
function turn(i: number, tools: number, resultText = (k: number) => `result ${i}.${k}`): StoredMessage[] {
  const t = `t${i}`;
  const out = [msg('user', [{ type: 'text', text: `question ${i}` }], t)];
  for (let k = 0; k < tools; k++) {
    const id = `u${i}_${k}`;
    out.push(
      msg('assistant', [{ type: 'thinking', thinking: `thinking ${i}.${k}`, signature: `sig ${i}.${k}` }, { type: 'tool_use', id, name: 'read_document', input: { id: 'fb-1' } }], t),
      msg('user', [{ type: 'tool_result', tool_use_id: id, content: resultText(k) }], t),
    );
  }
  out.push(msg('assistant', [{ type: 'thinking', thinking: `answer thinking ${i}`, signature: `sig ${i}` }, { type: 'text', text: `answer ${i}` }], t));
  return out;
}

const firstText = (w: readonly ApiMessage[]): string | undefined => {
  const b = w[0]?.content.find((x) => x.type === 'text');
  return b?.type === 'text' ? b.text : undefined;
};

function assertIntact(w: readonly ApiMessage[]): void {
  assert.deepEqual(pairingProblems([...w]), []);
  assert.deepEqual(validateMessagesRequest({ model: 'm', max_tokens: 1, messages: w }), []);
  // Every tool_use in the window has its result in it, and every thinking block sits in an
  // assistant message of a turn whose question is in the window too.
  const uses = w.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])));
  const results = w.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : [])));
  assert.deepEqual(results, uses.slice(uses.length - results.length));
  assert.deepEqual(uses, results);
  const questions = new Set(w.flatMap((m) => m.content.flatMap((b) => (b.type === 'text' && b.text.startsWith('question ') ? [b.text.slice(9)] : []))));
  for (const m of w) for (const b of m.content) if (b.type === 'thinking') assert.ok(questions.has(b.thinking.replace(/^(answer )?thinking /, '').split('.')[0] ?? ''), b.thinking);
}

describe('stepped history window', () => {
  it('keeps its start while it grows, then cuts back to about half at a turn start', () => {
    // Turns of 2 messages; limit 10: a turn opening at message 10 would be the 11th message.
    const opens = Array.from({ length: 30 }, (_, i) => i % 2 === 0);
    const starts = [];
    for (let len = 1; len <= 30; len += 2) starts.push(steppedWindow(opens.slice(0, len), 10).start);
    // Window lengths at each turn's first request: 1, 3, ..., 9, then cut to 5 (half), growing again.
    assert.deepEqual(starts, [0, 0, 0, 0, 0, 6, 6, 6, 12, 12, 12, 18, 18, 18, 24]);
    for (let len = 1; len <= 30; len += 2) {
      const { start } = steppedWindow(opens.slice(0, len), 10);
      assert.ok(len - start <= 10, `${len - start} messages at length ${len}`);
      assert.equal(opens[start], true, 'starts where a turn starts');
    }
  });

  it('keeps tool pairs and thinking blocks with their turn across many cuts', () => {
    const messages: StoredMessage[] = [];
    const firsts: string[] = [];
    for (let i = 0; i < 24; i++) {
      // The request that opens turn i: the history so far and its question.
      const [question, ...rest] = turn(i, i % 3, (k) => (k === 0 ? 'x'.repeat(5_000) : `short ${i}.${k}`));
      messages.push(question as StoredMessage);
      const w = windowMessages(toApiMessages(messages, { model: 'm' }), 12);
      assertIntact(w);
      firsts.push(firstText(w) ?? '');
      messages.push(...rest);
    }
    // The first message changes only at a cut, so the prefix holds for the turns in between.
    const changes = firsts.filter((f, i) => i > 0 && f !== firsts[i - 1]).length;
    assert.ok(changes >= 3 && changes <= 8, `${changes} cuts in 24 turns: ${firsts.join(', ')}`);
  });

  it('sends the running turn whole even past the limit, with all its thinking', () => {
    const messages = [...turn(0, 1), ...turn(1, 1), ...turn(2, 9)];
    // The running turn's last step has no answer yet: drop its final assistant message.
    messages.pop();
    const w = windowMessages(toApiMessages(messages, { model: 'm' }), 6);
    assertIntact(w);
    const thinking = w.flatMap((m) => m.content).filter((b) => b.type === 'thinking').map((b) => (b.type === 'thinking' ? b.thinking : ''));
    for (let k = 0; k < 9; k++) assert.ok(thinking.includes(`thinking 2.${k}`), `thinking 2.${k} is sent`);
    assert.equal(firstText(w), 'question 2');
  });

  it('clears the bulk of what a cut carries over, and only until the next cut', () => {
    const messages: StoredMessage[] = [];
    const big = (k: number): string => (k === 0 ? 'y'.repeat(3_000) : 'small');
    for (let i = 0; i < 6; i++) messages.push(...turn(i, 1, big));
    const before = windowMessages(toApiMessages(messages, { model: 'm' }), 100);
    assert.ok(before.some((m) => m.content.some((b) => b.type === 'tool_result' && b.content === 'y'.repeat(3_000))));
    // Turns are 4 messages, the limit 12: turn 5 opened past it, so the window was cut to start at
    // turn 4, which the cut carried over (its big result cleared); turn 5 came after the cut and
    // stays whole, so the prefix turn 6 reuses is the one turn 5 sent.
    messages.push(msg('user', [{ type: 'text', text: 'question 6' }], 't6'));
    const w = windowMessages(toApiMessages(messages, { model: 'm' }), 12);
    assertIntact(w);
    assert.equal(firstText(w), 'question 4');
    const results = w.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_result' ? [b.content] : [])));
    assert.deepEqual(results, [CLEARED_RESULT, 'y'.repeat(3_000)]);
  });
});

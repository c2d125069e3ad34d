// What the agent changes when the API refuses a request because a thinking block is "bound to a
// different conversation": a finished turn's block leaves the finished turns' thinking out; the
// running turn's block (or a second refusal) asks the API to drop what it cannot accept; any other
// failure, or a third refusal, is not repaired.
import * as assert from 'node:assert/strict';
import { bindingRepair, type BuiltRequest } from '../../../../src/core/agent/nextRequest';
import { emptySession } from '../../../../src/core/sessions/newSession';
import type { Session } from '../../../../src/core/sessions/schema';

const BOUND =
  'Invalid `signature` in `thinking` block. The block is bound to a different conversation. Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to "drop_block".';

function refusal(message: string, status = 400): Error {
  return Object.assign(new Error(`${status} ${JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message } })}`), { status });
}

function session(thinking?: Session['thinking']): Session {
  const s = emptySession({ id: 's', now: 1 });
  s.turns = ['t1', 't2', 't3'].map((id) => ({ id, startedAt: 1, status: id === 't3' ? ('running' as const) : ('completed' as const), steps: 1 }));
  return thinking ? { ...s, thinking } : s;
}

/** A request of turn t3 (from message 4), with a thinking block of t1 at messages.1.content.0 and one of t2 at messages.3.content.0. */
function request(): BuiltRequest {
  const t1 = { type: 'thinking' as const, thinking: '', signature: 'a' };
  const t2 = { type: 'thinking' as const, thinking: '', signature: 'b' };
  const text = (t: string) => ({ type: 'text' as const, text: t });
  const messages = [
    { role: 'user' as const, content: [text('one')] },
    { role: 'assistant' as const, content: [t1, text('1')] },
    { role: 'user' as const, content: [text('two')] },
    { role: 'assistant' as const, content: [t2, text('2')] },
    { role: 'user' as const, content: [text('three')] },
  ];
  const origins = new Map([
    [t1, { messageId: 'm1', index: 0, turnId: 't1', prefix: 'x' }],
    [t2, { messageId: 'm3', index: 0, turnId: 't2', prefix: 'y' }],
  ]);
  return { params: { model: 'm', max_tokens: 1, messages }, runningFrom: 4, origins };
}

describe('repairing a refusal of earlier thinking', () => {
  it('leaves out the thinking of the finished turn named and of every later finished turn, and keeps the thinking before it', () => {
    assert.deepEqual(bindingRepair(session(), 't3', request(), refusal(`messages.3.content.0: ${BOUND}`)), { leftOut: ['t2'] });
    assert.deepEqual(bindingRepair(session(), 't3', request(), refusal(`messages.1.content.0: ${BOUND}`)), { leftOut: ['t1', 't2'] });
  });

  it('asks the API to drop what it cannot accept when the block is the running turn\'s, or is already left out', () => {
    assert.deepEqual(bindingRepair(session(), 't3', request(), refusal(`messages.5.content.0: ${BOUND}`)), { dropBlock: true });
    assert.deepEqual(bindingRepair(session({ leftOut: ['t2'] }), 't3', request(), refusal(`messages.3.content.0: ${BOUND}`)), { dropBlock: true });
  });

  it('repairs nothing else: another 400, another status, or a refusal after both repairs', () => {
    assert.equal(bindingRepair(session(), 't3', request(), refusal('messages.1.content.0: Invalid `signature` in `thinking` block')), undefined);
    assert.equal(bindingRepair(session(), 't3', request(), refusal(`messages.1.content.0: ${BOUND}`, 500)), undefined);
    assert.equal(bindingRepair(session({ leftOut: ['t1', 't2'], dropBlock: true }), 't3', request(), refusal(`messages.1.content.0: ${BOUND}`)), undefined);
  });
});

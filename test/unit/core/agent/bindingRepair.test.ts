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

/** A request whose running turn (t3) starts at message 4. */
const request: BuiltRequest = { params: { model: 'm', max_tokens: 1, messages: [] }, runningFrom: 4, origins: new Map() };

describe('repairing a refusal of earlier thinking', () => {
  it('leaves the finished turns\' thinking out when the block named is a finished turn\'s', () => {
    assert.deepEqual(bindingRepair(session(), 't3', request, refusal(`messages.1.content.0: ${BOUND}`)), { leftOutThrough: 't2' });
  });

  it('asks the API to drop what it cannot accept when the block is the running turn\'s, or when leaving out did not help', () => {
    assert.deepEqual(bindingRepair(session(), 't3', request, refusal(`messages.5.content.0: ${BOUND}`)), { dropBlock: true });
    assert.deepEqual(bindingRepair(session({ leftOutThrough: 't2' }), 't3', request, refusal(`messages.1.content.0: ${BOUND}`)), { dropBlock: true });
  });

  it('repairs nothing else: another 400, another status, or a refusal after both repairs', () => {
    assert.equal(bindingRepair(session(), 't3', request, refusal('messages.1.content.0: Invalid `signature` in `thinking` block')), undefined);
    assert.equal(bindingRepair(session(), 't3', request, refusal(`messages.1.content.0: ${BOUND}`, 500)), undefined);
    assert.equal(bindingRepair(session({ leftOutThrough: 't2', dropBlock: true }), 't3', request, refusal(`messages.1.content.0: ${BOUND}`)), undefined);
  });
});

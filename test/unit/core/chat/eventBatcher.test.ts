import * as assert from 'node:assert/strict';
import type { AgentEvent } from '../../../../src/shared/events';
import { coalesce, EventBatcher } from '../../../../src/core/chat/eventBatcher';

const text = (delta: string, turnId = 't1'): AgentEvent => ({ type: 'text', sessionId: 's1', turnId, delta });
const toolStart: AgentEvent = { type: 'tool_start', sessionId: 's1', turnId: 't1', id: 'x', tool: 'load_skill', displayText: 'Checking' };

/** A scheduler the test fires by hand, so no test depends on wall-clock time. */
function manualScheduler() {
  const pending: Array<() => void> = [];
  return {
    schedule: (fn: () => void) => {
      pending.push(fn);
      return () => pending.splice(pending.indexOf(fn), 1);
    },
    fire: () => pending.splice(0).forEach((fn) => fn()),
    get count() {
      return pending.length;
    },
  };
}

describe('event batching', () => {
  it('merges consecutive progress-note deltas of one turn, but never a note into text', () => {
    const note = (t: string): AgentEvent => ({ type: 'thinking', sessionId: 's1', turnId: 't1', text: t });
    const merged = coalesce([note('Checking '), note('the level.'), text('Done'), note('x')]);
    assert.deepEqual(
      merged.map((e) => (e.type === 'thinking' ? `note:${e.text}` : e.type === 'text' ? `text:${e.delta}` : e.type)),
      ['note:Checking the level.', 'text:Done', 'note:x'],
    );
  });

  it('merges consecutive text deltas of one turn and keeps every other event in order', () => {
    const merged = coalesce([text('a'), text('b'), toolStart, text('c'), text('d', 't2')]);
    assert.deepEqual(
      merged.map((e) => (e.type === 'text' ? `text:${e.delta}:${e.turnId}` : e.type)),
      ['text:ab:t1', 'tool_start', 'text:c:t1', 'text:d:t2'],
    );
  });

  it('posts one batch per interval however many deltas arrive', () => {
    const clock = manualScheduler();
    const posted: AgentEvent[][] = [];
    const batcher = new EventBatcher((events) => posted.push(events), 16, clock.schedule);
    for (let i = 0; i < 1000; i++) batcher.push(text(String(i % 10)));
    assert.equal(clock.count, 1, 'one timer for the whole burst');
    assert.equal(posted.length, 0, 'nothing posted before the timer fires');
    clock.fire();
    assert.equal(posted.length, 1);
    const [only] = posted[0] ?? [];
    assert.equal(only?.type === 'text' ? only.delta.length : 0, 1000);
  });

  it('flush posts at once and discard drops what a snapshot already holds', () => {
    const clock = manualScheduler();
    const posted: AgentEvent[][] = [];
    const batcher = new EventBatcher((events) => posted.push(events), 16, clock.schedule);
    batcher.push(text('x'));
    batcher.flush();
    assert.equal(posted.length, 1);
    assert.equal(clock.count, 0, 'the timer was cancelled');
    batcher.push(text('y'));
    batcher.discard();
    clock.fire();
    batcher.flush();
    assert.equal(posted.length, 1, 'discarded events are never posted');
  });
});

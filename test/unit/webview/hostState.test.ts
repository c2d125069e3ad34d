import * as assert from 'node:assert/strict';
import type { AgentEvent } from '../../../src/shared/events';
import type { HostMessage } from '../../../src/shared/protocol';
import { emptySessionView } from '../../../src/shared/view';
import { applyHostMessages, initialHostState } from '../../../webview-ui/src/state/hostState';
import { fromPersisted, initialUiState, toPersisted, uiReducer } from '../../../webview-ui/src/state/uiState';
import { META } from '../../webview/fixtures';

const S = 'sess';
const ev = (e: Record<string, unknown>): AgentEvent => ({ sessionId: S, turnId: 't', ...e }) as AgentEvent;
const start = ev({ type: 'turn_start', createdAt: 1, userMessage: { id: 'u', text: 'hi', createdAt: 1 } });
const text = (delta: string): AgentEvent => ev({ type: 'text', delta });
const snap = (seq: number): HostMessage => ({ type: 'snapshot', seq, session: emptySessionView(S, 'T'), sessions: [], meta: META });
const batch = (seq: number, events: AgentEvent[]): HostMessage => ({ type: 'events', seq, events });

function assistantText(messages: HostMessage[]): string {
  const { state } = applyHostMessages(initialHostState, messages);
  const item = state.session.items.find((i) => i.kind === 'assistant');
  return item?.kind === 'assistant' ? item.text : '';
}

describe('webview host state', () => {
  it('ignores events before the first snapshot, then applies batches in seq order', () => {
    const early = applyHostMessages(initialHostState, [batch(1, [start])]);
    assert.equal(early.state.ready, false);
    assert.equal(early.warnings.length, 1);
    assert.equal(assistantText([snap(0), batch(1, [start]), batch(3, [text('a'), text('b')])]), 'ab');
  });

  it('drops a stale batch and applies only the unseen tail of an overlapping one', () => {
    const r = applyHostMessages(initialHostState, [snap(0), batch(2, [start, text('a')]), batch(2, [start, text('a')]), batch(3, [text('a'), text('b')])]);
    const item = r.state.session.items[1];
    assert.equal(item?.kind === 'assistant' && item.text, 'ab');
    assert.equal(r.state.seq, 3);
    assert.match(r.warnings.join('\n'), /stale batch/);
  });

  it('asks for a snapshot on a gap, and a new snapshot resets', () => {
    const gap = applyHostMessages(initialHostState, [snap(0), batch(1, [start]), batch(5, [text('x')])]);
    assert.equal(gap.resync, true);
    assert.equal(gap.state.seq, 1);
    const healed = applyHostMessages(gap.state, [snap(5)]);
    assert.equal(healed.resync, false);
    assert.equal(healed.state.seq, 5);
    assert.equal(healed.state.session.items.length, 0);
  });

  it('a snapshot mid-stream carries the text so far and later batches continue it, without loss or duplication', () => {
    const { state: host } = applyHostMessages(initialHostState, [snap(0), batch(2, [start, text('Hello ')])]);
    // The panel is re-shown: the host sends its own current view (same reducer) with seq 2.
    const again = applyHostMessages(initialHostState, [{ type: 'snapshot', seq: 2, session: host.session, sessions: [], meta: META }, batch(2, [text('Hello ')]), batch(3, [text('world')])]);
    const item = again.state.session.items[1];
    assert.equal(item?.kind === 'assistant' && item.text, 'Hello world');
  });

  it('keeps sessions and meta messages', () => {
    const r = applyHostMessages(initialHostState, [snap(0), { type: 'meta', meta: { ...META, demo: true } }, { type: 'sessions', sessions: [{ id: 'a', title: 'A', createdAt: 1, updatedAt: 2, messageCount: 0 }] }]);
    assert.equal(r.state.meta.demo, true);
    assert.equal(r.state.sessions[0]?.id, 'a');
  });
});

describe('webview UI state', () => {
  it('persists the draft and card progress, but not a posted-answer flag', () => {
    let s = uiReducer(initialUiState, { type: 'draft', text: 'half a thought' });
    s = uiReducer(s, { type: 'card', toolCallId: 'q1', count: 2, action: { type: 'select', index: 0, label: 'A1' } });
    s = uiReducer(s, { type: 'card', toolCallId: 'q1', count: 2, action: { type: 'go', index: 1 } });
    s = uiReducer(s, { type: 'card', toolCallId: 'q1', count: 2, action: { type: 'submitted' } });
    const restored = fromPersisted(JSON.parse(JSON.stringify(toPersisted(s))));
    assert.equal(restored.draft, 'half a thought');
    assert.equal(restored.cards.q1?.index, 1);
    assert.deepEqual(restored.cards.q1?.drafts[0]?.selected, ['A1']);
    assert.equal(restored.cards.q1?.submitted, false);
  });

  it('starts fresh from unreadable saved state', () => {
    assert.deepEqual(fromPersisted({ version: 99 }), initialUiState);
    assert.deepEqual(fromPersisted('garbage'), initialUiState);
  });

  it('prunes progress of cards that are no longer pending and toggles steps', () => {
    let s = uiReducer(initialUiState, { type: 'card', toolCallId: 'old', count: 1, action: { type: 'text', index: 0, text: 'x' } });
    s = uiReducer(s, { type: 'card', toolCallId: 'live', count: 1, action: { type: 'text', index: 0, text: 'y' } });
    s = uiReducer(s, { type: 'prune', pending: ['live'] });
    assert.deepEqual(Object.keys(s.cards), ['live']);
    s = uiReducer(s, { type: 'toggleSteps', turnId: 't' });
    assert.equal(s.expanded.t, true);
    assert.equal(uiReducer(s, { type: 'toggleSteps', turnId: 't' }).expanded.t, false);
  });
});

// A change to a session outside a turn (a rename, an edit marked as changed in the editor since)
// and the next message's turn, started together in one process, take the session's lock in turn:
// the second was refused as if another window held the session ("in use by Lesson Agent in another
// VS Code window"), and the teacher's message was not sent. The same for a restore, showing a
// session (it settles and saves what a reload left open) and deleting one.
import * as assert from 'node:assert/strict';
import { useHarnesses } from './harness';

describe('one process, one session: openings queue', () => {
  const startHarness = useHarnesses();

  it('a rename and a message started together both go through', async () => {
    const h = await startHarness({ scenario: { steps: [], fallback: { blocks: [{ type: 'text', text: 'Here you are.' }] } } });
    for (let i = 0; i < 5; i++) {
      const id = await h.newSession();
      const renamed = h.agent.renameSession(id, `Round ${i}`);
      const { outcome } = await h.run({ kind: 'message', sessionId: id, text: 'hello' });
      await renamed;
      assert.equal(outcome.status, 'completed', outcome.error?.message);
      assert.equal((await h.session(id)).title, `Round ${i}`);
    }
  });

  it('a restore and a rename started together both go through', async () => {
    const h = await startHarness({ scenario: { steps: [], fallback: { blocks: [{ type: 'text', text: 'Here you are.' }] } } });
    for (let i = 0; i < 5; i++) {
      const id = await h.newSession();
      await h.run({ kind: 'message', sessionId: id, text: 'one' });
      await h.run({ kind: 'message', sessionId: id, text: 'two' });
      const [first, second] = (await h.session(id)).turns.map((t) => t.id);
      const [restored] = await Promise.all([h.agent.rewinder.rewind(id, { kind: 'restore', toTurn: second ?? '', scope: 'conversation' }), h.agent.renameSession(id, `Round ${i}`)]);
      assert.equal(restored.status, 'done');
      const session = await h.session(id);
      assert.equal(session.title, `Round ${i}`);
      assert.deepEqual(
        session.turns.map((t) => t.id),
        [first],
        'the second message is set aside',
      );
    }
  });

  it('showing a session and sending a message in it, together, both go through', async () => {
    const h = await startHarness({ scenario: { steps: [], fallback: { blocks: [{ type: 'text', text: 'Here you are.' }] } } });
    for (let i = 0; i < 5; i++) {
      const id = await h.newSession();
      const shown = h.agent.openSession(id);
      const outcome = await h.agent.run({ kind: 'message', sessionId: id, text: 'hello' }, () => undefined);
      await shown;
      assert.equal(outcome.status, 'completed', outcome.error?.message);
      assert.equal((await h.session(id)).turns.length, 1, 'the message is in the session');
    }
  });
});

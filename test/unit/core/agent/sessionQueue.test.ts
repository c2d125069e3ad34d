// A change to a session outside a turn (a rename, an edit marked as changed in the editor since)
// and the next message's turn, started together in one process, take the session's lock in turn:
// the second was refused as if another window held the session ("in use by Lesson Agent in another
// VS Code window"), and the teacher's message was not sent.
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
});

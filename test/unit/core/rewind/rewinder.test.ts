// The rewinder on the agent's own sessions (the real SDK against the fake): a restore past a cut
// of the history window drops the frame, so the next request makes a new one and is accepted;
// one before the cut keeps the frame; the journal replays a restore, Redo and switch to exactly the
// owner's state; and a restore a crash left while the lesson changed is finished or dropped on the
// next load by the lesson's hash.
import * as assert from 'node:assert/strict';
import { hashText, makePatch } from '../../../../src/core/documents/patch';
import { SessionOwner } from '../../../../src/core/sessions/owner';
import { MemoryDocument, useHarnesses, type Harness } from '../agent/harness';
import { editTextTool } from '../../../../src/core/tools/editText';

const DOC = '# Weather\n\n- sun\n\nHomework: write three sentences.\n';
const think = (thinking: string) => ({ type: 'thinking' as const, thinking });
const SCENARIO = {
  rules: [
    { when: { toolResultFor: 'edit_text' }, respond: { blocks: [think('Done.'), { type: 'text' as const, text: 'Done.' }] } },
    { when: { userText: 'rain' }, respond: { blocks: [think('An edit.'), { type: 'tool_use' as const, name: 'edit_text', input: { edits: [{ find: '- sun\n', replace: '- sun\n- rain\n' }], summary: 'Added rain' } }] } },
  ],
  fallback: { blocks: [think('A short answer.'), { type: 'text' as const, text: 'All right.' }] },
};
const clock = { now: () => Date.now(), newId: (p: string) => `${p}-${Math.random().toString(36).slice(2)}` };

async function turns(h: Harness, id: string, prompts: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const text of prompts) {
    const { outcome } = await h.run({ kind: 'message', sessionId: id, text });
    assert.equal(outcome.status, 'completed');
    ids.push(outcome.turnId);
  }
  return ids;
}

describe('rewinding the agent\'s sessions', function () {
  this.timeout(30_000);
  const startHarness = useHarnesses();

  it('a restore past a cut drops the frame: the next request makes a new one and is accepted; before the cut the frame stays', async () => {
    const document = new MemoryDocument(DOC, 'weather.md', 'text');
    const h = await startHarness({ scenario: SCENARIO, document, tools: [editTextTool], settings: { model: 'claude-sonnet-5-5', historyLength: 4 } });
    const id = await h.newSession();
    const ids = await turns(h, id, ['one', 'two', 'three', 'four']);
    const session = await h.session(id);
    const madeIn = session.frame?.madeIn;
    assert.ok(madeIn && madeIn !== ids[0], `a cut made a new frame (in ${madeIn})`);

    await h.agent.rewinder.rewind(id, { kind: 'restore', toTurn: madeIn, scope: 'conversation' });
    assert.equal((await h.session(id)).frame, undefined, 'the frame made in the part set aside is dropped');
    const [five, six] = await turns(h, id, ['five', 'six']);
    const before = (await h.session(id)).frame;
    assert.equal(before?.madeIn, five, 'a new frame was made, and the request accepted');

    await h.agent.rewinder.rewind(id, { kind: 'restore', toTurn: six ?? '', scope: 'conversation' });
    assert.deepEqual((await h.session(id)).frame, before, 'a frame made before the point restored to stays');
    await turns(h, id, ['seven']);
    assert.deepEqual((await h.session(id)).frame, before, 'and serves the next request');
  });

  it('the journal replays a restore, Redo and a switch to exactly the owner\'s state', async () => {
    const document = new MemoryDocument(DOC, 'weather.md', 'text');
    const h = await startHarness({ scenario: SCENARIO, document, tools: [editTextTool], settings: { model: 'claude-sonnet-5-5' } });
    const id = await h.newSession();
    const [, second] = await turns(h, id, ['hello', 'add rain', 'thanks']);
    await h.agent.rewinder.rewind(id, { kind: 'restore', toTurn: second ?? '', scope: 'both' });
    assert.equal(document.text, DOC, 'the edit undone');
    await h.agent.rewinder.rewind(id, { kind: 'redo' });
    assert.ok(document.text.includes('- rain'), 'made again');
    await h.agent.rewinder.rewind(id, { kind: 'restore', toTurn: second ?? '', scope: 'both' });
    await turns(h, id, ['something else']);
    const branch = (await h.session(id)).branches?.[0]?.id ?? '';
    await h.agent.rewinder.rewind(id, { kind: 'switch', branchId: branch });
    assert.ok(document.text.includes('- rain'), 'the branch\'s edit is back');

    const owner = await SessionOwner.open(h.store, id, clock);
    try {
      const replayed = await h.store.get(id);
      assert.deepEqual(replayed, owner.session);
      assert.deepEqual(replayed.turns.map((t) => t.id).slice(1, 2), [second]);
      assert.equal(replayed.branches?.length, 1, 'the line switched from is a branch now');
    } finally {
      await owner.close();
    }
  });

  it('a restore a crash left while the lesson changed is finished, or dropped, by the lesson\'s hash', async () => {
    for (const landed of [true, false]) {
      const document = new MemoryDocument(DOC, 'weather.md', 'text');
      const h = await startHarness({ scenario: SCENARIO, document, tools: [editTextTool], settings: { model: 'claude-sonnet-5-5' } });
      const id = await h.newSession();
      const [, second] = await turns(h, id, ['hello', 'add rain']);
      const plan = await h.agent.rewinder.preview(id, { kind: 'restore', toTurn: second ?? '', scope: 'both' });
      const lesson = plan.lesson;
      assert.ok(lesson);
      // What the rewinder journals before it changes the lesson; then the process dies.
      const owner = await SessionOwner.open(h.store, id, clock);
      const restoring = {
        id: 'restore-1',
        kind: 'restore' as const,
        to: second ?? '',
        scope: 'both' as const,
        state: 'applying' as const,
        documentUri: document.uri,
        hashBefore: hashText(lesson.before),
        hashAfter: hashText(lesson.after),
        patch: makePatch(lesson.before, lesson.after),
        undone: [...lesson.undone],
        redone: [],
        conflicts: [],
        createdAt: 1,
      };
      owner.setRestoring(restoring);
      await owner.save();
      await owner.close();
      if (landed) document.text = lesson.after;
      const settled = await h.newAgent().openSession(id);
      assert.equal(settled.restoring, undefined);
      assert.equal(settled.turns.length, landed ? 1 : 2, landed ? 'finished: the conversation restored too' : 'dropped: the old state whole');
      assert.equal(settled.redo !== undefined, landed);
    }
  });
});

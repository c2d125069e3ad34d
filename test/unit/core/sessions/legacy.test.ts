// Session files written by the version 1 release (test/unit/core/sessions/fixtures, made by that
// release's CLI against the fake) load, resume and continue with this release, and are written
// back in the current format.
import * as assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { proposalReview } from '../../../../src/core/chat/review';
import { SESSION_SCHEMA_VERSION } from '../../../../src/core/sessions/schema';
import { sessionToView } from '../../../../src/core/sessions/view';
import { textOf, useHarnesses, type Harness } from '../agent/harness';
import pendingQuestion from './fixtures/session-v1-pending.json';
import pendingConfirmation from './fixtures/session-v1-confirmation.json';

async function install(h: Harness, fixture: { id: string }): Promise<string> {
  await mkdir(join(h.store.dir, 'sessions'), { recursive: true });
  await writeFile(join(h.store.dir, 'sessions', `${fixture.id}.json`), JSON.stringify(fixture), 'utf8');
  return fixture.id;
}

describe('sessions written by the version 1 release', () => {
  const startHarness = useHarnesses();

  it('a pending question loads as a card, is answered, and the turn goes on; the file then becomes a journal', async () => {
    const h = await startHarness({
      scenario: {
        rules: [
          {
            when: { toolResultFor: 'AskUserQuestion', toolResultText: 'Level:[^\\n]*-> ([^\\n]*)[\\s\\S]*?Topic:[^\\n]*-> ([^\\n]*)' },
            respond: { blocks: [{ type: 'text', text: 'A {{1}} exercise about {{2}}.' }] },
          },
          { when: { userText: 'thanks' }, respond: { blocks: [{ type: 'text', text: 'You are welcome.' }] } },
        ],
      },
      settings: { model: 'claude-sonnet-5-5' },
    });
    const id = await install(h, pendingQuestion);
    const view = sessionToView(await h.agent.openSession(id));
    const item = view.items.at(-1);
    assert.equal(item?.kind === 'assistant' && item.questions[0]?.status, 'pending');
    const { outcome, events } = await h.run({ kind: 'answer', sessionId: id, toolCallId: pendingQuestion.pending.toolCallId, answers: ['B1', 'regular verbs'] });
    assert.equal(outcome.status, 'completed');
    assert.equal(textOf(events), '\n\nA B1 exercise about regular verbs.', 'after the text the v1 release had streamed');
    const files = await readdir(join(h.store.dir, 'sessions'));
    assert.ok(files.includes(`${id}.jsonl`) && !files.includes(`${id}.json`), `migrated on its first write: ${files.join(', ')}`);
    const journal = await readFile(join(h.store.dir, 'sessions', `${id}.jsonl`), 'utf8');
    assert.ok(journal.startsWith(`{"v":${SESSION_SCHEMA_VERSION},`));
    const saved = await h.store.get(id);
    assert.equal(saved.version, SESSION_SCHEMA_VERSION);
    assert.equal(saved.pending, undefined);
    const next = await h.run({ kind: 'message', sessionId: id, text: 'thanks' });
    assert.equal(next.outcome.status, 'completed', 'and the conversation continues');
  });

  it('a pending confirmation keeps its card and proposal, and a denial reaches the model', async () => {
    const h = await startHarness({
      scenario: { rules: [{ when: { toolResultFor: 'create_document', isError: true }, respond: { blocks: [{ type: 'text', text: 'Understood, no new file.' }] } }] },
      settings: { model: 'claude-sonnet-5-5' },
    });
    const id = await install(h, pendingConfirmation);
    const session = await h.agent.openSession(id);
    assert.equal(session.pending?.kind, 'confirmation');
    assert.equal(session.pending?.kind === 'confirmation' && session.pending.request.title, 'Create colours.lesson.xml?');
    const proposal = session.pending?.kind === 'confirmation' ? session.pending.proposal : undefined;
    assert.ok(proposal && proposalReview(proposal, '').after.includes('<h1>Colours</h1>'), 'the proposal, now a diff, still shows the new file');
    const { outcome, events } = await h.run({ kind: 'decision', sessionId: id, toolCallId: pendingConfirmation.pending.toolCallId, approved: false });
    assert.equal(outcome.status, 'completed');
    assert.equal(textOf(events), '\n\nUnderstood, no new file.');
  });
});

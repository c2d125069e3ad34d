// Cards keep their place in the conversation: each question or confirmation card records where in
// its turn's text it was asked, and a stored session gives back exactly those places (the harness
// checks after every run that the stored view equals the view reduced from the live events).
// A declined edit reads as declined, not as a failed step, live and after a reload alike.
import * as assert from 'node:assert/strict';
import { sessionToView } from '../../../../src/core/sessions/view';
import { editTextTool } from '../../../../src/core/tools/editText';
import type { AssistantItem } from '../../../../src/shared/view';
import { MemoryDocument, useHarnesses } from '../agent/harness';

const LESSON = '<lesson title="Weather" lang="en">\n  <h1>Weather</h1>\n  <p>Sun and rain.</p>\n</lesson>\n';
const NOTE = '  <note><p>Bring pictures of clouds.</p></note>\n';

const questions = [
  { header: 'Level', question: 'What level are your students?', multiSelect: false, options: [{ label: 'A1', description: 'Beginners' }, { label: 'A2', description: 'Elementary' }] },
];

function assistantOf(items: ReturnType<typeof sessionToView>['items']): AssistantItem {
  const item = items.find((i) => i.kind === 'assistant');
  assert.ok(item?.kind === 'assistant');
  return item;
}

describe('cards in the order they were asked', () => {
  const startHarness = useHarnesses();

  it('a question and a declined edit keep their places between the texts around them', async () => {
    const document = new MemoryDocument(LESSON);
    const h = await startHarness({
      document,
      tools: [editTextTool],
      settings: { approvalEdits: 'always' },
      scenario: {
        steps: [
          { blocks: [{ type: 'text', text: 'One question first.' }, { type: 'tool_use', id: 'toolu_q', name: 'AskUserQuestion', input: { questions } }] },
          {
            blocks: [
              { type: 'text', text: 'Then a note under the title.' },
              { type: 'tool_use', id: 'toolu_e', name: 'edit_text', input: { edits: [{ find: '</h1>\n', replace: `</h1>\n${NOTE}` }], summary: 'Added a note' } },
            ],
          },
          { blocks: [{ type: 'text', text: 'Understood, no note.' }] },
        ],
      },
    });
    const id = await h.newSession();
    await h.run({ kind: 'message', sessionId: id, text: 'Add a note for A2' });
    await h.run({ kind: 'answer', sessionId: id, toolCallId: 'toolu_q', answers: ['A2'] });
    await h.run({ kind: 'decision', sessionId: id, toolCallId: 'toolu_e', approved: false });

    const item = assistantOf(sessionToView(await h.session(id)).items);
    assert.equal(item.text, 'One question first.\n\nThen a note under the title.\n\nUnderstood, no note.');
    const question = item.questions[0];
    const confirmation = item.confirmations[0];
    assert.equal(item.text.slice(0, question?.atText), 'One question first.');
    assert.equal(item.text.slice(0, confirmation?.atText), 'One question first.\n\nThen a note under the title.');
    assert.equal(confirmation?.status, 'denied');
    const edit = item.steps.find((s) => s.id === 'toolu_e');
    assert.equal(edit?.status, 'declined', 'a declined edit is not a failure');
    assert.equal(edit?.error, undefined);
    assert.equal(document.text, LESSON, 'nothing changed');
  });
});

// A large lesson in the real VS Code: a 300 KB lesson goes to the model as an outline, the change
// asked in the chat is read with read_document and lands through a targeted edit (never the whole
// text, either way), and one Ctrl+Z in the editor undoes it.
import * as assert from 'node:assert/strict';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { bigLesson } from '../unit/core/lesson/bigLesson';
import { byTestId, ui } from './driver';
import { currentSession, pressInEditor, toolUseId, useEditingTests } from './editingKit';
import { waitUntil } from './helpers';
import { toolResultsOf, uniqueName, waitForTurnEnd } from './fakeModel';

const PARAGRAPH = /<p id="s40-p2">[^\n]*<\/p>/;
const NEW_PARAGRAPH = '<p id="s40-p2">Le marchand connaît bien Claire et lui garde les meilleures fraises.</p>';

describe('a large lesson', function () {
  this.timeout(90_000);
  const startEditingTest = useEditingTests({ autoSave: 'off' });

  it('a 300 KB lesson: the model gets its outline, reads a part, changes it with a targeted edit; one Ctrl+Z undoes it', async () => {
    const { text } = bigLesson(300_000);
    const old = PARAGRAPH.exec(text)?.[0];
    assert.ok(old);
    const t = await startEditingTest(
      {
        steps: [
          { blocks: [{ type: 'text', text: 'Let me read unit 40 first.' }, { type: 'tool_use', id: toolUseId(), name: 'read_document', input: { heading: 'Unit 40: au marché' } }] },
          {
            blocks: [
              { type: 'tool_use', id: toolUseId(), name: 'replace_element', input: { id: 's40-p2', content: NEW_PARAGRAPH, summary: 'Simpler second paragraph in unit 40' } },
            ],
          },
          { blocks: [{ type: 'text', text: 'I simplified the second paragraph of unit 40.' }] },
        ],
      },
      uniqueName('large', '.lesson.xml'),
      text,
    );
    const { document, fake, model } = t;
    assert.ok(document.getText().length >= 300_000);

    await model.api.controller.sendMessage('Simplify the second paragraph of unit 40.');
    await waitForTurnEnd(model, 3, 60_000);

    // The model had the outline and the part it read, never the whole text.
    const first = fake.requests[0]?.rawBody ?? '';
    assert.match(first, /<document-outline name=\\"test-docs\/large-[^"\\]+\.lesson\.xml\\" kind=\\"lesson\\"/);
    for (const r of fake.requests) assert.ok(r.rawBody.length < 150_000, `request #${r.index} is ${r.rawBody.length} bytes`);
    const [read] = toolResultsOf(fake, 1);
    assert.ok(read && !read.isError, read?.content);
    assert.match(read.content, /\(the section "Unit 40: au marché"\):\n {2}<h2 id="s40">/);
    assert.ok(read.content.includes(old));
    const [edit] = toolResultsOf(fake, 2);
    assert.ok(edit && !edit.isError, edit?.content);

    // The change landed as a targeted edit: only that paragraph differs.
    const expected = text.replace(PARAGRAPH, NEW_PARAGRAPH);
    await waitUntil(() => document.getText() === expected, 'the paragraph to change in the editor');
    const session = await currentSession(model);
    assert.equal(session.edits.length, 1);
    assert.deepEqual(Object.values(session.toolCalls).map((c) => c.tool).sort(), ['read_document', 'replace_element']);
    await ui.waitFor(`${byTestId(TEST_IDS.message)}[data-status="done"]`, { text: 'I simplified the second paragraph of unit 40.' });

    await pressInEditor(document, 'Control+z');
    await waitUntil(() => document.getText() === text, 'one undo to restore the lesson');
  });
});

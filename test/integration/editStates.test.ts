// An agent edit follows the document in the real editor: Ctrl+Z makes it read "Undone in the
// editor" (Revert no longer offered, its open diff closed, Review showing the text now against the
// text with the edit made again), Ctrl+Y makes it applied again, and Apply again in the panel
// makes an undone edit again as one undoable step.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { currentSession, pressInEditor, reviewDiffTabs, toolUseId, useEditingTests, WEATHER_EXERCISE, WEATHER_LESSON } from './editingKit';
import { waitUntil } from './helpers';
import { uniqueName, waitForTurnEnd } from './fakeModel';
import { report } from './panelKit';

const EDITED = WEATHER_LESSON.replace('</lesson>', `${WEATHER_EXERCISE}</lesson>`);
const ROW = byTestId(TEST_IDS.editRow);

async function openedDiff(known: Set<vscode.Tab>): Promise<{ before: string; after: string }> {
  await waitUntil(() => reviewDiffTabs().some((tab) => !known.has(tab)), 'the review diff to open');
  const tab = reviewDiffTabs().find((x) => !known.has(x));
  assert.ok(tab?.input instanceof vscode.TabInputTextDiff);
  const [before, after] = await Promise.all([vscode.workspace.openTextDocument(tab.input.original), vscode.workspace.openTextDocument(tab.input.modified)]);
  return { before: before.getText(), after: after.getText() };
}

describe('edit states follow the document', function () {
  this.timeout(120_000);
  const startEditingTest = useEditingTests({ autoSave: 'off', approval: 'never' });

  it('Ctrl+Z: the edit reads undone, Revert is not offered, Review shows now ↔ applied again; Ctrl+Y: applied again; Apply again makes it again', async () => {
    const add = { blocks: [{ type: 'tool_use' as const, id: toolUseId(), name: 'edit_text', input: { edits: [{ find: '</lesson>', replace: `${WEATHER_EXERCISE}</lesson>` }], summary: 'Added an exercise' } }] };
    const t = await startEditingTest({ steps: [add, { blocks: [{ type: 'text', text: 'Added.' }] }] }, uniqueName('states', '.lesson.xml'), WEATHER_LESSON);
    const { document, model } = t;
    await model.api.controller.sendMessage('Add a fill-in-the-blank exercise at the end');
    await waitForTurnEnd(model, 2);
    assert.equal(document.getText(), EDITED);
    await ui.waitFor(`${ROW}[data-state="applied"]`, { text: 'Added an exercise' });
    const known = new Set(reviewDiffTabs());
    await ui.click(byTestId(TEST_IDS.editReview));
    await openedDiff(known);

    await pressInEditor(document, 'Control+z');
    await waitUntil(() => document.getText() === WEATHER_LESSON, 'Ctrl+Z to take the edit back');
    await ui.waitFor(`${ROW}[data-state="undone"]`);
    assert.equal((await ui.text(byTestId(TEST_IDS.editState))).trim(), 'Undone in the editor');
    await ui.waitFor(byTestId(TEST_IDS.editRevert), { state: 'detached' });
    await ui.waitFor(byTestId(TEST_IDS.editApplyAgain));
    await waitUntil(() => reviewDiffTabs().length === 0, 'the diff of the edit as applied to close');
    assert.equal((await currentSession(model)).edits[0]?.presence, 'undone', 'the session records it');

    const open = new Set(reviewDiffTabs());
    await ui.click(byTestId(TEST_IDS.editReview));
    const shown = await openedDiff(open);
    assert.equal(shown.before, WEATHER_LESSON, 'Review: the lesson now...');
    assert.equal(shown.after, EDITED, '...against the lesson with the edit made again');
    report('after Ctrl+Z: "Undone in the editor", Revert gone, Review shows now ↔ applied again');

    await pressInEditor(document, 'Control+y');
    await waitUntil(() => document.getText() === EDITED, 'Ctrl+Y to make the edit again');
    await ui.waitFor(`${ROW}[data-state="applied"]`);
    await ui.waitFor(byTestId(TEST_IDS.editRevert));
    await ui.waitFor(byTestId(TEST_IDS.editState), { state: 'detached' });

    await pressInEditor(document, 'Control+z');
    await ui.waitFor(`${ROW}[data-state="undone"]`);
    await ui.click(byTestId(TEST_IDS.editApplyAgain));
    await waitUntil(() => document.getText() === EDITED, 'Apply again to make the edit again');
    await ui.waitFor(`${ROW}[data-state="applied"]`);
    await pressInEditor(document, 'Control+z');
    await waitUntil(() => document.getText() === WEATHER_LESSON, 'one Ctrl+Z to take Apply again back');
  });
});

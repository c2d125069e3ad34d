// "See what changed", in a real VS Code: an agent edit far down a long lesson is scrolled into
// view and highlighted (in the editor's own DOM), and so is a Revert; Ctrl+Z after an agent edit
// takes the user to the change, not to line 1; Review and Revert are labelled buttons on the
// reply, with the steps collapsed; Revert asks in the panel, then gives way to Apply again; review diffs close
// once their proposal is decided or their edit reverted.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Highlight } from '../../src/vscode/editHighlight';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import type { EditingTest } from './editingKit';
import { currentSession, pressInEditor, reviewDiffTabs, setApprovalRule, toolUseId, useEditingTests, WEATHER_EXERCISE } from './editingKit';
import { waitUntil } from './helpers';
import { uniqueName, waitForTurnEnd, workbench } from './fakeModel';
import { report } from './panelKit';

/** A lesson long enough that its end is far below the first screen. */
const LONG_LESSON = [
  '<lesson title="Weather" lang="en">',
  '  <h1>Talking about the weather</h1>',
  ...Array.from({ length: 80 }, (_, i) => `  <p id="p${i + 1}">Sentence ${i + 1} about sun, rain, wind and clouds.</p>`),
  '</lesson>',
  '',
].join('\n');
const EDITED = LONG_LESSON.replace('</lesson>', `${WEATHER_EXERCISE}</lesson>`);
/** 0-based lines of the exercise in the edited lesson: after the h1 and the 80 paragraphs. */
const EXERCISE_LINES: [number, number] = [82, 85];

const reply = (text: string) => ({ blocks: [{ type: 'text' as const, text }] });
const ASSISTANT = `${byTestId(TEST_IDS.message)}[data-kind="assistant"]`;

function appendExercise(options: { text?: string; id?: string } = {}) {
  const exercise = WEATHER_EXERCISE.replace('weather-1', options.id ?? 'weather-1');
  return {
    blocks: [
      ...(options.text ? [{ type: 'text' as const, text: options.text }] : []),
      { type: 'tool_use' as const, id: toolUseId(), name: 'edit_text', input: { edits: [{ find: '</lesson>', replace: `${exercise}</lesson>` }], summary: 'Added an exercise' } },
    ],
  };
}

function nextHighlight(t: EditingTest): Promise<Highlight> {
  return new Promise((resolve) => {
    const sub = t.model.api.highlighter.onDidHighlight((h) => {
      sub.dispose();
      resolve(h);
    });
  });
}

function editorOf(document: vscode.TextDocument): vscode.TextEditor {
  const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
  assert.ok(editor, 'the lesson is shown');
  return editor;
}

function shows(editor: vscode.TextEditor, line: number): boolean {
  return editor.visibleRanges.some((r) => r.start.line <= line && line <= r.end.line);
}

/** How many of the editor's line overlays carry one of these decoration types (VS Code names their CSS classes after the keys). */
async function highlightedOverlays(keys: readonly string[]): Promise<number> {
  const selector = keys.map((k) => `.monaco-editor .view-overlays .cdr[class*="-${k}-"]`).join(', ');
  return Number(await ui.evaluate(`document.querySelectorAll(${JSON.stringify(selector)}).length`, workbench));
}

describe('editing: see what changed', function () {
  this.timeout(90_000);
  const startEditingTest = useEditingTests({ autoSave: 'off', approval: 'never' });

  it('scrolls to an agent edit far down the lesson and highlights it; a Revert from the panel does the same', async () => {
    const t = await startEditingTest({ steps: [appendExercise({ text: 'Adding it at the end.' }), reply('Done: a short exercise at the end.')] }, uniqueName('reveal', '.lesson.xml'), LONG_LESSON);
    const { document, model } = t;
    const editor = editorOf(document);
    assert.ok(!shows(editor, EXERCISE_LINES[0]), 'the end of the lesson starts out of view');

    const highlighted = nextHighlight(t);
    await model.api.controller.sendMessage('Add a fill-in-the-blank exercise at the end');
    const shown = await highlighted;
    assert.deepEqual(shown.lines, [EXERCISE_LINES], 'the exercise lines are highlighted');
    assert.ok(shown.revealed);
    await waitUntil(() => shows(editorOf(document), EXERCISE_LINES[0]), 'the editor to scroll to the new exercise');
    await waitUntil(async () => (await highlightedOverlays(shown.decorationKeys)) >= 1, 'the highlight to be drawn in the editor');
    report(`highlighted lines ${EXERCISE_LINES[0] + 1}-${EXERCISE_LINES[1] + 1}: ${await highlightedOverlays(shown.decorationKeys)} overlays drawn`);
    await ui.screenshot('vscode-edit-highlight');
    await waitForTurnEnd(model, 2);
    assert.equal(document.getText(), EDITED);
    await waitUntil(async () => (await highlightedOverlays(shown.decorationKeys)) === 0, 'the highlight to fade', 10_000);

    // Scroll back to the top, then Revert from the reply: the editor goes to the change again.
    editorOf(document).revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
    await waitUntil(() => !shows(editorOf(document), EXERCISE_LINES[0]), 'the editor to scroll to the top');
    const reverted = nextHighlight(t);
    await ui.click(byTestId(TEST_IDS.editRevert));
    await ui.click(byTestId(TEST_IDS.editRevertConfirm));
    const again = await reverted;
    assert.deepEqual(again.lines, [[EXERCISE_LINES[0], EXERCISE_LINES[0]]], 'the line where the exercise was is marked');
    await waitUntil(() => document.getText() === LONG_LESSON, 'the revert to apply');
    await waitUntil(() => shows(editorOf(document), EXERCISE_LINES[0]), 'the editor to scroll to the reverted place');
    await waitUntil(async () => (await highlightedOverlays(again.decorationKeys)) >= 1, 'the reverted place to be highlighted');
  });

  it('Ctrl+Z after an agent edit goes to the change, not to line 1, and the cursor stays where it was', async () => {
    const t = await startEditingTest({ steps: [appendExercise(), reply('Added.')] }, uniqueName('undo', '.lesson.xml'), LONG_LESSON);
    const { document, model } = t;
    // The teacher never clicked in the lesson: VS Code's cursor sits at the very start.
    assert.deepEqual([editorOf(document).selection.active.line, editorOf(document).selection.active.character], [0, 0]);
    await model.api.controller.sendMessage('Add a fill-in-the-blank exercise at the end');
    await waitForTurnEnd(model, 2);
    assert.equal(document.getText(), EDITED);
    const after = editorOf(document).selection.active;
    assert.deepEqual([after.line, after.character], [0, 0], 'the edit did not move the cursor');

    await pressInEditor(document, 'Control+z');
    await waitUntil(() => document.getText() === LONG_LESSON, 'one undo to take the edit back');
    await waitUntil(() => editorOf(document).selection.active.line >= EXERCISE_LINES[0] - 1, 'the cursor to be at the undone change');
    const undone = editorOf(document).selection.active;
    report(`after Ctrl+Z the cursor is at line ${undone.line + 1} (the exercise was at lines ${EXERCISE_LINES[0] + 1}-${EXERCISE_LINES[1] + 1})`);
    await waitUntil(() => shows(editorOf(document), undone.line), 'the editor to show the undone change');
    assert.ok(!shows(editorOf(document), 0), 'the editor did not jump to line 1');
  });

  it('puts labelled Review and Revert on the reply; Revert asks first, gives way to Apply again once done, and closes the review diff', async () => {
    const t = await startEditingTest({ steps: [appendExercise(), reply('Added.')] }, uniqueName('buttons', '.lesson.xml'), LONG_LESSON);
    const { document, model } = t;
    await model.api.controller.sendMessage('Add a fill-in-the-blank exercise at the end');
    await waitForTurnEnd(model, 2);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
    assert.equal(await ui.attribute(byTestId(TEST_IDS.steps), 'data-expanded'), 'false', 'the steps are collapsed');
    assert.match(await ui.text(byTestId(TEST_IDS.editRow)), /Added an exercise/);
    assert.equal((await ui.text(byTestId(TEST_IDS.editReview))).trim(), 'Review', 'Review is labelled');
    assert.equal((await ui.text(byTestId(TEST_IDS.editRevert))).trim(), 'Revert', 'Revert is labelled');

    const known = new Set(reviewDiffTabs());
    await ui.click(byTestId(TEST_IDS.editReview));
    await waitUntil(() => reviewDiffTabs().some((tab) => !known.has(tab)), 'the edit diff to open');
    const tab = reviewDiffTabs().find((x) => !known.has(x));
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff);
    assert.equal((await vscode.workspace.openTextDocument(tab.input.modified)).getText(), EDITED);

    await ui.click(byTestId(TEST_IDS.editRevert));
    await ui.waitFor(byTestId(TEST_IDS.editRevertAsk), { text: 'Undo this change in the document?' });
    await ui.click(byTestId(TEST_IDS.editRevertCancel));
    await ui.waitFor(byTestId(TEST_IDS.editRevertAsk), { state: 'detached' });
    assert.equal(document.getText(), EDITED, 'Cancel changes nothing');
    await ui.click(byTestId(TEST_IDS.editRevert));
    await ui.click(byTestId(TEST_IDS.editRevertConfirm));
    await waitUntil(() => document.getText() === LONG_LESSON, 'the revert to apply');
    await ui.waitFor(`${byTestId(TEST_IDS.editRow)}[data-reverted="true"]`);
    assert.equal((await ui.text(byTestId(TEST_IDS.editState))).trim(), 'Reverted');
    await ui.waitFor(byTestId(TEST_IDS.editRevert), { state: 'detached' });
    assert.equal((await ui.text(byTestId(TEST_IDS.editApplyAgain))).trim(), 'Apply again', 'Revert gives way to Apply again');
    await waitUntil(() => reviewDiffTabs().length === 0, 'the diff of the reverted edit to close');
    assert.ok((await currentSession(model)).edits[0]?.revertedAt, 'the session records the revert');
  });

  it('closes the diff of a proposal once it is approved, and once it is denied', async () => {
    await setApprovalRule('always');
    try {
      const t = await startEditingTest({ steps: [appendExercise(), appendExercise({ id: 'weather-2' }), reply('One added, one not.')] }, uniqueName('proposal', '.lesson.xml'), LONG_LESSON);
      const { model } = t;
      await model.api.controller.sendMessage('Add two exercises at the end');
      for (const decision of [TEST_IDS.confirmApprove, TEST_IDS.confirmDeny]) {
        const pending = `${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"]`;
        await ui.waitFor(pending);
        // This proposal's card by its call: the card just decided may still read "pending" for a
        // moment, and a click on it would review and decide the wrong proposal.
        const id = await ui.attribute(pending, 'data-tool-call-id');
        assert.ok(id);
        const card = `${byTestId(TEST_IDS.confirmationCard)}[data-tool-call-id="${id}"]`;
        await ui.click(`${card} ${byTestId(TEST_IDS.confirmReview)}`);
        await waitUntil(() => reviewDiffTabs().length === 1, 'the proposal diff to open');
        await ui.click(`${card} ${byTestId(decision)}`);
        await waitUntil(() => reviewDiffTabs().length === 0, `the proposal diff to close on ${decision}`);
        await ui.waitFor(`${card}:not([data-status="pending"])`);
      }
      await waitForTurnEnd(model, 3);
    } finally {
      await setApprovalRule('never');
    }
  });
});

// Restore to here in the real VS Code: three agent edits with the teacher's typing between them;
// Restore to here at the second message shows what it will change first, then undoes the last two
// edits and keeps every character typed, sets the later messages aside and puts the message back
// in the input; one Ctrl+Z in the editor brings the edits back (Ctrl+Y restores again); after a
// window reload the restored conversation and its Redo are still there, and Redo brings it all back.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, describeAfterReload, ui } from './driver';
import { currentSession, positionAfter, pressInEditor, toolUseId, typeInEditor, useEditingTests, WEATHER_EXERCISE, WEATHER_LESSON } from './editingKit';
import { uniqueName, waitForTurnEnd } from './fakeModel';
import { activeExtension, leaveForReload, leftBeforeReload, waitUntil } from './helpers';
import { report } from './panelKit';

const NOTE = '  <note><p>Bring pictures of clouds.</p></note>\n';
const RELOADED = 'a restore and its Redo are still there after a window reload';
const LEFT = 'restore-before-reload';
const USER = `${byTestId(TEST_IDS.message)}[data-kind="user"]`;
const ASSISTANT = `${byTestId(TEST_IDS.message)}[data-kind="assistant"]`;

const editText = (find: string, replace: string, summary: string) => ({
  blocks: [{ type: 'tool_use' as const, id: toolUseId(), name: 'edit_text', input: { edits: [{ find, replace }], summary } }],
});

function scenario() {
  return {
    rules: [
      { when: { toolResultFor: 'edit_text' }, respond: { blocks: [{ type: 'text' as const, text: 'Done.' }] } },
      { when: { userText: 'note' }, respond: editText('</h1>\n', `</h1>\n${NOTE}`, 'Added a note for the teacher') },
      { when: { userText: 'five' }, respond: editText('three sentences', 'five sentences', 'Asked for five sentences') },
      { when: { userText: 'exercise' }, respond: editText('</lesson>', `${WEATHER_EXERCISE}</lesson>`, 'Added an exercise') },
    ],
  };
}

interface Left {
  sessionId: string;
  uri: string;
  restored: string;
  edited: string;
}

describe('restore to here', function () {
  this.timeout(180_000);
  const startEditingTest = useEditingTests({ autoSave: 'off', approval: 'never' });

  it('three edits with typing between: Restore at the second message undoes the last two and keeps every typed character; Ctrl+Z brings them back', async () => {
    const t = await startEditingTest(scenario(), uniqueName('restore', '.lesson.xml'), WEATHER_LESSON);
    const { document, model } = t;
    let requests = 0;
    const turn = async (text: string): Promise<void> => {
      await model.api.controller.sendMessage(text);
      await waitForTurnEnd(model, (requests += 2));
    };
    await turn('Add a note for the teacher');
    await typeInEditor(document, positionAfter(document, 'describe what you see.'), ' Bring a coat.');
    await turn('Ask for five sentences');
    await typeInEditor(document, positionAfter(document, 'about the weather today.'), ' Due Friday.');
    await turn('Add an exercise at the end');
    const edited = document.getText();
    const typedAgain = (text: string) => text.replace('describe what you see.', 'describe what you see. Bring a coat.').replace('the weather today.', 'the weather today. Due Friday.');
    assert.equal(edited, typedAgain(WEATHER_LESSON.replace('</h1>\n', `</h1>\n${NOTE}`).replace('three sentences', 'five sentences').replace('</lesson>', `${WEATHER_EXERCISE}</lesson>`)));
    const restored = typedAgain(WEATHER_LESSON.replace('</h1>\n', `</h1>\n${NOTE}`));

    // Restore to here on the second message: what it will change, before anything does.
    await ui.click(`${USER} ${byTestId(TEST_IDS.restoreHere)}`, { nth: 1 });
    await ui.waitFor(byTestId(TEST_IDS.rewindLesson), { text: 'Asked for five sentences' });
    assert.match(await ui.text(byTestId(TEST_IDS.rewindLesson)), /Added an exercise/);
    assert.match(await ui.text(byTestId(TEST_IDS.rewindConversation)), /4 messages set aside/);
    assert.equal(document.getText(), edited, 'nothing changed yet');
    await ui.screenshot('vscode-restore-preview');
    await ui.click(byTestId(TEST_IDS.rewindConfirm));

    await waitUntil(() => document.getText() === restored, 'the last two edits to be undone, the typing kept');
    await ui.waitFor(byTestId(TEST_IDS.redoNote), { text: '4 messages set aside' });
    assert.equal(await ui.count(USER), 1, 'the conversation goes on from the first exchange');
    assert.equal(await ui.count(ASSISTANT), 1);
    await waitUntil(async () => (await ui.evaluate(`document.querySelector('${byTestId(TEST_IDS.input)}').value`)) === 'Ask for five sentences', 'the message restored away to be back in the input');
    const session = await currentSession(model);
    assert.equal(session.turns.length, 1);
    assert.equal(session.branches?.[0]?.turns.length, 2, 'set aside, not deleted');
    report('restored: the last two edits undone, " Bring a coat." and " Due Friday." kept');

    await pressInEditor(document, 'Control+z');
    await waitUntil(() => document.getText() === edited, 'one Ctrl+Z to bring both edits back');
    await pressInEditor(document, 'Control+y');
    await waitUntil(() => document.getText() === restored, 'Ctrl+Y to restore again');
    await document.save();
    leaveForReload(LEFT, { sessionId: session.id, uri: document.uri.toString(), restored, edited } satisfies Left);
    await ui.reloadAfterTest(RELOADED);
  });
});

describeAfterReload(RELOADED, function () {
  this.timeout(90_000);

  it('shows the restored conversation with Redo in a new extension host, and Redo brings back the messages and the edits', async () => {
    const left = leftBeforeReload<Left>(LEFT);
    await vscode.commands.executeCommand('lessonAgent.openChat');
    const api = await activeExtension();
    assert.equal(api.controller.currentSessionId, left.sessionId);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(left.uri));
    await vscode.window.showTextDocument(document);
    assert.equal(document.getText(), left.restored);
    await ui.waitFor(`${byTestId(TEST_IDS.root)}[data-ready="true"]`, { timeout: 30_000 });
    await ui.waitFor(byTestId(TEST_IDS.redoNote), { text: '4 messages set aside', timeout: 20_000 });
    assert.equal(await ui.count(USER), 1);

    await ui.click(byTestId(TEST_IDS.redo));
    await ui.waitFor(byTestId(TEST_IDS.rewindConversation), { text: '4 messages brought back' });
    await ui.click(byTestId(TEST_IDS.rewindConfirm));
    await waitUntil(() => document.getText() === left.edited, 'Redo to make both edits again, around the typing');
    await waitUntil(async () => (await ui.count(USER)) === 3, 'the messages set aside to come back');
    await ui.waitFor(byTestId(TEST_IDS.redoNote), { state: 'detached' });
    const session = await api.controller.loadSession(left.sessionId);
    assert.equal(session.turns.length, 3);
    assert.equal(session.branches, undefined, 'nothing is left aside');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});

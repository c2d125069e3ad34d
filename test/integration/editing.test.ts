// The agent edits the open lesson in a real VS Code, driven by the fake model: the live buffer
// with its unsaved text, one undo step per edit, the cursor kept, the user's typing during a turn
// rebased (or the edit refused when it overlaps, losing nothing), and a closed or deleted bound
// document. Typing goes key by key into the real editor through the UI driver.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { hashText } from '../../src/core/documents/patch';
import { validateLesson } from '../../src/core/lesson/validate';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { currentSession, documentSent, fileExists, positionAfter, pressInEditor, toolUseId, typeInEditor, useEditingTests, WEATHER_EXERCISE, WEATHER_LESSON } from './editingKit';
import { waitUntil } from './helpers';
import { toolResultsOf, uniqueName, waitForTurnEnd } from './fakeModel';

const NOTE = '  <note><p>Bring pictures of clouds.</p></note>\n';

const reply = (text: string) => ({ blocks: [{ type: 'text' as const, text }] });

function editDocumentStep(documentXml: string, summary: string, slow = false) {
  assert.ok(validateLesson(documentXml).ok, 'the scripted edit is a valid lesson');
  return {
    blocks: [
      { type: 'text' as const, text: 'I will change the lesson now.', chunk: 4 },
      { type: 'tool_use' as const, id: toolUseId(), name: 'edit_document', input: { documentXml, summary }, chunk: slow ? 10 : 200 },
    ],
    // Slow enough (several seconds) for the test to type into the editor while it streams.
    ...(slow ? { delayMs: 80 } : {}),
  };
}

/** `text` with `insert` placed right after `anchor`. */
function insertAfter(text: string, anchor: string, insert: string): string {
  const at = text.indexOf(anchor);
  assert.ok(at >= 0, `"${anchor}" is in the text`);
  return text.slice(0, at + anchor.length) + insert + text.slice(at + anchor.length);
}

describe('editing the open lesson', function () {
  this.timeout(60_000);
  const startEditingTest = useEditingTests({ autoSave: 'off' });

  it('edits the open, unsaved lesson in place; one Ctrl+Z restores the previous text exactly', async () => {
    const name = uniqueName('unsaved', '.lesson.xml');
    let proposed = '';
    const t = await startEditingTest({ steps: [], fallback: reply('unused') }, name, WEATHER_LESSON);
    const { document, fake, model } = t;
    // Unsaved typing: the agent must work on the buffer, not on the file on disk.
    await typeInEditor(document, positionAfter(document, 'describe what you see.'), ' Bring an umbrella.');
    assert.ok(document.isDirty);
    const beforeAgent = document.getText();
    proposed = insertAfter(beforeAgent.replace('title="Weather"', 'title="Weather words"'), 'the weather today.</p>\n', WEATHER_EXERCISE);
    fake.setScenario({ steps: [editDocumentStep(proposed, 'Added a fill-in-the-blank exercise'), reply('I added a short exercise.')] });

    await model.api.controller.sendMessage('Add a fill-in-the-blank exercise about the weather');
    await waitForTurnEnd(model, 2);

    assert.match(documentSent(fake, 0), /Bring an umbrella\./, 'the model saw the unsaved text');
    assert.equal(document.getText(), proposed, 'the document is exactly what the model proposed');
    assert.ok(document.isDirty, 'the edit went into the buffer; nothing was saved');
    const onDisk = new TextDecoder().decode(await vscode.workspace.fs.readFile(document.uri));
    assert.equal(onDisk, WEATHER_LESSON, 'the file on disk is untouched');
    const [result] = toolResultsOf(fake, 1);
    assert.ok(result && !result.isError, result?.content);
    assert.match(result.content, /^Applied to test-docs\/unsaved-.*\.lesson\.xml: Added a fill-in-the-blank exercise/);
    const session = await currentSession(model);
    assert.equal(session.document?.uri, document.uri.toString(), 'the session is bound to the lesson');
    assert.equal(session.edits.length, 1);
    assert.equal(session.edits[0]?.hashBefore, hashText(beforeAgent), 'the edit is kept as a diff from the text it landed on');
    assert.equal(session.edits[0]?.hashAfter, hashText(proposed));
    assert.equal(session.edits[0]?.status, 'applied');
    await ui.waitFor(byTestId(TEST_IDS.boundDocument), { text: name });
    await ui.waitFor(`${byTestId(TEST_IDS.message)}[data-status="done"]`, { text: 'I added a short exercise.' });

    // Two separate ranges changed (the title and the new exercise): one undo takes back both.
    await pressInEditor(document, 'Control+z');
    await waitUntil(() => document.getText() === beforeAgent, 'one undo to restore the text before the edit');
    // The user's own earlier steps are still on the undo stack, under the agent's.
    for (let i = 0; i < 10 && document.getText() !== WEATHER_LESSON; i++) await pressInEditor(document, 'Control+z');
    assert.equal(document.getText(), WEATHER_LESSON, 'undoing further takes back the user\'s typing too');
  });

  it('keeps the cursor and selection on the same text when the agent edits above them', async () => {
    const t = await startEditingTest(
      {
        steps: [
          {
            blocks: [
              {
                type: 'tool_use',
                id: toolUseId(),
                name: 'edit_text',
                input: { edits: [{ find: '<h1>Talking about the weather</h1>\n', replace: `<h1>Talking about the weather</h1>\n${NOTE}` }], summary: 'Added a note' },
              },
            ],
          },
          reply('Added a teacher note.'),
        ],
      },
      uniqueName('cursor', '.lesson.xml'),
      WEATHER_LESSON,
    );
    const { document, model } = t;
    const editor = await vscode.window.showTextDocument(document, { preserveFocus: false });
    const start = positionAfter(document, 'Homework: ');
    editor.selection = new vscode.Selection(start, start.translate(0, 'write'.length));

    await model.api.controller.sendMessage('Add a note for the teacher under the title');
    await waitForTurnEnd(model, 2);

    assert.equal(document.getText(), insertAfter(WEATHER_LESSON, '</h1>\n', NOTE));
    const moved = vscode.window.activeTextEditor?.selection;
    assert.ok(moved, 'the editor is still active');
    assert.equal(document.getText(moved), 'write', 'the selection still covers the word the user selected');
    assert.deepEqual([moved.start.line, moved.start.character], [start.line + 1, start.character]);
  });

  it("keeps what the user types at the end of the lesson while the agent's answer streams", async () => {
    const proposed = insertAfter(WEATHER_LESSON, '</h1>\n', NOTE);
    const t = await startEditingTest(
      { steps: [editDocumentStep(proposed, 'Added a note', true), reply('Done.')] },
      uniqueName('typing', '.lesson.xml'),
      WEATHER_LESSON,
    );
    const { document, fake, model } = t;
    const turn = model.api.controller.sendMessage('Add a note for the teacher under the title');
    await waitUntil(() => fake.requests.length === 1, 'the request to reach the model');
    const typed = ' Use at least two new words.';
    await typeInEditor(document, positionAfter(document, 'the weather today.'), typed);
    assert.ok(model.api.controller.busy && !document.getText().includes('<note>'), 'the typing finished while the answer was still streaming');
    await turn;
    await waitForTurnEnd(model, 2);

    assert.doesNotMatch(documentSent(fake, 0), /two new words/, 'the model never saw the typing');
    assert.equal(document.getText(), insertAfter(proposed, 'the weather today.', typed), 'both the note and every keystroke are there');
    const [result] = toolResultsOf(fake, 1);
    assert.ok(result && !result.isError, result?.content);
    assert.match(result.content, /their changes were kept/);
  });

  it('refuses an edit that overlaps what the user is typing: nothing is lost and the model gets the fresh text', async () => {
    const proposed = WEATHER_LESSON.replace('write three sentences about the weather today', 'describe the weather in your town in five sentences');
    const t = await startEditingTest(
      {
        rules: [
          { when: { toolResultFor: 'edit_document', isError: true }, respond: reply('You were editing that sentence, so I left it alone.') },
          { when: { userText: 'homework' }, respond: editDocumentStep(proposed, 'Rewrote the homework', true) },
        ],
      },
      uniqueName('conflict', '.lesson.xml'),
      WEATHER_LESSON,
    );
    const { document, fake, model } = t;
    const turn = model.api.controller.sendMessage('Make the homework more personal');
    await waitUntil(() => fake.requests.length === 1, 'the request to reach the model');
    // Right against the words the agent rewrites: the two changes touch.
    await typeInEditor(document, positionAfter(document, 'the weather today'), ' and tomorrow');
    assert.ok(model.api.controller.busy, 'the typing finished while the answer was still streaming');
    await turn;
    await waitForTurnEnd(model, 2);

    const userVersion = WEATHER_LESSON.replace('the weather today.', 'the weather today and tomorrow.');
    assert.equal(document.getText(), userVersion, "the user's text is intact and the agent's edit was not applied");
    const [result] = toolResultsOf(fake, 1);
    assert.ok(result?.isError, 'the model gets an is_error result');
    assert.match(result.content, /Current document:\n[\s\S]*today and tomorrow\./, 'with the fresh text, typing included');
    const session = await currentSession(model);
    assert.equal(session.edits.length, 0, 'no edit was recorded');
    await ui.waitFor(byTestId(TEST_IDS.message), { text: 'so I left it alone' });
  });

  it('edits Markdown with the same tools, without XML validation, keeping typing at the very end of the file', async () => {
    const words = 'Words we use to talk about the weather in class, with a picture for each one.\n';
    const markdown = `# Weather words\n\n${words}\nsun, rain, wind\n`;
    const t = await startEditingTest(
      {
        steps: [
          {
            delayMs: 80,
            blocks: [
              { type: 'text', text: 'Renaming the heading as asked.', chunk: 2 },
              { type: 'tool_use', id: toolUseId(), name: 'edit_text', input: { edits: [{ find: '# Weather words', replace: '# Words for the weather' }], summary: 'Renamed the heading' }, chunk: 4 },
            ],
          },
          reply('Renamed.'),
        ],
      },
      uniqueName('notes', '.md'),
      markdown,
    );
    const { document, fake, model } = t;
    const turn = model.api.controller.sendMessage('Rename the heading');
    await waitUntil(() => fake.requests.length === 1, 'the request to reach the model');
    await typeInEditor(document, document.positionAt(document.getText().length), 'snow');
    assert.ok(model.api.controller.busy, 'the typing finished while the answer was still streaming');
    await turn;
    await waitForTurnEnd(model, 2);
    assert.equal(document.getText(), `# Words for the weather\n\n${words}\nsun, rain, wind\nsnow`);
    assert.match(documentSent(fake, 0), /^<document name="test-docs\/notes-[^"]+\.md" kind="text">/);
  });

  it('reopens the bound lesson when its editor was closed, and applies the edit there', async () => {
    const proposed = insertAfter(WEATHER_LESSON, '</h1>\n', NOTE);
    const t = await startEditingTest(
      { rules: [{ when: { userText: 'note' }, respond: editDocumentStep(proposed, 'Added a note') }], fallback: reply('Hello!') },
      uniqueName('closed', '.lesson.xml'),
      WEATHER_LESSON,
    );
    const { document, model } = t;
    await model.api.controller.sendMessage('hello');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitUntil(() => !vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === document.uri.toString()), 'the editor to close');

    await model.api.controller.sendMessage('Add a note under the title');
    await waitForTurnEnd(model, 3);

    const shown = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === document.uri.toString());
    assert.ok(shown, 'the lesson is shown again');
    assert.equal(shown.document.getText(), proposed);
    const session = await currentSession(model);
    assert.equal(session.edits.length, 1);
  });

  it('gives a clear error when the bound lesson was deleted, and creates nothing', async () => {
    const t = await startEditingTest(
      {
        rules: [
          { when: { userText: 'note' }, respond: editDocumentStep(insertAfter(WEATHER_LESSON, '</h1>\n', NOTE), 'Added a note') },
          { when: { toolResultFor: 'edit_document' }, respond: reply('The lesson file is gone.') },
        ],
        fallback: reply('Hello!'),
      },
      uniqueName('deleted', '.lesson.xml'),
      WEATHER_LESSON,
    );
    const { document, fake, model } = t;
    const uri = document.uri;
    await model.api.controller.sendMessage('hello');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(uri);

    await model.api.controller.sendMessage('Add a note under the title');
    await waitForTurnEnd(model, 3);

    assert.match(documentSent(fake, 1), /unavailable="true">\nThe document could not be read: .*no longer exists/);
    const [result] = toolResultsOf(fake, 2);
    assert.ok(result?.isError, 'the edit is an is_error result');
    assert.match(result.content, /deleted-.*\.lesson\.xml no longer exists \(it was deleted or moved\)/);
    assert.equal(await fileExists(uri), false, 'the file was not recreated');
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString() && d.isDirty), 'no buffer holds an orphan edit');
    await ui.waitFor(`${byTestId(TEST_IDS.step)}[data-status="error"]`, { text: 'no longer exists' });
    await ui.waitFor(byTestId(TEST_IDS.message), { text: 'The lesson file is gone.' });
  });
});

// Confirmations and edit history in a real VS Code, clicked like a user in the chat webview: a
// large removal asks first (Review opens VS Code's diff; Approve applies; Deny changes nothing and
// the model reads the denial), create_document always asks and writes nothing on Deny, and an
// applied edit can be reviewed and reverted from the reply.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { validateLesson } from '../../src/core/lesson/validate';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { currentSession, fileExists, positionAfter, reviewDiffTabs, toolUseId, typeInEditor, WEATHER_LESSON, useEditingTests } from './editingKit';
import { waitUntil } from './helpers';
import { toolResultsOf, uniqueName, waitForTurnEnd } from './fakeModel';

const DENIED = 'The user denied this action; nothing was changed.';
const SHORT_LESSON = '<lesson title="Weather" lang="en">\n  <h1>Weather</h1>\n  <p>Sun and rain.</p>\n</lesson>\n';
const NOTE = '  <note><p>Bring pictures of clouds.</p></note>\n';
const PENDING_CARD = `${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"]`;

const reply = (text: string) => ({ blocks: [{ type: 'text' as const, text }] });
const toolStep = (name: string, input: unknown) => ({ blocks: [{ type: 'tool_use' as const, id: toolUseId(), name, input }] });

function workspaceFolder(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run in a workspace folder');
  return folder.uri;
}

/** Opens the pending card's "Review changes" and returns the texts of both sides of the diff. */
async function reviewPending(): Promise<{ tab: vscode.Tab; before: string; after: string }> {
  const known = new Set(reviewDiffTabs());
  await ui.click(byTestId(TEST_IDS.confirmReview));
  await waitUntil(() => reviewDiffTabs().some((tab) => !known.has(tab)), 'a diff editor to open');
  const tab = reviewDiffTabs().find((t) => !known.has(t));
  assert.ok(tab?.input instanceof vscode.TabInputTextDiff);
  const before = (await vscode.workspace.openTextDocument(tab.input.original)).getText();
  const after = (await vscode.workspace.openTextDocument(tab.input.modified)).getText();
  return { tab, before, after };
}

describe('editing: confirmations, review and revert', function () {
  this.timeout(60_000);
  const startEditingTest = useEditingTests({ autoSave: 'off', approval: 'large' });

  it('asks before an edit that removes more than a quarter: Review opens a diff, Approve applies it', async () => {
    assert.ok(validateLesson(SHORT_LESSON).ok);
    const t = await startEditingTest({ steps: [toolStep('edit_document', { documentXml: SHORT_LESSON, summary: 'Shortened the lesson' }), reply('Shortened.')] }, uniqueName('large', '.lesson.xml'), WEATHER_LESSON);
    const { document, fake, model } = t;
    await model.api.controller.sendMessage('Make the lesson much shorter');

    await ui.waitFor(PENDING_CARD, { text: `Edit ${vscode.workspace.asRelativePath(document.uri)}?` });
    assert.match(await ui.text(PENDING_CARD), /removes or rewrites \d+% of the document/);
    assert.equal(document.getText(), WEATHER_LESSON, 'nothing changes while the card waits');
    assert.equal(fake.requests.length, 1, 'the model waits for the decision');
    const shot = await ui.screenshot('confirmation-card-large-edit');
    console.log(`      confirmation card: ${shot}`);

    const review = await reviewPending();
    assert.equal(review.before, WEATHER_LESSON, 'the left side is the current text');
    assert.equal(review.after, SHORT_LESSON, 'the right side is the proposed text');
    assert.match(review.tab.label, /current ↔ proposed/);
    await vscode.window.tabGroups.close(review.tab);

    await ui.click(byTestId(TEST_IDS.confirmApprove));
    await waitForTurnEnd(model, 2);
    assert.equal(document.getText(), SHORT_LESSON);
    const [result] = toolResultsOf(fake, 1);
    assert.ok(result && !result.isError, result?.content);
    assert.match(result.content, /^Applied to .*: Shortened the lesson/);
    await ui.waitFor(`${byTestId(TEST_IDS.confirmationCard)}[data-status="approved"]`);
  });

  it('changes nothing when a large edit is denied, and the model receives the denial with the feedback', async () => {
    const t = await startEditingTest({ steps: [toolStep('edit_document', { documentXml: SHORT_LESSON, summary: 'Shortened the lesson' }), reply('I will keep it.')] }, uniqueName('deny', '.lesson.xml'), WEATHER_LESSON);
    const { document, fake, model } = t;
    await model.api.controller.sendMessage('Make the lesson much shorter');
    await ui.waitFor(PENDING_CARD);
    await ui.fill(byTestId(TEST_IDS.confirmFeedback), 'Keep the homework');
    await ui.click(byTestId(TEST_IDS.confirmDeny));
    await waitForTurnEnd(model, 2);

    assert.equal(document.getText(), WEATHER_LESSON, 'the document is untouched');
    assert.equal(document.isDirty, false);
    const [result] = toolResultsOf(fake, 1);
    assert.deepEqual(result, { content: `${DENIED} Their feedback: Keep the homework`, isError: true });
    assert.equal((await currentSession(model)).edits.length, 0);
    await ui.waitFor(`${byTestId(TEST_IDS.confirmationCard)}[data-status="denied"]`, { text: 'Keep the homework' });
  });

  it('create_document waits for approval and writes nothing when denied', async () => {
    const path = `worksheets/${uniqueName('denied', '.lesson.xml')}`;
    const target = vscode.Uri.joinPath(workspaceFolder(), ...path.split('/'));
    const t = await startEditingTest({ steps: [toolStep('create_document', { path, content: SHORT_LESSON }), reply('Fine, no new file.')] }, uniqueName('source', '.lesson.xml'), WEATHER_LESSON);
    const { fake, model } = t;
    await model.api.controller.sendMessage('Make a separate worksheet');

    await ui.waitFor(PENDING_CARD, { text: `Create ${path}?` });
    assert.equal(await fileExists(target), false, 'nothing is written while the card waits');
    await ui.click(byTestId(TEST_IDS.confirmDeny));
    await waitForTurnEnd(model, 2);

    assert.equal(await fileExists(target), false, 'nothing is written on deny');
    assert.deepEqual(toolResultsOf(fake, 1), [{ content: DENIED, isError: true }]);
  });

  it('create_document approved writes the new lesson inside the workspace and opens it', async () => {
    const path = `worksheets/${uniqueName('approved', '.lesson.xml')}`;
    const target = vscode.Uri.joinPath(workspaceFolder(), ...path.split('/'));
    const t = await startEditingTest({ steps: [toolStep('create_document', { path, content: SHORT_LESSON }), reply('Created.')] }, uniqueName('source', '.lesson.xml'), WEATHER_LESSON);
    const { fake, model } = t;
    await model.api.controller.sendMessage('Make a separate worksheet');
    await ui.waitFor(PENDING_CARD, { text: `Create ${path}?` });

    const review = await reviewPending();
    assert.deepEqual([review.before, review.after], ['', SHORT_LESSON], 'Review shows the new file against nothing');
    await vscode.window.tabGroups.close(review.tab);

    await ui.click(byTestId(TEST_IDS.confirmApprove));
    await waitForTurnEnd(model, 2);
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(target)), SHORT_LESSON);
    const shown = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === target.toString());
    assert.ok(shown, 'the new lesson is shown');
    assert.equal(shown.document.isDirty, false, 'and saved');
    // Counted as the editor numbers them (the empty line after the last newline included).
    assert.deepEqual(toolResultsOf(fake, 1), [{ content: `Created ${path} (${shown.document.lineCount} lines).`, isError: false }]);
  });

  it('create_document refuses a path outside the workspace or over an existing file, without asking', async () => {
    const outside = `../${uniqueName('escape', '.lesson.xml')}`;
    const existing = `test-docs/${uniqueName('existing', '.lesson.xml')}`;
    const t = await startEditingTest(
      {
        steps: [
          {
            blocks: [
              { type: 'tool_use', id: toolUseId(), name: 'create_document', input: { path: outside, content: SHORT_LESSON } },
              { type: 'tool_use', id: toolUseId(), name: 'create_document', input: { path: existing, content: SHORT_LESSON } },
            ],
          },
          reply('Neither file was created.'),
        ],
      },
      existing.slice('test-docs/'.length),
      WEATHER_LESSON,
    );
    const { document, fake, model } = t;
    await model.api.controller.sendMessage('Make two worksheets');
    await waitForTurnEnd(model, 2);

    const results = toolResultsOf(fake, 1);
    assert.equal(results.length, 2);
    assert.ok(results.every((r) => r.isError && r.content.startsWith('Nothing was created.')), JSON.stringify(results));
    assert.match(results[0]?.content ?? '', /must stay inside the workspace folder/);
    assert.match(results[1]?.content ?? '', /already exists/);
    assert.equal(await ui.count(byTestId(TEST_IDS.confirmationCard)), 0, 'no card was shown');
    assert.equal(await fileExists(vscode.Uri.joinPath(workspaceFolder(), outside)), false);
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(document.uri)), WEATHER_LESSON, 'the existing file is untouched');
  });

  it("Review shows an applied edit; Revert takes it back and keeps the user's later typing", async () => {
    const withNote = WEATHER_LESSON.replace('</h1>\n', `</h1>\n${NOTE}`);
    const t = await startEditingTest(
      { steps: [toolStep('edit_text', { edits: [{ find: '</h1>\n', replace: `</h1>\n${NOTE}` }], summary: 'Added a note' }), reply('Added.')] },
      uniqueName('revert', '.lesson.xml'),
      WEATHER_LESSON,
    );
    const { document, model } = t;
    await model.api.controller.sendMessage('Add a note under the title');
    await waitForTurnEnd(model, 2);
    assert.equal(document.getText(), withNote);
    await typeInEditor(document, positionAfter(document, 'the weather today.'), ' Due Friday.');

    const known = new Set(reviewDiffTabs());
    await ui.click(byTestId(TEST_IDS.editReview));
    await waitUntil(() => reviewDiffTabs().some((tab) => !known.has(tab)), 'the edit diff to open');
    const tab = reviewDiffTabs().find((x) => !known.has(x));
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff);
    // Edits are kept as diffs, not copies of the document: after the user's typing, Review shows the
    // edit placed on the current text (the typing on both sides), and its title says so.
    const typed = (text: string): string => text.replace('the weather today.', 'the weather today. Due Friday.');
    assert.equal((await vscode.workspace.openTextDocument(tab.input.original)).getText(), typed(WEATHER_LESSON));
    assert.equal((await vscode.workspace.openTextDocument(tab.input.modified)).getText(), typed(withNote));
    assert.match(tab.label, /Added a note \(before ↔ after\), on the current text/);
    await vscode.window.tabGroups.close(tab);

    await ui.click(byTestId(TEST_IDS.editRevert));
    await ui.click(byTestId(TEST_IDS.editRevertConfirm));
    const expected = WEATHER_LESSON.replace('the weather today.', 'the weather today. Due Friday.');
    await waitUntil(() => document.getText() === expected, 'the revert to apply');
    await waitUntil(async () => (await currentSession(model)).edits[0]?.revertedAt !== undefined, 'the edit to be marked reverted');
  });

  it('offers no Revert once the user has changed the text the agent wrote: it reads changed in the editor', async () => {
    const t = await startEditingTest(
      { steps: [toolStep('edit_text', { edits: [{ find: '</h1>\n', replace: `</h1>\n${NOTE}` }], summary: 'Added a note' }), reply('Added.')] },
      uniqueName('norevert', '.lesson.xml'),
      WEATHER_LESSON,
    );
    const { document, model } = t;
    await model.api.controller.sendMessage('Add a note under the title');
    await waitForTurnEnd(model, 2);
    await typeInEditor(document, positionAfter(document, 'pictures of clouds'), ' and rain');
    const changed = document.getText();

    // The edit says so on its row, and offers no Revert that would take the user's words with it.
    await ui.waitFor(byTestId(TEST_IDS.editState), { text: 'Changed in the editor since' });
    assert.equal(await ui.count(byTestId(TEST_IDS.editRevert)), 0, 'no Revert over the user\'s typing');
    assert.equal(await ui.count(byTestId(TEST_IDS.editReview)), 1, 'Review is still there');
    assert.equal(document.getText(), changed, "the user's text is untouched");
    assert.equal((await currentSession(model)).edits[0]?.revertedAt, undefined);
  });
});

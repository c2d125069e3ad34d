// Every "Lesson Agent: ..." command, run for real in VS Code, with its effect checked where a
// user would see it: the chat webview, the editor, the settings, the files.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { emptySession } from '../../src/core/sessions/newSession';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import type { FakeModelSession } from './fakeModel';
import { QUICK_INPUT, answerQuickInput, lastUserText, openFreshDocument, useFakeModel, workbench } from './fakeModel';
import { waitUntil } from './helpers';
import { notified } from './panelKit';

const REPLY = 'Here is what I think about it.';
describe('commands', () => {
  let model: FakeModelSession;

  before(async () => {
    model = await useFakeModel({
      rules: [
        { when: { userText: 'slow' }, respond: { delayMs: 30, chunk: 2, blocks: [{ type: 'text', text: 'Thinking out loud, '.repeat(30) }] } },
      ],
      fallback: { blocks: [{ type: 'text', text: REPLY }] },
    });
    await vscode.commands.executeCommand('lessonAgent.openChat');
    await ui.waitFor(`${byTestId(TEST_IDS.root)}[data-ready="true"]`);
  });

  after(() => model.dispose());

  it('Open Chat reveals the chat view after the side bar was closed', async () => {
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await ui.waitFor(byTestId(TEST_IDS.root), { state: 'detached', timeout: 5000 }).catch(() => undefined);
    await vscode.commands.executeCommand('lessonAgent.openChat');
    await ui.waitFor(`${byTestId(TEST_IDS.root)}[data-ready="true"]`);
  });

  it('Ask About Selection sends the question with the selected text as context', async () => {
    const editor = await openFreshDocument('selection.md', '# Cells\n\nThe mitochondria is the powerhouse of the cell.\n');
    editor.selection = new vscode.Selection(2, 0, 2, 48);
    const running = vscode.commands.executeCommand('lessonAgent.askAboutSelection');
    await answerQuickInput('Is this sentence scientifically accurate?');
    await running;
    const sent = lastUserText(model.fake);
    assert.match(sent, /Is this sentence scientifically accurate\?/);
    assert.match(sent, /The mitochondria is the powerhouse of the cell\./, 'the selection went with the message');
    await ui.waitFor(byTestId(TEST_IDS.message), { text: REPLY });
    // One line is said as one line ("line 3"), never "lines 3-3".
    await ui.waitFor(byTestId(TEST_IDS.message), { text: 'selection.md, line 3' });
  });

  it('New Session leaves the current session and shows an empty chat', async () => {
    assert.ok(model.api.controller.currentSessionId, 'the previous test opened a session');
    await vscode.commands.executeCommand('lessonAgent.newSession');
    assert.equal(model.api.controller.currentSessionId, undefined);
    await ui.waitFor(byTestId(TEST_IDS.emptyChat));
  });

  it('Show Sessions lists the sessions and opens the one picked', async () => {
    const title = `Picked ${randomUUID().slice(0, 6)}`;
    const id = randomUUID();
    await model.api.host.store.save(emptySession({ id, now: Date.now(), title }));
    const running = vscode.commands.executeCommand('lessonAgent.showSessions');
    await answerQuickInput(title);
    await running;
    await waitUntil(() => model.api.controller.currentSessionId === id, 'the picked session to open');
    await ui.waitFor(byTestId(TEST_IDS.sessionTitle), { text: title });
  });

  it('Create Exercise... offers the exercises by name with plain descriptions, and prefills a request for the one picked', async () => {
    await vscode.commands.executeCommand('lessonAgent.newSession');
    const running = vscode.commands.executeCommand('lessonAgent.createExercise');
    await ui.waitFor(QUICK_INPUT, workbench);
    await ui.waitFor('.quick-input-list .monaco-list-row', { ...workbench, text: 'Fill in the blanks' });
    const rows = String(await ui.evaluate(`[...document.querySelectorAll('.quick-input-list .monaco-list-row')].map((r) => r.innerText.replace(/\\s+/g, ' ')).join('\\n')`, workbench));
    for (const title of ['Fill in the blanks', 'Multiple choice', 'True or false', 'Put in order', 'Short answer', 'Writing']) assert.match(rows, new RegExp(title), `offers ${title}`);
    assert.doesNotMatch(rows, /house.style|fill-blanks|<\w/i, 'no guidance skill, no ids, no XML tags');
    await answerQuickInput('Multiple choice');
    await running;
    await waitUntil(
      async () => String(await ui.evaluate(`document.querySelector('${byTestId(TEST_IDS.input)}').value`)).startsWith('Add a “Multiple choice” exercise about'),
      'the input to be prefilled',
    );
  });

  it('Stop halts a running turn, and the status bar shows the agent working until then', async () => {
    const sending = model.api.controller.sendMessage('Please be slow about it');
    await ui.waitFor(`${byTestId(TEST_IDS.message)}[data-status="streaming"]`);
    await ui.waitFor('.statusbar', { ...workbench, text: 'Lesson Agent is working' });
    await vscode.commands.executeCommand('lessonAgent.stop');
    await sending;
    await ui.waitFor(`${byTestId(TEST_IDS.message)}[data-status="stopped"]`);
    assert.equal(model.api.controller.busy, false);
  });

  it('Export Session as Markdown writes the conversation to the file chosen', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    await vscode.commands.executeCommand('lessonAgent.newSession');
    await model.api.controller.sendMessage('Export me please');
    const target = vscode.Uri.joinPath(folder.uri, `export-${randomUUID().slice(0, 6)}.md`);
    const running = vscode.commands.executeCommand('lessonAgent.exportSession');
    await answerQuickInput(target.fsPath);
    await running;
    await waitUntil(async () => {
      try {
        await vscode.workspace.fs.stat(target);
        return true;
      } catch {
        return false;
      }
    }, 'the export file');
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
    assert.match(text, /Export me please/);
    assert.match(text, new RegExp(REPLY));
  });

  it('Select Model changes the model setting and says which model answers next', async () => {
    const config = () => vscode.workspace.getConfiguration('lessonAgent');
    const running = vscode.commands.executeCommand('lessonAgent.selectModel');
    await answerQuickInput('claude-haiku-5-5');
    await running;
    await waitUntil(() => config().get('model') === 'claude-haiku-5-5', 'the model setting to change');
    // The teacher is told, in words, what changed.
    await notified('Claude Haiku 5.5 will answer from your next message.');
    // Settings apply without a reload: the very next request uses the new model.
    await model.api.controller.sendMessage('Which model are you?');
    assert.equal(model.fake.requests.at(-1)?.body.model, 'claude-haiku-5-5');
    await config().update('model', undefined, vscode.ConfigurationTarget.Global);
  });

  it('Clear API Key shows the onboarding card; Set API Key stores a key and hides it; each says what it did', async () => {
    await vscode.commands.executeCommand('lessonAgent.clearApiKey');
    assert.equal(model.api.apiKeys.hasStoredKey(), false);
    await notified('API key removed.');
    await vscode.commands.executeCommand('lessonAgent.newSession');
    if (!process.env.ANTHROPIC_API_KEY) await ui.waitFor(byTestId(TEST_IDS.setApiKey));

    const running = vscode.commands.executeCommand('lessonAgent.setApiKey');
    await answerQuickInput('sk-ant-typed-by-the-user-0000');
    await running;
    assert.equal(model.api.apiKeys.hasStoredKey(), true);
    assert.equal(model.api.apiKeys.current(), 'sk-ant-typed-by-the-user-0000');
    await notified('API key saved.');
    await ui.waitFor(byTestId(TEST_IDS.onboarding), { state: 'detached' });
  });
});

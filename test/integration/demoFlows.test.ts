// The offline demo's cards and failures in the real VS Code (the demo scenario, demo mode, no key):
// a vague request answered through the question card, or skipped (nothing changes, and the reply
// says so); a large removal, starting over and a new lesson file behind confirmation cards, denied
// and approved; a question about the lesson answered from it;
// Ask About Selection from the command; an overload the panel retries by itself and an outage that
// ends in Retry.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { validateLesson } from '../../src/core/lesson/validate';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { answerQuickInput } from './fakeModel';
import { waitUntil } from './helpers';
import { ASSISTANT, notified, typeAndSend } from './panelKit';
import { documentText, lastReplyDone, lastSteps, useDemo, waitForDemo } from './demoKit';

const PENDING_QUESTION = `${byTestId(TEST_IDS.questionCard)}[data-status="pending"]`;
const PENDING_CONFIRMATION = `${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"]`;

function option(label: string): string {
  return `${PENDING_QUESTION} ${byTestId(TEST_IDS.questionOption)}[data-label="${label}"]`;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(
    () => true,
    () => false,
  );
}

describe('offline demo in VS Code: questions, confirmations, selection and failures', function () {
  this.timeout(120_000);
  const startDemo = useDemo();

  it('"Add an exercise" asks what kind, on what and for which level, then writes that exercise', async () => {
    const t = await startDemo('french-verbs.lesson.xml');
    await typeAndSend('Add an exercise');
    await ui.waitFor(PENDING_QUESTION);
    await ui.click(option('True or false'));
    await ui.waitFor(`${option('True or false')}[aria-checked="true"]`);
    await ui.click(byTestId(TEST_IDS.questionContinue));
    await ui.waitFor(`${PENDING_QUESTION}[data-index="1"]`);
    await ui.fill(`${PENDING_QUESTION} ${byTestId(TEST_IDS.questionInput)}`, 'les fêtes de fin d’année');
    await ui.click(byTestId(TEST_IDS.questionContinue));
    await ui.waitFor(`${PENDING_QUESTION}[data-index="2"]`);
    await ui.click(option('B1'));
    await ui.waitFor(`${option('B1')}[aria-checked="true"]`);
    await ui.click(byTestId(TEST_IDS.questionContinue));
    await waitForDemo(t, 4);
    assert.match(await lastReplyDone(), /Done: the new exercise/);
    assert.deepEqual(await lastSteps(), ['Asking you 3 questions', 'Checking the “True or false” rules', 'Editing document']);
    const text = documentText(t);
    assert.ok(validateLesson(text).ok, JSON.stringify(validateLesson(text).errors));
    assert.match(text, /type="true-false" level="B1">\n\s*<h3>Les fêtes de fin d’année: true or false\?[\s\S]*Offline demo draft for B1/);
  });

  it('skipping the questions leaves the document as it is, and the reply says so', async () => {
    const t = await startDemo('french-verbs.lesson.xml');
    const before = documentText(t);
    await typeAndSend('Add an exercise');
    for (const index of [0, 1, 2]) {
      await ui.waitFor(`${PENDING_QUESTION}[data-index="${index}"]`);
      await ui.click(byTestId(TEST_IDS.questionSkip));
    }
    await waitForDemo(t, 2);
    assert.match(await lastReplyDone(), /leave the document as it is: nothing was changed/);
    assert.equal(documentText(t), before);
    assert.equal(t.editor?.document.isDirty, false);
  });

  it('asks before removing every exercise: Deny keeps them, Approve removes them and leaves a valid lesson', async () => {
    const t = await startDemo('french-verbs.lesson.xml');
    const before = documentText(t);
    await typeAndSend('Remove all the exercises');
    await ui.waitFor(PENDING_CONFIRMATION, { timeout: 15_000 });
    assert.match(await ui.text(PENDING_CONFIRMATION), /Remove all exercises/);
    await ui.click(byTestId(TEST_IDS.confirmDeny));
    await waitForDemo(t, 2);
    assert.match(await lastReplyDone(), /Not changed, as you decided/);
    assert.equal(documentText(t), before);

    await typeAndSend('Remove all the exercises');
    await ui.waitFor(PENDING_CONFIRMATION, { timeout: 15_000 });
    await ui.click(byTestId(TEST_IDS.confirmApprove));
    await waitForDemo(t, 4);
    assert.match(await lastReplyDone(), /the exercises are gone/);
    const after = documentText(t);
    assert.doesNotMatch(after, /<exercise\b/);
    assert.ok(validateLesson(after).ok);
    assert.ok(after.includes('<h2 id="forms">The endings</h2>'), 'the rest of the lesson stays');
  });

  it('"Start over" asks before removing most of the lesson (Deny leaves it); a question about the lesson is answered from it', async () => {
    const t = await startDemo('french-verbs.lesson.xml');
    const before = documentText(t);
    await typeAndSend('What level is this lesson, and how long is it?');
    await waitForDemo(t, 1);
    assert.match(await lastReplyDone(), /Level: A2[\s\S]*about [\d,]+ words[\s\S]*Exercises \(3\)/);
    await typeAndSend("Let's start over");
    await ui.waitFor(PENDING_CONFIRMATION, { timeout: 15_000 });
    const card = await ui.text(PENDING_CONFIRMATION);
    // A proposal before approval, not "Removed ...".
    assert.match(card, /Remove everything but the title/);
    assert.doesNotMatch(card, /Removed everything/);
    // No student has answered anything in the sample: the card claims no students' work.
    assert.match(card, /Edit [^\n]*french-verbs[^\n]*\.lesson\.xml\?/);
    assert.doesNotMatch(card, /Students' work|changes students' work/);
    assert.equal(await ui.count(`${PENDING_CONFIRMATION} ${byTestId(TEST_IDS.confirmStudentWork)}`), 0);
    await ui.click(byTestId(TEST_IDS.confirmDeny));
    await waitForDemo(t, 3);
    assert.match(await lastReplyDone(), /Not changed, as you decided/);
    assert.equal(documentText(t), before);
  });

  it('Select Model in the demo says the offline demo answers until a key is set, not that Claude answers next', async () => {
    await startDemo();
    const config = () => vscode.workspace.getConfiguration('lessonAgent');
    const running = vscode.commands.executeCommand('lessonAgent.selectModel');
    await answerQuickInput('claude-haiku-5-5');
    await running;
    await waitUntil(() => config().get('model') === 'claude-haiku-5-5', 'the model setting to change');
    await notified('Claude Haiku 5.5 will answer once you set an API key; until then the offline demo answers.');
    await config().update('model', undefined, vscode.ConfigurationTarget.Global);
  });

  it('asks before creating a new lesson file, then creates a valid lesson named for the topic', async () => {
    const t = await startDemo('french-verbs.lesson.xml');
    const id = Date.now().toString(36);
    await typeAndSend(`Create a new lesson about volcanoes ${id}`);
    await ui.waitFor(PENDING_CONFIRMATION, { timeout: 15_000 });
    assert.match(await ui.text(PENDING_CONFIRMATION), new RegExp(`Create volcanoes-${id}\\.lesson\\.xml\\?`));
    await ui.click(byTestId(TEST_IDS.confirmApprove));
    await waitForDemo(t, 2);
    assert.match(await lastReplyDone(), new RegExp(`Created volcanoes-${id}\\.lesson\\.xml in the workspace folder`));
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    const file = vscode.Uri.joinPath(folder, `volcanoes-${id}.lesson.xml`);
    await waitUntil(() => exists(file), 'the new lesson file');
    const content = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
    assert.ok(validateLesson(content).ok, JSON.stringify(validateLesson(content).errors));
    assert.match(content, new RegExp(`<lesson title="Volcanoes ${id}">`));
  });

  it('Ask About Selection sends the selected passage; the reply quotes it and edits nothing', async () => {
    const t = await startDemo('water-cycle.lesson.xml');
    const editor = t.editor;
    assert.ok(editor);
    const before = documentText(t);
    const line = editor.document.lineAt(4);
    editor.selection = new vscode.Selection(line.range.start, line.range.end);
    const running = vscode.commands.executeCommand('lessonAgent.askAboutSelection');
    await answerQuickInput('Is this clear enough for B1 students?');
    await running;
    await waitForDemo(t, 1);
    // One line is "line 5", never "lines 5-5".
    await ui.waitFor(`${byTestId(TEST_IDS.message)}[data-kind="user"]`, { text: ', line 5' });
    const reply = await lastReplyDone();
    assert.match(reply, /You asked about Selection: [^\n]*, line 5\b/);
    assert.match(reply, /As the warm, moist air rises, it cools\./);
    assert.equal(documentText(t), before);
  });

  it('an overload is retried by the panel itself; an outage ends in Retry, which then succeeds', async () => {
    const t = await startDemo('french-verbs.lesson.xml');
    await typeAndSend('Simulate an overload');
    await ui.waitFor(byTestId(TEST_IDS.retrying), { text: 'overloaded', timeout: 15_000 });
    await waitForDemo(t, 2);
    assert.match(await lastReplyDone(), /simulated overload/);
    assert.equal(await ui.count(byTestId(TEST_IDS.errorBanner)), 0);

    await typeAndSend('Simulate an outage');
    await ui.waitFor(`${byTestId(TEST_IDS.errorBanner)}[data-code="overloaded"]`, { timeout: 20_000 });
    await waitForDemo(t, 5);
    assert.equal(await ui.attribute(ASSISTANT, 'data-status', { nth: -1 }), 'error');
    await ui.click(byTestId(TEST_IDS.retry));
    await waitForDemo(t, 6);
    assert.match(await lastReplyDone(), /simulated outage/);
    assert.deepEqual(
      t.fake.requests.map((r) => r.step),
      ['overload', 'overload, retried', 'outage', 'outage', 'outage', 'outage, retried'],
    );
  });
});

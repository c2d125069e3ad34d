// The getting-started walkthrough opens from VS Code's own Welcome page, with its three steps: with
// a model to talk to, the first one sets the API key; in the offline demo (npm start without a key)
// it is "Try the offline demo" instead.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { describeAfterReload, ui } from './driver';
import { uniqueName } from './fakeModel';
import { activeExtension, EXTENSION_ID, leaveForReload, leftBeforeReload, waitUntil } from './helpers';

const workbench = { frame: 'workbench' as const };
const CONTAINER = '.gettingStartedContainer';
const ENV = ['LESSON_AGENT_DEMO', 'LESSON_AGENT_BASE_URL'] as const;
const LESSON_OPENED = 'the walkthrough in a window that has seen no lesson yet';
const NOTE = 'walkthrough-lesson';

interface Left {
  notes: string;
  lesson: string;
}

interface Walkthrough {
  id: string;
  steps: Array<{ id: string; when?: string }>;
}

/** Whether the walkthrough shows a step as done (VS Code's own step button, aria-checked). */
async function stepDone(stepId: string): Promise<boolean> {
  const selector = `button.getting-started-step[data-step-id$="#${stepId}"]`;
  await ui.waitFor(selector, { ...workbench, state: 'attached' });
  return (await ui.evaluate(`document.querySelector(${JSON.stringify(selector)})?.getAttribute('aria-checked')`, workbench)) === 'true';
}

async function openWalkthrough(): Promise<void> {
  const walkthroughs = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.walkthroughs as Walkthrough[];
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#${walkthroughs[0]?.id}`, false);
  await ui.waitFor(CONTAINER, { ...workbench, text: 'Get started with Lesson Agent', timeout: 20_000 });
}

describe('onboarding walkthrough', () => {
  const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    for (const key of ENV) {
      const value = saved[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('opens with its three steps, the first one linking to Set API Key', async () => {
    await vscode.commands.executeCommand('lessonAgent.openChat');
    const api = await activeExtension();
    delete process.env.LESSON_AGENT_DEMO;
    // A change of keys sets the context the steps' when-clauses read.
    await api.apiKeys.clear();
    const walkthroughs = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.walkthroughs as Walkthrough[];
    assert.deepEqual(walkthroughs[0]?.steps.map((s) => [s.id, s.when]), [
      ['setKey', '!lessonAgent.demo'],
      ['tryDemo', 'lessonAgent.demo'],
      ['openLesson', undefined],
      ['firstRequest', undefined],
    ]);
    await openWalkthrough();
    await ui.waitFor(CONTAINER, { ...workbench, text: 'Add your Anthropic API key' });
    await ui.waitFor(CONTAINER, { ...workbench, text: 'Ask for an exercise' });
    assert.doesNotMatch(await ui.text(CONTAINER, workbench), /Try the offline demo/);
    await ui.screenshot('walkthrough');
  });

  it('in the offline demo, has "Try the offline demo" in place of the API key step', async () => {
    await vscode.commands.executeCommand('lessonAgent.openChat');
    const api = await activeExtension();
    // As npm start runs it without a key.
    process.env.LESSON_AGENT_DEMO = '1';
    process.env.LESSON_AGENT_BASE_URL = 'http://127.0.0.1:9';
    await api.apiKeys.clear();
    await openWalkthrough();
    await ui.waitFor(CONTAINER, { ...workbench, text: 'Try the offline demo' });
    await ui.waitFor(CONTAINER, { ...workbench, text: 'Ask for an exercise' });
    assert.doesNotMatch(await ui.text(CONTAINER, workbench), /Add your Anthropic API key/);
    await ui.screenshot('walkthrough-demo');
    process.env.LESSON_AGENT_DEMO = saved.LESSON_AGENT_DEMO ?? '';
    await api.apiKeys.clear();
  });

  // VS Code counts each completion event once per window (its getting-started service keeps the
  // events it has seen until the window reloads), and earlier tests already opened lessons in this
  // one: the steps are reset, a plain text file is left in the editor, and the check runs after a
  // reload, in a window that has seen no lesson yet, as a new teacher's first one has.
  it('resets the walkthrough with a text file in the editor and asks for a reload', async function () {
    this.timeout(90_000);
    await vscode.commands.executeCommand('lessonAgent.openChat');
    await activeExtension();
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    const notes = vscode.Uri.joinPath(folder, uniqueName('walkthrough', '.txt'));
    const lesson = vscode.Uri.joinPath(folder, uniqueName('walkthrough', '.lesson.xml'));
    await vscode.workspace.fs.writeFile(notes, new TextEncoder().encode('not a lesson\n'));
    await vscode.workspace.fs.writeFile(lesson, new TextEncoder().encode('<lesson title="Rain"><p>Rain falls.</p></lesson>\n'));
    // As in the whole suite: this window has had a lesson in the editor (whether the step ticked
    // then depends on the window: one whose walkthrough registered with a lesson already in the
    // editor takes the event as seen and never ticks it there; the reload below starts clean).
    await vscode.window.showTextDocument(lesson, { preview: false });
    await openWalkthrough();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.window.showTextDocument(notes, { preview: false });
    await vscode.commands.executeCommand('resetGettingStartedProgress');
    leaveForReload(NOTE, { notes: notes.toString(), lesson: lesson.toString() } satisfies Left);
    await ui.reloadAfterTest(LESSON_OPENED);
  });
});

describeAfterReload(LESSON_OPENED, () => {
  it('ticks "Open a lesson" when a lesson comes into the editor, as from the Explorer', async function () {
    // A window just reloaded opens its first walkthrough slowly on a loaded machine.
    this.timeout(90_000);
    const left = leftBeforeReload<Left>(NOTE);
    const [notes, lesson] = [vscode.Uri.parse(left.notes), vscode.Uri.parse(left.lesson)];
    try {
      await activeExtension();
      await vscode.window.showTextDocument(notes, { preview: false });
      await openWalkthrough();
      assert.equal(await stepDone('openLesson'), false, 'not done before a lesson is opened');
      await vscode.window.showTextDocument(lesson, { preview: false });
      await openWalkthrough();
      await waitUntil(() => stepDone('openLesson'), '"Open a lesson" ticked');
      await ui.screenshot('walkthrough-lesson-opened');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(notes);
      await vscode.workspace.fs.delete(lesson);
    }
  });
});

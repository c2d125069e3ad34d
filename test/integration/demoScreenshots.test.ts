// Screenshots of the offline demo in the real VS Code, dark and light: a new chat (the demo's
// onboarding card with Set API key), the answer to "What can you do?" (its flows as suggestion
// buttons), and a Markdown document edited as Markdown (progress notes, steps, the editor). Each
// scene is asserted before it is shot. The pictures go to the run's screenshots folder as
// `vscode-demo-<scene>-<theme>.png`; docs/screenshots/vscode-demo-*.png are copies of them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { closeAllEditors, workbench } from './fakeModel';
import { ASSISTANT, report, setGlobal, typeAndSend } from './panelKit';
import type { DemoTest } from './demoKit';
import { lastReplyDone, lastSuggestions, startDemo, waitForDemo } from './demoKit';

const THEMES = [
  { name: 'dark', id: 'Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark' },
  { name: 'light', id: 'Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light' },
] as const;

/** As panelScreenshots: a side bar a reader would widen for long replies (px). */
const WIDE = 400;

async function sideBarWidth(): Promise<number> {
  return Number(await ui.evaluate(`Math.round(document.querySelector('.part.sidebar').getBoundingClientRect().width)`, workbench));
}

/** VS Code resizes the focused part: focus the editor and shrink it until the side bar is wide. */
async function resizeSideBar(direction: 'wider' | 'narrower', done: () => Promise<boolean>): Promise<void> {
  const command = direction === 'wider' ? 'workbench.action.decreaseViewWidth' : 'workbench.action.increaseViewWidth';
  for (let i = 0; i < 30 && !(await done()); i++) {
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await vscode.commands.executeCommand(command);
  }
}

async function shoot(scene: string, theme: string): Promise<void> {
  const path = await ui.screenshot(`vscode-demo-${scene}-${theme}`);
  report(`demo ${scene} (${theme}): ${path}`);
}

describe('offline demo screenshots in the real VS Code', function () {
  this.timeout(180_000);
  let t: DemoTest | undefined;
  let defaultWidth = 0;

  before(async () => {
    await vscode.commands.executeCommand('lessonAgent.openChat');
    defaultWidth = await sideBarWidth();
  });

  after(() => setGlobal('workbench', 'colorTheme', undefined));

  afterEach(async () => {
    await resizeSideBar('narrower', () => sideBarWidth().then((w) => w <= defaultWidth));
    await t?.dispose();
    t = undefined;
    await closeAllEditors();
  });

  for (const theme of THEMES) {
    it(`shows the demo's onboarding, suggestions and a Markdown edit in ${theme.id}`, async () => {
      t = await startDemo('reading-notes.md');
      await resizeSideBar('wider', () => sideBarWidth().then((w) => w >= WIDE));
      await setGlobal('workbench', 'colorTheme', theme.id);
      await ui.waitFor(`.monaco-workbench.${theme.workbenchClass}`, workbench);
      await ui.waitFor(`body.${theme.webviewClass}`, { state: 'attached' });

      await ui.waitFor(`${byTestId(TEST_IDS.onboarding)}[data-demo="true"] ${byTestId(TEST_IDS.setApiKey)}`);
      await shoot('onboarding', theme.name);

      await typeAndSend('What can you do?');
      await waitForDemo(t, 1);
      await lastReplyDone();
      assert.ok((await lastSuggestions()).length >= 13);
      await shoot('suggestions', theme.name);

      await typeAndSend('Add a true/false exercise about chapters 1-2');
      await waitForDemo(t, 4);
      assert.match(await lastReplyDone(), /written as Markdown/);
      const editor = t.editor;
      assert.ok(editor);
      const last = editor.document.lineCount - 1;
      editor.revealRange(new vscode.Range(last, 0, last, 0), vscode.TextEditorRevealType.InCenter);
      await ui.waitFor('.monaco-editor .view-lines', { ...workbench, text: 'Exercise: true or false' });
      await ui.click(`${ASSISTANT} ${byTestId(TEST_IDS.stepsToggle)}`, { nth: -1 });
      await ui.waitFor(`${ASSISTANT} ${byTestId(TEST_IDS.steps)}[data-expanded="true"]`);
      await shoot('markdown-edit', theme.name);
    });
  }
});

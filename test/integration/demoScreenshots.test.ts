// Screenshots of the offline demo in the real VS Code, dark and light: a new chat (the demo's
// onboarding card with Set API key), the answer to "What can you do?" (its flows as suggestion
// buttons), and a Markdown document edited as Markdown (progress notes, steps, the editor). Each
// scene is asserted before it is shot. The pictures go to the run's screenshots folder as
// `vscode-demo-<scene>-<theme>.png`; docs/screenshots/vscode-demo-*.png are copies of them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { workbench } from './fakeModel';
import { ASSISTANT, report, resizeSideBar, setGlobal, sideBarWidth, typeAndSend, useScreenshotWindow, WIDE } from './panelKit';
import { lastReplyDone, lastSuggestions, useDemo, waitForDemo } from './demoKit';

const THEMES = [
  { name: 'dark', id: 'Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark' },
  { name: 'light', id: 'Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light' },
] as const;

async function shoot(scene: string, theme: string): Promise<void> {
  const path = await ui.screenshot(`vscode-demo-${scene}-${theme}`);
  report(`demo ${scene} (${theme}): ${path}`);
}

describe('offline demo screenshots in the real VS Code', function () {
  this.timeout(180_000);
  useScreenshotWindow();
  const startDemo = useDemo();

  for (const theme of THEMES) {
    it(`shows the demo's onboarding, suggestions and a Markdown edit in ${theme.id}`, async () => {
      const t = await startDemo('reading-notes.md');
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

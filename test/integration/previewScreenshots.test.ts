// Screenshots of the lesson preview in the real VS Code, dark and light: the sample lesson beside
// its preview, the teacher view (the editor scrolled to the exercises, the preview following),
// and a printed page of the exported student copy. Each scene is asserted before it is shot. The
// pictures go to the run's screenshots folder; docs/screenshots/vscode-preview-*.png are copies.
import * as assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { ui } from './driver';
import { answerQuickInput, closeAllEditors, uniqueName, workbench } from './fakeModel';
import { waitUntil } from './helpers';
import { report, setGlobal } from './panelKit';
import { PREVIEW, byPreviewId, lineOf, preview, previewShows, printToPdf } from './previewKit';

const THEMES = [
  { name: 'dark', id: 'Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark' },
  { name: 'light', id: 'Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light' },
] as const;

async function shoot(name: string): Promise<void> {
  report(`${name}: ${await ui.screenshot(name)}`);
}

describe('lesson preview screenshots in the real VS Code', function () {
  this.timeout(120_000);

  after(() => setGlobal('workbench', 'colorTheme', undefined));
  afterEach(() => closeAllEditors());

  for (const theme of THEMES) {
    it(`shows the sample lesson beside its preview, and the teacher view, in ${theme.id}`, async () => {
      const folder = vscode.workspace.workspaceFolders?.[0];
      assert.ok(folder);
      await setGlobal('workbench', 'colorTheme', theme.id);
      await ui.waitFor(`.monaco-workbench.${theme.workbenchClass}`, workbench);
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await vscode.commands.executeCommand('workbench.action.closePanel');
      const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'french-verbs.lesson.xml'));
      const editor = await vscode.window.showTextDocument(document, { preview: false });
      // VS Code restores where the editor was scrolled in the previous theme's round: start at the top.
      editor.selection = new vscode.Selection(0, 0, 0, 0);
      editor.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
      await vscode.commands.executeCommand('lessonAgent.openPreviewToSide');
      await previewShows(document);
      await ui.waitFor(`body.${theme.webviewClass}`, { ...preview, state: 'attached' });
      await ui.waitFor('[data-kind="heading"]', { ...preview, text: 'Le présent des verbes en -er' });
      await shoot(`vscode-preview-side-by-side-${theme.name}`);

      await ui.click(byPreviewId('teacherView'), preview);
      await ui.waitFor(`${PREVIEW}[data-copy="teacher"]`, { ...preview, state: 'attached' });
      // The editor scrolled to the exercises (VS Code keeps a few lines above the range): the preview follows.
      const exercises = lineOf(document.getText(), '<exercise id="mc-er-verbs"');
      await vscode.window.showTextDocument(document, { viewColumn: editor.viewColumn, preview: false });
      editor.revealRange(new vscode.Range(exercises - 1, 0, exercises - 1, 0), vscode.TextEditorRevealType.AtTop);
      await waitUntil(async () => Number(await ui.evaluate('Math.round(window.scrollY)', preview)) > 100, 'the preview to follow the editor to the exercises');
      await ui.waitFor('[data-kind="blank"] input.is-key', preview);
      await shoot(`vscode-preview-teacher-${theme.name}`);
      // The view is the webview's own state: back to the student view for the next theme.
      await ui.click(byPreviewId('studentView'), preview);
    });
  }

  it('prints the exported student copy of the sample lesson', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const lesson = vscode.Uri.joinPath(folder.uri, 'french-verbs.lesson.xml');
    for (const copy of ['student', 'teacher'] as const) {
      const target = vscode.Uri.joinPath(folder.uri, uniqueName(`french-verbs-${copy}`, '.html'));
      const running = vscode.commands.executeCommand('lessonAgent.exportLessonHtml', lesson, copy);
      await answerQuickInput(target.fsPath);
      assert.equal(((await running) as vscode.Uri | undefined)?.toString(), target.toString());
      const printed = await printToPdf(target);
      assert.match(printed.pages[0] ?? '', /Le présent des verbes en -er/);
      const shots = join(process.env.LESSON_AGENT_TEST_ARTIFACTS ?? folder.uri.fsPath, 'screenshots');
      printed.images.forEach((image, i) => {
        const to = join(shots, `vscode-preview-printed-${copy}-page-${i + 1}.png`);
        copyFileSync(image, to);
        report(`printed ${copy} copy, page ${i + 1}: ${to}`);
      });
    }
  });
});

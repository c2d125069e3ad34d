// Handing a lesson out, as a teacher does it in VS Code for the web (code-server in Chromium, as
// here): the preview's Export asks which copy as the command does, the file is offered in the
// teacher's Documents folder (never beside the lessons), the notification that says where it went
// is on screen, and its Open shows the page in a tab (a browser tab cannot open the server's
// file: address). A chat's export is said in that chat only, under a name without the "…" of a
// title cut short.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { answerQuickInput, sleep, uniqueName, waitForTurnEnd, workbench } from './fakeModel';
import { WEATHER_LESSON } from './editingKit';
import { activeExtension, waitUntil } from './helpers';
import { ASSISTANT, SHORT_LESSON, report, typeAndSend, usePanelTests } from './panelKit';
import { byPreviewId, openWithPreview, preview } from './previewKit';

const QUICK_INPUT = '.quick-input-widget .quick-input-box input';
const PICK_ROW = '.quick-input-list .monaco-list-row';
/**
 * A notification, in the notifications center: VS Code shows no toasts at all while its smoke-test
 * driver is on (NotificationsToasts.addToast checks enableSmokeTestDriver), and the harness needs
 * that driver; a teacher's VS Code shows the same notification as a toast with the same buttons.
 */
const NOTIFICATION = '.notifications-center .notification-list-item';
/** Loaded machines have taken more than 10 s to show code-server's save dialog. */
const DIALOG_WAIT_MS = 60_000;
const REPLY = { rules: [], fallback: { blocks: [{ type: 'text' as const, text: 'Here is what I think.' }] } };

/** Where a first export is offered: the Documents folder, or home when there is none. */
function firstOffer(): string {
  const documents = path.join(homedir(), 'Documents');
  return existsSync(documents) ? documents : homedir();
}

function workspaceFolder(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run in a workspace folder');
  return folder.uri;
}

async function quickInputValue(): Promise<string> {
  return String(await ui.evaluate(`document.querySelector(${JSON.stringify(QUICK_INPUT)})?.value ?? ''`, workbench));
}

/** The path code-server's save dialog (a quick input) offers, once it offers one ending in `ending`. */
async function offeredPath(ending: string): Promise<string> {
  await ui.waitFor(QUICK_INPUT, { ...workbench, timeout: DIALOG_WAIT_MS });
  await waitUntil(async () => (await quickInputValue()).endsWith(ending), `the save dialog to offer a ${ending} file`, DIALOG_WAIT_MS);
  return quickInputValue();
}

function exportedPageTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('lessonAgent.exportedPage'));
}

/** The notification saying `text`, as the notifications center lists it. */
async function notificationSaying(text: string): Promise<string> {
  await vscode.commands.executeCommand('notifications.showList');
  await ui.waitFor(NOTIFICATION, { ...workbench, text, timeout: DIALOG_WAIT_MS });
  return String(await ui.text(NOTIFICATION, { ...workbench, text }));
}

/** Clicks the first action of the notification saying `text` (the one a teacher reaches first). */
async function clickNotification(text: string): Promise<void> {
  await notificationSaying(text);
  await ui.click(`${NOTIFICATION} .notification-list-item-buttons-container .monaco-button`, { ...workbench, nth: 0 });
}

/** Types `file` into the save dialog and presses Enter until the dialog takes it (a busy dialog may miss the first). */
async function saveAs(file: vscode.Uri): Promise<void> {
  await answerQuickInput(file.fsPath);
  await waitUntil(async () => {
    if (await vscode.workspace.fs.stat(file).then(() => true, () => false)) return true;
    const open = (await ui.evaluate(`!!document.querySelector(${JSON.stringify(QUICK_INPUT)})?.offsetParent`, workbench)) === true;
    if (open && (await quickInputValue()) === file.fsPath) await ui.press('Enter', { ...workbench, selector: QUICK_INPUT });
    await sleep(2000);
    return vscode.workspace.fs.stat(file).then(() => true, () => false);
  }, `${path.basename(file.fsPath)} to be written`, DIALOG_WAIT_MS);
}

describe('export: handing a lesson out', function () {
  this.timeout(180_000);

  beforeEach(async () => {
    await (await activeExtension()).exportFolder.forget();
  });

  afterEach(async () => {
    // A test that failed with a dialog open leaves it over the next test's buttons.
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('notifications.hideList');
  });

  it('Export Lesson as HTML: Open in the notification shows the exported page in a tab', async () => {
    const lesson = vscode.Uri.joinPath(workspaceFolder(), uniqueName('handout', '.lesson.xml'));
    await vscode.workspace.fs.writeFile(lesson, new TextEncoder().encode(WEATHER_LESSON));
    const running = vscode.commands.executeCommand('lessonAgent.exportLessonHtml', lesson, 'student');
    const offered = await offeredPath('.html');
    report(`the save dialog offers ${offered}`);
    assert.equal(path.dirname(offered), firstOffer(), 'offered in Documents, not beside the lesson');
    // Saved where it is offered, outside the workspace: the notification names the file and its
    // folder, not the machine's path.
    const target = vscode.Uri.file(path.join(firstOffer(), uniqueName('handout-student', '.html')));
    await saveAs(target);
    assert.equal(((await running) as vscode.Uri | undefined)?.toString(), target.toString());
    const said = await notificationSaying('Print it from a browser');
    report(`notification: ${said.replace(/\s+/g, ' ')}`);
    const folder = firstOffer() === homedir() ? 'your home folder' : path.basename(firstOffer());
    assert.ok(said.includes(`Exported ${path.basename(target.fsPath)} in ${folder}.`), said);
    assert.ok(!said.includes(firstOffer()), `no path of the machine: ${said}`);

    await clickNotification('Print it from a browser');
    await waitUntil(() => exportedPageTabs().some((t) => t.label === path.basename(target.fsPath)), 'a tab showing the exported page', DIALOG_WAIT_MS);
    await ui.waitFor('h1', { frame: 'page', text: 'Talking about the weather', timeout: DIALOG_WAIT_MS });
    assert.equal(await ui.evaluate("document.body.classList.contains('copy-student')", { frame: 'page' }), true, 'the student copy');
    report(`the exported page in a tab: ${await ui.screenshot('exported-page-tab')}`);
    await vscode.workspace.fs.delete(lesson);
    await vscode.workspace.fs.delete(target);
  });

  it("asks the language of a lesson that does not say one, once: the worksheet's words follow it and the lesson notes it", async () => {
    const lesson = vscode.Uri.joinPath(workspaceFolder(), uniqueName('meteo', '.lesson.xml'));
    await vscode.workspace.fs.writeFile(lesson, new TextEncoder().encode(WEATHER_LESSON.replace(' lang="en"', '')));
    const running = vscode.commands.executeCommand('lessonAgent.exportLessonHtml', lesson, 'student');
    await ui.waitFor(PICK_ROW, { ...workbench, text: 'Français', timeout: DIALOG_WAIT_MS });
    const rows = String(await ui.evaluate(`[...document.querySelectorAll(${JSON.stringify(PICK_ROW)})].map((r) => r.innerText.replace(/\\s+/g, ' ')).join(' | ')`, workbench));
    report(`Which language? ${rows}`);
    assert.match(rows, /^English/, "VS Code's display language first, ready for Enter");
    assert.match(rows, /Français[^|]*Nom :/, 'each language shows the words it prints');
    await answerQuickInput('Français');
    const student = vscode.Uri.joinPath(workspaceFolder(), uniqueName('meteo-student', '.html'));
    await offeredPath('-student.html');
    await saveAs(student);
    assert.equal(((await running) as vscode.Uri | undefined)?.toString(), student.toString());
    const html = new TextDecoder().decode(await vscode.workspace.fs.readFile(student));
    assert.match(html, /<html lang="fr">/);
    assert.match(html, /Nom :/);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === lesson.toString());
    assert.ok(document, 'the lesson is open in VS Code');
    await waitUntil(() => document.getText().includes('<lesson lang="fr" title="Weather">'), 'the language noted in the lesson');
    // VS Code saves an edit to a file no editor shows (files.refactoring.autoSave); an open one stays dirty.
    report(`the lesson after the export: ${document.isDirty ? 'edited, not saved' : 'edited and saved'}`);

    // Asked once: the next export goes straight to the save dialog, in French.
    const again = vscode.commands.executeCommand('lessonAgent.exportLessonHtml', lesson, 'teacher');
    await offeredPath('-teacher.html');
    const teacher = vscode.Uri.joinPath(workspaceFolder(), uniqueName('meteo-teacher', '.html'));
    await saveAs(teacher);
    assert.equal(((await again) as vscode.Uri | undefined)?.toString(), teacher.toString());
    assert.match(new TextDecoder().decode(await vscode.workspace.fs.readFile(teacher)), /<html lang="fr">[\s\S]*corrigé/);
    if (document.isDirty) await document.save();
    for (const file of [lesson, student, teacher]) await vscode.workspace.fs.delete(file);
  });

  it("the preview's Export asks which copy, offers the one shown first, and says where it went on screen", async () => {
    const editor = await openWithPreview(uniqueName('handout', '.lesson.xml'), WEATHER_LESSON);
    await ui.click(byPreviewId('exportButton'), preview);
    await ui.click(`${byPreviewId('exportItem')}[data-format="html"]`, preview);

    await ui.waitFor(PICK_ROW, { ...workbench, text: 'Teacher copy', timeout: DIALOG_WAIT_MS });
    const rows = String(await ui.evaluate(`[...document.querySelectorAll(${JSON.stringify(PICK_ROW)})].map((r) => r.innerText).join(' | ')`, workbench));
    report(`Which copy? ${rows.replace(/\s+/g, ' ')}`);
    assert.match(rows, /^Student copy/, 'the copy the preview shows comes first');
    await answerQuickInput('Teacher copy');
    const offered = await offeredPath('-teacher.html');
    assert.equal(path.dirname(offered), firstOffer());
    assert.notEqual(path.dirname(offered), path.dirname(editor.document.uri.fsPath), 'not beside the lesson');
    const target = vscode.Uri.joinPath(workspaceFolder(), uniqueName('handout-teacher', '.html'));
    await saveAs(target);
    assert.match(new TextDecoder().decode(await vscode.workspace.fs.readFile(target)), /<body class="copy-teacher">/);

    // A notification (a toast in a teacher's VS Code) with a way to see the page.
    const said = await notificationSaying('Print it from a browser');
    report(`notification: ${said.replace(/\s+/g, ' ')}`);
    assert.ok(said.includes(`Exported ${path.basename(target.fsPath)}`), said);
    assert.match(said, /\bOpen\b/);
    await vscode.workspace.fs.delete(target);
  });

  describe('a chat', () => {
    const startPanelTest = usePanelTests();

    it('is told of its own export only (the file and its folder by name), under a name without the "…" of its cut title', async () => {
      const long = 'Please look at this lesson about the weather and tell me which exercises a class of twelve-year-olds will find too hard';
      const t = await startPanelTest(REPLY, { name: uniqueName('chat-export', '.lesson.xml'), content: SHORT_LESSON });
      await typeAndSend(long);
      await waitForTurnEnd(t.model, 1);
      await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
      const exported = t.model.api.controller.currentSessionId;
      assert.ok(exported);

      const running = vscode.commands.executeCommand('lessonAgent.exportSession');
      const offered = await offeredPath('.md');
      report(`the save dialog offers ${offered}`);
      assert.equal(path.dirname(offered), firstOffer());
      assert.equal(path.basename(offered), 'Please look at this lesson about the weather and tell me.md', 'the cut title, without "…"');
      const target = vscode.Uri.joinPath(workspaceFolder(), uniqueName('chat-export', '.md'));
      await saveAs(target);
      await running;
      // Said by name and folder ("Saved as x.md in <the workspace folder>"), the whole path kept for the tooltip.
      const savedAs = `Saved as ${path.basename(target.fsPath)} in ${path.basename(workspaceFolder().fsPath)}`;
      await ui.waitFor(byTestId(TEST_IDS.exported), { text: savedAs });
      assert.equal(await ui.evaluate(`document.querySelector('${byTestId(TEST_IDS.exported)} .status-text').title`), target.fsPath);

      // Another chat shown in the panel is not the one exported: the note goes with its chat.
      await t.model.api.controller.newSession();
      await ui.waitFor(byTestId(TEST_IDS.emptyChat));
      await ui.waitFor(byTestId(TEST_IDS.exported), { state: 'detached' });
      await sleep(300);
      assert.equal(await ui.evaluate(`document.querySelectorAll('${byTestId(TEST_IDS.exported)}').length`), 0);
      await vscode.workspace.fs.delete(target);
    });
  });
});

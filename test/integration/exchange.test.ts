// Lessons out to learning platforms and quizzes in, in a real VS Code: GIFT from the preview's
// Export menu and QTI from the command palette, each saying on the preview what the format cannot
// carry before anything is written (Cancel writes nothing); a GIFT file and a QTI 2.1 package
// written by other tools imported as new lessons that validate and open with their preview, which
// shows what came in differently.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { parse } from 'gift-pegjs';
import * as vscode from 'vscode';
import { validateLesson } from '../../src/core/lesson/validate';
import { zipFolder } from '../unit/core/exchange/zipFolder';
import { sample } from './demoKit';
import { ui } from './driver';
import { answerQuickInput, closeAllEditors, uniqueName } from './fakeModel';
import { activeExtension, EXTENSION_ID, waitUntil } from './helpers';
import { report } from './panelKit';
import { byPreviewId, openWithPreview, preview, previewShows } from './previewKit';

const REPORT = byPreviewId('report');

/** The report card on the preview, once it is up. */
async function reportText(): Promise<string> {
  await ui.waitFor(REPORT, { ...preview, timeout: 30_000 });
  return (await ui.text(REPORT, preview)).replace(/\s+/g, ' ');
}

async function answerReport(button: 'reportExport' | 'reportCancel' | 'reportClose'): Promise<void> {
  await ui.click(byPreviewId(button), preview);
  await ui.waitFor(REPORT, { ...preview, state: 'detached' });
}

function fixture(path: string): string {
  const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath;
  assert.ok(root, 'the extension under test is loaded');
  return join(root, 'test', 'unit', 'core', 'exchange', 'fixtures', path);
}

async function writeToWorkspace(name: string, data: Uint8Array): Promise<vscode.Uri> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the integration tests need a workspace folder');
  const uri = vscode.Uri.joinPath(folder.uri, 'test-docs', name);
  await vscode.workspace.fs.writeFile(uri, data);
  return uri;
}

describe('exchange: GIFT and QTI out of the preview and the palette, quizzes in as lessons', function () {
  this.timeout(120_000);
  afterEach(closeAllEditors);

  it('exports GIFT from the preview’s Export menu and QTI from the palette, saying first what each cannot carry', async () => {
    const editor = await openWithPreview(uniqueName('verbs', '.lesson.xml'), sample('french-verbs.lesson.xml'));
    const folder = vscode.Uri.joinPath(editor.document.uri, '..');
    await ui.click(byPreviewId('exportButton'), preview);
    await ui.click(`${byPreviewId('exportItem')}[data-format="gift"]`, preview);
    const giftReport = await reportText();
    assert.match(giftReport, /Before you export as GIFT \(Moodle\) 8 questions in 3 exercises go out\. Not everything can go as it is/);
    assert.match(giftReport, /Moodle accepts the answers in the gaps whatever their capital letters/);
    assert.match(giftReport, /GIFT has no ordering question/);
    assert.match(giftReport, /Its level \(A2\) is written in the file as a comment/);
    report(`the GIFT report: ${await ui.screenshot('exchange-gift-report')}`);
    await answerReport('reportExport');
    const gift = vscode.Uri.joinPath(folder, uniqueName('verbs', '.gift.txt'));
    await answerQuickInput(gift.fsPath);
    await waitUntil(() => existsSync(gift.fsPath), 'the GIFT file to be written', 20_000);
    const questions = parse(readFileSync(gift.fsPath, 'utf8'));
    assert.deepEqual(questions.filter((q) => q.type !== 'Category' && q.type !== 'Description').map((q) => q.type), ['Short', 'Short', 'Short', 'Short', 'Short', 'MC', 'MC', 'Matching'], 'gift-pegjs reads every question');

    // Cancel writes nothing.
    await vscode.window.showTextDocument(editor.document, { viewColumn: vscode.ViewColumn.One });
    const cancelled = vscode.commands.executeCommand('lessonAgent.exportLessonQti');
    assert.match(await reportText(), /Before you export as a QTI 3\.0 package/);
    await answerReport('reportCancel');
    assert.equal(await cancelled, undefined);

    await vscode.window.showTextDocument(editor.document, { viewColumn: vscode.ViewColumn.One });
    const running = vscode.commands.executeCommand('lessonAgent.exportLessonQti');
    assert.match(await reportText(), /Its level \(A2\) is in the package's description/);
    await answerReport('reportExport');
    const qti = vscode.Uri.joinPath(folder, uniqueName('verbs', '.qti.zip'));
    await answerQuickInput(qti.fsPath);
    assert.equal(((await running) as vscode.Uri | undefined)?.toString(), qti.toString());
    const files = Object.keys(unzipSync(readFileSync(qti.fsPath)));
    assert.ok(files.includes('imsmanifest.xml') && files.includes('test.xml'));
    assert.equal(files.filter((f) => f.startsWith('items/')).length, 11, 'eight questions and three texts, one item each');
  });

  it('imports a GIFT file written by hand after Moodle’s examples: a lesson that validates, open beside its preview, which says what came in differently', async () => {
    const api = await activeExtension();
    const source = await writeToWorkspace(uniqueName('moodle', '.gift'), readFileSync(fixture('moodle-examples.gift')));
    const running = vscode.commands.executeCommand('lessonAgent.importQuiz', source);
    const target = vscode.Uri.joinPath(source, '..', uniqueName('moodle', '.lesson.xml'));
    await answerQuickInput(target.fsPath);
    const lesson = (await running) as vscode.Uri | undefined;
    assert.equal(lesson?.toString(), target.toString());
    const document = await vscode.workspace.openTextDocument(target);
    assert.ok(validateLesson(document.getText()).ok, 'the lesson validates');
    await waitUntil(() => api.preview.panelFor(target) !== undefined, 'its preview to open beside it');
    await previewShows(document, 30_000);
    assert.ok((await ui.count('[data-kind="exercise"]', preview)) >= 5, 'the preview shows its exercises');
    const said = await reportText();
    assert.match(said, /^Imported from moodle-.*\.gift 12 questions in 8 exercises came in\. Not everything came in as it was/);
    assert.match(said, /The feedback on each option is kept as a teacher’s note/);
    assert.match(said, /A matching question became gaps to fill from a word bank/);
    assert.match(said, /Not carried: a picture/);
    report(`the imported lesson and its report: ${await ui.screenshot('exchange-import-report')}`);
    await answerReport('reportClose');
    assert.ok(vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === target.toString()), 'the new lesson is open beside its preview');
  });

  it('imports a QTI 2.1 package (as Canvas writes one) into a lesson with gaps, a word bank, an order and a short answer', async () => {
    const source = await writeToWorkspace(uniqueName('canvas-quiz', '.zip'), zipFolder(fixture('qti21')));
    const running = vscode.commands.executeCommand('lessonAgent.importQuiz', source);
    const target = vscode.Uri.joinPath(source, '..', uniqueName('canvas-quiz', '.lesson.xml'));
    await answerQuickInput(target.fsPath);
    assert.equal(((await running) as vscode.Uri | undefined)?.toString(), target.toString());
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
    assert.ok(validateLesson(text).ok);
    for (const part of ['<word-bank>', '<sequence', '<short-answer', '<blank answer="York" alts="york"']) assert.ok(text.includes(part), part);
    assert.match(await reportText(), /4 questions in 4 exercises came in, as they were\./);
    await answerReport('reportClose');
  });
});

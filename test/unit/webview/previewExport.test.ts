// The preview's Export menu in headless Chromium, under the webview's CSP: it offers the printable
// page of the copy shown, GIFT for Moodle and a QTI 3.0 package, and asks the host for the one
// chosen; it opens and closes from the keyboard as a menu button does, and stays on the page in a
// narrow preview. The report card: what an export cannot carry, asked before anything is written,
// and what an import brought in differently.
import * as assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { exportLesson } from '../../../src/core/exchange/exchange';
import type { ExchangeReport } from '../../../src/shared/previewProtocol';
import { byPreviewId, openPreview, sample } from '../../webview/previewKit';
import type { WebviewPage } from '../../webview/harness';
import { repoRoot } from '../../webview/harness';
import { previewSuite } from '../../webview/suite';

const VERBS = sample('french-verbs.lesson.xml');
const MENU = byPreviewId('exportMenu');
const ITEM = byPreviewId('exportItem');

function focusedAttribute(w: WebviewPage, name: string): Promise<string | null> {
  return w.page.evaluate((n) => document.activeElement?.getAttribute(n) ?? null, name);
}

describe('webview: the preview’s Export menu', function () {
  this.timeout(30_000);
  const suite = previewSuite();

  it('offers HTML, GIFT and QTI, in teachers’ words, and asks the host for the one chosen with the copy shown', async () => {
    const w = await openPreview(suite.open, VERBS, { theme: 'light' });
    const toggle = w.page.locator(byPreviewId('exportButton'));
    assert.equal(await toggle.getAttribute('aria-haspopup'), 'menu');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await w.page.locator(MENU).count(), 0, 'closed until asked');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const items = (await w.page.locator(ITEM).allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
    assert.deepEqual(items, [
      'Printable page (HTML) The student copy: no answers, to print',
      "GIFT, for Moodle Questions for Moodle's question bank",
      'QTI 3.0 package For Canvas, Blackboard, TAO, Inspera and other platforms',
    ]);
    const shots = join(repoRoot(), '.test-artifacts', 'webview');
    mkdirSync(shots, { recursive: true });
    await w.page.screenshot({ path: join(shots, 'preview-export-menu-light.png'), clip: { x: 0, y: 0, width: 760, height: 260 } });
    await w.page.locator(`${ITEM}[data-format="gift"]`).click();
    assert.deepEqual(await w.waitForPosted('export'), [{ type: 'export', format: 'gift', copy: 'student' }]);
    assert.equal(await w.page.locator(MENU).count(), 0, 'the menu closes once a format is chosen');

    await w.page.click(byPreviewId('teacherView'));
    await toggle.click();
    assert.match(await w.page.locator(`${ITEM}[data-format="html"]`).innerText(), /The teacher copy, with the answer key/);
    await w.page.locator(`${ITEM}[data-format="html"]`).click();
    assert.deepEqual((await w.waitForPosted('export', 2))[1], { type: 'export', format: 'html', copy: 'teacher' });
  });

  it('works from the keyboard: ArrowDown opens on the first item, arrows move, Escape closes and gives the focus back', async () => {
    const w = await openPreview(suite.open, VERBS);
    const focused = () => focusedAttribute(w, 'data-format');
    await w.page.locator(byPreviewId('exportButton')).focus();
    await w.page.keyboard.press('ArrowDown');
    await w.page.waitForSelector(MENU);
    assert.equal(await focused(), 'html');
    await w.page.keyboard.press('ArrowDown');
    assert.equal(await focused(), 'gift');
    await w.page.keyboard.press('End');
    assert.equal(await focused(), 'qti');
    await w.page.keyboard.press('ArrowDown');
    assert.equal(await focused(), 'html', 'the arrows wrap around');
    await w.page.keyboard.press('Escape');
    assert.equal(await w.page.locator(MENU).count(), 0);
    assert.equal(await focusedAttribute(w, 'data-testid'), 'preview-export');
    await w.page.keyboard.press('Enter');
    await w.page.waitForSelector(MENU);
    await w.page.keyboard.press('ArrowUp');
    await w.page.keyboard.press('Enter');
    assert.deepEqual(await w.waitForPosted('export'), [{ type: 'export', format: 'qti', copy: 'student' }]);
  });

  it('closes when the teacher clicks elsewhere, exporting nothing', async () => {
    const w = await openPreview(suite.open, VERBS);
    await w.page.click(byPreviewId('exportButton'));
    await w.page.waitForSelector(MENU);
    await w.page.mouse.click(400, 600);
    await w.page.waitForSelector(MENU, { state: 'detached' });
    assert.deepEqual(await w.postedOfType('export'), []);
  });

  it('stays on the page in a narrow preview, where the toolbar wraps and the button sits at the left', async () => {
    const w = await openPreview(suite.open, VERBS, { width: 360 });
    await w.page.click(byPreviewId('exportButton'));
    const box = await w.page.locator(MENU).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `the menu (${JSON.stringify(box)}) fits the 360 px preview`);
    await w.page.locator(`${ITEM}[data-format="qti"]`).click();
    assert.equal((await w.waitForPosted('export'))[0]?.['format'], 'qti');
  });
});

function exportReport(id: number): ExchangeReport {
  const out = exportLesson(VERBS, 'gift', 'french-verbs.lesson.xml');
  assert.ok(out.ok);
  return { id, kind: 'export', format: 'gift', exercises: out.exercises, questions: out.questions, notices: [...out.notCarried] };
}

describe('webview: the report of an export or an import', function () {
  this.timeout(30_000);
  const suite = previewSuite();
  const REPORT = byPreviewId('report');

  it('asks before an export: what the format cannot carry, by exercise, then Export or Cancel', async () => {
    const w = await openPreview(suite.open, VERBS, { theme: 'light' });
    await w.pushRaw({ type: 'report', report: exportReport(7) });
    await w.page.waitForSelector(REPORT);
    const text = (await w.page.innerText(REPORT)).replace(/\s+/g, ' ');
    assert.match(text, /^Before you export as GIFT \(Moodle\) 8 questions in 3 exercises go out\. Not everything can go as it is:/);
    assert.match(text, /Exercise 3, “Put Léa's morning in order\.” Its 4 points are not carried[^.]*\. GIFT has no ordering question/);
    const places = await w.page.locator(byPreviewId('reportPlace')).count();
    assert.equal(places, 5, 'the lesson, the teacher notes and three exercises, each once');
    assert.equal(await focusedAttribute(w, 'data-testid'), 'preview-report-export', 'Enter exports, Tab reaches Cancel');
    const shots = join(repoRoot(), '.test-artifacts', 'webview');
    mkdirSync(shots, { recursive: true });
    await w.page.screenshot({ path: join(shots, 'preview-export-report-light.png') });
    await w.page.click(byPreviewId('reportCancel'));
    assert.deepEqual(await w.waitForPosted('reportAnswer'), [{ type: 'reportAnswer', id: 7, answer: 'cancel' }]);
    assert.equal(await w.page.locator(REPORT).count(), 0);

    await w.pushRaw({ type: 'report', report: exportReport(8) });
    await w.page.click(byPreviewId('reportExport'));
    assert.deepEqual((await w.waitForPosted('reportAnswer', 2))[1], { type: 'reportAnswer', id: 8, answer: 'export' });
  });

  it('shows what an import brought in differently, with Close; the host can take a report away', async () => {
    const w = await openPreview(suite.open, VERBS);
    const report: ExchangeReport = { id: 3, kind: 'import', format: 'gift', source: 'moodle.gift', exercises: 8, questions: 12, notices: [{ place: 'Exercise 8', message: 'Not carried: a picture.' }] };
    await w.pushRaw({ type: 'report', report });
    assert.match((await w.page.innerText(REPORT)).replace(/\s+/g, ' '), /^Imported from moodle\.gift 12 questions in 8 exercises came in\. Not everything came in as it was: Exercise 8 Not carried: a picture\./);
    await w.pushRaw({ type: 'report', report: null });
    await w.page.waitForSelector(REPORT, { state: 'detached' });
    await w.pushRaw({ type: 'report', report: { ...report, id: 4, notices: [] } });
    assert.match(await w.page.innerText(REPORT), /12 questions in 8 exercises came in, as they were\./);
    await w.page.keyboard.press('Enter');
    assert.deepEqual(await w.waitForPosted('reportAnswer'), [{ type: 'reportAnswer', id: 4, answer: 'close' }]);
  });
});

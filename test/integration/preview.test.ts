// The lesson preview in a real VS Code: opened to the side with Ctrl+K V, following the teacher's
// typing and the agent's edits (highlighted), revealing the source on a click, following the
// editor's scroll, the answer key on a toggle, the last good render kept while the XML is broken,
// and the HTML export printed to PDF by headless Chromium.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { validateLesson } from '../../src/core/lesson/validate';
import { bigLesson } from '../unit/core/lesson/bigLesson';
import { ui } from './driver';
import { positionAfter, toolUseId, typeInEditor, WEATHER_LESSON, useEditingTests } from './editingKit';
import { answerQuickInput, openFreshDocument, uniqueName, waitForTurnEnd, workbench } from './fakeModel';
import { activeExtension, waitUntil } from './helpers';
import { report } from './panelKit';
import { PREVIEW, applyEdit, byPreviewId, inputValues, lineOf, openWithPreview, preview, previewShows, printToPdf } from './previewKit';

const EXERCISE = [
  '  <exercise id="weather-1" type="fill-blanks" level="A1">',
  '    <h3>Complete the sentences</h3>',
  '    <p>Take an umbrella: it is going to <blank answer="rain" hint="verb" student-answer=""/>.</p>',
  '  </exercise>',
  '',
].join('\n');

function withExercise(text: string): string {
  return text.replace('</lesson>', `${EXERCISE}</lesson>`);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

describe('lesson preview', function () {
  this.timeout(90_000);
  const startEditingTest = useEditingTests({ autoSave: 'off' });

  it('opens to the side with Ctrl+K V and follows the teacher’s typing', async () => {
    const editor = await openWithPreview(uniqueName('weather', '.lesson.xml'), withExercise(WEATHER_LESSON));
    const api = await activeExtension();
    assert.equal(api.preview.panelFor(editor.document.uri)?.viewColumn, vscode.ViewColumn.Two, 'beside the editor');
    assert.equal(vscode.window.activeTextEditor?.document, editor.document, 'the editor keeps the focus');
    assert.equal((await ui.text(byPreviewId('documentName'), preview)).trim(), vscode.workspace.asRelativePath(editor.document.uri));
    assert.equal((await ui.text('[data-kind="heading"]', { ...preview, nth: 0 })).trim(), 'Talking about the weather');
    assert.equal(await ui.count('[data-kind="blank"] input', preview), 1);

    await typeInEditor(editor.document, positionAfter(editor.document, 'describe what you see.'), ' Bring an umbrella.');
    await previewShows(editor.document);
    await ui.waitFor('[data-kind="paragraph"]', { ...preview, text: 'describe what you see. Bring an umbrella.' });
  });

  it("opens to the side from the editor title bar's button, as Markdown's does", async () => {
    const editor = await openFreshDocument(uniqueName('title', '.lesson.xml'), WEATHER_LESSON);
    // The button belongs to the lesson's editor group: only a lesson shows it.
    const button = `.editor-group-container.active .editor-actions [aria-label^="Open Preview to the Side"]`;
    await ui.waitFor(button, workbench);
    await ui.click(button, workbench);
    const api = await activeExtension();
    await waitUntil(() => api.preview.panelFor(editor.document.uri) !== undefined, 'the title button to open the preview');
    await previewShows(editor.document, 30_000);
    assert.equal(api.preview.panelFor(editor.document.uri)?.viewColumn, vscode.ViewColumn.Two, 'beside the editor');

    const plain = await openFreshDocument(uniqueName('plain', '.xml'), '<notes/>\n');
    await vscode.window.showTextDocument(plain.document, { viewColumn: vscode.ViewColumn.One, preview: false });
    await ui.waitFor(`.editor-group-container.active .editor-actions [aria-label^="Open Preview to the Side"]`, { ...workbench, state: 'detached' });
  });

  it('shows an agent edit at once and lights it up', async () => {
    const name = uniqueName('agent', '.lesson.xml');
    const t = await startEditingTest({ steps: [], fallback: { blocks: [{ type: 'text', text: 'unused' }] } }, name, WEATHER_LESSON);
    const { document, model, fake } = t;
    await vscode.window.showTextDocument(document, { preview: false });
    await vscode.commands.executeCommand('lessonAgent.openPreviewToSide');
    await previewShows(document);
    const proposed = withExercise(WEATHER_LESSON);
    assert.ok(validateLesson(proposed).ok);
    fake.setScenario({
      steps: [
        { blocks: [{ type: 'tool_use', id: toolUseId(), name: 'edit_document', input: { documentXml: proposed, summary: 'Added a gap-fill about the weather' } }] },
        { blocks: [{ type: 'text', text: 'I added a short exercise.' }] },
      ],
    });
    const from = lineOf(proposed, '<exercise id="weather-1"');
    const sending = model.api.controller.sendMessage('Add a fill-in-the-blank exercise about the weather');
    // The highlight lasts a few seconds: it is looked for while the turn is still finishing.
    await ui.waitFor(`${PREVIEW}[data-highlighted]`, { ...preview, state: 'attached', timeout: 15_000 });
    assert.equal(await ui.attribute(PREVIEW, 'data-highlighted', preview), `${from}-${from + 3}`, 'the lines of the new exercise');
    await ui.waitFor(`[data-block-line="${from}"] > [data-agent-edit][data-kind="exercise"]`, { ...preview, state: 'attached' });
    await sending;
    await waitForTurnEnd(model, 2);
    assert.equal(document.getText(), proposed);
    await previewShows(document);
    assert.equal((await ui.text('[data-kind="exercise"] [data-kind="heading"]', preview)).trim(), 'Complete the sentences');
  });

  it('reveals the source line of a clicked element; the answer toggle shows the key in place', async () => {
    const content = withExercise(WEATHER_LESSON);
    const editor = await openWithPreview(uniqueName('click', '.lesson.xml'), content);
    await ui.click('[data-kind="paragraph"]', { ...preview, text: 'Homework' });
    const line = lineOf(content, 'Homework') - 1;
    await waitUntil(() => vscode.window.activeTextEditor?.document === editor.document && vscode.window.activeTextEditor.selection.active.line === line, `the cursor on line ${line + 1}`);

    assert.deepEqual(await inputValues('[data-kind="blank"] input'), [''], 'the student view has no answers');
    assert.equal(await ui.count(byPreviewId('answer'), preview), 0);
    await ui.click(byPreviewId('teacherView'), preview);
    await ui.waitFor(`${PREVIEW}[data-copy="teacher"]`, { ...preview, state: 'attached' });
    assert.deepEqual(await inputValues('[data-kind="blank"] input'), ['rain'], 'the teacher view shows the answer in the gap');
    await ui.click(byPreviewId('studentView'), preview);
    await ui.waitFor(`${PREVIEW}[data-copy="student"]`, { ...preview, state: 'attached' });
    assert.deepEqual(await inputValues('[data-kind="blank"] input'), ['']);
  });

  it('keeps the last render while an edit breaks the XML, with a banner that goes to the line', async () => {
    const content = withExercise(WEATHER_LESSON);
    const editor = await openWithPreview(uniqueName('broken', '.lesson.xml'), content);
    const document = editor.document;
    await typeInEditor(document, positionAfter(document, 'sun, rain'), ' & snow');
    await previewShows(document);
    const line = lineOf(document.getText(), '& snow');
    await ui.waitFor(`${byPreviewId('errorBanner')}[data-line="${line}"]`, preview);
    assert.match(await ui.text(byPreviewId('errorBanner'), preview), new RegExp(`Line ${line}: the XML cannot be read`));
    assert.equal(await ui.count('[data-kind="exercise"]', preview), 1, 'the last good render stays');
    assert.equal(await ui.count('[data-kind="paragraph"]', { ...preview, text: '& snow' }), 0, 'and is the last good one');

    await ui.click(byPreviewId('errorGoto'), preview);
    await waitUntil(() => vscode.window.activeTextEditor?.document === document && vscode.window.activeTextEditor.selection.active.line === line - 1, `the cursor on line ${line}`);

    await applyEdit(document, 'rain & snow', 'rain &amp; snow');
    await previewShows(document);
    await ui.waitFor(byPreviewId('errorBanner'), { ...preview, state: 'detached' });
    await ui.waitFor('[data-kind="paragraph"]', { ...preview, text: 'sun, rain & snow' });
  });

  it("follows the editor's scroll, and follows a 50 KB lesson's edits (median update time reported)", async () => {
    const { text } = bigLesson(50_000);
    const editor = await openWithPreview(uniqueName('big', '.lesson.xml'), text);
    const document = editor.document;
    const target = lineOf(text, '<h2 id="s20">');
    editor.revealRange(new vscode.Range(target - 1, 0, target - 1, 0), vscode.TextEditorRevealType.AtTop);
    await waitUntil(async () => {
      const top = (await ui.evaluate(`(() => {
        const el = document.querySelector('[data-block-line="${target}"] > [data-kind="heading"]');
        const bar = document.querySelector('.preview-top').getBoundingClientRect().bottom;
        return el ? Math.round(el.getBoundingClientRect().top - bar) : null;
      })()`, preview)) as number | null;
      // VS Code keeps a few lines of context above a range revealed at the top, so the heading is
      // a few lines down in the editor: near the top of the preview too.
      return top !== null && top >= 0 && top < 300;
    }, 'the preview to scroll to the part of the lesson the editor shows').catch(async (error: unknown) => {
      const state = await ui.evaluate(`({ scrollY: window.scrollY, height: document.body.scrollHeight, target: document.querySelector('[data-block-line="${target}"] > [data-kind="heading"]')?.getBoundingClientRect().top })`, preview);
      throw new Error(`${String(error)}; editor at line ${(editor.visibleRanges[0]?.start.line ?? -1) + 1}, target ${target}, preview ${JSON.stringify(state)}`);
    });

    const api = await activeExtension();
    const before = api.preview.updateTimings(document.uri).length;
    const edits = 30;
    for (let i = 0; i < edits; i++) {
      const from = i % 2 === 0 ? 'au marché avec son frère' : 'au marché avec sa sœur';
      const to = i % 2 === 0 ? 'au marché avec sa sœur' : 'au marché avec son frère';
      await applyEdit(document, from, to);
      await waitUntil(() => api.preview.updateTimings(document.uri).length > before + i, `the preview to show edit ${i + 1}`);
    }
    const timings = api.preview.updateTimings(document.uri).slice(before);
    assert.equal(timings.length, edits);
    assert.deepEqual(timings.map((t) => t.version), [...Array(edits).keys()].map((i) => document.version - edits + 1 + i), 'every version reached the screen');
    await previewShows(document);
    const figure = (pick: (t: (typeof timings)[number]) => number) => {
      const values = timings.map(pick);
      return `${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)})`;
    };
    report(`preview update on a ${Math.round(document.getText().length / 1024)} KB lesson, median of ${edits} edits (range):`);
    report(`  host, lesson view built and posted: ${figure((t) => t.hostMs)}`);
    report(`  preview, message checked, rendered, next frame: ${figure((t) => t.previewMs)}`);
    report(`  change in the host to "rendered" back in the host (both trips through code-server): ${figure((t) => t.totalMs)}`);
  });

  it('exports the student and teacher copies as HTML that headless Chromium prints to PDF', async () => {
    const content = withExercise(WEATHER_LESSON).replace('</lesson>', '  <note><p>Bring pictures of clouds.</p></note>\n</lesson>');
    const editor = await openWithPreview(uniqueName('export', '.lesson.xml'), content);
    const folder = vscode.Uri.joinPath(editor.document.uri, '..');
    const printed: Record<string, Awaited<ReturnType<typeof printToPdf>>> = {};
    for (const copy of ['Student copy', 'Teacher copy'] as const) {
      const target = vscode.Uri.joinPath(folder, uniqueName(copy === 'Student copy' ? 'weather-student' : 'weather-teacher', '.html'));
      await vscode.window.showTextDocument(editor.document, { viewColumn: vscode.ViewColumn.One });
      const running = vscode.commands.executeCommand('lessonAgent.exportLessonHtml');
      await answerQuickInput(copy);
      await answerQuickInput(target.fsPath);
      const written = (await running) as vscode.Uri | undefined;
      assert.equal(written?.toString(), target.toString());
      const html = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
      assert.doesNotMatch(html, /<script/i, 'no script is needed to read it');
      printed[copy] = await printToPdf(target);
    }
    const student = printed['Student copy'];
    const teacher = printed['Teacher copy'];
    assert.ok(student && teacher);
    const studentText = student.pages.join('\n');
    const teacherText = teacher.pages.join('\n');
    assert.equal(student.pages.length, 1, 'a short lesson prints on one page');
    assert.match(studentText, /Talking about the weather/);
    assert.match(studentText, /Take an umbrella: it is going to\s+\(verb\)/, 'a gap to fill, with its hint');
    assert.match(studentText, /Name:/);
    assert.doesNotMatch(studentText, /\brain\s+\(verb\)|Teacher|Bring pictures/, 'no answer and no teacher note in the student copy');
    assert.match(teacherText, /TEACHER COPY WITH ANSWER KEY/);
    assert.match(teacherText, /going to\s+rain\s+\(verb\)/, 'the answer in the gap');
    assert.match(teacherText, /Teacher's note\s+Bring pictures of clouds\./);
    // The pages, for people to look at (docs/screenshots has copies).
    const shots = join(process.env.LESSON_AGENT_TEST_ARTIFACTS ?? folder.fsPath, 'screenshots');
    mkdirSync(shots, { recursive: true });
    for (const [copy, result] of Object.entries(printed)) {
      result.images.forEach((image, i) => {
        const to = join(shots, `printed-${copy.split(' ')[0]?.toLowerCase()}-page-${i + 1}.png`);
        copyFileSync(image, to);
        report(`${copy}, page ${i + 1}: ${to}`);
      });
    }
  });

  it("prints a French lesson's worksheet in French from an English VS Code: its own words are the lesson's", async () => {
    assert.equal(vscode.env.language, 'en', 'the editor speaks English');
    const [sample] = await vscode.workspace.findFiles('**/french-verbs.lesson.xml', undefined, 1);
    assert.ok(sample, 'the French sample is in the workspace');
    const content = new TextDecoder().decode(await vscode.workspace.fs.readFile(sample));
    const editor = await openWithPreview(uniqueName('french', '.lesson.xml'), content);
    const target = vscode.Uri.joinPath(editor.document.uri, '..', uniqueName('verbes-eleve', '.html'));
    await vscode.window.showTextDocument(editor.document, { viewColumn: vscode.ViewColumn.One });
    const running = vscode.commands.executeCommand('lessonAgent.exportLessonHtml');
    await answerQuickInput('Student copy');
    await answerQuickInput(target.fsPath);
    assert.equal(((await running) as vscode.Uri | undefined)?.toString(), target.toString());
    const printed = await printToPdf(target);
    const text = printed.pages.join('\n');
    assert.match(text, /Nom :[\s\S]*Date :/, 'the name line in French');
    assert.match(text, /Exercice 1 · 5 points/i, 'the exercise label (printed in capitals)');
    assert.match(text, /Je\s+\(parler\) français et anglais\./, 'a gap with its hint');
    assert.doesNotMatch(text, /Name:|Exercise \d|Student copy/i, 'none of the English words');
    const shots = join(process.env.LESSON_AGENT_TEST_ARTIFACTS ?? vscode.Uri.joinPath(target, '..').fsPath, 'screenshots');
    mkdirSync(shots, { recursive: true });
    printed.images.forEach((image, i) => {
      const to = join(shots, `printed-french-student-page-${i + 1}.png`);
      copyFileSync(image, to);
      report(`French sample, student copy, page ${i + 1}: ${to}`);
    });
  });
});

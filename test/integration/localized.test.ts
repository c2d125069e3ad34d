// Screenshots of the panel in the real VS Code in French, German and Spanish, dark and light: the sample
// lesson with its preview beside it, and the chat with a question card, then a confirmation card,
// from the offline demo. Runs only in the harness's language passes (describeInDisplayLanguage),
// each a workbench whose display language is the pass's. The requests are the panel's own: its
// translated example "What can you do?" is clicked, and the demo's suggestions in that reply
// ("Add an exercise", "Start over", at their places in the demo's list), in the display language
// (demo.<lang>.json), are typed in a new chat; the demo answers in the language they are in.
// Before each shot the words on screen are checked against the translations (the panel's, the
// preview's, the host's l10n bundle, the demo's), so the docs' vscode-<lang>-*.png cannot show
// English where the display language should be. Pictures: the run's screenshots folder, as
// `vscode-<lang>-<scene>-<theme>.png`; docs/screenshots/vscode-{fr,de}-*.png are copies (the Spanish
// ones stay in the run's folder).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fillIn } from '../../src/shared/l10n';
import { de } from '../../webview-ui/src/l10n/de';
import { es } from '../../webview-ui/src/l10n/es';
import type { Messages } from '../../webview-ui/src/l10n/en';
import { fr } from '../../webview-ui/src/l10n/fr';
import { de as previewDe } from '../../webview-ui/src/preview/l10n/de';
import { es as previewEs } from '../../webview-ui/src/preview/l10n/es';
import type { PreviewMessages } from '../../webview-ui/src/preview/l10n/en';
import { fr as previewFr } from '../../webview-ui/src/preview/l10n/fr';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, describeInDisplayLanguage, ui } from './driver';
import { lastReplyDone, lastSuggestions, sample, useDemo, waitForDemo } from './demoKit';
import { closeAllEditors, workbench } from './fakeModel';
import { EXTENSION_ID } from './helpers';
import { INPUT, WIDE, report, resizeSideBar, scenarioFile, setGlobal, sideBarWidth, typeAndSend, useScreenshotWindow } from './panelKit';
import { byPreviewId, preview, previewShows } from './previewKit';

const THEMES = [
  { name: 'dark', id: 'Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark' },
  { name: 'light', id: 'Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light' },
] as const;
type Theme = (typeof THEMES)[number];

const LESSON = 'french-verbs.lesson.xml';
const PANEL: Record<string, Messages> = { fr, de, es };
const PREVIEW: Record<string, PreviewMessages> = { fr: previewFr, de: previewDe, es: previewEs };

/** The host's words in `language` (l10n/bundle.l10n.<language>.json), filled in like vscode.l10n.t. */
function hostWords(language: string): (english: string, ...args: string[]) => string {
  const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath;
  assert.ok(root, 'the extension under test is loaded');
  const bundle = JSON.parse(readFileSync(path.join(root, 'l10n', `bundle.l10n.${language}.json`), 'utf8')) as Record<string, string>;
  return (english, ...args) => {
    const translated = bundle[english];
    assert.ok(translated, `l10n/bundle.l10n.${language}.json translates "${english}"`);
    return fillIn(translated, ...args);
  };
}

/** Where the demo's "What can you do?" lists `prompt` among its suggestions (its English script). */
function suggestionIndex(prompt: string): { index: number; count: number } {
  const rule = scenarioFile('demo.json').rules?.find((r) => r.respond.name === 'what can you do');
  const text = rule?.respond.blocks?.map((b) => (b.type === 'text' ? b.text : '')).join('') ?? '';
  const prompts = [...text.matchAll(/\[([^\]]+)\]\(prompt:\)/g)].map((m) => m[1]);
  const index = prompts.indexOf(prompt);
  assert.ok(index >= 0, `the demo suggests "${prompt}"`);
  return { index, count: prompts.length };
}

/** The demo's reply `english` as it answers in `language` (demo.<language>.json). */
function demoSays(language: string, english: string): string {
  const languages = (scenarioFile('demo.json') as { languages?: Record<string, { replies: Record<string, string> }> }).languages;
  const translated = languages?.[language]?.replies[english];
  assert.ok(translated, `demo.${language}.json translates "${english}"`);
  return translated;
}

async function applyTheme(theme: Theme): Promise<void> {
  await setGlobal('workbench', 'colorTheme', theme.id);
  await ui.waitFor(`.monaco-workbench.${theme.workbenchClass}`, workbench);
  await ui.waitFor(`body.${theme.webviewClass}`, { state: 'attached' });
  await ui.waitFor(`body.${theme.webviewClass}`, { ...preview, state: 'attached' });
}

async function textOf(selector: string): Promise<string> {
  return (await ui.text(selector)).replace(/\s+/g, ' ').trim();
}

/** What must read in the display language wherever the panel is: its header, the preview, the editor tab. */
async function assertFrame(language: string): Promise<void> {
  assert.equal(vscode.env.language, language, "VS Code's display language");
  const words = PANEL[language];
  const previewWords = PREVIEW[language];
  assert.ok(words && previewWords);
  assert.equal(await ui.attribute('html', 'lang'), language, "the panel's <html lang>");
  assert.equal(await textOf(byTestId(TEST_IDS.demoLabel)), words.demoLabel);
  assert.equal((await ui.text(byPreviewId('studentView'), preview)).trim(), previewWords.studentView);
  assert.equal((await ui.text(byPreviewId('teacherView'), preview)).trim(), previewWords.teacherView);
  assert.equal((await ui.text(byPreviewId('exportButton'), preview)).trim(), previewWords.exportMenu);
  await ui.waitFor('[data-kind="exercise"]', { ...preview, text: fillIn(previewWords.exercise, '1') });
  await ui.waitFor('.tabs-container .tab', { ...workbench, text: hostWords(language)('Preview {0}', LESSON) });
}

async function assertQuestionCard(language: string): Promise<void> {
  const words = PANEL[language];
  assert.ok(words);
  const card = `${byTestId(TEST_IDS.questionCard)}[data-status="pending"]`;
  const text = await textOf(card);
  for (const english of ['What kind of exercise should I add?', 'Fill in the blanks', 'Short answer']) {
    assert.ok(text.includes(demoSays(language, english)), `the demo asks in the display language ("${english}"): ${text}`);
  }
  assert.equal(await textOf(`${card} ${byTestId(TEST_IDS.questionSkip)}`), words.skip);
  assert.equal(await textOf(`${card} ${byTestId(TEST_IDS.questionContinue)}`), words.next);
  assert.ok((await textOf(`${card} ${byTestId(TEST_IDS.questionOther)}`)).startsWith(words.other), 'the Other option');
  assert.equal(await textOf(`${card} ${byTestId(TEST_IDS.questionHint)}`), words.keyboardHint);
  assert.equal(await ui.attribute(`${card} ${byTestId(TEST_IDS.questionProgress)}`, 'aria-label'), fillIn(words.questionProgressLabel, '1', '3'));
  assert.equal(await ui.attribute(INPUT, 'placeholder'), words.inputWaiting);
  assert.equal(await textOf(byTestId(TEST_IDS.send)), words.send);
}

async function assertConfirmationCard(language: string): Promise<void> {
  const words = PANEL[language];
  assert.ok(words);
  const card = `${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"]`;
  assert.equal(await textOf(`${card} ${byTestId(TEST_IDS.confirmApprove)}`), words.approve);
  assert.equal(await textOf(`${card} ${byTestId(TEST_IDS.confirmDeny)}`), words.deny);
  assert.equal(await textOf(`${card} ${byTestId(TEST_IDS.confirmReview)}`), words.reviewChanges);
  assert.equal(await textOf(`${card} ${byTestId(TEST_IDS.confirmHint)}`), words.denyHint);
  assert.equal(await ui.attribute(`${card} ${byTestId(TEST_IDS.confirmFeedback)}`, 'placeholder'), words.feedbackPlaceholder);
  const text = await textOf(card);
  assert.ok(text.includes(hostWords(language)('Edit {0}?', LESSON)), `the card's title is the host's, translated: ${text}`);
  const summary = demoSays(language, 'Remove everything but the title, to start over');
  assert.ok(text.includes(summary), `the demo's summary of the change in the display language: ${text}`);
  assert.ok(text.includes(fillIn(words.confirmReason, '').trim()), `the card gives its reason in the display language: ${text}`);
  assert.equal(await ui.attribute(INPUT, 'placeholder'), words.inputWaitingConfirmation);
}

async function shoot(language: string, scene: string, theme: Theme): Promise<void> {
  const name = `vscode-${language}-${scene}-${theme.name}`;
  report(`${name}: ${await ui.screenshot(name)}`);
}

describeInDisplayLanguage('the panel beside the lesson preview', function (language) {
  this.timeout(180_000);
  useScreenshotWindow();
  const startDemo = useDemo();

  it(`shows a question card and a confirmation card in the display language, dark and light`, async () => {
    const words = PANEL[language];
    assert.ok(words, `the panel has words in ${language}`);
    // The sample lesson (the run's workspace is a copy of samples/), its preview beside it.
    await closeAllEditors();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'a workspace is open');
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, LESSON));
    const original = document.getText();
    assert.equal(original, sample(LESSON), 'the workspace holds the sample lesson as it is');
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    await resizeSideBar('wider', () => sideBarWidth().then((w) => w >= WIDE));
    await vscode.commands.executeCommand('lessonAgent.openPreviewToSide');
    await previewShows(editor.document, 30_000);
    const t = await startDemo();

    // The panel's own example, translated; the demo answers with its list of suggestions.
    await ui.click(byTestId(TEST_IDS.example), { text: words.example2 });
    await waitForDemo(t, 1);
    await lastReplyDone();
    const suggestions = await lastSuggestions();
    const ask = suggestionIndex('Add an exercise');
    const startOver = suggestionIndex('Start over');
    assert.equal(suggestions.length, ask.count, `the demo's suggestions in ${language}: ${suggestions.join(' | ')}`);
    const [askText, startOverText] = [suggestions[ask.index], suggestions[startOver.index]];
    assert.ok(askText && startOverText);
    report(`${language}: "${askText}" asks questions, "${startOverText}" asks for a confirmation`);

    await t.api.controller.newSession();
    await ui.waitFor(byTestId(TEST_IDS.emptyChat));
    await typeAndSend(askText);
    await ui.waitFor(`${byTestId(TEST_IDS.questionCard)}[data-status="pending"]`, { timeout: 30_000 });
    for (const theme of THEMES) {
      await applyTheme(theme);
      await assertFrame(language);
      await assertQuestionCard(language);
      await shoot(language, 'question', theme);
    }

    await t.api.controller.newSession();
    await ui.waitFor(byTestId(TEST_IDS.emptyChat));
    await typeAndSend(startOverText);
    await ui.waitFor(`${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"]`, { timeout: 30_000 });
    // Light first: the theme the question card was left in.
    for (const theme of [...THEMES].reverse()) {
      await applyTheme(theme);
      await assertFrame(language);
      await assertConfirmationCard(language);
      await shoot(language, 'confirmation', theme);
    }
    await ui.click(byTestId(TEST_IDS.confirmDeny));
    await ui.waitFor(`${byTestId(TEST_IDS.confirmationCard)}[data-status="denied"]`);
    await lastReplyDone();
    assert.equal(editor.document.getText(), original, 'denied: the lesson is as it was');
  });
});

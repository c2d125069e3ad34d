// The axe-core audit of every screen a teacher meets in the real VS Code, under Light, Dark, High
// Contrast and High Contrast Light: the empty chat, a reply streaming after its steps, the finished
// reply with its steps open and its edit's Review and Revert, a question card (option cards with
// Other, checkboxes, text, a number), a confirmation card listing students' work, an error banner,
// the sessions list, and the lesson preview (student and teacher view). Each scene is built once
// and audited in each theme (WCAG 2.0/2.1 A and AA rules); a figure per scene and theme is printed
// and any violation fails the test, named by rule and element. The dropdown of a six-option
// question (which the model cannot ask for any more), the read-only notice and the exported
// worksheets are audited in headless Chromium (test/unit/webview/a11yAudit.test.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ScenarioInput } from '../fake/scenario';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { audit } from './axeAudit';
import { byTestId, ui } from './driver';
import { toolUseId } from './editingKit';
import { closeAllEditors, openFreshDocument, uniqueName, waitForTurnEnd, workbench } from './fakeModel';
import { waitUntil } from './helpers';
import type { PanelTest } from './panelKit';
import { ASSISTANT, LAST, SHORT_LESSON, report, scenarioFile, setGlobal, typeAndSend, usePanelTests } from './panelKit';
import { PREVIEW, byPreviewId, preview, previewShows } from './previewKit';

const THEMES = [
  { id: 'Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light' },
  { id: 'Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark' },
  { id: 'Default High Contrast', workbenchClass: 'hc-black', webviewClass: 'vscode-high-contrast' },
  { id: 'Default High Contrast Light', workbenchClass: 'hc-light', webviewClass: 'vscode-high-contrast-light' },
] as const;
type Theme = (typeof THEMES)[number];

const ANSWERED = [
  '<lesson title="Le marché" level="A2" lang="fr">',
  '  <h1>Au marché</h1>',
  '  <exercise id="ex-1">',
  '    <h3>Complete the sentences</h3>',
  '    <p>Claire <blank answer="va" hint="aller" student-answer="va"/> au marché.</p>',
  '  </exercise>',
  '</lesson>',
  '',
].join('\n');

/** The panel's flows, a slower final answer (time to audit it streaming), a number question and a rewrite that clears an answer. */
function auditScenario(): ScenarioInput {
  const flows = scenarioFile('panelFlows.json');
  const rules = (flows.rules ?? []).map((rule) => (rule.respond.name === 'edit done' ? { ...rule, respond: { ...rule.respond, delayMs: 120 } } : rule));
  const extra: NonNullable<ScenarioInput['rules']> = [
    {
      when: { userText: 'how many sentences' },
      respond: {
        blocks: [
          {
            type: 'tool_use',
            name: 'AskUserQuestion',
            input: { questions: [{ header: 'Length', question: 'How many sentences should it have?', inputType: 'number', placeholder: 'e.g. 8' }] },
          },
        ],
      },
    },
    {
      when: { userText: 'refresh the market' },
      respond: {
        blocks: [
          {
            type: 'tool_use',
            id: toolUseId(),
            name: 'edit_document',
            input: { documentXml: ANSWERED.replace('student-answer="va"', 'student-answer=""'), summary: 'Refreshed the market exercise' },
          },
        ],
      },
    },
  ];
  return { ...flows, rules: [...extra, ...rules] };
}

async function applyTheme(theme: Theme, frame: 'chat' | 'preview'): Promise<void> {
  await setGlobal('workbench', 'colorTheme', theme.id);
  await ui.waitFor(`.monaco-workbench.${theme.workbenchClass}`, workbench);
  await ui.waitFor(`body.${theme.webviewClass}`, { frame, state: 'attached' });
}

describe('accessibility: an axe-core audit of every screen in every theme', function () {
  this.timeout(600_000);
  const figures: string[] = [];
  const violations: string[] = [];
  const startPanelTest = usePanelTests();

  after(async () => {
    await setGlobal('workbench', 'colorTheme', undefined);
    for (const line of figures) report(line);
  });
  beforeEach(() => {
    violations.length = 0;
  });
  afterEach(() => setGlobal('lessonAgent', 'approval.edits', undefined));

  async function check(scene: string, theme: Theme, frame: 'chat' | 'preview'): Promise<void> {
    const result = await audit(frame);
    figures.push(`${scene}, ${theme.id}: ${result.rulesApplied} rules applied, ${result.violations.length} violations${result.incomplete.length ? `, ${result.incomplete.length} for review` : ''}`);
    for (const v of result.violations) {
      violations.push(`${scene}, ${theme.id}: ${v}`);
      figures.push(`  ${v}`);
    }
  }

  /** Audits the scene as it is now in every theme. */
  async function everyTheme(scene: string, frame: 'chat' | 'preview' = 'chat', shot?: string): Promise<void> {
    for (const theme of THEMES) {
      await applyTheme(theme, frame);
      await check(scene, theme, frame);
      if (shot && theme.workbenchClass.startsWith('hc')) report(`${scene} (${theme.id}): ${await ui.screenshot(`a11y-${shot}-${theme.workbenchClass}`)}`);
    }
  }

  async function newChat(t: PanelTest): Promise<void> {
    await t.model.api.controller.newSession();
    await ui.waitFor(byTestId(TEST_IDS.emptyChat));
  }

  it('finds no WCAG 2.1 AA violation in the chat panel', async () => {
    const t = await startPanelTest(auditScenario(), { name: uniqueName('audit', '.lesson.xml'), content: SHORT_LESSON });
    await everyTheme('empty chat');

    // Streaming: audited once, in the last theme, while the reply still streams after its steps.
    await typeAndSend('Add a fill-in-the-blank exercise about French verbs');
    await ui.waitFor(`${ASSISTANT}[data-status="streaming"] ${byTestId(TEST_IDS.step)}[data-status="success"]`, { timeout: 30_000 });
    await ui.waitFor(`${ASSISTANT}[data-status="streaming"] ${byTestId(TEST_IDS.stepNote)}`);
    await check('a reply streaming after its steps', THEMES[3], 'chat');
    await waitForTurnEnd(t.model, 3, 60_000);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
    await ui.click(byTestId(TEST_IDS.stepsToggle), LAST);
    await ui.waitFor(`${byTestId(TEST_IDS.steps)}[data-expanded="true"]`);
    await everyTheme('a finished reply, its steps open, its edit with Review and Revert');

    await newChat(t);
    await typeAndSend('Add an exercise');
    const card = `${byTestId(TEST_IDS.questionCard)}[data-status="pending"]`;
    await ui.waitFor(card);
    await ui.click(byTestId(TEST_IDS.questionOther));
    await ui.waitFor(byTestId(TEST_IDS.questionOtherInput));
    await everyTheme('a question card: option cards with Other', 'chat', 'question-card');
    await ui.click(`${byTestId(TEST_IDS.questionOption)}[data-label="Multiple choice"]`);
    await ui.click(byTestId(TEST_IDS.questionContinue));
    await ui.waitFor(`${card}[data-index="1"]`);
    await everyTheme('a question card: checkboxes');
    await ui.click(`${byTestId(TEST_IDS.questionOption)}[data-label="Reading"]`);
    await ui.click(byTestId(TEST_IDS.questionContinue));
    await ui.waitFor(`${card}[data-index="2"]`);
    await everyTheme('a question card: text');

    await newChat(t);
    await typeAndSend('How many sentences?');
    await ui.waitFor(`${card} ${byTestId(TEST_IDS.questionInput)}[type="number"]`);
    await everyTheme('a question card: a number');

    await setGlobal('lessonAgent', 'approval.edits', 'always');
    await closeAllEditors();
    await openFreshDocument(uniqueName('answered', '.lesson.xml'), ANSWERED);
    await newChat(t);
    await typeAndSend('Refresh the market exercise');
    await ui.waitFor(`${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"] ${byTestId(TEST_IDS.confirmStudentWork)}`, { timeout: 15_000 });
    await everyTheme("a confirmation card listing students' work", 'chat', 'confirmation-card');
    await ui.click(byTestId(TEST_IDS.confirmDeny));
    await waitUntil(() => !t.model.api.controller.busy, 'the denied turn to end', 20_000);

    const overload = { kind: 'error_event' as const, afterEvents: 1, errorType: 'overloaded_error', message: 'Overloaded' };
    t.fake.setScenario({ steps: [{ fault: overload }, { fault: overload }, { fault: overload }] });
    await newChat(t);
    await typeAndSend('Which irregular verbs matter most?');
    await ui.waitFor(`${byTestId(TEST_IDS.errorBanner)}[data-code="overloaded"]`, { timeout: 20_000 });
    await everyTheme('an error banner with Retry');

    await ui.click(byTestId(TEST_IDS.sessionsButton));
    await ui.waitFor(byTestId(TEST_IDS.sessionItem));
    await everyTheme('the sessions list');
    // Closed again: the panel keeps the list open across sessions, and the next test's conversation is under it.
    await ui.click(byTestId(TEST_IDS.sessionsButton));
    await ui.waitFor(byTestId(TEST_IDS.sessionsPanel), { state: 'detached' });

    assert.deepEqual(violations, [], `axe-core found:\n${violations.join('\n')}`);
  });

  it('finds no WCAG 2.1 AA violation in the lesson preview, student and teacher view', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'french-verbs.lesson.xml'));
    await vscode.window.showTextDocument(document, { preview: false });
    await vscode.commands.executeCommand('lessonAgent.openPreviewToSide');
    await previewShows(document, 30_000);
    await everyTheme('the preview, student view', 'preview', 'preview');
    await ui.click(byPreviewId('teacherView'), preview);
    await ui.waitFor(`${PREVIEW}[data-copy="teacher"]`, { ...preview, state: 'attached' });
    await everyTheme('the preview, teacher view', 'preview');
    await ui.click(byPreviewId('studentView'), preview);
    await closeAllEditors();
    assert.deepEqual(violations, [], `axe-core found:\n${violations.join('\n')}`);
  });
});

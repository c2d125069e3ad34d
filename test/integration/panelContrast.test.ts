// The labels this panel changed, measured where a teacher reads them: in the real chat webview of
// a real VS Code, under Light Modern and Dark Modern, in the side bar's default width. Each must
// reach WCAG AA for text (4.5:1); the figures are printed. Along the way: the "Confirmation"
// badge stays on one line, Deny sits beside Approve, and the last question's Continue shares a
// row with Back and Skip.
import * as assert from 'node:assert/strict';
import type { ScenarioInput } from '../fake/scenario';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { contrastOf } from './contrast';
import { byTestId, ui } from './driver';
import { waitUntil } from './helpers';
import { ASSISTANT, SHORT_LESSON, report, setGlobal, typeAndSend, usePanelTests } from './panelKit';
import { openFreshDocument, TEST_KEY, uniqueName, waitForTurnEnd, workbench } from './fakeModel';

const THEMES = [
  { name: 'Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light' },
  { name: 'Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark' },
] as const;
const AA = 4.5;

const NOTE = '  <note><p>Bring a dictionary.</p></note>\n';
const HOMEWORK = '  <p>Homework: learn the endings.</p>\n';
const SCENARIO: ScenarioInput = {
  rules: [
    { when: { userText: 'note' }, respond: { blocks: [{ type: 'tool_use', name: 'edit_text', input: { edits: [{ find: '</h1>\n', replace: `</h1>\n${NOTE}` }], summary: 'Added a note' } }] } },
    { when: { userText: 'homework' }, respond: { blocks: [{ type: 'tool_use', name: 'edit_text', input: { edits: [{ find: '</lesson>', replace: `${HOMEWORK}</lesson>` }], summary: 'Added homework' } }] } },
    {
      when: { userText: 'ask' },
      respond: {
        blocks: [
          {
            type: 'tool_use',
            name: 'AskUserQuestion',
            input: {
              questions: [
                { header: 'Level', question: 'Which level?', multiSelect: false, options: [{ label: 'A1', description: 'Beginners' }, { label: 'A2', description: 'Elementary' }] },
                { header: 'Topic', question: 'What topic?', inputType: 'text', placeholder: 'e.g. food' },
              ],
            },
          },
        ],
      },
    },
    { when: { toolResultFor: 'edit_text' }, respond: { blocks: [{ type: 'text', text: 'Done.' }] } },
    { when: { toolResultFor: 'AskUserQuestion' }, respond: { blocks: [{ type: 'text', text: 'Thanks.' }] } },
  ],
  fallback: { blocks: [{ type: 'text', text: 'Hello.' }] },
};

async function top(selector: string): Promise<number> {
  return Number(await ui.evaluate(`Math.round(document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect().top)`));
}

describe('panel: contrast and fit of the changed labels', function () {
  this.timeout(120_000);
  const figures: string[] = [];

  afterEach(async () => {
    delete process.env.LESSON_AGENT_DEMO;
    delete process.env.LESSON_AGENT_BASE_URL;
    await setGlobal('lessonAgent', 'approval.edits', undefined);
  });
  const startPanelTest = usePanelTests();

  after(async () => {
    await setGlobal('workbench', 'colorTheme', undefined);
    for (const line of figures) report(line);
  });

  for (const theme of THEMES) {
    it(`reach 4.5:1 in ${theme.name}`, async () => {
      const t = await startPanelTest(SCENARIO, { name: uniqueName('contrast', '.lesson.xml'), content: SHORT_LESSON });
      await setGlobal('workbench', 'colorTheme', `Default ${theme.name}`);
      await ui.waitFor(`.monaco-workbench.${theme.workbenchClass}`, workbench);
      await ui.waitFor(`body.${theme.webviewClass}`, { state: 'attached' });
      const width = Number(await ui.evaluate(`Math.round(document.querySelector('.part.sidebar').getBoundingClientRect().width)`, workbench));
      const measured: Array<[string, string]> = [];
      const measure = async (label: string, selector: string): Promise<void> => {
        const c = await contrastOf(selector);
        figures.push(`${theme.name}, side bar ${width} px: ${label}: ${c.ratio}:1 (${c.text} on ${c.background})`);
        measured.push([label, `${c.ratio}`]);
        assert.ok(c.ratio >= AA, `${label} in ${theme.name}: ${c.ratio}:1 (${c.text} on ${c.background}) is below ${AA}:1`);
      };

      // The offline demo's label: the extension runs the demo when no key is set and it is asked to.
      process.env.LESSON_AGENT_DEMO = '1';
      process.env.LESSON_AGENT_BASE_URL = t.fake.url;
      await t.model.api.apiKeys.clear();
      await ui.waitFor(byTestId(TEST_IDS.demoLabel));
      // What it was: the warning colour as text.
      const before = await ui.evaluate(`(() => { const el = document.querySelector('${byTestId(TEST_IDS.demoLabel)}'); el.dataset.was = '1'; el.style.color = 'var(--vscode-editorWarning-foreground)'; return true; })()`);
      assert.equal(before, true);
      const old = await contrastOf(`${byTestId(TEST_IDS.demoLabel)}[data-was]`);
      figures.push(`${theme.name}: "Offline demo" label before this change: ${old.ratio}:1 (${old.text} on ${old.background})`);
      await ui.evaluate(`(() => { const el = document.querySelector('${byTestId(TEST_IDS.demoLabel)}'); el.style.color = ''; delete el.dataset.was; return true; })()`);
      await measure('"Offline demo" label', byTestId(TEST_IDS.demoLabel));
      await t.model.api.apiKeys.set(TEST_KEY);
      await ui.waitFor(byTestId(TEST_IDS.demoLabel), { state: 'detached' });

      // A change waiting for approval: its keyboard hint, its badge, its buttons.
      await setGlobal('lessonAgent', 'approval.edits', 'always');
      await typeAndSend('Add a note under the title');
      const pending = `${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"]`;
      await ui.waitFor(pending);
      await measure('"Ctrl+Enter denies with this note" hint', byTestId(TEST_IDS.confirmHint));
      const badge = await ui.evaluate(`(() => { const b = document.querySelector('${pending} vscode-badge'); const r = b.getBoundingClientRect(); return { h: Math.round(r.height), text: b.innerText }; })()`);
      const line = Number(await ui.evaluate(`parseFloat(getComputedStyle(document.querySelector('${pending} .card-title')).lineHeight) || 18`));
      assert.ok((badge as { h: number }).h < line * 1.9, `the "Confirmation" badge is one line high: ${JSON.stringify(badge)} (a line is ${line} px)`);
      assert.equal(await top(`${pending} ${byTestId(TEST_IDS.confirmDeny)}`), await top(`${pending} ${byTestId(TEST_IDS.confirmApprove)}`), 'Deny beside Approve');
      await ui.screenshot(`vscode-confirmation-narrow-${theme.workbenchClass}`);
      await ui.click(`${pending} ${byTestId(TEST_IDS.confirmApprove)}`);
      await waitForTurnEnd(t.model, 2);
      await ui.waitFor(`${ASSISTANT}[data-status="done"]`, { nth: -1 });
      await measure('edit summary on the reply ("Added a note")', `${byTestId(TEST_IDS.editRow)} .edit-summary`);

      // A change declined: the card and the step say so, without the error colour.
      await typeAndSend('And some homework at the end');
      await ui.waitFor(pending);
      await ui.click(`${pending} ${byTestId(TEST_IDS.confirmDeny)}`);
      await waitForTurnEnd(t.model, 4);
      await ui.waitFor(`${byTestId(TEST_IDS.confirmationCard)}[data-status="denied"]`);
      await measure('"Not applied (you declined)" on the card', `${byTestId(TEST_IDS.confirmationCard)}[data-status="denied"] ${byTestId(TEST_IDS.confirmDecision)}`);
      await ui.click(byTestId(TEST_IDS.stepsToggle), { nth: -1 });
      await measure('"Not applied (you declined)" on the step', `${byTestId(TEST_IDS.step)}[data-status="declined"] .step-summary`);

      // The last of two questions: its hint, and Continue on the row of Back and Skip.
      await typeAndSend('Please ask me first');
      await ui.click(`${byTestId(TEST_IDS.questionOption)}[data-label="A2"]`);
      await ui.click(byTestId(TEST_IDS.questionContinue));
      await ui.waitFor(`${byTestId(TEST_IDS.questionCard)}[data-index="1"]`);
      await measure('"Enter to continue" hint', byTestId(TEST_IDS.questionHint));
      const row = await top(byTestId(TEST_IDS.questionContinue));
      assert.equal(await top(byTestId(TEST_IDS.questionSkip)), row, 'Skip and Continue on one row');
      assert.equal(await top(byTestId(TEST_IDS.questionBack)), row, 'Back on that row too');
      await ui.type(`${byTestId(TEST_IDS.questionCard)} ${byTestId(TEST_IDS.questionInput)}`, 'food');
      await ui.press('Enter', { selector: `${byTestId(TEST_IDS.questionCard)} ${byTestId(TEST_IDS.questionInput)}` });
      await waitForTurnEnd(t.model, 6);

      // A reverted edit, and the note about where edits go.
      await ui.click(byTestId(TEST_IDS.editRevert));
      await ui.click(byTestId(TEST_IDS.editRevertConfirm));
      await ui.waitFor(`${byTestId(TEST_IDS.editRow)}[data-reverted="true"]`);
      await measure('reverted edit summary', `${byTestId(TEST_IDS.editRow)}[data-reverted="true"] .edit-summary`);
      await openFreshDocument(uniqueName('elsewhere', '.lesson.xml'), SHORT_LESSON);
      await ui.waitFor(byTestId(TEST_IDS.documentMismatch));
      await measure('"Edits go to ..." note', `${byTestId(TEST_IDS.documentMismatch)} .status-text`);
      await waitUntil(() => measured.length === 8, 'every label to be measured');
    });
  }
});

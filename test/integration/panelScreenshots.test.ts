// Screenshots of the chat panel in the real VS Code, dark and light: the empty chat, a reply
// streaming after its steps (the edit highlighted in the editor), the steps collapsed with the
// edit's Review and Revert on the reply, Revert asking in the panel, the steps expanded, a
// question card, a confirmation card, a declined change in its place, and an error banner. Each scene is asserted before it is shot, so a broken scene fails
// here instead of landing in the docs. The pictures go to the run's screenshots folder as
// `vscode-<scene>-<theme>.png`; docs/screenshots/vscode-*.png are copies of them.
import * as assert from 'node:assert/strict';
import type { ScenarioInput } from '../fake/scenario';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { waitUntil } from './helpers';
import type { PanelTest } from './panelKit';
import { ASSISTANT, LAST, SHORT_LESSON, WIDE, report, resizeSideBar, scenarioFile, setGlobal, sideBarWidth, typeAndSend, usePanelTests, useScreenshotWindow } from './panelKit';
import { uniqueName, waitForTurnEnd, workbench } from './fakeModel';

const THEMES = [
  { name: 'dark', id: 'Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark' },
  { name: 'light', id: 'Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light' },
] as const;

const NOTE = '  <note><p>Bring a dictionary: students check each infinitive before they write.</p></note>\n';

/**
 * The panel's flows, with a slower final answer (time to catch it streaming) and an edit to confirm.
 * The replies name the model asked for (the default), so the shots show what a reply costs.
 */
function screensScenario(): ScenarioInput {
  const { model: _unpriced, ...flows } = scenarioFile('panelFlows.json');
  const rules = (flows.rules ?? []).map((rule) =>
    rule.respond.name === 'edit done' ? { ...rule, respond: { ...rule.respond, delayMs: 70 } } : rule,
  );
  const extra = [
    { when: { toolResultFor: 'edit_text', isError: true }, respond: { blocks: [{ type: 'text' as const, text: 'Understood: I left the lesson as it was.' }] } },
    {
      when: { userText: 'teacher note' },
      respond: {
        blocks: [
          { type: 'text' as const, text: 'I will put a short note for you under the title.' },
          {
            type: 'tool_use' as const,
            name: 'edit_text',
            input: { edits: [{ find: '</h1>\n', replace: `</h1>\n${NOTE}` }], summary: 'Added a teacher note under the title' },
          },
        ],
      },
    },
  ];
  return { ...flows, rules: [...extra, ...rules] };
}

async function shoot(scene: string, theme: string): Promise<void> {
  const path = await ui.screenshot(`vscode-${scene}-${theme}`);
  report(`${scene} (${theme}): ${path}`);
}

async function newChat(t: PanelTest): Promise<void> {
  await t.model.api.controller.newSession();
  await ui.waitFor(byTestId(TEST_IDS.emptyChat));
}

async function applyTheme(theme: (typeof THEMES)[number]): Promise<void> {
  await setGlobal('workbench', 'colorTheme', theme.id);
  await ui.waitFor(`.monaco-workbench.${theme.workbenchClass}`, workbench);
  await ui.waitFor(`body.${theme.webviewClass}`, { state: 'attached' });
}

describe('panel screenshots in the real VS Code', function () {
  this.timeout(120_000);
  const defaultWidth = useScreenshotWindow();
  afterEach(() => setGlobal('lessonAgent', 'approval.edits', undefined));
  const startPanelTest = usePanelTests();

  for (const theme of THEMES) {
    it(`shows every scene in ${theme.id}`, async () => {
      const t = await startPanelTest(screensScenario(), { name: uniqueName('french-verbs', '.lesson.xml'), content: SHORT_LESSON });
      await resizeSideBar('wider', () => sideBarWidth().then((w) => w >= WIDE));
      report(`side bar: ${defaultWidth()} px by default, ${await sideBarWidth()} px for the screenshots`);
      await applyTheme(theme);
      await shoot('empty', theme.name);

      await typeAndSend('Add a fill-in-the-blank exercise about French verbs');
      await ui.waitFor(`${ASSISTANT}[data-status="streaming"] ${byTestId(TEST_IDS.step)}[data-status="success"]`, { text: 'Editing document', timeout: 15_000 });
      await ui.waitFor(`${ASSISTANT}[data-status="streaming"] ${byTestId(TEST_IDS.messageText)}`, { text: 'Done: the exercise' });
      await shoot('streaming', theme.name);
      // The edit, a moment ago, is highlighted in the editor (and scrolled into view).
      await waitForTurnEnd(t.model, 3);
      await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
      assert.equal((await ui.text(byTestId(TEST_IDS.stepsToggle), LAST)).trim(), 'Done (2 steps)');
      await ui.waitFor(byTestId(TEST_IDS.editRow), { text: 'Added an exercise' });
      await shoot('steps-collapsed', theme.name);
      await ui.click(byTestId(TEST_IDS.editRevert));
      await ui.waitFor(byTestId(TEST_IDS.editRevertAsk));
      await shoot('revert-ask', theme.name);
      await ui.click(byTestId(TEST_IDS.editRevertCancel));
      await ui.click(byTestId(TEST_IDS.stepsToggle), LAST);
      await ui.waitFor(`${byTestId(TEST_IDS.steps)}[data-expanded="true"]`);
      await shoot('steps-expanded', theme.name);

      await newChat(t);
      await typeAndSend('Add an exercise');
      await ui.waitFor(`${byTestId(TEST_IDS.questionCard)}[data-status="pending"]`);
      await ui.click(`${byTestId(TEST_IDS.questionOption)}[data-label="Fill in the blanks"]`);
      await ui.waitFor(`${byTestId(TEST_IDS.questionOption)}[data-label="Fill in the blanks"][aria-checked="true"]`);
      await shoot('question-card', theme.name);

      await setGlobal('lessonAgent', 'approval.edits', 'always');
      await newChat(t);
      await typeAndSend('Add a teacher note under the title');
      await ui.waitFor(`${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"]`);
      await shoot('confirmation-card', theme.name);
      await ui.click(byTestId(TEST_IDS.confirmDeny));
      await ui.waitFor(`${byTestId(TEST_IDS.confirmationCard)}[data-status="denied"]`);
      // The model answers the denial: let that turn end before the next chat starts.
      const denied = t;
      await waitUntil(() => !denied.model.api.controller.busy, 'the denied turn to end', 20_000);
      await ui.waitFor(`${ASSISTANT}[data-status="done"]`, LAST);
      await shoot('confirmation-declined', theme.name);

      // An overload mid-answer, then retries that fail before any text. (When every attempt
      // streams some text first, each partial is kept and the panel repeats it: see panelErrors.)
      const overload = { kind: 'error_event' as const, afterEvents: 14, errorType: 'overloaded_error', message: 'Overloaded' };
      const firstWords = 'The most common irregular verbs are être, avoir, aller and faire. Each has';
      t.fake.setScenario({
        steps: [
          { delayMs: 20, blocks: [{ type: 'text', text: firstWords, chunk: 4 }], fault: overload },
          { fault: { ...overload, afterEvents: 1 } },
          { fault: { ...overload, afterEvents: 1 } },
        ],
      });
      await newChat(t);
      await typeAndSend('Which irregular verbs matter most?');
      await ui.waitFor(`${byTestId(TEST_IDS.errorBanner)}[data-code="overloaded"]`, { timeout: 15_000 });
      await shoot('error-banner', theme.name);
    });
  }
});

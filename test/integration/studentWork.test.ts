// Students' work in the real VS Code: a lesson the class has started (in the original format,
// exercises without a type), a request the model answers by rewriting it with the answers wiped.
// The confirmation card lists each affected exercise and answer in a teacher's words; Deny leaves
// every answer in place and the model reads the denial. Shot in the dark and light themes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { toolUseId, useEditingTests } from './editingKit';
import { toolResultsOf, uniqueName, waitForTurnEnd, workbench } from './fakeModel';
import { WIDE, report, resizeSideBar, setGlobal, sideBarWidth, useScreenshotWindow } from './panelKit';

const DENIED = 'The user denied this action; nothing was changed.';
const PENDING_CARD = `${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"]`;

const ANSWERED = [
  '<lesson title="Le marché" level="A2" lang="fr">',
  '  <h1>Au marché</h1>',
  '  <exercise id="ex-1">',
  '    <h3>Complete the sentences</h3>',
  '    <p>Claire <blank answer="va" hint="aller" student-answer="va"/> au marché.</p>',
  '    <p>Elle <blank answer="achète" student-answer="achete"/> des pommes.</p>',
  '  </exercise>',
  '  <exercise id="ex-2">',
  '    <h3>True or false?</h3>',
  '    <statement answer="true" student-answer="true">Claire va au marché le samedi.</statement>',
  '  </exercise>',
  '</lesson>',
  '',
].join('\n');

/** The model's "fresh start": new sentences, every answer back to "". */
const REWRITTEN = ANSWERED.replace(/student-answer="[^"]*"/g, 'student-answer=""').replace('des pommes', 'des poires');

const THEMES = [
  { name: 'light', id: 'Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light' },
  { name: 'dark', id: 'Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark' },
] as const;

describe("students' work: approval before answers change", function () {
  this.timeout(90_000);
  useScreenshotWindow();
  const startEditingTest = useEditingTests({ approval: 'large' });

  it('a rewrite that would wipe answers shows the card listing them; Deny leaves every answer in place', async () => {
    const edit = { blocks: [{ type: 'tool_use' as const, id: toolUseId(), name: 'edit_document', input: { documentXml: REWRITTEN, summary: 'Refreshed the market exercises' } }] };
    const t = await startEditingTest({ steps: [edit, { blocks: [{ type: 'text', text: 'I left the answers alone.' }] }] }, uniqueName('answered', '.lesson.xml'), ANSWERED);
    const { document, fake, model } = t;
    await model.api.controller.sendMessage('Refresh the market exercises');

    // A small edit under "large": it asks only because of the students' work.
    await ui.waitFor(PENDING_CARD, { text: `Change students' work in ${vscode.workspace.asRelativePath(document.uri)}?` });
    const list = await ui.text(`${PENDING_CARD} ${byTestId(TEST_IDS.confirmStudentWork)}`);
    for (const line of [
      "Students' work this would change",
      'Exercise 1, “Complete the sentences”',
      'The answer to “Claire ___ au marché.”: “va” would be cleared.',
      'The answer to “Elle ___ des pommes.”: “achete” would be cleared.',
      'Exercise 2, “True or false?”',
      'The answer to “Claire va au marché le samedi.”: “true” would be cleared.',
    ]) {
      assert.ok(list.includes(line), `the card lists: ${line}\n--- card ---\n${list}`);
    }
    assert.doesNotMatch(list, /[<>]|student-answer/, 'in words, not XML');
    assert.match(await ui.text(PENDING_CARD), /It changes students' work \(3 student answers\)/);
    assert.equal(document.getText(), ANSWERED, 'nothing changes while the card waits');

    // As wide as the other screenshots of the panel, so the card reads as a teacher would see it.
    await resizeSideBar('wider', () => sideBarWidth().then((w) => w >= WIDE));
    for (const theme of THEMES) {
      await setGlobal('workbench', 'colorTheme', theme.id);
      await ui.waitFor(`.monaco-workbench.${theme.workbenchClass}`, workbench);
      await ui.waitFor(`body.${theme.webviewClass}`, { state: 'attached' });
      report(`student-work card (${theme.name}): ${await ui.screenshot(`vscode-student-work-card-${theme.name}`)}`);
    }

    await ui.click(byTestId(TEST_IDS.confirmDeny));
    await waitForTurnEnd(model, 2);
    assert.equal(document.getText(), ANSWERED, 'every answer is still there');
    assert.deepEqual(toolResultsOf(fake, 1), [{ content: DENIED, isError: true }]);
    await ui.waitFor(`${byTestId(TEST_IDS.confirmationCard)}[data-status="denied"]`);
  });
});

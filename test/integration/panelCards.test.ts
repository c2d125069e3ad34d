// Question and confirmation cards in the real chat webview, clicked and typed like a user: a
// three-question card (single select, multi-select, text) answered one question at a time, with
// Back, and the model receiving exactly those answers; a skipped question; an edit approved and
// the next one denied with feedback, in one turn.
import * as assert from 'node:assert/strict';
import type { ScenarioInput } from '../fake/scenario';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { ASSISTANT, INPUT, LAST, SHORT_LESSON, lastAssistantText, scenarioFile, setGlobal, typeAndSend, usePanelTests } from './panelKit';
import { toolResultsOf, uniqueName, waitForTurnEnd } from './fakeModel';

const FLOWS = 'panelFlows.json';
const PENDING_QUESTION = `${byTestId(TEST_IDS.questionCard)}[data-status="pending"]`;
const PENDING_CONFIRMATION = `${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"]`;
const WAITING_PLACEHOLDER = {
  question: 'Please answer the question above to continue',
  confirmation: 'Please approve or deny the change above to continue',
};

function option(label: string): string {
  return `${PENDING_QUESTION} ${byTestId(TEST_IDS.questionOption)}[data-label="${label}"]`;
}

/** The composer is disabled and says why while a card waits. */
async function assertComposerWaits(kind: keyof typeof WAITING_PLACEHOLDER = 'question'): Promise<void> {
  assert.notEqual(await ui.attribute(INPUT, 'disabled'), null, 'the input is disabled while a card waits');
  assert.equal(await ui.attribute(INPUT, 'placeholder'), WAITING_PLACEHOLDER[kind]);
}

describe('panel cards: questions and confirmations', function () {
  this.timeout(60_000);
  const startPanelTest = usePanelTests();

  it('a three-question card (single select, multi-select, text) is answered one question at a time and the model receives the answers', async () => {
    const t = await startPanelTest(scenarioFile(FLOWS));
    await typeAndSend('Add an exercise');
    await ui.waitFor(PENDING_QUESTION);
    await assertComposerWaits();
    assert.equal(t.fake.requests.length, 1, 'the model waits for the answers');

    // 1/3: single select as option cards (Other offered), Next.
    assert.equal(await ui.text(byTestId(TEST_IDS.questionProgress)), '1/3');
    assert.match(await ui.text(PENDING_QUESTION), /Type[\s\S]*What kind of exercise should I add\?/);
    assert.equal(await ui.count(`${PENDING_QUESTION} ${byTestId(TEST_IDS.questionOption)}`), 3);
    assert.equal(await ui.count(`${PENDING_QUESTION} ${byTestId(TEST_IDS.questionOther)}`), 1);
    assert.equal((await ui.text(byTestId(TEST_IDS.questionContinue))).trim(), 'Next');
    await ui.click(option('Multiple choice'));
    await ui.waitFor(`${option('Multiple choice')}[aria-checked="true"]`);
    await ui.click(byTestId(TEST_IDS.questionContinue));

    // 2/3: multi-select checkboxes (answered in the options' order); Back keeps the first answer.
    await ui.waitFor(`${PENDING_QUESTION}[data-index="1"]`);
    assert.equal(await ui.text(byTestId(TEST_IDS.questionProgress)), '2/3');
    assert.match(await ui.text(PENDING_QUESTION), /Which skills should it practise\?[\s\S]*Pick as many as you like\./);
    await ui.click(option('Listening'));
    await ui.click(option('Reading'));
    await ui.waitFor(`${option('Reading')}.selected`);
    assert.equal(await ui.count(`${PENDING_QUESTION} ${byTestId(TEST_IDS.questionOption)}.selected`), 2);
    await ui.click(byTestId(TEST_IDS.questionBack));
    await ui.waitFor(`${PENDING_QUESTION}[data-index="0"]`);
    assert.equal(await ui.attribute(option('Multiple choice'), 'aria-checked'), 'true', 'Back shows the answer given');
    await ui.click(byTestId(TEST_IDS.questionContinue));
    await ui.waitFor(`${PENDING_QUESTION}[data-index="1"]`);
    assert.equal(await ui.count(`${PENDING_QUESTION} ${byTestId(TEST_IDS.questionOption)}.selected`), 2, 'the ticks are kept');
    await ui.click(byTestId(TEST_IDS.questionContinue));

    // 3/3: free text; Continue on the last question (here by Ctrl+Enter from the field).
    await ui.waitFor(`${PENDING_QUESTION}[data-index="2"]`);
    assert.equal(await ui.text(byTestId(TEST_IDS.questionProgress)), '3/3');
    assert.equal((await ui.text(byTestId(TEST_IDS.questionContinue))).trim(), 'Continue');
    const field = `${PENDING_QUESTION} ${byTestId(TEST_IDS.questionInput)}`;
    assert.equal(await ui.attribute(field, 'placeholder'), 'e.g. food and drink');
    await ui.type(field, 'food and drink');
    await ui.press('Control+Enter', { selector: field });

    await ui.waitFor(`${byTestId(TEST_IDS.questionCard)}[data-status="answered"]`);
    await waitForTurnEnd(t.model, 2);
    assert.deepEqual(toolResultsOf(t.fake, 1), [
      {
        content: [
          'Type: What kind of exercise should I add? -> Multiple choice',
          'Skills: Which skills should it practise? -> Reading, Listening',
          'Topic: What should the exercise be about? -> food and drink',
        ].join('\n'),
        isError: false,
      },
    ]);
    const answers = await ui.text(byTestId(TEST_IDS.questionAnswers), LAST);
    assert.match(answers, /Multiple choice[\s\S]*Reading, Listening[\s\S]*food and drink/, 'the card shows the answers, read-only');
    assert.equal(await ui.count(`${byTestId(TEST_IDS.questionCard)} input, ${byTestId(TEST_IDS.questionCard)} vscode-button`), 0);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
    assert.match(await lastAssistantText(), /Thanks: a Multiple choice exercise about food and drink, practising Reading, Listening\./);
    assert.equal(await ui.attribute(INPUT, 'disabled'), null, 'the input is enabled again');
  });

  it('a skipped question reaches the model as skipped and the card says so', async () => {
    const t = await startPanelTest(scenarioFile(FLOWS));
    await typeAndSend('Which level should the exercise be?');
    await ui.waitFor(PENDING_QUESTION);
    assert.equal(await ui.count(byTestId(TEST_IDS.questionProgress)), 0, 'a lone question shows no progress');
    await assertComposerWaits();
    await ui.click(`${PENDING_QUESTION} ${byTestId(TEST_IDS.questionSkip)}`);

    await ui.waitFor(`${byTestId(TEST_IDS.questionCard)}[data-status="answered"]`);
    await waitForTurnEnd(t.model, 2);
    assert.deepEqual(toolResultsOf(t.fake, 1), [{ content: 'Level: Which level are your students? -> (skipped)', isError: false }]);
    assert.match(await ui.text(byTestId(TEST_IDS.questionAnswers), LAST), /Which level are your students\?\s*Skipped/);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
    assert.equal(await lastAssistantText(), "No level given, so I'll keep the language general.");
  });

  it('one edit approved and the next denied with feedback: the first applies, the second changes nothing and the model reads the denial', async () => {
    await setGlobal('lessonAgent', 'approval.edits', 'always');
    try {
      const note = '  <note><p>Bring a dictionary.</p></note>\n';
      const homework = '  <p>Homework: learn the endings by heart.</p>\n';
      const scenario: ScenarioInput = {
        steps: [
          {
            blocks: [
              { type: 'text', text: 'First a note for you under the title.' },
              { type: 'tool_use', name: 'edit_text', input: { edits: [{ find: '</h1>\n', replace: `</h1>\n${note}` }], summary: 'Added a teacher note under the title' } },
            ],
          },
          {
            blocks: [
              { type: 'text', text: 'Now the homework.' },
              { type: 'tool_use', name: 'edit_text', input: { edits: [{ find: '</lesson>', replace: `${homework}</lesson>` }], summary: 'Added homework at the end' } },
            ],
          },
          { blocks: [{ type: 'text', text: 'Understood: the note is in, no homework.' }] },
        ],
      };
      const t = await startPanelTest(scenario, { name: uniqueName('confirm', '.lesson.xml'), content: SHORT_LESSON });
      const document = t.editor?.document;
      assert.ok(document);
      await typeAndSend('Add a note for me and some homework');

      await ui.waitFor(PENDING_CONFIRMATION, { text: 'Added a teacher note under the title' });
      assert.match(await ui.text(PENDING_CONFIRMATION), /Your settings ask for approval before every edit\./);
      await assertComposerWaits('confirmation');
      assert.equal(document.getText(), SHORT_LESSON, 'nothing changes while the card waits');
      await ui.click(`${PENDING_CONFIRMATION} ${byTestId(TEST_IDS.confirmApprove)}`);

      await ui.waitFor(PENDING_CONFIRMATION, { text: 'Added homework at the end' });
      assert.equal(document.getText(), SHORT_LESSON.replace('</h1>\n', `</h1>\n${note}`), 'the approved edit applied');
      await ui.fill(`${PENDING_CONFIRMATION} ${byTestId(TEST_IDS.confirmFeedback)}`, 'No homework this week');
      await ui.click(`${PENDING_CONFIRMATION} ${byTestId(TEST_IDS.confirmDeny)}`);

      await waitForTurnEnd(t.model, 3);
      await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
      assert.equal(document.getText(), SHORT_LESSON.replace('</h1>\n', `</h1>\n${note}`), 'the denied edit changed nothing');
      assert.match(toolResultsOf(t.fake, 1)[0]?.content ?? '', /^Applied to .*: Added a teacher note under the title/);
      assert.deepEqual(toolResultsOf(t.fake, 2), [{ content: 'The user denied this action; nothing was changed. Their feedback: No homework this week', isError: true }]);
      const cards = byTestId(TEST_IDS.confirmationCard);
      assert.equal(await ui.attribute(cards, 'data-status', { nth: 0 }), 'approved');
      assert.equal(await ui.attribute(cards, 'data-status', { nth: 1 }), 'denied');
      assert.match(await ui.text(byTestId(TEST_IDS.confirmDecision), { nth: 0 }), /Approved/);
      assert.match(await ui.text(byTestId(TEST_IDS.confirmDecision), { nth: 1 }), /Not applied \(you declined\)\. Your note: No homework this week/);
      // Each card sits after the words that asked for it: the reply's last text comes after both.
      assert.equal(await lastAssistantText(), 'Understood: the note is in, no homework.');
    } finally {
      await setGlobal('lessonAgent', 'approval.edits', undefined);
    }
  });
});

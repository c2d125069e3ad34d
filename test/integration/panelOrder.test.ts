// "The conversation reads in order", in the real chat webview: an answered question and a
// declined change stay where they were asked, before the reply that follows them, live and when
// the session is opened again; the declined change reads "Not applied (you declined)", not as a
// failure; a message sent while scrolled far up brings the view down to it.
import * as assert from 'node:assert/strict';
import type { ScenarioInput } from '../fake/scenario';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { waitUntil } from './helpers';
import { ASSISTANT, SHORT_LESSON, report, setGlobal, typeAndSend, usePanelTests } from './panelKit';
import { toolResultsOf, uniqueName, waitForTurnEnd } from './fakeModel';

const NOTE = '  <note><p>Bring a dictionary.</p></note>\n';

const ORDER_SCENARIO: ScenarioInput = {
  steps: [
    {
      blocks: [
        { type: 'text', text: 'One question first.' },
        { type: 'tool_use', name: 'AskUserQuestion', input: { questions: [{ header: 'Topic', question: 'What should the note be about?', inputType: 'text', placeholder: 'e.g. what to bring' }] } },
      ],
    },
    {
      blocks: [
        { type: 'text', text: 'Then a note under the title.' },
        { type: 'tool_use', name: 'edit_text', input: { edits: [{ find: '</h1>\n', replace: `</h1>\n${NOTE}` }], summary: 'Added a teacher note' } },
      ],
    },
    { blocks: [{ type: 'text', text: 'Understood: the lesson stays as it was.' }] },
  ],
};

/** The last assistant message's texts and cards, in the order they are on screen. */
async function readingOrder(): Promise<string[]> {
  const value = await ui.evaluate(`(() => {
    const all = document.querySelectorAll('${ASSISTANT}');
    const m = all[all.length - 1];
    return [...m.children].flatMap((n) => {
      const id = n.getAttribute('data-testid');
      if (id === '${TEST_IDS.messageText}') return ['text: ' + n.innerText.trim()];
      if (id === '${TEST_IDS.questionCard}' || id === '${TEST_IDS.confirmationCard}') return [id + ': ' + n.getAttribute('data-status')];
      return [];
    });
  })()`);
  return value as string[];
}

const EXPECTED_ORDER = [
  'text: One question first.',
  'question-card: answered',
  'text: Then a note under the title.',
  'confirmation-card: denied',
  'text: Understood: the lesson stays as it was.',
];

describe('panel: the conversation reads in order', function () {
  this.timeout(90_000);
  const startPanelTest = usePanelTests();
  afterEach(() => setGlobal('lessonAgent', 'approval.edits', undefined));

  it('keeps an answered question and a declined change where they were asked, and says "Not applied (you declined)"', async () => {
    await setGlobal('lessonAgent', 'approval.edits', 'always');
    const t = await startPanelTest(ORDER_SCENARIO, { name: uniqueName('order', '.lesson.xml'), content: SHORT_LESSON });
    const document = t.editor?.document;
    assert.ok(document);
    await typeAndSend('Add a note for the teacher');

    // The answer is typed and sent with Enter, as a one-line answer is.
    const answer = `${byTestId(TEST_IDS.questionCard)}[data-status="pending"] ${byTestId(TEST_IDS.questionInput)}`;
    await ui.waitFor(answer);
    await ui.type(answer, 'what to bring');
    await ui.press('Enter', { selector: answer });
    const pending = `${byTestId(TEST_IDS.confirmationCard)}[data-status="pending"]`;
    await ui.waitFor(pending);
    await ui.click(`${pending} ${byTestId(TEST_IDS.confirmDeny)}`);
    await waitForTurnEnd(t.model, 3);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);

    assert.deepEqual(await readingOrder(), EXPECTED_ORDER);
    assert.equal(document.getText(), SHORT_LESSON, 'nothing changed');
    assert.deepEqual(toolResultsOf(t.fake, 1), [{ content: 'Topic: What should the note be about? -> what to bring', isError: false }]);
    assert.equal((await ui.text(byTestId(TEST_IDS.confirmDecision))).trim(), 'Not applied (you declined)');
    assert.equal((await ui.text(byTestId(TEST_IDS.stepsToggle))).trim(), 'Done (2 steps)', 'no "failed": declining is not a failure');
    await ui.click(byTestId(TEST_IDS.stepsToggle));
    const declined = `${byTestId(TEST_IDS.step)}[data-status="declined"]`;
    assert.match(await ui.text(declined), /Editing document[\s\S]*Not applied \(you declined\)/);
    assert.equal(await ui.count(`${byTestId(TEST_IDS.step)}[data-status="error"]`), 0);
    await ui.screenshot('vscode-cards-in-order');

    // Opened again (the snapshot a reload gets, from the stored session): the same order.
    const id = t.model.api.controller.currentSessionId;
    assert.ok(id);
    await t.model.api.controller.newSession();
    await ui.waitFor(byTestId(TEST_IDS.emptyChat));
    await t.model.api.controller.open(id);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
    assert.deepEqual(await readingOrder(), EXPECTED_ORDER, 'the stored session reads in the same order');
  });

  it('brings the new message into view when the user sends while scrolled far up', async () => {
    const long = Array.from({ length: 14 }, (_, i) => `Paragraph ${i + 1}: a long answer about the weather in spring, summer, autumn and winter.`).join('\n\n');
    // The last reply streams slowly, as a real one does: the sent message is on screen before it.
    const slow = { delayMs: 40, chunk: 6, blocks: [{ type: 'text' as const, text: long.slice(0, 600) }] };
    const t = await startPanelTest({ rules: [{ when: { userText: 'One more' }, respond: slow }], fallback: { blocks: [{ type: 'text', text: long }] } });
    for (let i = 1; i <= 3; i++) {
      await typeAndSend(`Question ${i}`);
      await waitForTurnEnd(t.model, i);
      await ui.waitFor(`${ASSISTANT}[data-status="done"]`, { nth: -1 });
    }
    // Scroll to the top with the wheel, as a user would (the list tells a user's scroll by it).
    // Again while the list is not there: on a loaded machine the last reply's final height can
    // arrive after the first scroll and take the list back to the bottom, as it should for a
    // user who had not scrolled yet.
    const scrollUp = `(() => {
      const scroller = document.querySelector('.message-list');
      if (scroller.scrollTop === 0) return true;
      scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -5000, bubbles: true }));
      scroller.scrollTop = 0;
      return false;
    })()`;
    await waitUntil(async () => (await ui.evaluate(scrollUp)) === true, 'the list to be at its top');
    await ui.waitFor(`${byTestId(TEST_IDS.message)}[data-kind="user"]`, { text: 'Question 1' });

    // Watch, in the page, whether the sent message ever comes into view (the reply that follows
    // then pushes it up as it streams, which is right: the view follows the reply).
    await ui.evaluate(`(() => {
      window.__sentSeen = false;
      const check = () => {
        const m = [...document.querySelectorAll('[data-kind="user"]')].find((e) => e.innerText.includes('One more question'));
        const list = document.querySelector('.message-list').getBoundingClientRect();
        if (m) {
          const r = m.getBoundingClientRect();
          if (r.top >= list.top - 1 && r.bottom <= list.bottom + 1) window.__sentSeen = true;
        }
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
      return true;
    })()`);
    await typeAndSend('One more question, please');
    await waitForTurnEnd(t.model, 4);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`, { nth: -1 });
    assert.equal(await ui.evaluate('window.__sentSeen'), true, 'the sent message came into view');
    const atBottom = `(() => { const l = document.querySelector('.message-list'); return l.scrollHeight - l.scrollTop - l.clientHeight; })()`;
    await waitUntil(async () => Number(await ui.evaluate(atBottom)) <= 2, 'the list to follow the reply to its end');
    report(`after sending from the top, the list is scrolled to ${String(await ui.evaluate(`Math.round(document.querySelector('.message-list').scrollTop)`))} px (the end)`);
  });
});

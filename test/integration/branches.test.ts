// Edit and send again, and branches, in the real VS Code: editing the teacher's second message and
// sending it restores the lesson and the conversation to before it and sends the new words (a
// prefix of what was sent before, preserved thinking included: the strict fake checks it); the old
// path stays a branch, marked where it left and listed in the header. Switching to it shows what it
// changes first, then brings back its conversation and its lesson, and the conversation goes on
// from there, again a valid prefix for the model.
import * as assert from 'node:assert/strict';
import type { FakeAnthropic } from '../fake/fakeAnthropic';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { currentSession, toolUseId, useEditingTests, WEATHER_EXERCISE, WEATHER_LESSON } from './editingKit';
import { uniqueName, waitForTurnEnd } from './fakeModel';
import { waitUntil } from './helpers';
import { report } from './panelKit';
import { readMessages } from '../fake/readMessages';

const USER = `${byTestId(TEST_IDS.message)}[data-kind="user"]`;
const think = (thinking: string) => ({ type: 'thinking' as const, thinking });
const editText = (find: string, replace: string, summary: string) => ({
  blocks: [think(`I will ${summary.toLowerCase()}.`), { type: 'tool_use' as const, id: toolUseId(), name: 'edit_text', input: { edits: [{ find, replace }], summary } }],
});

function scenario() {
  return {
    rules: [
      { when: { toolResultFor: 'edit_text' }, respond: { blocks: [think('Done; I will say so.'), { type: 'text' as const, text: 'Done.' }] } },
      { when: { userText: 'exercise' }, respond: editText('</lesson>', `${WEATHER_EXERCISE}</lesson>`, 'Added an exercise') },
      { when: { userText: 'five' }, respond: editText('three sentences', 'five sentences', 'Asked for five sentences') },
      { when: { userText: 'four' }, respond: editText('three sentences', 'four sentences', 'Asked for four sentences') },
    ],
    fallback: { blocks: [think('A short answer.'), { type: 'text' as const, text: 'You are welcome.' }] },
  };
}

/** Request `later` starts with every message of request `earlier`, byte for byte. */
function assertPrefix(fake: FakeAnthropic, earlier: number, later: number, what: string): void {
  const before = readMessages(fake, earlier);
  const now = readMessages(fake, later);
  assert.ok(now.length > before.length, `${what}: request #${later} goes on from request #${earlier}`);
  assert.deepEqual(now.slice(0, before.length), before, what);
  assert.ok(JSON.stringify(before).includes('"type":"thinking"'), `${what}: the prefix carries thinking`);
}

describe('edit and send again, branches', function () {
  this.timeout(180_000);
  const startEditingTest = useEditingTests({ autoSave: 'off', approval: 'never' });

  it('Edit and send again on the second message makes a branch of the old path; switching to it restores its conversation and lesson; both go on as valid prefixes', async () => {
    const t = await startEditingTest(scenario(), uniqueName('branches', '.lesson.xml'), WEATHER_LESSON);
    const { document, model, fake } = t;
    await model.api.controller.sendMessage('Add an exercise at the end');
    await waitForTurnEnd(model, 2);
    await model.api.controller.sendMessage('Ask for five sentences');
    await waitForTurnEnd(model, 4);
    const withExercise = WEATHER_LESSON.replace('</lesson>', `${WEATHER_EXERCISE}</lesson>`);
    const five = withExercise.replace('three sentences', 'five sentences');
    const four = withExercise.replace('three sentences', 'four sentences');
    assert.equal(document.getText(), five);

    // Edit the second message and send it again.
    await ui.click(`${USER} ${byTestId(TEST_IDS.editResend)}`, { nth: 1 });
    await ui.fill(byTestId(TEST_IDS.editResendInput), 'Ask for four sentences');
    await ui.click(byTestId(TEST_IDS.editResendSend));
    await waitForTurnEnd(model, 6);
    await waitUntil(() => document.getText() === four, 'the five undone and four made instead');
    assertPrefix(fake, 1, 4, 'the message sent again goes on from the first exchange');
    await ui.waitFor(`${byTestId(TEST_IDS.branchesButton)}[data-count="1"]`);
    await ui.waitFor(byTestId(TEST_IDS.forkMarker), { text: 'Ask for five sentences' });
    assert.equal(await ui.text(`${USER} .user-text`, { nth: 1 }), 'Ask for four sentences');
    await ui.waitFor(byTestId(TEST_IDS.redoNote), { state: 'detached' });
    const edited = await currentSession(model);
    assert.equal(edited.turns.length, 2);
    assert.equal(edited.branches?.length, 1, 'the old path kept as a branch');
    assert.equal(edited.redo, undefined, 'a new message ends Redo');
    report('edit and send again: "five" undone, "four" made, the old path a branch');

    // Switch back to the first path: what it changes first, then the conversation and the lesson.
    await ui.click(byTestId(TEST_IDS.branchesButton));
    await ui.waitFor(byTestId(TEST_IDS.branchItem), { text: 'Ask for five sentences' });
    await ui.click(byTestId(TEST_IDS.branchSwitch));
    await ui.waitFor(byTestId(TEST_IDS.rewindLesson), { text: 'Asked for five sentences' });
    assert.match(await ui.text(byTestId(TEST_IDS.rewindLesson)), /Asked for four sentences/);
    assert.equal(document.getText(), four, 'nothing changed yet');
    await ui.screenshot('vscode-branch-switch');
    await ui.click(byTestId(TEST_IDS.rewindConfirm));
    await waitUntil(() => document.getText() === five, 'the first path\'s lesson back');
    await waitUntil(async () => (await ui.text(`${USER} .user-text`, { nth: 1 })) === 'Ask for five sentences', 'the first path\'s conversation back');
    await ui.waitFor(byTestId(TEST_IDS.branchItem), { text: 'Ask for four sentences' });
    const switched = await currentSession(model);
    assert.equal(switched.turns.length, 2);
    assert.equal(switched.branches?.length, 1, 'the second path kept as a branch in turn');

    // The conversation goes on from the first path.
    await model.api.controller.sendMessage('Thanks');
    await waitForTurnEnd(model, 7);
    assertPrefix(fake, 3, 6, 'after the switch, the next request goes on from the first path');
    assert.equal(document.getText(), five);
  });
});

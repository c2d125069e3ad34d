// The design's first two flows in the real chat webview, typed like a user (the input, Enter):
// "hello" streams a friendly answer with no tool and an untouched document; "Add a
// fill-in-the-blank exercise about French verbs" shows "Checking the “Fill in the blanks” rules" then
// "Editing document", changes the lesson in the editor while the answer streams, and collapses to
// "Done (2 steps)", expandable. Stop in the webview halts a streaming turn at once.
import * as assert from 'node:assert/strict';
import { validateLesson } from '../../src/core/lesson/validate';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { waitUntil } from './helpers';
import { ASSISTANT, INPUT, LAST, SHORT_LESSON, lastAssistantText, recorded, report, scenarioFile, startRecorder, toolUsesSent, typeAndSend, usePanelTests } from './panelKit';
import { sleep, uniqueName, waitForTurnEnd, workbench } from './fakeModel';

const FLOWS = 'panelFlows.json';
const STREAMING = `${ASSISTANT}[data-status="streaming"]`;
const DONE = `${ASSISTANT}[data-status="done"]`;
const LOADING = 'Checking the “Fill in the blanks” rules';

async function inputValue(): Promise<unknown> {
  return ui.evaluate(`document.querySelector('${INPUT}').value`);
}
const EDITING = 'Editing document';

describe('panel flows: conversation, transparent editing, Stop', function () {
  this.timeout(60_000);
  const startPanelTest = usePanelTests();

  it('"hello" typed and sent with Enter streams a friendly answer; no tool runs and the document is untouched', async () => {
    const t = await startPanelTest(scenarioFile(FLOWS), { name: uniqueName('hello', '.lesson.xml'), content: SHORT_LESSON });
    const document = t.editor?.document;
    assert.ok(document);
    const version = document.version;
    await startRecorder();
    const rendersBefore = Number(await ui.attribute(byTestId(TEST_IDS.root), 'data-render-count'));

    // Shift+Enter is a new line; Enter sends.
    await ui.type(INPUT, 'hello');
    await ui.press('Shift+Enter', { selector: INPUT });
    await ui.type(INPUT, 'there');
    assert.equal(await inputValue(), 'hello\nthere');
    assert.equal(await ui.count(byTestId(TEST_IDS.message)), 0, 'nothing sent yet');
    await ui.press('Enter', { selector: INPUT });
    await ui.waitFor(`${byTestId(TEST_IDS.message)}[data-kind="user"]`, { text: 'there' });
    assert.equal(await ui.text(`${byTestId(TEST_IDS.message)}[data-kind="user"]`), 'hello\nthere');
    assert.equal(await inputValue(), '', 'Enter sent the text and cleared the input');
    await ui.waitFor(DONE, { timeout: 15_000 });
    const rendersAfter = Number(await ui.attribute(byTestId(TEST_IDS.root), 'data-render-count'));

    // Streamed: the webview showed the reply growing, with a cursor, before it was complete.
    const states = await recorded();
    const streaming = states.filter((s) => s.status === 'streaming' && s.length > 0);
    const lengths = [...new Set(streaming.map((s) => s.length))];
    assert.ok(lengths.length >= 5, `the text grew in at least 5 visible steps (saw ${lengths.length})`);
    assert.deepEqual(lengths, [...lengths].sort((a, b) => a - b), 'the text only ever grew');
    assert.ok(streaming.every((s) => s.cursor), 'a cursor shows while it streams');
    const final = states.at(-1);
    assert.equal(final?.status, 'done');
    assert.equal(final?.cursor, false, 'no cursor once done');
    const first = streaming[0];
    const last = streaming.at(-1);
    report(
      `streaming: ${lengths.length} distinct lengths over ${last && first ? last.at - first.at : 0} ms, ` +
        `${rendersAfter - rendersBefore} App renders for the whole turn`,
    );

    const text = await lastAssistantText();
    assert.match(text, /^Hello! I help you write lessons\./);
    assert.equal(await ui.count(`${ASSISTANT} ${byTestId(TEST_IDS.messageText)} li`, {}), 4, 'the markdown list rendered as a list');
    assert.equal(await ui.count(`${ASSISTANT} ${byTestId(TEST_IDS.steps)}`), 0, 'no steps: no tool ran');
    assert.equal(t.fake.requests.length, 1, 'one model call');
    assert.deepEqual(toolUsesSent(t.fake), []);
    assert.equal(document.getText(), SHORT_LESSON, 'the document is untouched');
    assert.equal(document.version, version);
    assert.equal(document.isDirty, false);
    await ui.waitFor(`${ASSISTANT} ${byTestId(TEST_IDS.usage)}`);
  });

  it('"Add a fill-in-the-blank exercise about French verbs" shows its two steps, edits the lesson as the answer streams, and collapses to "Done (2 steps)"', async () => {
    const t = await startPanelTest(scenarioFile(FLOWS), { name: uniqueName('verbs', '.lesson.xml'), content: SHORT_LESSON });
    const document = t.editor?.document;
    assert.ok(document);
    await startRecorder();
    await typeAndSend('Add a fill-in-the-blank exercise about French verbs');

    // The lesson changes in the editor at once, while the final answer is still streaming.
    await waitUntil(() => document.getText().includes('Complete with the present tense'), 'the edit to reach the document', 15_000);
    assert.equal(await ui.attribute(ASSISTANT, 'data-status', LAST), 'streaming', 'the edit lands before the turn ends');
    await ui.waitFor('.monaco-editor .view-lines', { ...workbench, text: 'Complete with the present tense' });
    await ui.waitFor(DONE, { timeout: 15_000 });

    const states = await recorded();
    const firstLoad = states.findIndex((s) => s.steps.some(([text]) => text.startsWith(LOADING)));
    const firstEdit = states.findIndex((s) => s.steps.some(([text]) => text.startsWith(EDITING)));
    assert.ok(firstLoad >= 0 && firstEdit > firstLoad, `"${LOADING}" shows before "${EDITING}"`);
    assert.ok(
      states.slice(firstLoad, firstEdit).some((s) => s.status === 'streaming' && s.steps.length === 1),
      'the panel showed the first step alone while the turn went on',
    );
    const running = states.filter((s) => s.steps.some(([, status]) => status === 'running')).length;
    report(`steps: ${states.length} distinct states, ${running} with a running step (tools this fast often finish within one frame)`);

    // Collapsed to "Done (2 steps)", expandable and collapsible again.
    const toggle = `${ASSISTANT} ${byTestId(TEST_IDS.stepsToggle)}`;
    assert.equal((await ui.text(toggle, LAST)).trim(), 'Done (2 steps)');
    assert.equal(await ui.attribute(`${ASSISTANT} ${byTestId(TEST_IDS.steps)}`, 'data-expanded', LAST), 'false');
    assert.equal(await ui.count(`${ASSISTANT} ${byTestId(TEST_IDS.step)}`), 0, 'collapsed: no step rows');
    await ui.click(toggle, LAST);
    await ui.waitFor(`${ASSISTANT} ${byTestId(TEST_IDS.steps)}[data-expanded="true"]`);
    const rows = `${ASSISTANT} ${byTestId(TEST_IDS.step)}`;
    assert.equal(await ui.count(rows), 2);
    assert.match(await ui.text(rows, { nth: 0 }), new RegExp(`^${LOADING}`));
    assert.match(await ui.text(rows, { nth: 1 }), new RegExp(`^${EDITING}`));
    assert.equal(await ui.count(`${rows}[data-status="success"]`), 2);
    // The model's progress notes (summarised thinking) sit between the steps they came between.
    const order = (await ui.evaluate(
      `[...[...document.querySelectorAll('${ASSISTANT}')].at(-1).querySelectorAll('[data-testid="${TEST_IDS.step}"], [data-testid="${TEST_IDS.stepNote}"]')].map((e) => e.dataset.testid + ': ' + e.textContent.trim())`,
    )) as string[];
    const expected = [/^step-note: The teacher wants/, new RegExp(`^step: .*${LOADING}`), /^step-note: The rules want one blank/, new RegExp(`^step: .*${EDITING}`), /^step-note: The edit is in/];
    assert.equal(order.length, expected.length, order.join(' | '));
    expected.forEach((pattern, i) => assert.match(order[i] ?? '', pattern));
    assert.doesNotMatch(await lastAssistantText(), /The teacher wants|The rules want/, 'notes are never answer text');
    const body = t.fake.requests[1]?.body as { thinking?: unknown };
    assert.deepEqual(body.thinking, { type: 'adaptive', display: 'summarized' }, 'the default model is asked for summarised thinking');
    assert.equal(await ui.attribute(toggle, 'aria-expanded', LAST), 'true');
    await ui.click(toggle, LAST);
    await ui.waitFor(`${ASSISTANT} ${byTestId(TEST_IDS.steps)}[data-expanded="false"]`);
    assert.equal(await ui.count(rows), 0);

    assert.match(await lastAssistantText(), /Let me check the fill-in-the-blank rules first\.[\s\S]*Ctrl\+Z in the editor undoes the change\.$/);
    const text = document.getText();
    assert.ok(text.startsWith(SHORT_LESSON.replace('</lesson>\n', '')), 'the rest of the lesson is kept byte for byte');
    assert.equal(validateLesson(text).ok, true, 'the edited lesson is valid');
    assert.equal(t.fake.requests.length, 3);
    assert.deepEqual(toolUsesSent(t.fake), ['load_skill', 'edit_document']);
  });

  it('Stop in the webview halts a streaming turn at once, keeps and marks the partial text, and the chat goes on', async () => {
    // The story told ten times (about 45 s): on a loaded machine the click may take seconds to
    // land, and the turn must still be streaming when it does.
    const flows = scenarioFile(FLOWS);
    const rules = (flows.rules ?? []).map((rule) =>
      rule.respond.name === 'long slow reply'
        ? { ...rule, respond: { ...rule.respond, blocks: rule.respond.blocks?.map((b) => (b.type === 'text' ? { ...b, text: `${b.text}\n\n`.repeat(10) } : b)) } }
        : rule,
    );
    const t = await startPanelTest({ ...flows, rules });
    await typeAndSend('Tell me a story, slowly');
    await ui.waitFor(STREAMING);
    await waitUntil(async () => (await lastAssistantText()).length > 40, 'some text to stream');
    await ui.click(byTestId(TEST_IDS.stop));
    await ui.waitFor(`${ASSISTANT}[data-status="stopped"]`, { timeout: 3000 });
    await waitUntil(() => !t?.model.api.controller.busy, 'the turn to end');

    const kept = await lastAssistantText();
    assert.ok(kept.length > 40 && kept.length < 3000, `the partial text is kept (${kept.length} characters)`);
    assert.ok('Once upon a time, a teacher in Lyon'.startsWith(kept.slice(0, 30)));
    assert.match(await ui.text(ASSISTANT, LAST), /Stopped: nothing in the document was changed\./, 'the message says it was stopped, and what was not done');
    assert.equal(await ui.count(byTestId(TEST_IDS.stop)), 0, 'Stop is gone, Send is back');
    await sleep(500);
    assert.equal(await lastAssistantText(), kept, 'nothing arrives after Stop');

    await typeAndSend('hello');
    await waitForTurnEnd(t.model, 2);
    await ui.waitFor(DONE);
    assert.match(await lastAssistantText(), /^Hello! I help you write lessons\./);
    const session = await t.model.api.controller.loadSession(t.model.api.controller.currentSessionId ?? '');
    assert.deepEqual(
      session.turns.map((turn) => turn.status),
      ['stopped', 'completed'],
    );
  });
});

// Continuity in a real VS Code: the host is the source of truth. A question left pending is
// still there after a window reload (a new extension host) and answering it resumes the turn; a
// stream in flight while the panel is hidden goes on, and the panel shows it, neither lost nor
// doubled, when shown again, mid-stream or after it ended.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ScenarioInput } from '../fake/scenario';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, describeAfterReload, ui } from './driver';
import { assertValidRequests, sleep, toolResultsOf, useFakeModel, waitForTurnEnd } from './fakeModel';
import { leaveForReload, leftBeforeReload, waitUntil } from './helpers';
import { ASSISTANT, INPUT, LAST, READY, lastAssistantText, report, scenarioFile, typeAndSend, usePanelTests } from './panelKit';

const FLOWS = 'panelFlows.json';
const PENDING_QUESTION = `${byTestId(TEST_IDS.questionCard)}[data-status="pending"]`;
const RELOADED = 'a question left pending is answered after a window reload';

const NOTE = 'panel-pending-question';

interface Left {
  sessionId: string;
  toolCallId: string;
}

/** The text a named rule of a scenario answers with. */
function ruleText(scenario: ScenarioInput, name: string): string {
  const rule = scenario.rules?.find((r) => r.respond.name === name);
  const block = rule?.respond.blocks?.find((b) => b.type === 'text');
  assert.ok(block?.type === 'text', `the scenario has a text rule "${name}"`);
  return block.text;
}

const squeeze = (text: string): string => text.replace(/\s+/g, ' ').trim();

async function hidePanel(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeSidebar');
  // The driver finds no chat frame at all once the webview is torn down.
  await waitUntil(() => ui.count(READY, { timeout: 300 }).then((n) => n === 0, () => true), 'the chat webview to go away', 5000);
}

/** Shows the panel again; it must be a new webview (the marker set on the old one is gone). */
async function showPanel(): Promise<void> {
  await vscode.commands.executeCommand('lessonAgent.openChat');
  await ui.waitFor(READY);
  assert.equal(await ui.evaluate('window.__panelMarker ?? null'), null, 'the panel was rebuilt from a snapshot');
  // The virtual list keeps a remounted item invisible (no innerText) until it is scrolled in place.
  await waitUntil(async () => (await lastAssistantText()).length > 0, 'the message to be laid out', 3000);
}

describe('panel continuity', function () {
  this.timeout(60_000);
  const startPanelTest = usePanelTests();

  it('a stream in flight while the panel is hidden is shown, neither lost nor doubled, when shown again mid-stream and after it ended', async () => {
    // The panel's story, slower still: about 9 s, time for two hide/show cycles.
    const story = ruleText(scenarioFile(FLOWS), 'long slow reply');
    const full = squeeze(story);
    const t = await startPanelTest({ steps: [{ delayMs: 40, blocks: [{ type: 'text', text: story, chunk: 3 }] }] });
    await typeAndSend('Tell me a story, slowly');
    await waitUntil(async () => (await lastAssistantText()).length > 60, 'the story to start streaming');
    await ui.evaluate('window.__panelMarker = 1');
    const beforeHide = squeeze(await lastAssistantText());

    await hidePanel();
    await sleep(1000);
    await showPanel();
    assert.equal(await ui.attribute(ASSISTANT, 'data-status', LAST), 'streaming', 'still streaming when shown again');
    const shown = squeeze(await lastAssistantText());
    assert.ok(shown.length > beforeHide.length, `what streamed while hidden is shown (${beforeHide.length} -> ${shown.length} characters)`);
    assert.ok(full.startsWith(shown), 'the snapshot holds exactly the text so far');
    // The stream goes on from the snapshot: every later state is still a prefix of the reply.
    for (let i = 0; i < 5; i++) {
      await sleep(150);
      const now = squeeze(await lastAssistantText());
      assert.ok(full.startsWith(now), `no text lost or doubled after the snapshot: "${now.slice(-40)}"`);
    }
    const live = squeeze(await lastAssistantText());
    assert.ok(live.length > shown.length, 'deltas after the snapshot are applied');

    await ui.evaluate('window.__panelMarker = 1');
    await hidePanel();
    await waitForTurnEnd(t.model, 1, 20_000);
    await showPanel();
    assert.equal(await ui.attribute(ASSISTANT, 'data-status', LAST), 'done');
    assert.equal(squeeze(await lastAssistantText()), full, 'shown complete after it ended while hidden');
    report(`hidden at ${beforeHide.length} characters, shown again at ${shown.length}, then complete at ${full.length}`);
  });

  it('leaves a three-question card pending and asks for a window reload', async () => {
    const t = await startPanelTest(scenarioFile(FLOWS));
    await typeAndSend('Add an exercise');
    await ui.waitFor(PENDING_QUESTION);
    const toolCallId = await ui.attribute(PENDING_QUESTION, 'data-tool-call-id');
    const sessionId = t.model.api.controller.currentSessionId;
    assert.ok(toolCallId && sessionId);
    leaveForReload(NOTE, { sessionId, toolCallId } satisfies Left);
    await ui.screenshot('panel-question-before-reload');
    await ui.reloadAfterTest(RELOADED);
  });
});

describeAfterReload(RELOADED, function () {
  this.timeout(60_000);

  it('shows the pending card in a new extension host, and answering it resumes the turn with those answers', async () => {
    const left = leftBeforeReload<Left>(NOTE);
    await vscode.commands.executeCommand('lessonAgent.openChat');
    const model = await useFakeModel(scenarioFile(FLOWS));
    try {
      assert.equal(model.api.controller.currentSessionId, left.sessionId, 'the session is open again');
      await ui.waitFor(READY);
      await ui.waitFor(`${PENDING_QUESTION}[data-tool-call-id="${left.toolCallId}"]`);
      assert.equal(await ui.attribute(INPUT, 'placeholder'), 'Please answer the question above to continue');
      assert.equal(await ui.attribute(ASSISTANT, 'data-status', LAST), 'awaiting');
      await ui.screenshot('panel-question-after-reload');

      await ui.click(`${PENDING_QUESTION} ${byTestId(TEST_IDS.questionOption)}[data-label="True or false"]`);
      await ui.click(byTestId(TEST_IDS.questionContinue));
      await ui.waitFor(`${PENDING_QUESTION}[data-index="1"]`);
      await ui.click(`${PENDING_QUESTION} ${byTestId(TEST_IDS.questionOption)}[data-label="Speaking"]`);
      await ui.waitFor(`${PENDING_QUESTION} ${byTestId(TEST_IDS.questionOption)}[data-label="Speaking"].selected`);
      await ui.click(byTestId(TEST_IDS.questionContinue));
      await ui.waitFor(`${PENDING_QUESTION}[data-index="2"]`);
      await ui.fill(byTestId(TEST_IDS.questionInput), 'the weather');
      await ui.click(byTestId(TEST_IDS.questionContinue));

      await waitUntil(() => model.fake.requests.length >= 1 && !model.api.controller.busy, 'the resumed turn to end', 20_000);
      assert.deepEqual(toolResultsOf(model.fake, 0), [
        {
          content: [
            'Type: What kind of exercise should I add? -> True or false',
            'Skills: Which skills should it practise? -> Speaking',
            'Topic: What should the exercise be about? -> the weather',
          ].join('\n'),
          isError: false,
        },
      ]);
      assertValidRequests(model.fake);
      // The paused reply's thinking block went back unchanged, signed by the fake of the previous
      // window (the reload restarted it), and the new fake accepted it.
      const resumed = model.fake.requests[0]?.body as { messages: Array<{ role: string; content: Array<{ type: string; thinking?: string }> }> };
      const paused = resumed.messages.filter((m) => m.role === 'assistant').at(-1);
      assert.match(paused?.content.find((b) => b.type === 'thinking')?.thinking ?? '', /leaves the type, the skills and the topic open/);
      assert.equal(model.fake.requests[0]?.outcome, 'stream');
      await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
      assert.match(await lastAssistantText(), /Thanks: a True or false exercise about the weather, practising Speaking\./);
      const session = await model.api.controller.loadSession(left.sessionId);
      assert.equal(session.pending, undefined, 'nothing is pending any more');
    } finally {
      await model.dispose();
    }
  });
});

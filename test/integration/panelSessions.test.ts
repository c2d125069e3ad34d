// The sessions list in the real chat webview: two sessions made by chatting, then, from the
// list, open the other one, rename it, and delete one (asked in its row, Cancel first); the
// store and the header follow.
import * as assert from 'node:assert/strict';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { waitUntil } from './helpers';
import type { PanelTest } from './panelKit';
import { ASSISTANT, scenarioFile, typeAndSend, usePanelTests } from './panelKit';
import { waitForTurnEnd } from './fakeModel';

const PANEL = byTestId(TEST_IDS.sessionsPanel);
const TITLE = byTestId(TEST_IDS.sessionTitle);

function item(sessionId: string): string {
  return `${PANEL} ${byTestId(TEST_IDS.sessionItem)}[data-session-id="${sessionId}"]`;
}

async function openList(): Promise<void> {
  await ui.click(byTestId(TEST_IDS.sessionsButton));
  await ui.waitFor(PANEL);
}

/** One message in a new session; returns the session's id. */
async function chatInNewSession(t: PanelTest, text: string, requests: number): Promise<string> {
  await ui.click(byTestId(TEST_IDS.newSessionButton));
  await ui.waitFor(byTestId(TEST_IDS.emptyChat));
  await typeAndSend(text);
  await waitForTurnEnd(t.model, requests);
  await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
  const id = t.model.api.controller.currentSessionId;
  assert.ok(id, 'the message started a session');
  return id;
}

describe('panel sessions: list, open, rename, delete', function () {
  this.timeout(60_000);
  const startPanelTest = usePanelTests();

  it('opens another session from the list, renames it, and deletes one after asking', async () => {
    const t = await startPanelTest(scenarioFile('panelFlows.json'));
    const api = t.model.api;
    const first = await chatInNewSession(t, 'hello from the first session', 1);
    const second = await chatInNewSession(t, 'what can you do in the second one?', 2);
    assert.notEqual(first, second);
    assert.equal(await ui.text(TITLE), 'what can you do in the second one?', 'a session is named after its first message');

    // Open the first session from the list.
    await openList();
    assert.match(await ui.text(item(first)), /hello from the first session[\s\S]*2 messages/);
    assert.match(await ui.text(item(second)), /\bcurrent$/, 'the open session is marked');
    await ui.click(`${item(first)} ${byTestId(TEST_IDS.sessionOpen)}`);
    await ui.waitFor(PANEL, { state: 'hidden' });
    await waitUntil(() => api.controller.currentSessionId === first, 'the first session to open');
    await ui.waitFor(TITLE, { text: 'hello from the first session' });
    await ui.waitFor(`${byTestId(TEST_IDS.message)}[data-kind="user"]`, { text: 'hello from the first session' });
    assert.equal(await ui.count(`${byTestId(TEST_IDS.message)}[data-kind="user"]`, { text: 'second one' }), 0);

    // Rename it: the header, the list and the stored session follow.
    await openList();
    await ui.click(`${item(first)} ${byTestId(TEST_IDS.sessionRename)}`);
    const input = `${item(first)} ${byTestId(TEST_IDS.sessionRenameInput)}`;
    await ui.fill(input, 'Verb drills, week 3');
    await ui.press('Enter', { selector: input });
    await ui.waitFor(TITLE, { text: 'Verb drills, week 3' });
    await waitUntil(async () => (await api.controller.loadSession(first)).title === 'Verb drills, week 3', 'the new title to be stored');
    await ui.waitFor(item(first), { text: 'Verb drills, week 3' });

    // Delete the second: the row asks first; Cancel keeps it, the confirm button deletes it.
    await ui.click(`${item(second)} ${byTestId(TEST_IDS.sessionDelete)}`);
    await ui.click(`${item(second)} vscode-button`, { text: 'Cancel' });
    await ui.waitFor(`${item(second)} ${byTestId(TEST_IDS.sessionOpen)}`);
    assert.ok((await api.host.store.list()).some((s) => s.id === second), 'Cancel deletes nothing');
    await ui.click(`${item(second)} ${byTestId(TEST_IDS.sessionDelete)}`);
    await ui.click(`${item(second)} ${byTestId(TEST_IDS.sessionDeleteConfirm)}`);
    await ui.waitFor(item(second), { state: 'detached' });
    await waitUntil(async () => !(await api.host.store.list()).some((s) => s.id === second), 'the session to leave the store');
    assert.equal(api.controller.currentSessionId, first, 'the open session stays open');
    assert.equal(await ui.count(item(first)), 1);
  });
});

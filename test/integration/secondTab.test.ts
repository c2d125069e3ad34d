// A teacher opens a second browser tab on the same code-server and folder while the first is still
// open. VS Code gives the second window's extension host another workspace storage folder then (the
// first one's host holds its own), so sessions kept there were missing: "No saved sessions yet."
// They are kept where every window of the workspace finds them: the second tab lists them, and a
// session the first tab is writing opens there read-only, saying who holds it, and opens writable
// with what the first tab added once it has finished.
import * as assert from 'node:assert/strict';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { waitUntil } from './helpers';
import { ASSISTANT, INPUT, READY, chatInNewSession, typeAndSend, usePanelTests } from './panelKit';

const PANEL = byTestId(TEST_IDS.sessionsPanel);
const USER = `${byTestId(TEST_IDS.message)}[data-kind="user"]`;
const NOTICE = byTestId(TEST_IDS.readOnlyNotice);
const SECOND = { tab: 'second' } as const;
const FIRST_MESSAGE = 'hello from the first tab';
const LONG_QUESTION = 'and now think about it for a long while';

/** The first reply at once; the second only after a long silent think, so the first tab is writing the session meanwhile. */
const SCENARIO = {
  steps: [
    { blocks: [{ type: 'text' as const, text: 'Hello! What shall we work on?' }] },
    { silentMs: 60_000, blocks: [{ type: 'text' as const, text: 'Here is what I thought.' }] },
  ],
};

/**
 * The chat in the second tab. It shares the first tab's browser profile, where the workbench keeps
 * which views were open: it comes back with the chat open, as the teacher left it in the first.
 * (Its own extension host loads while the first runs the tests: allow a page load under load.)
 */
async function chatInSecondTab(): Promise<void> {
  await ui.waitFor('.monaco-workbench', { ...SECOND, frame: 'workbench', timeout: 60_000 });
  await ui.waitFor(READY, { ...SECOND, timeout: 90_000 });
}

describe('sessions: a second browser tab on the same folder', function () {
  this.timeout(180_000);
  const startPanelTest = usePanelTests();

  it('lists the first tab’s sessions, and opens the one the first tab is writing read-only', async function () {
    // Desktop VS Code opens one window per folder: there is no second tab to open.
    if (process.env.LESSON_AGENT_TEST_ROUTE === 'electron') this.skip();
    const t = await startPanelTest(SCENARIO);
    const id = await chatInNewSession(t, FIRST_MESSAGE, 1);
    // The first tab moves on to a new session, so the second one does not start on this session
    // (it opens on the session shown last): it must find it in its list.
    await ui.click(byTestId(TEST_IDS.newSessionButton));
    await ui.waitFor(byTestId(TEST_IDS.emptyChat));

    await ui.openSecondTab();
    try {
      await chatInSecondTab();
      await ui.click(byTestId(TEST_IDS.sessionsButton), SECOND);
      await ui.waitFor(PANEL, SECOND);
      const item = `${PANEL} ${byTestId(TEST_IDS.sessionItem)}[data-session-id="${id}"]`;
      await ui.waitFor(item, SECOND);
      await ui.screenshot('second-tab-sessions', SECOND);

      // The first tab goes back to that session and takes a turn: it holds the session while the model thinks.
      await ui.click(byTestId(TEST_IDS.sessionsButton));
      await ui.click(`${item} ${byTestId(TEST_IDS.sessionOpen)}`);
      await ui.waitFor(PANEL, { state: 'hidden' });
      await typeAndSend(LONG_QUESTION);
      await waitUntil(async () => (await t.model.api.host.store.writer(id)) !== undefined, 'the first tab to be writing the session', 20_000);
      await ui.click(`${item} ${byTestId(TEST_IDS.sessionOpen)}`, SECOND);
      await ui.waitFor(NOTICE, SECOND);
      assert.match(await ui.text(NOTICE, SECOND), /This session is in use by Lesson Agent in another VS Code window \(process \d+ on .+\)\. It is shown read-only/);
      await ui.waitFor(`${INPUT}[disabled]`, SECOND);
      await ui.waitFor(USER, { ...SECOND, text: FIRST_MESSAGE });
      await ui.waitFor(USER, { ...SECOND, text: LONG_QUESTION });
      await ui.screenshot('second-tab-read-only', SECOND);

      // The teacher stops the first tab's reply: the session is free, and the second tab follows.
      await ui.click(byTestId(TEST_IDS.stop));
      await waitUntil(() => !t.model.api.controller.busy, 'the first tab’s turn to stop', 20_000);
      await ui.waitFor(NOTICE, { ...SECOND, state: 'hidden', timeout: 20_000 });
      await ui.waitFor(`${INPUT}:not([disabled])`, SECOND);
      await ui.waitFor(ASSISTANT, { ...SECOND, text: 'Hello! What shall we work on?' });
    } finally {
      await ui.closeSecondTab();
    }
  });
});

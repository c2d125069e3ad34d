// The session a teacher used last comes back in a new browser profile (another browser, a cleared
// one, another computer on the same code-server). VS Code for the web keeps workspaceState in the
// browser, so the panel remembers its last session on disk, beside the sessions: here the window
// is closed and the workbench opened in a fresh profile, and the panel must show that session,
// not the newest one and not a new one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, describeAfterReload, ui } from './driver';
import { activeExtension, leaveForReload, leftBeforeReload, waitUntil } from './helpers';
import { ASSISTANT, READY, chatInNewSession, scenarioFile, usePanelTests } from './panelKit';

const NEW_PROFILE = 'the session used last is back in a new browser profile';
const NOTE = 'new-browser-profile';
const TITLE = byTestId(TEST_IDS.sessionTitle);
const PANEL = byTestId(TEST_IDS.sessionsPanel);
const USER = `${byTestId(TEST_IDS.message)}[data-kind="user"]`;
/** Set in the browser's own storage before the window closes: gone in a new profile. */
const MARKER = 'lessonAgentTestProfileMarker';

interface Left {
  sessionId: string;
  title: string;
  newestId: string;
  storeDir: string;
}

describe('continuity: a new browser profile', function () {
  this.timeout(60_000);
  const startPanelTest = usePanelTests();

  it('goes back to an older session, then the window closes', async () => {
    const t = await startPanelTest(scenarioFile('panelFlows.json'));
    const title = 'hello from the session used last';
    const used = await chatInNewSession(t, title, 1);
    const newest = await chatInNewSession(t, 'what can you do in the newest session?', 2);

    // Back to the older one from the sessions list, as a teacher would.
    await ui.click(byTestId(TEST_IDS.sessionsButton));
    await ui.click(`${PANEL} ${byTestId(TEST_IDS.sessionItem)}[data-session-id="${used}"] ${byTestId(TEST_IDS.sessionOpen)}`);
    await waitUntil(() => t.model.api.controller.currentSessionId === used, 'the older session to open');
    await ui.waitFor(TITLE, { text: title });

    await ui.evaluate(`(localStorage.setItem('${MARKER}', '1'), true)`, { frame: 'workbench' });
    leaveForReload(NOTE, { sessionId: used, title, newestId: newest, storeDir: t.model.api.host.store.dir } satisfies Left);
    await ui.reloadAfterTest(NEW_PROFILE, { newBrowserProfile: true });
  });
});

describeAfterReload(NEW_PROFILE, function () {
  this.timeout(60_000);

  it('opens the session used last with its conversation, not the newest and not a new one', async () => {
    const left = leftBeforeReload<Left>(NOTE);
    if (process.env.LESSON_AGENT_TEST_ROUTE !== 'electron') {
      // Desktop VS Code has no browser profile: there the window is relaunched on the same user data.
      assert.equal(await ui.evaluate(`localStorage.getItem('${MARKER}')`, { frame: 'workbench' }), null, 'the browser storage is new');
    }
    await vscode.commands.executeCommand('lessonAgent.openChat');
    const api = await activeExtension();
    assert.equal(api.host.store.dir, left.storeDir, 'the same sessions folder');
    assert.equal(api.controller.currentSessionId, left.sessionId, `the session used last, not the newest (${left.newestId})`);
    await ui.waitFor(READY);
    await ui.waitFor(TITLE, { text: left.title });
    await ui.waitFor(USER, { text: left.title });
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
    assert.equal(await ui.count(USER), 1, 'its own conversation only');
    await ui.screenshot('new-browser-profile');
  });
});

// Proves the foundation: the tests run inside VS Code's extension host, the extension activates
// from its view, and the real webview renders the host's snapshot and talks back to the host.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { emptySession } from '../../src/core/sessions/newSession';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { EXTENSION_ID, activeExtension, waitUntil } from './helpers';

describe('smoke: the extension in a real VS Code', () => {
  // The title carries the versions so the run's output shows where it ran.
  it(`runs inside the extension host of VS Code ${vscode.version} on Node ${process.version}`, () => {
    assert.match(vscode.version, /^1\.\d+\.\d+/);
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is loaded as the extension under development`);
    assert.equal(ext.packageJSON.name, 'lesson-agent');
    // code-server's extension host is Node 24; Electron's has its own Node, never the machine's 20.
    if (process.env.LESSON_AGENT_TEST_ROUTE === 'code-server') assert.match(process.version, /^v24\./);
  });

  it('activates when its chat view opens, and the webview renders the host snapshot', async () => {
    await vscode.commands.executeCommand('lessonAgent.chat.focus');
    const api = await activeExtension();
    const title = `Smoke ${randomUUID().slice(0, 8)}`;
    const id = randomUUID();
    await api.host.store.save(emptySession({ id, now: Date.now(), title }));
    await api.controller.open(id);

    // The webview said `ready`, the host answered with a snapshot that holds this title.
    await ui.waitFor(`${byTestId(TEST_IDS.root)}[data-ready="true"]`);
    await ui.waitFor(byTestId(TEST_IDS.sessionTitle), { text: title });
    assert.equal(await ui.text(byTestId(TEST_IDS.sessionTitle)), title);
    await ui.screenshot('smoke-chat-view');

    // A click in the webview reaches the host (a validated `newSession` message) and the host's
    // new state comes back to the webview.
    await ui.click(byTestId(TEST_IDS.newSessionButton));
    await waitUntil(() => api.controller.currentSessionId === undefined, 'the host to leave the session');
    await ui.waitFor(byTestId(TEST_IDS.sessionTitle), { text: title, state: 'hidden' });
  });
});


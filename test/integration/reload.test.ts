// Proves the harness's reload mechanism on a real behaviour: the open session comes back after
// a window reload, in a new extension host. Tests that need "pending question, reload, answer"
// follow the same pattern: leave state behind, `ui.reloadAfterTest(title)`, check it in
// `describeAfterReload(title, ...)`.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { emptySession } from '../../src/core/sessions/newSession';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, describeAfterReload, ui } from './driver';
import { activeExtension, leaveForReload, leftBeforeReload } from './helpers';

const CONTINUES = 'the open session is back after a window reload';

const NOTE = 'reload-continuity';

interface Left {
  sessionId: string;
  title: string;
}

describe('continuity: window reload', () => {
  it('leaves a session open and asks for a reload', async () => {
    await vscode.commands.executeCommand('lessonAgent.chat.focus');
    const api = await activeExtension();
    const left: Left = { sessionId: randomUUID(), title: `Before reload ${randomUUID().slice(0, 8)}` };
    await api.host.store.save(emptySession({ id: left.sessionId, now: Date.now(), title: left.title }));
    await api.controller.open(left.sessionId);
    await ui.waitFor(byTestId(TEST_IDS.sessionTitle), { text: left.title });
    leaveForReload(NOTE, left);
    await ui.reloadAfterTest(CONTINUES);
  });
});

describeAfterReload(CONTINUES, () => {
  it('reopens the session in a new extension host and renders it', async () => {
    const left = leftBeforeReload<Left>(NOTE);
    await vscode.commands.executeCommand('lessonAgent.chat.focus');
    const api = await activeExtension();
    assert.equal(api.controller.currentSessionId, left.sessionId);
    await ui.waitFor(`${byTestId(TEST_IDS.root)}[data-ready="true"]`);
    await ui.waitFor(byTestId(TEST_IDS.sessionTitle), { text: left.title });
    assert.equal(await ui.text(byTestId(TEST_IDS.sessionTitle)), left.title);
  });
});

// The API key is a secret: after a rejected key (401) and a successful turn, it appears in none of
// the places a user, a log reader or another extension could see: the output channel's log file,
// the session files, the webview's DOM and state, the host's snapshot, the error shown.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import type { FakeModelSession } from './fakeModel';
import { TEST_KEY, useFakeModel } from './fakeModel';
import { filesUnder, waitUntil } from './helpers';

describe('the API key appears nowhere', () => {
  let model: FakeModelSession;

  before(async () => {
    model = await useFakeModel({
      steps: [
        { fault: { kind: 'http', status: 401, errorType: 'authentication_error', message: 'invalid x-api-key' } },
        { blocks: [{ type: 'text', text: 'Hello again, the key works now.' }] },
      ],
    });
    await vscode.commands.executeCommand('lessonAgent.openChat');
    await vscode.commands.executeCommand('lessonAgent.newSession');
  });

  after(() => model.dispose());

  it('a 401 says how to fix it, the session stays usable, and the key is in no log, file, state or error', async () => {
    await model.api.controller.sendMessage('hello');
    const banner = `${byTestId(TEST_IDS.errorBanner)}[data-code="auth"]`;
    await ui.waitFor(banner);
    assert.match(await ui.text(banner), /Set API Key/i, 'the banner names the way to fix it');
    await model.api.controller.sendMessage('hello again');
    await ui.waitFor(byTestId(TEST_IDS.message), { text: 'the key works now' });

    // The key did reach the model, in a header only.
    const sent = model.fake.requests.map((r) => JSON.stringify(r.headers)).join('\n');
    assert.ok(sent.includes(TEST_KEY), 'the fake model received the key in a header');
    assert.ok(!model.fake.requests.some((r) => r.rawBody.includes(TEST_KEY)), 'never in a request body');

    const places: Array<[string, string]> = [];
    // The output channel's log file(s).
    await waitUntil(async () => (await filesUnder(model.api.logUri.fsPath)).length > 0, 'the log file');
    for (const file of await filesUnder(model.api.logUri.fsPath)) places.push([file, await readFile(file, 'utf8')]);
    assert.ok(places.some(([, text]) => /Turn .* ended/.test(text)), 'the log recorded the turns');
    // Every session file and the index.
    const sessionFiles = await filesUnder(model.api.host.store.dir);
    assert.ok(sessionFiles.length >= 2, 'sessions were written');
    for (const file of sessionFiles) places.push([file, await readFile(file, 'utf8')]);
    // What the webview shows and holds, and what the host would send it.
    places.push(['webview DOM', String(await ui.evaluate('document.documentElement.outerHTML'))]);
    places.push(['webview state', JSON.stringify(await ui.evaluate('JSON.stringify(window.localStorage)'))]);
    places.push(['host snapshot', JSON.stringify(model.api.controller.snapshot())]);
    // Settings: the key must not have been written there either.
    places.push(['settings', JSON.stringify(vscode.workspace.getConfiguration('lessonAgent'))]);

    for (const [where, text] of places) {
      assert.ok(!text.includes(TEST_KEY), `the API key leaked into ${where}`);
      assert.ok(!text.includes(TEST_KEY.slice(-12)), `a fragment of the API key leaked into ${where}`);
    }
  });
});

// Sessions that cannot be lost, as a teacher sees them in the real VS Code: a session the command
// line is writing opens read-only with a notice naming it (and opens writable, with what the command
// line added, once it has finished); a damaged session opens with everything before the damage,
// and the panel says so.
import * as assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { readdir, stat, truncate, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { startFakeAnthropic } from '../fake/fakeAnthropic';
import { byTestId, ui } from './driver';
import { uniqueName, waitForTurnEnd } from './fakeModel';
import { EXTENSION_ID, waitUntil } from './helpers';
import type { PanelTest } from './panelKit';
import { ASSISTANT, INPUT, SHORT_LESSON, typeAndSend, usePanelTests } from './panelKit';

const PANEL = byTestId(TEST_IDS.sessionsPanel);
const USER = `${byTestId(TEST_IDS.message)}[data-kind="user"]`;
const NOTED = { steps: [], fallback: { blocks: [{ type: 'text' as const, text: 'Noted.' }] } };

async function openFromList(sessionId: string): Promise<void> {
  await ui.click(byTestId(TEST_IDS.sessionsButton));
  await ui.waitFor(PANEL);
  await ui.click(`${PANEL} ${byTestId(TEST_IDS.sessionItem)}[data-session-id="${sessionId}"] ${byTestId(TEST_IDS.sessionOpen)}`);
  await ui.waitFor(PANEL, { state: 'hidden' });
}

async function journalOf(t: PanelTest, sessionId: string): Promise<string> {
  const dir = t.model.api.host.store.dir;
  const file = (await readdir(dir, { recursive: true })).find((f) => f.endsWith(`${sessionId}.jsonl`));
  assert.ok(file, 'the session has a journal');
  return path.join(dir, file);
}

describe('panel: sessions in use elsewhere or damaged', function () {
  this.timeout(90_000);
  const startPanelTest = usePanelTests();

  it('a session the command line is writing opens read-only, naming it; it opens writable with its reply once it has finished', async () => {
    const t = await startPanelTest(NOTED, { name: uniqueName('in-use', '.lesson.xml'), content: SHORT_LESSON });
    const api = t.model.api;
    await typeAndSend('hello from the panel');
    await waitForTurnEnd(t.model, 1);
    const id = api.controller.currentSessionId;
    assert.ok(id && t.editor);
    await ui.click(byTestId(TEST_IDS.newSessionButton));
    await ui.waitFor(byTestId(TEST_IDS.emptyChat));

    // The command line, another process, takes a turn on the same session; its reply streams slowly.
    const slow = await startFakeAnthropic({ steps: [{ blocks: [{ type: 'text', text: 'From the command line. '.repeat(20), chunk: 4 }], delayMs: 60 }] });
    const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath;
    assert.ok(root);
    const args = [path.join(root, 'dist', 'cli.js'), 'run', '--doc', t.editor.document.uri.fsPath, '--prompt', 'a question from the command line'];
    args.push('--session-dir', api.host.store.dir, '--session', id, '--base-url', slow.url, '--api-key', 'sk-ant-cli-test-key');
    const cli = new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, args, { timeout: 60_000 }, (err, _stdout, stderr) => resolve({ code: err ? Number(err.code ?? -1) : 0, stderr }));
    });
    try {
      await waitUntil(async () => (await api.host.store.writer(id)) !== undefined, 'the command line to hold the session');
      await openFromList(id);
      const notice = byTestId(TEST_IDS.readOnlyNotice);
      await ui.waitFor(notice);
      assert.match(await ui.text(notice), /This session is in use by the lesson-agent command line \(process \d+ on .+, since \d{1,2} [A-Z][a-z]{2} \d{4}, [\d:]+\)\. It is shown read-only/);
      await ui.waitFor(`${INPUT}[disabled]`);
      await ui.waitFor(USER, { text: 'hello from the panel' });
      await ui.screenshot('session-read-only');

      const done = await cli;
      assert.equal(done.code, 0, done.stderr);
      await ui.waitFor(notice, { state: 'hidden', timeout: 15_000 });
      await ui.waitFor(USER, { text: 'a question from the command line' });
      await ui.waitFor(`${ASSISTANT}`, { text: 'From the command line.' });
      await typeAndSend('and one more from the panel');
      await waitForTurnEnd(t.model, 2);
      await ui.waitFor(USER, { text: 'and one more from the panel' });
    } finally {
      await cli;
      await slow.close();
    }
  });

  it('a session whose lock is stuck (another window that never let go) can be taken over from the notice, after a warning', async () => {
    const t = await startPanelTest(NOTED);
    const api = t.model.api;
    await typeAndSend('before the window hung');
    await waitForTurnEnd(t.model, 1);
    const id = api.controller.currentSessionId;
    assert.ok(id);
    await ui.click(byTestId(TEST_IDS.newSessionButton));
    await ui.waitFor(byTestId(TEST_IDS.emptyChat));
    // A lock three days old that names a live process: nothing can tell it is stuck but the teacher.
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    try {
      const since = Date.now() - 3 * 86_400_000;
      const holder = { pid: live.pid, host: hostname(), since, holder: 'Lesson Agent in another VS Code window', token: 'stuck-window' };
      await writeFile(path.join(api.host.store.dir, 'sessions', `${id}.lock`), JSON.stringify(holder), 'utf8');
      await openFromList(id);
      const notice = byTestId(TEST_IDS.readOnlyNotice);
      await ui.waitFor(notice);
      const day = new Date(since).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
      assert.ok((await ui.text(notice)).includes(`since ${day}, `), `the notice gives the date, ${day}`);
      await ui.waitFor(`${INPUT}[disabled]`);
      await ui.click(byTestId(TEST_IDS.takeOver));
      await ui.waitFor(notice, { text: 'what it writes from now on will not be saved' });
      await ui.screenshot('session-take-over');
      await ui.click(byTestId(TEST_IDS.takeOverConfirm));
      await ui.waitFor(notice, { state: 'hidden' });
      await typeAndSend('after taking it over');
      await waitForTurnEnd(t.model, 2);
      await ui.waitFor(USER, { text: 'after taking it over' });
      assert.equal(await api.host.store.writer(id), undefined, 'nobody holds it once the turn is over');
    } finally {
      live.kill();
    }
  });

  it('a damaged session opens with every message before the damage, and the panel says so', async () => {
    const t = await startPanelTest(NOTED);
    const api = t.model.api;
    for (const [i, text] of ['the first message', 'the second message', 'the third message'].entries()) {
      await typeAndSend(text);
      await waitForTurnEnd(t.model, i + 1);
      await ui.waitFor(USER, { text });
    }
    const id = api.controller.currentSessionId;
    assert.ok(id);
    await ui.click(byTestId(TEST_IDS.newSessionButton));
    await ui.waitFor(byTestId(TEST_IDS.emptyChat));
    // A torn write at the end of the journal (a power cut): its last record loses its end.
    const journal = await journalOf(t, id);
    await truncate(journal, (await stat(journal)).size - 40);

    await openFromList(id);
    await waitUntil(() => api.controller.currentSessionId === id, 'the damaged session to open');
    await ui.waitFor(USER, { text: 'the first message' });
    await ui.waitFor(USER, { text: 'the second message' });
    const notice = byTestId(TEST_IDS.notice);
    await ui.waitFor(notice, { text: 'was damaged' });
    assert.match(await ui.text(notice, { text: 'was damaged' }), /Everything before the damage was kept; the rest was set aside/);
    await ui.screenshot('session-damaged');
    // The session goes on from what was kept.
    await typeAndSend('after the damage');
    await waitForTurnEnd(t.model, 4);
    const sent = JSON.stringify(t.fake.requests.at(-1)?.body);
    for (const text of ['the first message', 'the second message', 'after the damage']) assert.ok(sent.includes(text), `${text} is in the conversation`);
  });
});

// What the chat-panel integration tests share: a fresh session bound to a fresh document per
// test, typing into the webview's input like a user, reading the last assistant message, the
// tool results the fake model received, and a recorder that watches the webview's DOM change.
import * as assert from 'node:assert/strict';
import Mocha from 'mocha';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { readScenarioFile, type FakeAnthropic } from '../fake/fakeAnthropic';
import type { ScenarioInput } from '../fake/scenario';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import type { FakeModelSession } from './fakeModel';
import { openFreshDocument, startedPerTest, useFakeModel, waitForTurnEnd, workbench } from './fakeModel';
import { EXTENSION_ID } from './helpers';

export const READY = `${byTestId(TEST_IDS.root)}[data-ready="true"]`;
export const INPUT = byTestId(TEST_IDS.input);
export const ASSISTANT = `${byTestId(TEST_IDS.message)}[data-kind="assistant"]`;
/** The last assistant message (Playwright's nth(-1)). */
export const LAST = { nth: -1 };

/** A short lesson: an appended exercise stays on screen in the editor. */
export const SHORT_LESSON = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<lesson title="Les verbes" level="A2" lang="fr">',
  '  <h1>Les verbes au présent</h1>',
  '  <p>Today we practise regular and irregular verbs in the present tense.</p>',
  '</lesson>',
  '',
].join('\n');

/** A scenario file from test/fake/scenarios. */
export function scenarioFile(name: string): ScenarioInput {
  const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath;
  assert.ok(root, 'the extension under test is loaded');
  return readScenarioFile(path.join(root, 'test', 'fake', 'scenarios', name));
}

export interface PanelTest {
  model: FakeModelSession;
  fake: FakeAnthropic;
  editor: vscode.TextEditor | undefined;
}

/**
 * Starts the fake model, opens `document` (if any) in an editor, and leaves the chat on an empty
 * new session, so the next message starts a session bound to that document.
 */
export async function startPanelTest(scenario: ScenarioInput, document?: { name: string; content: string }): Promise<PanelTest> {
  await vscode.commands.executeCommand('lessonAgent.openChat');
  const model = await useFakeModel(scenario);
  const editor = document ? await openFreshDocument(document.name, document.content) : undefined;
  await model.api.controller.newSession();
  // The chat's webview loads its bundle the first time it opens: slow on a loaded machine.
  await ui.waitFor(READY, { timeout: 60_000 });
  await ui.waitFor(byTestId(TEST_IDS.emptyChat));
  return { model, fake: model.fake, editor };
}

/**
 * Call inside a `describe`: `startPanelTest` for its tests, each ended after the test (its
 * requests checked valid, its model disposed, every editor closed).
 */
export function usePanelTests(): typeof startPanelTest {
  return startedPerTest(startPanelTest, (t) => t.model);
}

/** Types into the chat input and presses Enter, as a user would. */
export async function typeAndSend(text: string): Promise<void> {
  await ui.waitFor(`${INPUT}:not([disabled])`);
  await ui.fill(INPUT, text);
  await ui.press('Enter', { selector: INPUT });
}

/** One message in a new session, answered (the fake's `requests`-th request); returns the session's id. */
export async function chatInNewSession(t: PanelTest, text: string, requests: number): Promise<string> {
  await ui.click(byTestId(TEST_IDS.newSessionButton));
  await ui.waitFor(byTestId(TEST_IDS.emptyChat));
  await typeAndSend(text);
  await waitForTurnEnd(t.model, requests);
  await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
  const id = t.model.api.controller.currentSessionId;
  assert.ok(id, 'the message started a session');
  return id;
}

/** The names of the tool_use blocks in the conversation the last request carried. */
export function toolUsesSent(fake: FakeAnthropic): string[] {
  const last = fake.requests.at(-1)?.body as { messages?: { role: string; content: unknown }[] } | undefined;
  return (last?.messages ?? [])
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as { type: string; name?: string }[]) : []))
    .filter((b) => b.type === 'tool_use')
    .map((b) => b.name ?? '');
}

/** The last assistant message's rendered text. */
export function lastAssistantText(): Promise<string> {
  return ui.text(`${ASSISTANT} ${byTestId(TEST_IDS.messageText)}`, LAST);
}

/**
 * Starts recording, inside the webview, one entry per distinct state of the last assistant
 * message (status, text length, cursor, steps with their status), on every DOM change.
 */
export async function startRecorder(): Promise<void> {
  await ui.evaluate(`(() => {
    const log = [];
    let last = '';
    const sample = () => {
      const all = document.querySelectorAll('${ASSISTANT}');
      const m = all[all.length - 1];
      if (!m) return;
      const text = m.querySelector('${byTestId(TEST_IDS.messageText)}');
      const entry = {
        status: m.getAttribute('data-status'),
        length: text ? text.innerText.length : 0,
        cursor: !!m.querySelector('${byTestId(TEST_IDS.streamingCursor)}'),
        steps: [...m.querySelectorAll('${byTestId(TEST_IDS.step)}')].map((s) => [s.innerText.replace(/\\s+/g, ' ').trim(), s.getAttribute('data-status')]),
        at: Math.round(performance.now()),
      };
      const key = JSON.stringify({ ...entry, at: 0 });
      if (key !== last) { last = key; log.push(entry); }
    };
    window.__panelRecorder?.disconnect();
    const observer = new MutationObserver(sample);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    window.__panelRecorder = observer;
    window.__panelLog = log;
    sample();
    return true;
  })()`);
}

export interface RecordedState {
  status: string | null;
  length: number;
  cursor: boolean;
  steps: [string, string | null][];
  at: number;
}

export async function recorded(): Promise<RecordedState[]> {
  return (await ui.evaluate('window.__panelLog ?? []')) as RecordedState[];
}

export async function setGlobal(section: string, key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(section).update(key, value, vscode.ConfigurationTarget.Global);
}

/** A line in the run's output (mocha's reporter output is what the harness shows and keeps). */
export function report(line: string): void {
  Mocha.reporters.Base.consoleLog(`      ${line}`);
}

/** Wider than the default side bar, as a user reading a long reply would make it (px). */
export const WIDE = 400;

export async function sideBarWidth(): Promise<number> {
  return Number(await ui.evaluate(`Math.round(document.querySelector('.part.sidebar').getBoundingClientRect().width)`, workbench));
}

/**
 * Call inside a screenshot `describe`, which widens the side bar and changes the theme: opens the
 * chat and notes the side bar's width before the suite, narrows it back after each test, and puts
 * the default theme back after the suite. Returns the width it noted.
 */
export function useScreenshotWindow(): () => number {
  let defaultWidth = 0;
  before(async () => {
    await vscode.commands.executeCommand('lessonAgent.openChat');
    defaultWidth = await sideBarWidth();
  });
  after(() => setGlobal('workbench', 'colorTheme', undefined));
  afterEach(() => resizeSideBar('narrower', () => sideBarWidth().then((w) => w <= defaultWidth)));
  return () => defaultWidth;
}

/**
 * Resizes the side bar until `done`. VS Code resizes the focused part, and focus inside a
 * webview does not count as the side bar's: so the editor is focused and resized the other way.
 */
export async function resizeSideBar(direction: 'wider' | 'narrower', done: () => Promise<boolean>): Promise<void> {
  const command = direction === 'wider' ? 'workbench.action.decreaseViewWidth' : 'workbench.action.increaseViewWidth';
  for (let i = 0; i < 30 && !(await done()); i++) {
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await vscode.commands.executeCommand(command);
  }
}

/** A notification in the workbench's notification list (VS Code's own markup). */
const NOTIFICATION = '.notifications-center .notification-list-item';

/** Waits until VS Code shows a notification with `text` (opened in its list: a toast may already be gone). */
export async function notified(text: string): Promise<void> {
  await vscode.commands.executeCommand('notifications.showList');
  await ui.waitFor(NOTIFICATION, { frame: 'workbench', text });
  await vscode.commands.executeCommand('notifications.clearAll');
  await vscode.commands.executeCommand('notifications.hideList');
}

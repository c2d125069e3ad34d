// The offline demo as `npm start` runs it, inside the test's VS Code: the fake server with the
// demo scenario itself (test/fake/scenarios/demo.json), the extension in demo mode
// (LESSON_AGENT_DEMO, LESSON_AGENT_BASE_URL) and no API key anywhere, a fresh copy of a sample
// document open in the editor, and the chat on a new session. dispose() puts everything back.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LessonAgentApi } from '../../src/extension';
import { startFakeAnthropic } from '../fake/fakeAnthropic';
import type { FakeAnthropic } from '../fake/fakeAnthropic';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { openFreshDocument, startedPerTest, uniqueName, waitForTurnEnd } from './fakeModel';
import { EXTENSION_ID, activeExtension, waitUntil } from './helpers';
import { ASSISTANT, LAST, READY, scenarioFile } from './panelKit';

export interface DemoTest {
  fake: FakeAnthropic;
  api: LessonAgentApi;
  /** The sample copy the session is bound to, when one was opened. */
  editor: vscode.TextEditor | undefined;
  dispose(): Promise<void>;
}

const ENV = ['LESSON_AGENT_DEMO', 'LESSON_AGENT_BASE_URL', 'ANTHROPIC_API_KEY'] as const;

/** A sample from the extension's samples/ folder, as text. */
export function sample(name: string): string {
  const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath;
  assert.ok(root, 'the extension under test is loaded');
  return readFileSync(path.join(root, 'samples', name), 'utf8');
}

/** Starts the demo as npm start does, with a fresh copy of `sampleName` open (if given). */
export async function startDemo(sampleName?: string): Promise<DemoTest> {
  await vscode.commands.executeCommand('lessonAgent.openChat');
  const api = await activeExtension();
  const fake = await startFakeAnthropic(scenarioFile('demo.json'));
  const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
  // The extension host is this process: the extension reads these as npm start sets them.
  process.env.LESSON_AGENT_DEMO = '1';
  process.env.LESSON_AGENT_BASE_URL = fake.url;
  delete process.env.ANTHROPIC_API_KEY;
  await vscode.workspace.getConfiguration('lessonAgent').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
  await api.apiKeys.clear();
  const editor = sampleName
    ? await openFreshDocument(uniqueName(sampleName.replace(/\..*$/, ''), sampleName.slice(sampleName.indexOf('.'))), sample(sampleName))
    : undefined;
  await api.controller.newSession();
  await ui.waitFor(READY);
  await ui.waitFor(byTestId(TEST_IDS.emptyChat));
  await ui.waitFor(byTestId(TEST_IDS.demoLabel));
  return {
    fake,
    api,
    editor,
    async dispose() {
      await api.controller.stop();
      await fake.close();
      for (const key of ENV) {
        const value = saved[key];
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      api.controller.pushMeta();
    },
  };
}

/**
 * Call inside a `describe`: `startDemo` for its tests, each demo ended after the test (its
 * requests checked valid, everything put back, every editor closed).
 */
export function useDemo(): typeof startDemo {
  return startedPerTest(startDemo, (t) => t);
}

/** Waits until the demo has answered `requests` requests and the turn is over. */
export function waitForDemo(t: DemoTest, requests: number, timeoutMs = 30_000): Promise<void> {
  return waitForTurnEnd({ fake: t.fake, api: t.api, dispose: t.dispose }, requests, timeoutMs);
}

/** Waits until the last reply (not an earlier one) is done in the panel, and returns its text. */
export async function lastReplyDone(timeout = 30_000): Promise<string> {
  await waitUntil(async () => (await ui.attribute(ASSISTANT, 'data-status', LAST)) === 'done', 'the last reply to be done', timeout);
  return ui.text(`${ASSISTANT} ${byTestId(TEST_IDS.messageText)}`, LAST);
}

/** The step rows of the last reply, once it is done (expanded first), by their first line. */
export async function lastSteps(): Promise<string[]> {
  await lastReplyDone();
  const steps = `${ASSISTANT} ${byTestId(TEST_IDS.steps)}`;
  if ((await ui.attribute(steps, 'data-expanded', LAST)) === 'false') await ui.click(`${ASSISTANT} ${byTestId(TEST_IDS.stepsToggle)}`, LAST);
  await waitUntil(async () => (await ui.attribute(steps, 'data-expanded', LAST)) === 'true', 'the steps to expand');
  const rows = await ui.evaluate(`(() => {
    const all = document.querySelectorAll(${JSON.stringify(ASSISTANT)});
    const last = all[all.length - 1];
    return [...last.querySelectorAll(${JSON.stringify(byTestId(TEST_IDS.step))})].map((s) => s.innerText.split('\\n')[0].trim());
  })()`);
  return rows as string[];
}

/** The last reply's steps and progress notes in the order shown (steps expanded first). */
export async function lastStepsAndNotes(): Promise<string[]> {
  await lastSteps();
  const rows = await ui.evaluate(`(() => {
    const all = document.querySelectorAll(${JSON.stringify(ASSISTANT)});
    const last = all[all.length - 1];
    const rows = last.querySelectorAll(${JSON.stringify(`${byTestId(TEST_IDS.step)}, ${byTestId(TEST_IDS.stepNote)}`)});
    return [...rows].map((e) => (e.dataset.testid === ${JSON.stringify(TEST_IDS.stepNote)} ? 'note: ' : 'step: ') + e.innerText.split('\\n')[0].trim());
  })()`);
  return rows as string[];
}

/** The `prompt:` suggestions rendered in the last reply. */
export const SUGGESTION = `${ASSISTANT} ${byTestId(TEST_IDS.messageText)} a.md-suggestion`;

/** The texts of the suggestions in the last reply. */
export async function lastSuggestions(): Promise<string[]> {
  const texts = await ui.evaluate(`(() => {
    const all = document.querySelectorAll(${JSON.stringify(ASSISTANT)});
    const last = all[all.length - 1];
    return [...last.querySelectorAll('a.md-suggestion')].map((a) => a.textContent.trim());
  })()`);
  return texts as string[];
}

/** Clicks the suggestion with exactly this text in the last reply. */
export async function clickSuggestion(text: string): Promise<void> {
  const index = Number(
    await ui.evaluate(`[...document.querySelectorAll(${JSON.stringify(SUGGESTION)})].map((a) => a.textContent.trim()).lastIndexOf(${JSON.stringify(text)})`),
  );
  assert.ok(index >= 0, `the reply offers "${text}"`);
  await ui.click(SUGGESTION, { nth: index });
}

/** The open document's text, and whether it is still the sample as it was. */
export function documentText(t: DemoTest): string {
  assert.ok(t.editor, 'the test opened a document');
  return t.editor.document.getText();
}

// Integration tests talk to the project's fake Anthropic server, started inside the extension
// host on 127.0.0.1, through the extension's real settings and its real key store.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LessonAgentApi } from '../../src/extension';
import { startFakeAnthropic } from '../fake/fakeAnthropic';
import type { FakeAnthropic } from '../fake/fakeAnthropic';
import type { ScenarioInput } from '../fake/scenario';
import { validateMessagesRequest } from '../fake/validateRequest';
import { ui } from './driver';
import { activeExtension, waitUntil } from './helpers';

export const TEST_KEY = 'sk-ant-integration-test-4f1c9e0b7d2a';

export interface FakeModelSession {
  fake: FakeAnthropic;
  api: LessonAgentApi;
  dispose(): Promise<void>;
}

/** Every request the fake received is a valid Messages request (pairing, roles, blocks). */
export function assertValidRequests(fake: FakeAnthropic): void {
  for (const request of fake.requests) {
    if (request.path !== '/v1/messages') continue;
    assert.notEqual(request.outcome, 'refused:400', `request #${request.index} was accepted by the (strict) fake`);
    assert.deepEqual(validateMessagesRequest(request.body), [], `request #${request.index} is valid`);
  }
}

/**
 * Call inside a `describe`: returns `start`, and registers an afterEach that ends what each test
 * started with it, also when the test failed: every request its fake model received is checked
 * valid, the model is disposed (whether or not the check passed), and every editor is closed.
 */
export function startedPerTest<A extends unknown[], T>(
  start: (...args: A) => Promise<T>,
  modelOf: (started: T) => { fake: FakeAnthropic; dispose(): Promise<void> },
): (...args: A) => Promise<T> {
  const started: T[] = [];
  afterEach(async () => {
    const failures: unknown[] = [];
    for (const model of started.splice(0).map(modelOf)) {
      try {
        assertValidRequests(model.fake);
      } catch (error) {
        failures.push(error);
      }
      await model.dispose().catch((error: unknown) => failures.push(error));
    }
    await closeAllEditors();
    if (failures.length > 0) throw failures[0];
  });
  return async (...args: A) => {
    const value = await start(...args);
    started.push(value);
    return value;
  };
}

/** Points the extension at a fresh fake model with a stored key; dispose() undoes both. */
export async function useFakeModel(scenario: ScenarioInput): Promise<FakeModelSession> {
  // Activation happens as for a user: by opening the chat.
  await vscode.commands.executeCommand('lessonAgent.openChat');
  const api = await activeExtension();
  const fake = await startFakeAnthropic(scenario);
  const config = vscode.workspace.getConfiguration('lessonAgent');
  await config.update('baseUrl', fake.url, vscode.ConfigurationTarget.Global);
  await api.apiKeys.set(TEST_KEY);
  return {
    fake,
    api,
    async dispose() {
      await api.controller.stop();
      await fake.close();
      await vscode.workspace.getConfiguration('lessonAgent').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    },
  };
}

/** A new document in the test workspace (a copy of samples/), opened in an editor. */
export async function openFreshDocument(name: string, content: string): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('The integration tests need a workspace folder.');
  const uri = vscode.Uri.joinPath(folder.uri, 'test-docs', name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
  const doc = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(doc, { preview: false });
}

/** The text of the last user message the fake model received. */
export function lastUserText(fake: FakeAnthropic): string {
  const body = fake.requests.at(-1)?.body as { messages?: Array<{ role: string; content: unknown }> } | undefined;
  const last = body?.messages?.filter((m) => m.role === 'user').at(-1);
  return JSON.stringify(last?.content ?? '');
}

export const workbench = { frame: 'workbench' as const };

export const QUICK_INPUT = '.quick-input-widget .quick-input-box input';

/**
 * Answers the quick input / input box a command opened, as a user would. Some inputs (the save
 * dialog's path) set their own value a moment after they open: fill until the value holds.
 */
export async function answerQuickInput(value: string): Promise<void> {
  await ui.waitFor(QUICK_INPUT, workbench);
  const current = `document.querySelector(${JSON.stringify(QUICK_INPUT)})?.value`;
  await waitUntil(async () => {
    await ui.fill(QUICK_INPUT, value, workbench);
    await new Promise((resolve) => setTimeout(resolve, 150));
    return (await ui.evaluate(current, workbench)) === value;
  }, `the quick input to hold "${value}"`);
  await ui.press('Enter', { ...workbench, selector: QUICK_INPUT });
}

let counter = 0;

/** A file name no other test (or earlier run) uses. */
export function uniqueName(stem: string, extension: string): string {
  return `${stem}-${Date.now().toString(36)}-${++counter}${extension}`;
}

/** Waits until the fake has answered `requests` requests and the agent is idle again. */
export async function waitForTurnEnd(model: FakeModelSession, requests: number, timeoutMs = 20_000): Promise<void> {
  await waitUntil(() => model.fake.requests.length >= requests && !model.api.controller.busy, `request #${requests} and the end of the turn`, timeoutMs);
}

interface ToolResultBlock {
  type: 'tool_result';
  content: unknown;
  is_error?: boolean;
}

/** The tool_result blocks the fake received in the last user message of request `index`. */
export function toolResultsOf(fake: FakeAnthropic, index: number): { content: string; isError: boolean }[] {
  const body = fake.requests[index]?.body as { messages?: { role: string; content: unknown }[] } | undefined;
  assert.ok(body, `request #${index} was received`);
  const last = body.messages?.filter((m) => m.role === 'user').at(-1);
  const blocks = Array.isArray(last?.content) ? (last.content as { type: string }[]) : [];
  return blocks
    .filter((b): b is ToolResultBlock => b.type === 'tool_result')
    .map((b) => ({ content: typeof b.content === 'string' ? b.content : JSON.stringify(b.content), isError: b.is_error === true }));
}

/** Saves what tests left dirty (their throwaway copies) and closes every editor, without dialogs. */
export async function closeAllEditors(): Promise<void> {
  await vscode.workspace.saveAll(false);
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Small helpers shared by integration tests.
import * as vscode from 'vscode';
import type { LessonAgentApi } from '../../src/extension';

export const EXTENSION_ID = 'lesson-agent.lesson-agent';

/** Polls `check` until it holds; fails with `what` after `timeoutMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The extension's API, activated the way a user activates it: when it is not active yet, its
 * chat view is opened (tests never call activate(), or they would not notice a broken activation
 * event).
 */
export async function activeExtension(timeoutMs = 15_000): Promise<LessonAgentApi> {
  const ext = vscode.extensions.getExtension<LessonAgentApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed in this extension host`);
  if (!ext.isActive) await vscode.commands.executeCommand('lessonAgent.chat.focus');
  await waitUntil(() => ext.isActive, `${EXTENSION_ID} to activate when its chat view opens`, timeoutMs);
  return ext.exports;
}

// Small helpers shared by integration tests.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import * as path from 'node:path';
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

/** Every file under `dir`, at any depth (none when it does not exist). */
export async function filesUnder(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return names.filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name));
}

/** A note in the harness's artifacts folder, which outlives a window reload. */
function reloadNotePath(name: string): string {
  const dir = process.env.LESSON_AGENT_TEST_ARTIFACTS;
  if (!dir) throw new Error('LESSON_AGENT_TEST_ARTIFACTS is not set: run with `npm run test:integration`.');
  return path.join(dir, `${name}.json`);
}

/**
 * Leaves `state` for the suite that runs after the window reload (`describeAfterReload`), with
 * this extension host's pid, so that suite can tell the reload started a new one.
 */
export function leaveForReload(name: string, state: object): void {
  writeFileSync(reloadNotePath(name), JSON.stringify({ ...state, pid: process.pid }));
}

/** What the test before the window reload left, checked to come from another extension host. */
export function leftBeforeReload<T extends object>(name: string): T {
  const left = JSON.parse(readFileSync(reloadNotePath(name), 'utf8')) as T & { pid: number };
  assert.notEqual(process.pid, left.pid, 'a reload starts a new extension host');
  return left;
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

// What the editing integration tests share: a fresh lesson bound to a fresh session per test,
// typing into the real editor as a user would (key by key in the workbench page), waiting for a
// turn to end, and reading what the fake model received as tool results.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ReadonlySession } from '../../src/core/sessions/schema';
import type { FakeAnthropic } from '../fake/fakeAnthropic';
import type { ScenarioInput } from '../fake/scenario';
import { ui } from './driver';
import type { FakeModelSession } from './fakeModel';
import { openFreshDocument, startedPerTest, useFakeModel, workbench } from './fakeModel';
import { waitUntil } from './helpers';

/** The focused Monaco editor's input (EditContext in recent VS Code, a textarea before). */
const EDITOR_INPUT = '.monaco-editor.focused .native-edit-context, .monaco-editor.focused textarea.inputarea';

/** A short lesson every test starts from; each test gets its own copy under a unique name. */
export const WEATHER_LESSON = [
  '<lesson title="Weather" lang="en">',
  '  <h1>Talking about the weather</h1>',
  '  <p>Today we learn words for the weather: sun, rain, wind and clouds.</p>',
  '  <p>Look out of the window and describe what you see.</p>',
  '  <p>Homework: write three sentences about the weather today.</p>',
  '</lesson>',
  '',
].join('\n');

/** A short exercise the scripted model adds to a weather lesson. */
export const WEATHER_EXERCISE = [
  '  <exercise id="weather-1" type="fill-blanks" level="A1">',
  '    <h3>Complete the sentences</h3>',
  '    <p>Take an umbrella: it is going to <blank answer="rain" student-answer=""/>.</p>',
  '  </exercise>',
  '',
].join('\n');

let counter = 0;

/**
 * A tool_use id unique across tests. The fake numbers its ids per server, so every test's first
 * call would be `toolu_fake_1_1`; real ids never repeat, and the webview remembers decided cards
 * by id.
 */
export function toolUseId(): string {
  return `toolu_edit_${Date.now().toString(36)}_${++counter}`;
}

export interface EditingTest {
  model: FakeModelSession;
  fake: FakeAnthropic;
  editor: vscode.TextEditor;
  document: vscode.TextDocument;
}

/**
 * Starts the fake model with `scenario`, opens a new document with `content`, and leaves the
 * chat without a session, so the next message starts one bound to this document.
 */
export async function startEditingTest(scenario: ScenarioInput, name: string, content: string): Promise<EditingTest> {
  await vscode.commands.executeCommand('lessonAgent.openChat');
  const model = await useFakeModel(scenario);
  const editor = await openFreshDocument(name, content);
  await model.api.controller.newSession();
  return { model, fake: model.fake, editor, document: editor.document };
}

type ApprovalRule = 'never' | 'large' | 'always';

/**
 * Call inside a `describe`: `startEditingTest` for its tests, each ended after the test (its
 * requests checked valid, its model disposed, every editor closed), and the suite run under
 * `settings` (auto save, the approval rule for edits), put back after it.
 */
export function useEditingTests(settings: { autoSave?: 'off'; approval?: ApprovalRule } = {}): typeof startEditingTest {
  before(async () => {
    if (settings.autoSave) await setAutoSave(settings.autoSave);
    if (settings.approval) await setApprovalRule(settings.approval);
  });
  after(async () => {
    if (settings.autoSave) await setAutoSave(undefined);
    if (settings.approval) await setApprovalRule(undefined);
  });
  return startedPerTest(startEditingTest, (t) => t.model);
}

/** Gives the editor the focus, puts the cursor at `at`, and types `text` key by key. */
export async function typeInEditor(document: vscode.TextDocument, at: vscode.Position, text: string): Promise<void> {
  const editor = await vscode.window.showTextDocument(document, { preserveFocus: false, preview: false });
  await waitUntil(() => vscode.window.activeTextEditor?.document === document, 'the editor to be active');
  editor.selection = new vscode.Selection(at, at);
  // The selection reaches the workbench over the same ordered channel as commands: once a command
  // has round-tripped, the cursor is where it was put (under load, keys typed before that landed
  // at the old cursor).
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  await ui.type(EDITOR_INPUT, text, workbench);
  // The keys reach the page at once but the extension host's copy of the text a moment later.
  const typed = new vscode.Range(at, at.translate(0, text.length));
  await waitUntil(() => document.getText(typed) === text, `"${text}" to reach the document`).catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the document holds:\n${document.getText()}`);
  });
}

/** Presses a key (e.g. Control+z) in the editor showing `document`, as a user would. */
export async function pressInEditor(document: vscode.TextDocument, key: string): Promise<void> {
  await vscode.window.showTextDocument(document, { preserveFocus: false, preview: false });
  await ui.press(key, { ...workbench, selector: EDITOR_INPUT });
}

/** The position just after the first occurrence of `anchor` in the document. */
export function positionAfter(document: vscode.TextDocument, anchor: string): vscode.Position {
  const offset = document.getText().indexOf(anchor);
  assert.ok(offset >= 0, `"${anchor}" is in the document`);
  return document.positionAt(offset + anchor.length);
}

export async function currentSession(model: FakeModelSession): Promise<ReadonlySession> {
  const id = model.api.controller.currentSessionId;
  assert.ok(id, 'a session is open');
  return model.api.controller.loadSession(id);
}

/** The `<document ...>` block the agent sent with request `index` (what the model "saw"). */
export function documentSent(fake: FakeAnthropic, index: number): string {
  const raw = fake.requests[index]?.rawBody ?? '';
  const body = JSON.parse(raw) as { messages: { content: unknown }[] };
  const texts = body.messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as { type: string; text?: string }[]) : []));
  const block = texts.filter((b) => b.type === 'text' && b.text?.startsWith('<document')).at(-1);
  assert.ok(block?.text, `request #${index} carried the document`);
  return block.text;
}

/** Diff editors open in the workbench whose left side is one of our review documents. */
export function reviewDiffTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.original.scheme === 'lesson-agent-review');
}

/**
 * VS Code for the web (code-server) auto-saves after a second by default; desktop VS Code does
 * not. Tests about unsaved buffers turn it off so "unsaved" does not depend on timing.
 */
export async function setAutoSave(value: 'off' | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('files').update('autoSave', value, vscode.ConfigurationTarget.Global);
}

export async function setApprovalRule(rule: ApprovalRule | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('lessonAgent').update('approval.edits', rule, vscode.ConfigurationTarget.Global);
}

export async function fileExists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}


// What the lesson preview's integration tests share: a lesson opened with its preview beside it
// (through Ctrl+K V, as a user opens it), reading the preview's frame through the UI driver, and
// printing an exported file to PDF with headless Chromium and poppler's tools.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { PREVIEW_TEST_IDS } from '../../webview-ui/src/preview/previewTestIds';
import { ui } from './driver';
import { openFreshDocument, workbench } from './fakeModel';
import { activeExtension, waitUntil } from './helpers';

const run = promisify(execFile);

export const preview = { frame: 'preview' as const };
export const PREVIEW = `[data-testid="${PREVIEW_TEST_IDS.root}"]`;
export const byPreviewId = (id: keyof typeof PREVIEW_TEST_IDS): string => `[data-testid="${PREVIEW_TEST_IDS[id]}"]`;

/** Waits until the preview shows the document's current version. */
export async function previewShows(document: vscode.TextDocument, timeout = 10_000): Promise<void> {
  await ui.waitFor(`${PREVIEW}[data-version="${document.version}"]`, { ...preview, state: 'attached', timeout });
}

/** Opens a new lesson in an editor and its preview beside it with Ctrl+K V, pressed in the editor. */
export async function openWithPreview(name: string, content: string): Promise<vscode.TextEditor> {
  const editor = await openFreshDocument(name, content);
  await waitUntil(() => vscode.window.activeTextEditor?.document === editor.document, 'the lesson to be the active editor');
  await ui.waitFor('.monaco-editor.focused', workbench);
  await ui.press('Control+k', workbench);
  await ui.press('v', workbench);
  const api = await activeExtension();
  await waitUntil(() => api.preview.panelFor(editor.document.uri) !== undefined, 'Ctrl+K V to open the preview');
  // A new webview loads its bundle first: on a busy machine that takes a while.
  await previewShows(editor.document, 30_000);
  return editor;
}

/** Values of the preview's inputs matched by `selector` (gaps show answers in their inputs). */
export async function inputValues(selector: string): Promise<string[]> {
  return (await ui.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => e.value)`, preview)) as string[];
}

export async function applyEdit(document: vscode.TextDocument, find: string, replace: string): Promise<void> {
  const at = document.getText().indexOf(find);
  assert.ok(at >= 0, `"${find}" is in the document`);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(at), document.positionAt(at + find.length)), replace);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

/** 1-based line of the first line holding `text`. */
export function lineOf(content: string, text: string): number {
  const index = content.split('\n').findIndex((l) => l.includes(text));
  assert.ok(index >= 0, `"${text}" is in the text`);
  return index + 1;
}

function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return undefined;
}

/** The harness's Chromium (it passes its path), else one on PATH. */
function chromium(): string {
  const found = process.env.LESSON_AGENT_CHROMIUM ?? onPath('chromium') ?? onPath('chromium-browser') ?? onPath('google-chrome');
  assert.ok(found && existsSync(found), 'Chromium is needed to print the exported lesson (the harness passes LESSON_AGENT_CHROMIUM)');
  return found;
}

export interface Printed {
  pdf: string;
  /** The text poppler reads from the PDF, page by page. */
  pages: string[];
  /** One PNG per page. */
  images: string[];
}

/**
 * Prints an HTML file to PDF in headless Chromium, reads its text and renders its pages. (The file's
 * own CSP forbids scripts, so what prints is what a reader without scripts sees.)
 */
export async function printToPdf(html: vscode.Uri): Promise<Printed> {
  for (const tool of ['pdftotext', 'pdftoppm']) assert.ok(onPath(tool), `${tool} (poppler-utils) is needed to read the printed PDF`);
  const pdf = html.fsPath.replace(/\.html$/, '.pdf');
  const profile = mkdtempSync(join(tmpdir(), 'lesson-print-'));
  try {
    await run(
      chromium(),
      ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', `--user-data-dir=${profile}`, '--no-pdf-header-footer', `--print-to-pdf=${pdf}`, html.toString()],
      { timeout: 60_000 },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  assert.ok(existsSync(pdf), `Chromium wrote ${pdf}`);
  const { stdout } = await run('pdftotext', ['-layout', pdf, '-']);
  const pages = stdout.split('\f').filter((p) => p.trim() !== '');
  const prefix = pdf.replace(/\.pdf$/, '-page');
  await run('pdftoppm', ['-png', '-r', '80', pdf, prefix]);
  const images = pages.map((_p, i) => `${prefix}-${i + 1}.png`).filter(existsSync);
  return { pdf, pages, images };
}

// "Export Lesson as HTML": the student or the teacher copy of a lesson (asked, from the command
// and from the preview alike), written where the user chooses, its own words in the lesson's
// language (asked once when the lesson does not say, and noted in it). The text comes from the open
// buffer (unsaved changes included), as in the preview.
import * as vscode from 'vscode';
import { renderLessonHtml } from '../core/lesson/lessonHtml';
import { languageInsert } from '../core/lesson/lessonLanguage';
import { buildLessonView } from '../core/lesson/lessonView';
import { languageOf } from '../shared/l10n';
import type { Copy } from '../shared/lessonView';
import { WORKSHEET_LANGUAGES, worksheetWords } from '../shared/worksheetWords';
import { documentName } from './documentAccess';
import { canOpenInBrowser, showExportedPage } from './exportedPage';
import type { ExportFolder } from './exportFolder';
import { savedWhere } from './savedWhere';

/** `name.lesson.xml` -> `name-student.html`, in the folder exports are offered in. */
export function exportTarget(uri: vscode.Uri, copy: Copy, folder: ExportFolder): vscode.Uri {
  const base = uri.path.split('/').pop() ?? 'lesson';
  const stem = base.replace(/\.lesson\.xml$|\.xml$/i, '') || 'lesson';
  return folder.target(`${stem}-${copy}`, '.html', 'lesson');
}

/** Asks which copy; the one the preview shows (if any) comes first, ready for Enter. */
async function pickCopy(shown?: Copy): Promise<Copy | undefined> {
  const items: Array<vscode.QuickPickItem & { copy: Copy }> = [
    { copy: 'student', label: vscode.l10n.t('Student copy'), detail: vscode.l10n.t('The worksheet to hand out: no answers, no teacher notes.') },
    { copy: 'teacher', label: vscode.l10n.t('Teacher copy'), detail: vscode.l10n.t('With the answer key, model answers, marking criteria and your notes.') },
  ];
  if (shown === 'teacher') items.reverse();
  const first = items[0];
  if (first && shown) first.description = vscode.l10n.t('as the preview shows it');
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Export Lesson as HTML'), placeHolder: vscode.l10n.t('Which copy?') });
  return picked?.copy;
}

/** A language named in itself ("Français"), as a teacher looks for it in a list. */
function ownName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return tag;
  }
}

/**
 * Asks the language of a lesson that does not say one: the worksheet's own words ("Name:", "Exercise
 * 1") follow it. VS Code's display language comes first, ready for Enter; each language shows the
 * words it prints.
 */
async function askLanguage(name: string): Promise<string | undefined> {
  const display = languageOf(vscode.env.language);
  const tags = Object.keys(WORKSHEET_LANGUAGES).sort((a, b) => Number(b === display) - Number(a === display));
  const items = tags.map((tag) => {
    const words = worksheetWords(tag);
    return { tag, label: ownName(tag), description: `${words.name} ${words.date} ${words.exercise.replace('{0}', '1')}` };
  });
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Which language is {0} in?', name),
    placeHolder: vscode.l10n.t("The worksheet's own words follow it. The lesson notes your answer, so this is asked once."),
  });
  return picked?.tag;
}

/** Notes `lang` in the lesson (an edit the teacher sees and can undo), so its next export does not ask. */
async function noteLanguage(document: vscode.TextDocument, lang: string): Promise<void> {
  const insert = languageInsert(document.getText(), lang);
  if (!insert) return;
  const edit = new vscode.WorkspaceEdit();
  edit.insert(document.uri, document.positionAt(insert.offset), insert.text);
  await vscode.workspace.applyEdit(edit);
}

export interface HtmlExportOptions {
  /** Where the save dialog opens. */
  folder: ExportFolder;
  /** The copy to write without asking (the command's argument). */
  copy?: Copy;
  /** The copy the preview shows: asked first. */
  shown?: Copy;
}

/**
 * Says where the page went, as a notification the teacher sees, with a way to look at it: a tab
 * in VS Code everywhere, and the browser where one can open the file.
 */
function announce(target: vscode.Uri): void {
  const open = vscode.l10n.t('Open');
  const browser = vscode.l10n.t('Open in Browser');
  const actions = canOpenInBrowser(target) ? [open, browser] : [open];
  void vscode.window
    .showInformationMessage(vscode.l10n.t('Exported {0}. Print it from a browser.', savedWhere(target)), ...actions)
    .then(async (choice) => {
      if (choice === open) await showExportedPage(target);
      else if (choice === browser) await vscode.env.openExternal(target);
    });
}

/** Runs the export; resolves to the file written, or undefined when the user cancelled or it failed. */
export async function exportLessonHtml(uri: vscode.Uri, options: HtmlExportOptions): Promise<vscode.Uri | undefined> {
  const document = await vscode.workspace.openTextDocument(uri);
  const result = buildLessonView(document.getText());
  if (!result.ok) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('{0} cannot be exported: line {1}: {2}', documentName(uri), result.error.line, result.error.message),
    );
    return undefined;
  }
  const chosen = options.copy ?? (await pickCopy(options.shown));
  if (!chosen) return undefined;
  const said = result.lesson.lang;
  const lang = said ?? (await askLanguage(documentName(uri)));
  if (!lang) return undefined;
  const target = await vscode.window.showSaveDialog({
    defaultUri: exportTarget(uri, chosen, options.folder),
    filters: { HTML: ['html', 'htm'] },
    title: chosen === 'teacher' ? vscode.l10n.t('Save the teacher copy') : vscode.l10n.t('Save the student copy'),
    saveLabel: vscode.l10n.t('Export'),
  });
  if (!target) return undefined;
  const html = renderLessonHtml({ ...result.lesson, lang }, { copy: chosen, documentName: documentName(uri) });
  try {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(html));
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('The lesson could not be saved to {0}: {1}', target.fsPath, String(error)));
    return undefined;
  }
  await options.folder.remember(target);
  if (said === undefined) await noteLanguage(document, lang);
  announce(target);
  return target;
}

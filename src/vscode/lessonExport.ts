// "Export Lesson as HTML": the student or the teacher copy of a lesson, written where the user
// chooses. The text comes from the open buffer (unsaved changes included), as in the preview.
import * as vscode from 'vscode';
import { renderLessonHtml } from '../core/lesson/lessonHtml';
import { buildLessonView } from '../core/lesson/lessonView';
import type { Copy } from '../shared/lessonView';
import { documentName } from './documentAccess';

/** `name.lesson.xml` -> `name-student.html` beside it. */
export function exportTarget(uri: vscode.Uri, copy: Copy): vscode.Uri {
  const base = uri.path.split('/').pop() ?? 'lesson';
  const stem = base.replace(/\.lesson\.xml$|\.xml$/i, '') || 'lesson';
  return vscode.Uri.joinPath(uri, '..', `${stem}-${copy}.html`);
}

async function pickCopy(): Promise<Copy | undefined> {
  const items: Array<vscode.QuickPickItem & { copy: Copy }> = [
    { copy: 'student', label: vscode.l10n.t('Student copy'), detail: vscode.l10n.t('The worksheet to hand out: no answers, no teacher notes.') },
    { copy: 'teacher', label: vscode.l10n.t('Teacher copy'), detail: vscode.l10n.t('With the answer key, model answers, marking criteria and your notes.') },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Export Lesson as HTML'), placeHolder: vscode.l10n.t('Which copy?') });
  return picked?.copy;
}

/** Runs the export; resolves to the file written, or undefined when the user cancelled or it failed. */
export async function exportLessonHtml(uri: vscode.Uri, copy?: Copy): Promise<vscode.Uri | undefined> {
  const document = await vscode.workspace.openTextDocument(uri);
  const result = buildLessonView(document.getText());
  if (!result.ok) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('{0} cannot be exported: line {1}: {2}', documentName(uri), result.error.line, result.error.message),
    );
    return undefined;
  }
  const chosen = copy ?? (await pickCopy());
  if (!chosen) return undefined;
  const target = await vscode.window.showSaveDialog({
    defaultUri: exportTarget(uri, chosen),
    filters: { HTML: ['html', 'htm'] },
    title: chosen === 'teacher' ? vscode.l10n.t('Save the teacher copy') : vscode.l10n.t('Save the student copy'),
    saveLabel: vscode.l10n.t('Export'),
  });
  if (!target) return undefined;
  const html = renderLessonHtml(result.lesson, { copy: chosen, documentName: documentName(uri) });
  try {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(html));
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('The lesson could not be saved to {0}: {1}', target.fsPath, String(error)));
    return undefined;
  }
  const open = vscode.l10n.t('Open in Browser');
  void vscode.window
    .showInformationMessage(vscode.l10n.t('Exported {0}. Print it from a browser.', vscode.workspace.asRelativePath(target, false)), open)
    .then((choice) => (choice === open ? vscode.env.openExternal(target) : undefined));
  return target;
}

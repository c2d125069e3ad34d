// A lesson out to a learning platform (GIFT for Moodle, a QTI 3.0 package for the others) and a
// platform's quiz in as a new lesson. Before an export writes anything the teacher reads, on the
// lesson's preview, what the format cannot carry as it is and what is done instead, and chooses
// Export or Cancel; an imported lesson opens with its preview showing what came in differently.
// Nothing is lost silently. (A report card rather than a modal dialog: it holds a long list
// readably beside the lesson it is about.) The text comes from the open buffer, unsaved changes
// included, as in the preview.
import * as vscode from 'vscode';
import { exportLesson, importQuiz } from '../core/exchange/exchange';
import { isLessonPath } from '../core/documents/kind';
import type { Notice } from '../core/exchange/quiz';
import type { ExchangeReport, ReportAnswer } from '../shared/previewProtocol';
import { documentName } from './documentAccess';
import type { ExportFolder } from './exportFolder';
import { savedWhere } from './savedWhere';

export type QuizFormat = 'gift' | 'qti';

const ENDINGS: Record<QuizFormat, string> = { gift: '.gift.txt', qti: '.qti.zip' };

function stemOf(uri: vscode.Uri): string {
  const base = uri.path.split('/').pop() ?? 'lesson';
  return base.replace(/\.lesson\.xml$|\.xml$/i, '') || 'lesson';
}

/** `name.lesson.xml` -> `name.gift.txt` (or `name.qti.zip`), in the folder exports are offered in. */
export function quizTarget(uri: vscode.Uri, format: QuizFormat, folder: ExportFolder): vscode.Uri {
  return folder.target(stemOf(uri), ENDINGS[format], 'lesson');
}

/** "8 questions in 3 exercises". */
export function counted(exercises: number, questions: number): string {
  const q = questions === 1 ? vscode.l10n.t('1 question') : vscode.l10n.t('{0} questions', questions);
  return exercises === 1 ? vscode.l10n.t('{0} in 1 exercise', q) : vscode.l10n.t('{0} in {1} exercises', q, exercises);
}

/** Where reports are shown: the lesson's preview (lessonPreview.ts). */
export interface ReportSurface {
  report(uri: vscode.Uri, report: ExchangeReport): Promise<ReportAnswer>;
}

/** An export's report surface, and where its file is offered. */
export interface ExportSurface extends ReportSurface {
  readonly exportFolder: ExportFolder;
}

let reports = 0;

function reportOf(kind: ExchangeReport['kind'], format: QuizFormat, counts: { exercises: number; questions: number; notCarried: readonly Notice[] }, source?: string): ExchangeReport {
  return { id: ++reports, kind, format, ...(source ? { source } : {}), exercises: counts.exercises, questions: counts.questions, notices: [...counts.notCarried] };
}

async function write(target: vscode.Uri, data: Uint8Array): Promise<boolean> {
  try {
    await vscode.workspace.fs.writeFile(target, data);
    return true;
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} could not be written: {1}', target.fsPath, error instanceof Error ? error.message : String(error)));
    return false;
  }
}

const NEXT_STEP: Record<QuizFormat, () => string> = {
  gift: () => vscode.l10n.t("In Moodle: the course's Question bank, Import, GIFT format, then add the questions to a quiz."),
  qti: () => vscode.l10n.t("In Canvas, Blackboard, TAO, Inspera or another platform: import it as a QTI package (the .zip as it is)."),
};

/** Exports the lesson as GIFT or QTI; resolves to the file written, or undefined when cancelled or failed. */
export async function exportLessonAs(uri: vscode.Uri, format: QuizFormat, surface: ExportSurface): Promise<vscode.Uri | undefined> {
  const document = await vscode.workspace.openTextDocument(uri);
  const exported = exportLesson(document.getText(), format, documentName(uri));
  if (!exported.ok) {
    void vscode.window.showErrorMessage(exported.message);
    return undefined;
  }
  if (exported.questions === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('{0} has no exercise with questions to export.', documentName(uri)));
    return undefined;
  }
  // Something will not go as it is: the teacher reads what, on the preview, before anything is written.
  if (exported.notCarried.length > 0 && (await surface.report(uri, reportOf('export', format, exported))) !== 'export') return undefined;
  const target = await vscode.window.showSaveDialog({
    defaultUri: quizTarget(uri, format, surface.exportFolder),
    filters: format === 'gift' ? { GIFT: ['txt', 'gift'] } : { [vscode.l10n.t('QTI package')]: ['zip'] },
    title: format === 'gift' ? vscode.l10n.t('Save the GIFT file') : vscode.l10n.t('Save the QTI package'),
    saveLabel: vscode.l10n.t('Export'),
  });
  if (!target || !(await write(target, exported.data))) return undefined;
  await surface.exportFolder.remember(target);
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Exported {0} to {1}. {2}', counted(exported.exercises, exported.questions), savedWhere(target), NEXT_STEP[format]()),
  );
  return target;
}

/** `quiz.gift.txt` -> `quiz.lesson.xml` beside it, or in the first workspace folder when it is outside. */
function lessonTarget(source: vscode.Uri): vscode.Uri {
  const base = (source.path.split('/').pop() ?? 'quiz').replace(/\.(gift\.txt|gift|txt|qti\.zip|zip|xml)$/i, '') || 'quiz';
  const beside = vscode.Uri.joinPath(source, '..');
  const folder = vscode.workspace.getWorkspaceFolder(source) ? beside : (vscode.workspace.workspaceFolders?.[0]?.uri ?? beside);
  return vscode.Uri.joinPath(folder, `${base}.lesson.xml`);
}

/** A lesson is a `.lesson.xml` file (the preview and the agent know it by that): `quiz.xml` -> `quiz.lesson.xml`. */
function asLessonFile(uri: vscode.Uri): vscode.Uri {
  if (isLessonPath(uri.path)) return uri;
  return uri.with({ path: `${uri.path.replace(/\.xml$/i, '')}.lesson.xml` });
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

async function pickQuizFile(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    title: vscode.l10n.t('Import a quiz as a new lesson'),
    openLabel: vscode.l10n.t('Import'),
    filters: { [vscode.l10n.t('GIFT files and QTI packages')]: ['gift', 'txt', 'zip', 'xml'] },
  });
  return picked?.[0];
}

/**
 * Reads a GIFT file or a QTI package (3.0 or 2.1) into a new lesson: asks where to save it (a new
 * file: nothing of the teacher's is replaced), then opens it with its preview beside it, the
 * preview showing what came in differently.
 */
export async function importQuizFile(surface: ReportSurface, source?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const from = source ?? (await pickQuizFile());
  if (!from) return undefined;
  let data: Uint8Array;
  try {
    data = await vscode.workspace.fs.readFile(from);
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} could not be read: {1}', from.fsPath, error instanceof Error ? error.message : String(error)));
    return undefined;
  }
  const name = from.path.split('/').pop() ?? from.path;
  const imported = importQuiz(data, name);
  if (!imported.ok) {
    void vscode.window.showErrorMessage(imported.message);
    return undefined;
  }
  const counts = counted(imported.exercises, imported.questions);
  const target = await vscode.window.showSaveDialog({
    defaultUri: lessonTarget(from),
    filters: { [vscode.l10n.t('Lesson')]: ['xml'] },
    title: vscode.l10n.t('Save the new lesson'),
    saveLabel: vscode.l10n.t('Save Lesson'),
  });
  if (!target) return undefined;
  const lesson = asLessonFile(target);
  // The dialog asked before replacing the file it was given, not one whose name was completed.
  if (lesson.toString() !== target.toString() && (await exists(lesson))) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} already exists: nothing was written. Import again and choose another name.', vscode.workspace.asRelativePath(lesson, false)));
    return undefined;
  }
  if (!(await write(lesson, new TextEncoder().encode(imported.xml)))) return undefined;
  const document = await vscode.workspace.openTextDocument(lesson);
  await vscode.window.showTextDocument(document, { preview: false });
  void surface.report(lesson, reportOf('import', imported.format, imported, name));
  void vscode.window.showInformationMessage(vscode.l10n.t('Imported {0} from {1} as {2}.', counts, name, vscode.workspace.asRelativePath(lesson, false)));
  return lesson;
}

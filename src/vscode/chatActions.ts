// The editor-side actions the chat controller asks for: dialogs, diffs, export, revert.
import * as vscode from 'vscode';
import type { ChatHostActions, ExportedFile } from '../core/chat/chatController';
import { applyEditAgain, revertEdit } from '../core/chat/revert';
import { editReview, proposalReview, type ReviewTexts } from '../core/chat/review';
import { sessionToMarkdown } from '../core/sessions/markdown';
import type { ReadonlyEdit, ReadonlySession } from '../core/sessions/schema';
import type { ApiKeyStore } from './apiKey';
import { VscodeDocumentAccess } from './documentAccess';
import type { EditHighlighter } from './editHighlight';
import type { ExportFolder } from './exportFolder';
import type { ReviewDocuments } from './proposalDocuments';
import { savedPlaceOf } from './savedWhere';

/** The document's text as the editor has it (unsaved changes included); '' when it does not exist. */
async function currentText(uri: string): Promise<string> {
  try {
    return (await vscode.workspace.openTextDocument(vscode.Uri.parse(uri))).getText();
  } catch {
    return '';
  }
}

function titled(title: string, texts: ReviewTexts): string {
  if (texts.note === 'on the current text') return vscode.l10n.t('{0}, on the current text', title);
  if (texts.note === 'undone') return vscode.l10n.t('{0}, undone (now ↔ applied again)', title);
  if (texts.note === 'changed lines only') return vscode.l10n.t('{0}, changed lines only', title);
  return title;
}

/** "unit 3.md" in "Documents" (or in "your home folder"), with the full path for the tooltip. */
function describeTarget(target: vscode.Uri): ExportedFile {
  return { uri: target.toString(), ...savedPlaceOf(target), path: target.fsPath };
}

export interface ChatActionsDeps {
  apiKeys: ApiKeyStore;
  review: ReviewDocuments;
  log: vscode.LogOutputChannel;
  /** Where exports are offered, and remembered. */
  exportFolder: ExportFolder;
  highlighter: EditHighlighter;
}

/** A file the teacher picks, as a path relative to the workspace. */
async function pickWorkspaceFile(): Promise<string | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    canSelectFiles: true,
    canSelectFolders: false,
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    openLabel: vscode.l10n.t('Choose'),
  });
  const uri = picked?.[0];
  return uri ? vscode.workspace.asRelativePath(uri, false) : undefined;
}

/** The session as Markdown, where the teacher chooses to save it (the key never in it); undefined when cancelled. */
async function exportSession(session: ReadonlySession, { apiKeys, log, exportFolder }: Pick<ChatActionsDeps, 'apiKeys' | 'log' | 'exportFolder'>): Promise<ExportedFile | undefined> {
  const target = await vscode.window.showSaveDialog({
    defaultUri: exportFolder.target(session.title, '.md', 'session'),
    filters: { Markdown: ['md'] },
    title: vscode.l10n.t('Export session as Markdown'),
    saveLabel: vscode.l10n.t('Export'),
  });
  if (!target) return undefined;
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(sessionToMarkdown(session, { locale: vscode.env.language, secrets: [apiKeys.current()] })));
  await exportFolder.remember(target);
  const exported = describeTarget(target);
  log.info(`Exported session ${session.id} as ${exported.name} in ${exported.folder}`);
  return exported;
}

export function createChatActions({ apiKeys, review, log, exportFolder, highlighter }: ChatActionsDeps): ChatHostActions {
  return {
    pickFile: pickWorkspaceFile,
    async openProposalDiff(key, proposal, title) {
      const texts = proposalReview(proposal, await currentText(proposal.uri));
      await review.openDiff(key, proposal.uri, texts.before, texts.after, titled(vscode.l10n.t('{0} (current ↔ proposed)', title), texts));
    },
    async openEditDiff(key, edit: ReadonlyEdit) {
      const texts = editReview(edit, await currentText(edit.documentUri));
      await review.openDiff(key, edit.documentUri, texts.before, texts.after, titled(vscode.l10n.t('{0} (before ↔ after)', edit.summary), texts));
    },
    async openTextDiff(key, documentUri, before, after, title) {
      await review.openDiff(key, documentUri, before, after, title);
    },
    closeDiffs: (keys) => review.close(keys),
    async revertEdit(_session: ReadonlySession, edit: ReadonlyEdit) {
      const document = new VscodeDocumentAccess(vscode.Uri.parse(edit.documentUri), highlighter);
      return revertEdit(document, edit);
    },
    async applyEditAgain(edit: ReadonlyEdit) {
      return applyEditAgain(new VscodeDocumentAccess(vscode.Uri.parse(edit.documentUri), highlighter), edit);
    },
    exportSession: (session: ReadonlySession) => exportSession(session, { apiKeys, log, exportFolder }),
    async showDocument(uri: string) {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
      await vscode.window.showTextDocument(document, { preview: false });
    },
    async setApiKey() {
      await apiKeys.prompt();
    },
    async openSettings() {
      await vscode.commands.executeCommand('workbench.action.openSettings', '@ext:lesson-agent.lesson-agent');
    },
    notify(level, message) {
      if (level === 'error') void vscode.window.showErrorMessage(message);
      else if (level === 'warn') void vscode.window.showWarningMessage(message);
      else void vscode.window.showInformationMessage(message);
    },
  };
}

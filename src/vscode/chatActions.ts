// The editor-side actions the chat controller asks for: dialogs, diffs, export, revert.
import * as vscode from 'vscode';
import type { ChatHostActions } from '../core/chat/chatController';
import { revertEdit } from '../core/chat/revert';
import { editReview, proposalReview, type ReviewTexts } from '../core/chat/review';
import { sessionToMarkdown } from '../core/sessions/markdown';
import type { ReadonlyEdit, ReadonlySession } from '../core/sessions/schema';
import type { ApiKeyStore } from './apiKey';
import { VscodeDocumentAccess } from './documentAccess';
import type { ReviewDocuments } from './proposalDocuments';

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
  if (texts.note === 'changed lines only') return vscode.l10n.t('{0}, changed lines only', title);
  return title;
}

export function createChatActions(apiKeys: ApiKeyStore, review: ReviewDocuments, log: vscode.LogOutputChannel): ChatHostActions {
  return {
    async pickFile() {
      const picked = await vscode.window.showOpenDialog({
        canSelectMany: false,
        canSelectFiles: true,
        canSelectFolders: false,
        defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
        openLabel: vscode.l10n.t('Choose'),
      });
      const uri = picked?.[0];
      return uri ? vscode.workspace.asRelativePath(uri, false) : undefined;
    },
    async openProposalDiff(proposal, title) {
      const texts = proposalReview(proposal, await currentText(proposal.uri));
      await review.openDiff(proposal.uri, texts.before, texts.after, titled(vscode.l10n.t('{0} (current ↔ proposed)', title), texts));
    },
    async openEditDiff(edit: ReadonlyEdit) {
      const texts = editReview(edit, await currentText(edit.documentUri));
      await review.openDiff(edit.documentUri, texts.before, texts.after, titled(vscode.l10n.t('{0} (before ↔ after)', edit.summary), texts));
    },
    async revertEdit(_session: ReadonlySession, edit: ReadonlyEdit) {
      const document = new VscodeDocumentAccess(vscode.Uri.parse(edit.documentUri));
      return revertEdit(document, edit);
    },
    async exportSession(session: ReadonlySession) {
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const safe = session.title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().slice(0, 60) || 'session';
      const target = await vscode.window.showSaveDialog({
        defaultUri: folder ? vscode.Uri.joinPath(folder, `${safe}.md`) : undefined,
        filters: { Markdown: ['md'] },
        title: vscode.l10n.t('Export session as Markdown'),
      });
      if (!target) return;
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(sessionToMarkdown(session)));
      log.info(`Exported session ${session.id} to ${vscode.workspace.asRelativePath(target)}`);
      // Not awaited: the export is done; the notification's button must not hold the command open.
      const open = vscode.l10n.t('Open');
      void vscode.window.showInformationMessage(vscode.l10n.t('Session exported.'), open).then((choice) => {
        if (choice === open) void vscode.window.showTextDocument(target);
      });
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

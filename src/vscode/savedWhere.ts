// Where a file the teacher saved went, in their words: its path in the workspace when it is in
// one ("handouts/Verbes-student.html"), else its name and its folder's ("Verbes-student.html in
// Documents"), never the whole path of the machine (a notification has no tooltip for it; the
// file itself is one click away).
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { savedPlace } from '../core/chat/savedPlace';

export interface SavedWhere {
  name: string;
  /** The folder's name, or "your home folder". */
  folder: string;
}

export function savedPlaceOf(target: vscode.Uri): SavedWhere {
  const { name, folder } = savedPlace(target.fsPath, homedir());
  return { name, folder: folder ?? vscode.l10n.t('your home folder') };
}

export function savedWhere(target: vscode.Uri): string {
  if (vscode.workspace.getWorkspaceFolder(target)) return vscode.workspace.asRelativePath(target, false);
  const { name, folder } = savedPlaceOf(target);
  return vscode.l10n.t('{0} in {1}', name, folder);
}

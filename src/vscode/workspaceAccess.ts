// New files for create_document: only inside the first workspace folder, never outside it,
// never over an existing file; and files read from it (a quiz for import_quiz).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkRelativePath, fileRefusal, type PathRefusal } from '../core/documents/paths';
import type { ReadFileResult, WorkspaceAccess } from '../core/documents/types';
import { MAX_READ_BYTES } from '../core/documents/types';

export class VscodeWorkspaceAccess implements WorkspaceAccess {
  constructor(private readonly folder: vscode.WorkspaceFolder) {}

  async resolveNewFile(relativePath: string): Promise<{ ok: true; uri: string; name: string } | PathRefusal> {
    const cleaned = relativePath.trim().replace(/\\/g, '/');
    if (!cleaned) return fileRefusal.empty();
    if (path.posix.isAbsolute(cleaned) || /^[a-zA-Z]:/.test(cleaned)) return fileRefusal.absolute(relativePath);
    const normalized = path.posix.normalize(cleaned);
    if (normalized === '..' || normalized.startsWith('../') || normalized.split('/').includes('..')) return fileRefusal.outside(relativePath);
    const uri = vscode.Uri.joinPath(this.folder.uri, ...normalized.split('/'));
    try {
      await vscode.workspace.fs.stat(uri);
      return fileRefusal.exists(normalized);
    } catch {
      return { ok: true, uri: uri.toString(), name: normalized };
    }
  }

  async readFile(relativePath: string): Promise<ReadFileResult> {
    const checked = checkRelativePath(relativePath);
    if (!checked.ok) return checked;
    const uri = vscode.Uri.joinPath(this.folder.uri, ...checked.path.split('/'));
    let info: vscode.FileStat;
    try {
      info = await vscode.workspace.fs.stat(uri);
    } catch {
      return fileRefusal.missing(checked.path);
    }
    if ((info.type & vscode.FileType.File) === 0) return fileRefusal.folder(checked.path);
    if (info.size > MAX_READ_BYTES) return fileRefusal.tooLarge(checked.path, MAX_READ_BYTES / 1024 / 1024);
    return { ok: true, data: await vscode.workspace.fs.readFile(uri), name: checked.path };
  }

  async createFile(uri: string, content: string): Promise<void> {
    const target = vscode.Uri.parse(uri);
    const edit = new vscode.WorkspaceEdit();
    edit.createFile(target, { overwrite: false, contents: new TextEncoder().encode(content) });
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code refused to create ${vscode.workspace.asRelativePath(target)}.`);
    const doc = await vscode.workspace.openTextDocument(target);
    await doc.save();
    await vscode.window.showTextDocument(doc, { preview: false, preserveFocus: true });
  }
}

// Where every export (a session as Markdown, a lesson as a printable page, GIFT or QTI) is offered:
// the folder the last export went to, else the user's Documents folder (home when there is none).
// Never beside the lessons by default: a handout or a chat log is not part of the lesson set, and a
// file written into the workspace would show up among the lessons. One owner, so the chat and the
// preview offer the same place.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fileNameFor } from '../core/documents/paths';

const LAST_FOLDER = 'lessonAgent.exportFolder';

export class ExportFolder {
  constructor(private readonly state: vscode.Memento) {}

  /** The folder the save dialog opens in. */
  offered(): vscode.Uri {
    const last = this.state.get<string>(LAST_FOLDER);
    if (last) return vscode.Uri.parse(last);
    const home = homedir();
    const documents = path.join(home, 'Documents');
    return vscode.Uri.file(existsSync(documents) ? documents : home);
  }

  /** `name` (a title or a file name's stem) made a file name, in the offered folder. */
  target(name: string, extension: string, fallback: string): vscode.Uri {
    return vscode.Uri.joinPath(this.offered(), fileNameFor(name, extension, fallback));
  }

  /** The next export is offered where `target` went. */
  async remember(target: vscode.Uri): Promise<void> {
    await this.state.update(LAST_FOLDER, vscode.Uri.joinPath(target, '..').toString());
  }

  /** Back to the first export's offer (tests start from it). */
  async forget(): Promise<void> {
    await this.state.update(LAST_FOLDER, undefined);
  }
}

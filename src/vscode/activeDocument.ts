// The document a new chat takes, and the one an open chat says its edits do not go to: the document
// last in a text editor, while its tab is still open. A closed tab's document stays loaded (not
// isClosed) for minutes, and a new chat must not take a lesson the teacher closed.
import * as vscode from 'vscode';
import type { HostMeta } from '../shared/view';
import { documentKind, documentName } from './documentAccess';
import { SCHEME } from './proposalDocuments';

function inTab(uri: vscode.Uri): boolean {
  return vscode.window.tabGroups.all.some((g) => g.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString()));
}

export class ActiveDocument implements vscode.Disposable {
  private lastTextEditor = vscode.window.activeTextEditor;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Another editor came to the front, or tabs closed (one may have held the document). */
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [
    this.changed,
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      if (editor) this.lastTextEditor = editor;
      this.changed.fire();
    }),
    vscode.window.tabGroups.onDidChangeTabs((e) => {
      if (e.closed.length > 0) this.changed.fire();
    }),
  ];

  current(): HostMeta['activeDocument'] {
    const doc = this.lastTextEditor?.document;
    if (!doc || doc.isClosed || doc.uri.scheme === 'output' || doc.uri.scheme === SCHEME || !inTab(doc.uri)) return undefined;
    return { uri: doc.uri.toString(), name: documentName(doc.uri), kind: documentKind(doc.uri) };
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

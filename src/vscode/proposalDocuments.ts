// Read-only virtual documents for "Review changes": the proposed text of a pending edit, or the
// before/after of an applied one, shown side by side in VS Code's own diff editor.
import * as vscode from 'vscode';

export const SCHEME = 'lesson-agent-review';

export class ReviewDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly registration: vscode.Disposable;
  private counter = 0;

  constructor() {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  private put(label: string, sourceUri: string, text: string): vscode.Uri {
    const source = vscode.Uri.parse(sourceUri);
    const name = source.path.split('/').pop() ?? 'document';
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${++this.counter}/${label}/${name}` });
    this.contents.set(uri.toString(), text);
    if (this.contents.size > 40) this.contents.delete(this.contents.keys().next().value as string);
    return uri;
  }

  async openDiff(sourceUri: string, before: string, after: string, title: string): Promise<void> {
    const left = this.put('before', sourceUri, before);
    const right = this.put('after', sourceUri, after);
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  }

  dispose(): void {
    this.registration.dispose();
    this.contents.clear();
  }
}

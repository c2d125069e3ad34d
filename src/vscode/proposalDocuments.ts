// Read-only virtual documents for "Review changes": the proposed text of a pending edit, or the
// before/after of an applied one, shown side by side in VS Code's own diff editor. Each diff is
// opened under a key (the proposal's or the edit's) so it can be closed once the proposal is
// decided or the edit reverted: a diff left open would show a change that no longer stands.
import * as vscode from 'vscode';

export const SCHEME = 'lesson-agent-review';

export class ReviewDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  /** key -> the right-hand (after) documents of the diffs opened under it. */
  private readonly opened = new Map<string, Set<string>>();
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

  async openDiff(key: string, sourceUri: string, before: string, after: string, title: string): Promise<void> {
    const left = this.put('before', sourceUri, before);
    const right = this.put('after', sourceUri, after);
    const set = this.opened.get(key) ?? new Set<string>();
    set.add(right.toString());
    this.opened.set(key, set);
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: true });
  }

  /** Closes the diff tabs opened under `keys` that are still open. */
  async close(keys: readonly string[]): Promise<void> {
    const rights = new Set<string>();
    for (const key of keys) {
      for (const uri of this.opened.get(key) ?? []) rights.add(uri);
      this.opened.delete(key);
    }
    if (rights.size === 0) return;
    const tabs = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputTextDiff && rights.has(tab.input.modified.toString()));
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs, true);
  }

  dispose(): void {
    this.registration.dispose();
    this.contents.clear();
    this.opened.clear();
  }
}

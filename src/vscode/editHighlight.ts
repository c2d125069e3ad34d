// Shows the user what an agent edit (or a Revert) changed: the changed lines are highlighted for
// a few seconds in every editor showing the document, and scrolled into view unless the user is
// typing there. Tests read what was highlighted through `onDidHighlight`.
import * as vscode from 'vscode';
import type { Landed } from '../core/documents/landing';

/** Long enough to find with the eyes after the panel said "Editing document", short enough to fade. */
const HIGHLIGHT_MS = 3000;

export interface Highlight {
  readonly uri: string;
  /** The highlighted lines, 0-based and inclusive, one pair per changed range. */
  readonly lines: ReadonlyArray<readonly [number, number]>;
  readonly revealed: boolean;
  /** The document's version with the change (the lesson preview lights it up once it shows it). */
  readonly version: number;
  /** The changed text to the character (the preview lights up the elements it falls in). */
  readonly ranges: readonly vscode.Range[];
  /** The decoration types' keys, so a test can find them in the editor's DOM. */
  readonly decorationKeys: readonly string[];
}

export class EditHighlighter implements vscode.Disposable {
  private readonly changed = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.modifiedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  /** Where text was only taken out: the line it was taken from. */
  private readonly removed = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.removedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly emitter = new vscode.EventEmitter<Highlight>();
  readonly onDidHighlight = this.emitter.event;

  /** Highlights `ranges` (of the document's new text) and, when `reveal`, scrolls to the first. */
  show(document: vscode.TextDocument, ranges: readonly Landed[], reveal: boolean): void {
    if (ranges.length === 0) return;
    const editors = vscode.window.visibleTextEditors.filter((e) => e.document === document);
    const changed: vscode.Range[] = [];
    const removed: vscode.Range[] = [];
    const lines: Array<[number, number]> = [];
    const precise: vscode.Range[] = [];
    for (const r of ranges) {
      const start = document.positionAt(r.start);
      // A range ending at the start of a line (an inserted block ends with its newline) does not
      // touch that line.
      const endPos = document.positionAt(r.end);
      const end = r.end > r.start && endPos.character === 0 && endPos.line > start.line ? endPos.line - 1 : endPos.line;
      lines.push([start.line, end]);
      precise.push(new vscode.Range(start, endPos));
      (r.end > r.start ? changed : removed).push(new vscode.Range(start.line, 0, end, 0));
    }
    this.clear();
    for (const editor of editors) {
      editor.setDecorations(this.changed, changed);
      editor.setDecorations(this.removed, removed);
    }
    const first = changed[0] ?? removed[0];
    const target = vscode.window.activeTextEditor?.document === document ? vscode.window.activeTextEditor : editors[0];
    if (reveal && first && target) target.revealRange(first, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    this.timer = setTimeout(() => this.clear(), HIGHLIGHT_MS);
    this.emitter.fire({ uri: document.uri.toString(), lines, revealed: reveal && !!target, version: document.version, ranges: precise, decorationKeys: [this.changed.key, this.removed.key] });
  }

  private clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const editor of vscode.window.visibleTextEditors) {
      editor.setDecorations(this.changed, []);
      editor.setDecorations(this.removed, []);
    }
  }

  dispose(): void {
    this.clear();
    this.changed.dispose();
    this.removed.dispose();
    this.emitter.dispose();
  }
}

// The bound document, edited live through WorkspaceEdits: one undo step per agent edit, the
// user's unsaved text included. Edits computed against an older snapshot are rebased onto what
// the user typed since, or refused when they overlap it, so no keystroke is ever lost. Every
// applied edit is shown: the changed lines are revealed and highlighted for a moment.
import * as vscode from 'vscode';
import { documentKindForPath } from '../core/documents/kind';
import { landedRanges, mapOffset } from '../core/documents/landing';
import { documentGone, type ApplyResult, type DocumentAccess, type DocumentKind, type DocumentSnapshot, type TextEdit } from '../core/documents/types';
import { rebaseEdits } from '../core/documents/rebase';
import { decodeText, readOnlyProblem, readOnlySummary, tooLarge } from '../core/documents/textFile';
import type { EditHighlighter } from './editHighlight';

const MAX_ATTEMPTS = 3;

export function documentKind(uri: vscode.Uri): DocumentKind {
  return documentKindForPath(uri.path);
}

export function documentName(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, false);
}

export class VscodeDocumentAccess implements DocumentAccess {
  readonly kind: DocumentKind;
  readonly name: string;

  constructor(
    private readonly target: vscode.Uri,
    private readonly highlighter?: EditHighlighter,
  ) {
    this.kind = documentKind(target);
    this.name = documentName(target);
  }

  get uri(): string {
    return this.target.toString();
  }

  async read(): Promise<DocumentSnapshot> {
    const doc = await this.open();
    return { text: doc.getText(), version: doc.version };
  }

  /**
   * Why the agent must not work on this document: larger than the limit, binary data, or a file
   * VS Code opened as UTF-8 that is not (its accents already show as "�": saving would lose them).
   * A file opened in its own encoding is kept in it by VS Code.
   */
  async check(limits: { maxBytes: number }): Promise<string | undefined> {
    const setting = vscode.l10n.t('the lessonAgent.maxDocumentMegabytes setting');
    const size = await Promise.resolve(vscode.workspace.fs.stat(this.target)).then((s) => s.size, () => undefined);
    if (size !== undefined && size > limits.maxBytes) return tooLarge(this.name, size, limits.maxBytes, setting);
    // A document that is gone is the loop's to report (the model is told, as for any read).
    const doc = await this.open().catch(() => undefined);
    if (!doc) return undefined;
    const text = doc.getText();
    if (text.length > limits.maxBytes) return tooLarge(this.name, text.length, limits.maxBytes, setting);
    if (text.slice(0, 8000).includes('\u0000')) return binaryProblem(this.name);
    if (size !== undefined && /^utf-?8/i.test(doc.encoding) && text.includes('\uFFFD')) {
      const decoded = decodeText(await vscode.workspace.fs.readFile(this.target), this.name);
      if (!decoded.ok) return decoded.shown;
    }
    return undefined;
  }

  /** A file the user may not write (or a read-only file system): never edited, and said so. */
  private async readOnly(): Promise<boolean> {
    if (vscode.workspace.fs.isWritableFileSystem(this.target.scheme) === false) return true;
    try {
      const stat = await vscode.workspace.fs.stat(this.target);
      return ((stat.permissions ?? 0) & vscode.FilePermission.Readonly) !== 0;
    } catch {
      return false;
    }
  }

  async applyEdits(edits: readonly TextEdit[], base: DocumentSnapshot, label: string): Promise<ApplyResult> {
    if (await this.readOnly()) return { ok: false, reason: 'failed', message: readOnlyProblem(this.name), summary: readOnlySummary(this.name) };
    let doc: vscode.TextDocument;
    try {
      doc = await this.open();
    } catch (error) {
      return { ok: false, reason: 'missing', message: `The document ${this.name} could not be opened: ${describe(error)}` };
    }
    await this.reveal(doc);
    let rebased = false;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current: DocumentSnapshot = { text: doc.getText(), version: doc.version };
      let planned = edits;
      if (current.text !== base.text) {
        const result = rebaseEdits(base.text, current.text, edits);
        if (!result.ok) {
          return { ok: false, reason: 'conflict', message: result.message, current };
        }
        planned = result.edits;
        rebased = true;
      }
      const workspaceEdit = new vscode.WorkspaceEdit();
      for (const edit of planned) {
        const range = new vscode.Range(doc.positionAt(edit.start), doc.positionAt(edit.end));
        workspaceEdit.replace(doc.uri, range, edit.newText, { needsConfirmation: false, label });
      }
      // Typing since the agent read the document means the user works in it: leave their cursor
      // and their view alone. Otherwise the undo step is anchored at the change (see anchorUndo).
      const restore = rebased ? undefined : anchorUndo(doc, planned);
      // applyEdit carries the document version we planned against: if the user typed in the
      // meantime it fails, and we plan again from the fresh text.
      if (await vscode.workspace.applyEdit(workspaceEdit)) {
        restore?.(true);
        this.highlighter?.show(doc, landedRanges(planned), !rebased);
        return { ok: true, after: { text: doc.getText(), version: doc.version }, rebased, before: current };
      }
      restore?.(false);
    }
    return {
      ok: false,
      reason: 'failed',
      message: `VS Code did not apply the edit to ${this.name} after ${MAX_ATTEMPTS} attempts (the document kept changing).`,
      current: { text: doc.getText(), version: doc.version },
    };
  }

  private async open(): Promise<vscode.TextDocument> {
    // Checked even when a buffer is loaded: VS Code keeps a deleted file's buffer for a while
    // after its editor closes, and editing that orphan would bring the lesson back as an unsaved
    // ghost instead of telling the user it is gone. (Untitled buffers have no file to check.)
    if (vscode.workspace.fs.isWritableFileSystem(this.target.scheme) !== undefined) {
      try {
        await vscode.workspace.fs.stat(this.target);
      } catch {
        throw documentGone(this.name, ' If it is still open in an editor, save it to bring it back.');
      }
    }
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === this.uri);
    if (open && !open.isClosed) return open;
    return vscode.workspace.openTextDocument(this.target);
  }

  /** An agent edit should be seen: show the document if no editor shows it. */
  private async reveal(doc: vscode.TextDocument): Promise<void> {
    const visible = vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === this.uri);
    if (!visible) await vscode.window.showTextDocument(doc, { preserveFocus: true, preview: false });
  }
}

/**
 * VS Code records an edit's undo step with the cursor as it was just before the edit, and Ctrl+Z
 * puts the cursor back there and scrolls to it. A teacher who typed in the chat never placed a
 * cursor in the lesson, so it sat on line 1 and Ctrl+Z jumped to the top. The cursor is moved to
 * the change for the moment of the edit (that is what the undo step records), then given back
 * where it was, following the text it was on. Returns the function that gives it back.
 */
function anchorUndo(doc: vscode.TextDocument, edits: readonly TextEdit[]): ((applied: boolean) => void) | undefined {
  const first = edits[0];
  const editor = vscode.window.visibleTextEditors.find((e) => e.document === doc);
  if (!first || !editor) return undefined;
  const offsets = editor.selections.map((s) => ({ anchor: doc.offsetAt(s.anchor), active: doc.offsetAt(s.active) }));
  const at = doc.positionAt(first.start);
  editor.selections = [new vscode.Selection(at, at)];
  return (applied) => {
    if (editor.document.isClosed) return;
    const place = (offset: number) => doc.positionAt(applied ? mapOffset(offset, edits) : offset);
    editor.selections = offsets.map(({ anchor, active }) => new vscode.Selection(place(anchor), place(active)));
  };
}

function binaryProblem(name: string): string {
  const decoded = decodeText(new Uint8Array([0x41, 0]), name);
  // Said to the teacher before a turn, like the other problems check() finds.
  return decoded.ok ? `${name} is not a text file.` : decoded.shown;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

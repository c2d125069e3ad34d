// One lesson preview: a webview panel showing one document, kept current with every change to
// it. The panel posts the document's lesson view (built here, in the host) for each version, the
// agent's edits to highlight, and the editor's scroll; it answers clicks by revealing the source.
// The whole view goes when the preview (re)starts or asks for it; after that only what changed
// (src/shared/lessonPatch.ts), so an edit to a large lesson reaches the screen within a frame.
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { LessonViewCache } from '../core/lesson/lessonViewCache';
import type { KeyedLesson } from '../shared/lessonPatch';
import { keyLesson, lessonPatch, splitOpening } from '../shared/lessonPatch';
import type { Copy } from '../shared/lessonView';
import type { ExchangeReport, PreviewExport, PreviewHostMessage, PreviewMessage, ReportAnswer } from '../shared/previewProtocol';
import { OPENING_BLOCKS, parsePreviewMessage } from '../shared/previewProtocol';
import { documentName } from './documentAccess';
import type { Highlight } from './editHighlight';
import { webviewHtml } from './webviewHtml';

export const PREVIEW_VIEW_TYPE = 'lessonAgent.preview';

/** What every document or patch message says of the version it carries. */
type DocumentFields = Pick<Extract<PreviewHostMessage, { type: 'document' }>, 'uri' | 'name' | 'version' | 'seq'>;

/** After a click reveals the source, the editor's own scroll must not move the preview. */
const REVEAL_QUIET_MS = 500;
/** Update times kept for tests and the log. */
const KEPT_TIMINGS = 200;

/** How long one version took to reach the screen, in milliseconds. */
export interface UpdateTiming {
  readonly version: number;
  /** Building the lesson view in the host and posting it. */
  readonly hostMs: number;
  /** In the preview: checking the message, rendering, up to the next frame. */
  readonly previewMs: number;
  /** From the change in the host to the preview's "rendered" arriving back (both trips included). */
  readonly totalMs: number;
}

export interface PreviewPanelDeps {
  extensionUri: vscode.Uri;
  log: vscode.LogOutputChannel;
  exportLesson: (uri: vscode.Uri, format: PreviewExport, copy: Copy) => Promise<unknown>;
}

export class PreviewPanel implements vscode.Disposable {
  private ready = false;
  private isDisposed = false;
  private scheduled: NodeJS.Immediate | undefined;
  private quietUntil = 0;
  private readonly views = new LessonViewCache();
  /** The number of the last document or patch posted. */
  private seq = 0;
  /** The lesson the preview holds once it has every message up to `seq`; patches start from it. */
  private shown: KeyedLesson | undefined;
  /** When each version's change reached the host, until the preview says it is on screen. */
  private readonly changedAt = new Map<number, number>();
  private readonly hostMs = new Map<number, number>();
  readonly timings: UpdateTiming[] = [];
  /** The report shown above the lesson, and who waits for the teacher's answer to it. */
  private report: { readonly value: ExchangeReport; readonly answered: (answer: ReportAnswer) => void } | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly uri: vscode.Uri,
    private readonly deps: PreviewPanelDeps,
  ) {
    panel.webview.options = {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(deps.extensionUri, 'dist')],
    };
    panel.title = vscode.l10n.t('Preview {0}', baseName(uri));
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'activity.svg');
    panel.webview.html = webviewHtml(panel.webview, deps.extensionUri, 'preview', panel.title);
    this.disposables.push(
      this.disposed,
      panel.webview.onDidReceiveMessage((raw: unknown) => this.handle(raw)),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  get key(): string {
    return this.uri.toString();
  }

  /** The document changed (anyone's edit): the preview shows the new version at once. */
  changed(document: vscode.TextDocument): void {
    if (!this.changedAt.has(document.version)) this.changedAt.set(document.version, performance.now());
    if (!this.ready || this.scheduled) return;
    // Changes that arrive in one burst are built once, from the newest text, without waiting.
    this.scheduled = setImmediate(() => {
      this.scheduled = undefined;
      this.sendDocument(document);
    });
  }

  agentEdit(edit: Highlight): void {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === this.key);
    const ranges = edit.ranges.map((range) => editedLines(range, document));
    if (ranges.length > 0) this.post({ type: 'agentEdit', version: edit.version, ranges });
  }

  scrolled(editor: vscode.TextEditor): void {
    const first = editor.visibleRanges[0];
    if (!first || Date.now() < this.quietUntil) return;
    this.post({ type: 'scrollTo', line: first.start.line + 1 });
  }

  reveal(viewColumn: vscode.ViewColumn | undefined, preserveFocus: boolean): void {
    this.panel.reveal(viewColumn, preserveFocus);
  }

  /**
   * Shows an export's or an import's report above the lesson; resolves with the teacher's answer
   * (`cancel` when the preview closes first, or another report takes its place).
   */
  showReport(report: ExchangeReport): Promise<ReportAnswer> {
    this.report?.answered('cancel');
    return new Promise((resolve) => {
      this.report = { value: report, answered: resolve };
      this.post({ type: 'report', report });
    });
  }

  private answerReport(id: number, answer: ReportAnswer): void {
    if (this.report?.value.id !== id) return;
    const { answered } = this.report;
    this.report = undefined;
    answered(answer);
  }

  private post(message: PreviewHostMessage): void {
    // A hidden panel drops posts; it says `ready` when shown again and gets the document then.
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  private async currentDocument(): Promise<vscode.TextDocument | undefined> {
    try {
      return await vscode.workspace.openTextDocument(this.uri);
    } catch (error) {
      this.deps.log.warn(`Preview: cannot open ${documentName(this.uri)}: ${String(error)}`);
      return undefined;
    }
  }

  /** Posts a version: as a patch on what the preview holds, or whole when `whole` or it holds nothing. */
  private sendDocument(document: vscode.TextDocument, whole = false): void {
    const start = performance.now();
    const result = this.views.build(document.getText());
    const fields = { uri: this.key, name: documentName(this.uri), version: document.version, seq: ++this.seq };
    if (!result.ok) {
      // The preview keeps its lesson; after a restart it has none, so nothing to patch.
      if (whole) this.shown = undefined;
      this.post({ type: 'document', ...fields, result });
    } else {
      const next = keyLesson(result.lesson);
      if (this.shown && !whole) this.post({ type: 'lessonPatch', ...fields, base: fields.seq - 1, patch: lessonPatch(this.shown, next) });
      else this.postWhole(fields, next);
      this.shown = next;
    }
    if (this.changedAt.has(document.version)) this.hostMs.set(document.version, performance.now() - start);
  }

  /**
   * A whole lesson: a long one as its first blocks, then the rest as a patch on them (the next
   * `seq`), so the preview paints the top of the lesson before it builds the rest.
   */
  private postWhole(fields: DocumentFields, next: KeyedLesson): void {
    const split = splitOpening(next, OPENING_BLOCKS);
    if (!split) {
      this.post({ type: 'document', ...fields, result: { ok: true, lesson: next.lesson } });
      return;
    }
    this.post({ type: 'document', ...fields, result: { ok: true, lesson: split.opening } });
    this.post({ type: 'lessonPatch', ...fields, seq: ++this.seq, base: fields.seq, patch: split.rest });
  }

  /** The whole document, now (the preview started, or a patch did not fit what it shows). */
  private async sendWhole(): Promise<void> {
    const document = await this.currentDocument();
    if (document) this.sendDocument(document, true);
  }

  private async handle(raw: unknown): Promise<void> {
    const parsed = parsePreviewMessage(raw);
    if (!parsed.ok) {
      this.deps.log.warn(`Preview: ignored a malformed message (${parsed.error})`);
      return;
    }
    const message: PreviewMessage = parsed.value;
    switch (message.type) {
      case 'ready': {
        this.ready = true;
        await this.sendWhole();
        // A report asked for while the preview was loading (or hidden) is shown now.
        if (this.report) this.post({ type: 'report', report: this.report.value });
        // A preview opened (or shown again) beside a scrolled editor starts where the editor is.
        const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === this.key);
        if (editor) this.scrolled(editor);
        break;
      }
      case 'resync':
        this.deps.log.info(`Preview: sending the whole lesson again (${message.reason})`);
        await this.sendWhole();
        break;
      case 'reveal':
        await this.revealSource(message.line, message.column ?? 1);
        break;
      case 'rendered':
        this.recordTiming(message.version, message.ms);
        break;
      case 'export':
        await this.deps.exportLesson(this.uri, message.format, message.copy);
        break;
      case 'log':
        this.deps.log[message.level](`Preview: ${message.message}`);
        break;
      case 'reportAnswer':
        this.answerReport(message.id, message.answer);
        break;
    }
  }

  private recordTiming(version: number, previewMs: number): void {
    const at = this.changedAt.get(version);
    const hostMs = this.hostMs.get(version);
    for (const v of this.changedAt.keys()) if (v <= version) this.changedAt.delete(v);
    for (const v of this.hostMs.keys()) if (v <= version) this.hostMs.delete(v);
    if (at === undefined || hostMs === undefined) return;
    const totalMs = performance.now() - at;
    this.timings.push({ version, hostMs, previewMs, totalMs });
    if (this.timings.length > KEPT_TIMINGS) this.timings.shift();
    this.deps.log.trace(
      `Preview: version ${version} on screen ${totalMs.toFixed(1)} ms after the change (host ${hostMs.toFixed(1)} ms, preview ${previewMs.toFixed(1)} ms)`,
    );
  }

  /** Shows the source line in an editor: the visible one if there is one, else beside the preview. */
  private async revealSource(line: number, column: number): Promise<void> {
    const document = await this.currentDocument();
    if (!document) return;
    const position = document.validatePosition(new vscode.Position(line - 1, column - 1));
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === this.key);
    const where = visible?.viewColumn ?? (this.panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One);
    this.quietUntil = Date.now() + REVEAL_QUIET_MS;
    const editor = await vscode.window.showTextDocument(document, { viewColumn: where, preserveFocus: false, preview: false });
    editor.selection = new vscode.Selection(position, position);
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    if (this.scheduled) clearImmediate(this.scheduled);
    this.report?.answered('cancel');
    this.report = undefined;
    this.disposed.fire();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }
}

/**
 * The 1-based lines an edit's new text covers. Text that starts with the line break ending a line,
 * or ends with one, does not make that line (or the next) part of the edit: a new exercise lights
 * up, not the paragraph before it.
 */
function editedLines(range: vscode.Range, document: vscode.TextDocument | undefined): { from: number; to: number } {
  let from = range.start.line;
  let to = range.end.line;
  if (to > from && range.end.character === 0) to--;
  if (to > from && document && range.start.character >= document.lineAt(from).text.length) from++;
  return { from: from + 1, to: to + 1 };
}

function baseName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? uri.path;
}

// The lesson preview, registered as a feature: Open Preview, Open Preview to the Side (Ctrl+K V),
// Export Lesson as HTML, GIFT or QTI, Import Quiz as Lesson, the panels restored after a reload,
// and the events that keep every panel current (document changes, agent edits, the editor's
// scroll). One panel per document.
import * as vscode from 'vscode';
import type { Copy } from '../shared/lessonView';
import type { ExchangeReport, ReportAnswer } from '../shared/previewProtocol';
import { previewStateSchema } from '../shared/previewProtocol';
import type { Highlight } from './editHighlight';
import type { ExportFolder } from './exportFolder';
import { exportLessonHtml } from './lessonExport';
import { exportLessonAs, importQuizFile } from './lessonExchange';
import type { UpdateTiming } from './previewPanel';
import { PREVIEW_VIEW_TYPE, PreviewPanel } from './previewPanel';

export interface LessonPreviewDeps {
  /** Every agent edit (or Revert) applied to a document, as the editor highlights it. */
  highlights: vscode.Event<Highlight>;
  log: vscode.LogOutputChannel;
  /** Where exports are offered. */
  exportFolder: ExportFolder;
}

/** What tests read: the open previews and how fast they followed the document. */
export interface LessonPreviewApi {
  /** The preview of `uri`, if one is open. */
  panelFor(uri: vscode.Uri): vscode.WebviewPanel | undefined;
  /** How long each change took to reach the preview's screen, newest last. */
  updateTimings(uri: vscode.Uri): readonly UpdateTiming[];
}

export class LessonPreviews implements vscode.Disposable, LessonPreviewApi {
  private readonly panels = new Map<string, PreviewPanel>();
  private active: PreviewPanel | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    readonly exportFolder: ExportFolder,
  ) {}

  panelFor(uri: vscode.Uri): vscode.WebviewPanel | undefined {
    return this.panels.get(uri.toString())?.panel;
  }

  updateTimings(uri: vscode.Uri): readonly UpdateTiming[] {
    return this.panels.get(uri.toString())?.timings ?? [];
  }

  /**
   * Shows a report on the preview of `uri` (opened beside the editor if it is not open) and
   * resolves with the teacher's answer to it.
   */
  report(uri: vscode.Uri, report: ExchangeReport): Promise<ReportAnswer> {
    if (!this.panels.has(uri.toString())) this.open(uri, true);
    const preview = this.panels.get(uri.toString());
    if (!preview) return Promise.resolve('cancel');
    preview.reveal(undefined, true);
    return preview.showReport(report);
  }

  /** Shows the preview of `uri`, opening it beside the editor or in its place. */
  open(uri: vscode.Uri, toSide: boolean): void {
    const existing = this.panels.get(uri.toString());
    const column = toSide ? vscode.ViewColumn.Beside : (vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.Active);
    if (existing) {
      existing.reveal(toSide ? undefined : column, toSide);
      return;
    }
    const panel = vscode.window.createWebviewPanel(PREVIEW_VIEW_TYPE, '', { viewColumn: column, preserveFocus: toSide }, {});
    this.track(panel, uri);
  }

  /** A panel VS Code restored after a reload: it shows its document again. */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    const parsed = previewStateSchema.safeParse(state);
    if (!parsed.success) {
      panel.dispose();
      return;
    }
    this.track(panel, vscode.Uri.parse(parsed.data.uri));
  }

  private track(panel: vscode.WebviewPanel, uri: vscode.Uri): void {
    const preview = new PreviewPanel(panel, uri, {
      extensionUri: this.extensionUri,
      log: this.log,
      // The preview asks which copy, as the command does, offering the one it shows first.
      exportLesson: (target, format, copy) =>
        format === 'html' ? exportLessonHtml(target, { folder: this.exportFolder, shown: copy }) : exportLessonAs(target, format, this),
    });
    this.panels.set(preview.key, preview);
    if (panel.active) this.active = preview;
    panel.onDidChangeViewState(() => {
      if (panel.active) this.active = preview;
    });
    preview.onDidDispose(() => {
      if (this.panels.get(preview.key) === preview) this.panels.delete(preview.key);
      if (this.active === preview) this.active = undefined;
    });
  }

  documentChanged(document: vscode.TextDocument): void {
    this.panels.get(document.uri.toString())?.changed(document);
  }

  agentEdited(edit: Highlight): void {
    this.panels.get(edit.uri)?.agentEdit(edit);
  }

  editorScrolled(editor: vscode.TextEditor): void {
    this.panels.get(editor.document.uri.toString())?.scrolled(editor);
  }

  /** The lesson a command acts on: the one it was given, the active preview's, or the active editor's. */
  target(arg: unknown): vscode.Uri | undefined {
    if (arg instanceof vscode.Uri) return arg;
    if (this.active?.panel.active) return this.active.uri;
    return vscode.window.activeTextEditor?.document.uri;
  }

  dispose(): void {
    for (const preview of [...this.panels.values()]) preview.dispose();
    this.panels.clear();
  }
}

function noLesson(): undefined {
  void vscode.window.showInformationMessage(vscode.l10n.t('Open a lesson (a .lesson.xml file) first.'));
  return undefined;
}

export function registerLessonPreview(context: vscode.ExtensionContext, deps: LessonPreviewDeps): LessonPreviews {
  const previews = new LessonPreviews(context.extensionUri, deps.log, deps.exportFolder);
  const command = (id: string, run: (uri: vscode.Uri, ...rest: unknown[]) => unknown) =>
    vscode.commands.registerCommand(id, (arg: unknown, ...rest: unknown[]) => {
      const uri = previews.target(arg);
      return uri ? run(uri, ...rest) : noLesson();
    });
  context.subscriptions.push(
    previews,
    command('lessonAgent.openPreview', (uri) => previews.open(uri, false)),
    command('lessonAgent.openPreviewToSide', (uri) => previews.open(uri, true)),
    command('lessonAgent.exportLessonHtml', (uri, copy) =>
      exportLessonHtml(uri, { folder: deps.exportFolder, ...(copy === 'student' || copy === 'teacher' ? { copy: copy as Copy } : {}) }),
    ),
    command('lessonAgent.exportLessonGift', (uri) => exportLessonAs(uri, 'gift', previews)),
    command('lessonAgent.exportLessonQti', (uri) => exportLessonAs(uri, 'qti', previews)),
    vscode.commands.registerCommand('lessonAgent.importQuiz', (arg: unknown) => importQuizFile(previews, arg instanceof vscode.Uri ? arg : undefined)),
    vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state) => previews.restore(panel, state),
    }),
    deps.highlights((edit) => previews.agentEdited(edit)),
    vscode.workspace.onDidChangeTextDocument((e) => previews.documentChanged(e.document)),
    vscode.window.onDidChangeTextEditorVisibleRanges((e) => previews.editorScrolled(e.textEditor)),
  );
  return previews;
}

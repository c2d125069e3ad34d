// Wires the features together; each lives in src/vscode and registers its own disposables.
import './shared/zodConfig';
import * as vscode from 'vscode';
import { ChatController } from './core/chat/chatController';
import type { HostMeta } from './shared/view';
import { ActiveDocument } from './vscode/activeDocument';
import { AgentHost } from './vscode/agentHost';
import { ApiKeyStore } from './vscode/apiKey';
import { createChatActions } from './vscode/chatActions';
import { registerChatView } from './vscode/chatViewProvider';
import { registerCommands } from './vscode/commands';
import { registerContextKeys, setSessionShown } from './vscode/contextKeys';
import { setTranslator } from './shared/l10n';
import { watchDocuments } from './vscode/documentWatch';
import { EditHighlighter } from './vscode/editHighlight';
import { createLastSession } from './vscode/lastSession';
import type { LessonPreviewApi } from './vscode/lessonPreview';
import { ExportFolder } from './vscode/exportFolder';
import { registerLessonPreview } from './vscode/lessonPreview';
import { ReviewDocuments } from './vscode/proposalDocuments';
import { readSettings, reportSettingProblems, SECTION } from './vscode/settings';
import { AgentStatusBar } from './vscode/statusBar';

/** What tests (and other extensions) can reach. */
export interface LessonAgentApi {
  readonly controller: ChatController;
  readonly host: AgentHost;
  readonly apiKeys: ApiKeyStore;
  /** Where the log output channel writes (tests read it to prove the key never appears). */
  readonly logUri: vscode.Uri;
  /** Shows applied edits in the editor; tests read what it highlighted. */
  readonly highlighter: EditHighlighter;
  readonly preview: LessonPreviewApi;
  /** Where exports are offered; tests start from the first export's offer. */
  readonly exportFolder: ExportFolder;
}

export async function activate(context: vscode.ExtensionContext): Promise<LessonAgentApi> {
  // The core's words for teachers in VS Code's display language (src/shared/l10n.ts). Handed over
  // as it is: a call vscode.l10n.t(message) here would be a key the bundle test cannot read.
  setTranslator((message, ...args) => vscode.l10n.t(message, ...args), vscode.env.language);
  const log = vscode.window.createOutputChannel('Lesson Agent', { log: true });
  const apiKeys = new ApiKeyStore(context.secrets);
  const review = new ReviewDocuments();
  const statusBar = new AgentStatusBar();
  const highlighter = new EditHighlighter();
  context.subscriptions.push(log, apiKeys, review, statusBar, highlighter);
  await apiKeys.load();

  // The store reports damage it repaired to the panel's notices (the controller comes after the host).
  let sessionProblem: (message: string) => void = () => {};
  const host = new AgentHost({ context, apiKeys, log, highlighter, onSessionProblem: (message) => sessionProblem(message) });
  context.subscriptions.push(host);
  await host.loadSkills();

  const activeDocument = new ActiveDocument();
  context.subscriptions.push(activeDocument);
  const meta = (): HostMeta => ({
    hasApiKey: host.hasKey,
    demo: host.demo,
    model: readSettings().model,
    restricted: host.restricted,
    skills: host.skills().list().map((s) => ({ name: s.name, description: s.description })),
    notices: [],
    locale: vscode.env.language,
    ...(activeDocument.current() ? { activeDocument: activeDocument.current() } : {}),
  });

  const exportFolder = new ExportFolder(context.globalState);
  const controller = new ChatController({
    agent: host.agent,
    store: host.store,
    actions: createChatActions({ apiKeys, review, log, exportFolder, highlighter }),
    meta,
    activeDocument: () => activeDocument.current(),
    lastSession: createLastSession(context.workspaceState, host.store.dir, log),
    log: (level, message) => log[level](message),
    onBusyChange: (busy) => {
      statusBar.setBusy(busy);
      void vscode.commands.executeCommand('setContext', 'lessonAgent.busy', busy);
    },
    onSessionShown: setSessionShown,
  });
  context.subscriptions.push({ dispose: () => controller.dispose() }, watchDocuments(controller, log));
  sessionProblem = (message) => controller.notice(message);
  await host.moveOldSessions();
  await controller.init();

  const view = registerChatView(context, controller);
  registerCommands(context, { controller, view, host, apiKeys });
  const preview = registerLessonPreview(context, { highlights: highlighter.onDidHighlight, log, exportFolder });

  registerContextKeys(context, { apiKeys, controller, host });
  reportSettingProblems(context, log);
  context.subscriptions.push(
    // A new session binds to the document in the editor; an open one says where its edits go when it differs.
    activeDocument.onDidChange(() => (controller.currentSessionId ? controller.pushMeta() : controller.pushSnapshot())),
    apiKeys.onDidChange(() => controller.pushMeta()),
    host.onDidChangeSkills(() => controller.pushMeta()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SECTION)) controller.pushMeta();
    }),
  );
  log.info(`Lesson Agent activated in VS Code ${vscode.version}`);
  return { controller, host, apiKeys, logUri: context.logUri, highlighter, preview, exportFolder };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}

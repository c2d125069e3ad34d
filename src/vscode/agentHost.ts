// Builds the core agent with VS Code's implementations of its interfaces: the model client (key
// from SecretStorage), session storage in the workspace's sessions folder, the bound document, the
// workspace folder for new files, and the skill catalog (workspace skills only when trusted).
import Anthropic from '@anthropic-ai/sdk';
import * as vscode from 'vscode';
import { Agent, NoApiKeyError } from '../core/agent/agent';
import type { Endpoint } from '../core/agent/endpoint';
import { modelEndpoint } from '../core/agent/endpoint';
import type { AgentDeps } from '../core/agent/agent';
import type { SkillCatalog } from '../core/skills/types';
import { loadSkillCatalog } from '../core/skills/catalog';
import { builtinTools } from '../core/tools/builtin';
import { FileSessionStore } from '../core/sessions/fileStore';
import { HOLDERS } from '../core/sessions/lock';
import { moveSessions } from '../core/sessions/moveSessions';
import type { ReadonlySession } from '../core/sessions/schema';
import type { ApiKeyStore } from './apiKey';
import { VscodeDocumentAccess } from './documentAccess';
import type { EditHighlighter } from './editHighlight';
import { sessionsFolder } from './sessionsFolder';
import { readSettings } from './settings';
import { VscodeWorkspaceAccess } from './workspaceAccess';

export interface AgentHostOptions {
  context: vscode.ExtensionContext;
  apiKeys: ApiKeyStore;
  log: vscode.LogOutputChannel;
  /** Shows each applied edit in the editor. */
  highlighter?: EditHighlighter;
  env?: NodeJS.ProcessEnv;
  /** A problem with stored sessions the user should know about (a damaged session, a bad list entry). */
  onSessionProblem?: (message: string) => void;
}

/** How another window or the command line names this one while it writes a session. */
const HOLDER = HOLDERS.window;

export class AgentHost implements vscode.Disposable {
  readonly store: FileSessionStore;
  readonly agent: Agent;
  private catalog: SkillCatalog | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the skills found change. */
  readonly onDidChangeSkills = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private readonly env: NodeJS.ProcessEnv;

  constructor(private readonly options: AgentHostOptions) {
    this.env = options.env ?? process.env;
    this.store = new FileSessionStore(
      sessionsFolder(options.context),
      (message) => {
        options.log.warn(message);
        options.onSessionProblem?.(message);
      },
      { holder: HOLDER },
    );
    const deps: AgentDeps = {
      store: this.store,
      createClient: () => this.createClient(),
      tools: () => builtinTools(this.skills()),
      skills: () => this.skills(),
      document: (session: ReadonlySession) =>
        session.document ? new VscodeDocumentAccess(vscode.Uri.parse(session.document.uri), options.highlighter) : undefined,
      workspace: () => {
        const folder = vscode.workspace.workspaceFolders?.[0];
        return folder ? new VscodeWorkspaceAccess(folder) : undefined;
      },
      settings: () => readSettings(),
      log: (level, message) => this.options.log[level](message),
    };
    this.agent = new Agent(deps);
    this.watchSkills();
  }

  /**
   * Moves the sessions earlier versions kept in this window's own workspace storage to the folder
   * every window of the workspace shares; once moved there is nothing left to move. Call before the
   * panel lists sessions. A move that fails is tried again at the next start (nothing is lost).
   */
  async moveOldSessions(): Promise<void> {
    const old = this.options.context.storageUri?.fsPath;
    if (!old) return;
    const log = this.options.log;
    try {
      const { moved, inUse } = await moveSessions(old, this.store.dir, { onProblem: (message) => log.warn(message) });
      if (moved.length > 0) log.info(`Moved ${moved.length} session(s) from this window's workspace storage to ${this.store.dir}`);
      if (inUse.length > 0) log.warn(`${inUse.length} session(s) in this window's workspace storage are in use elsewhere; they move at a later start.`);
    } catch (err) {
      log.error(`Moving sessions from ${old} to ${this.store.dir} failed: ${err instanceof Error ? err.message : String(err)}`);
      this.options.onSessionProblem?.(
        vscode.l10n.t('Some of your earlier sessions could not be brought into the sessions list yet. They are safe where they were; Lesson Agent tries again the next time VS Code starts.'),
      );
    }
  }

  private endpoint(): Endpoint {
    return modelEndpoint({
      settingBaseUrl: readSettings().baseUrl,
      realKey: this.options.apiKeys.current(),
      demoEnabled: this.env.LESSON_AGENT_DEMO === '1',
      demoBaseUrl: this.env.LESSON_AGENT_BASE_URL,
    });
  }

  /** Offline demo: the scripted fake model, when no real key is configured. */
  get demo(): boolean {
    return this.endpoint()?.demo ?? false;
  }

  get hasKey(): boolean {
    return this.endpoint() !== undefined;
  }

  /** Workspace skills are only read in a trusted workspace. */
  get restricted(): boolean {
    return !vscode.workspace.isTrusted;
  }

  skills(): SkillCatalog {
    if (!this.catalog) throw new Error('Skills are not loaded yet.');
    return this.catalog;
  }

  async loadSkills(): Promise<void> {
    const builtin = vscode.Uri.joinPath(this.options.context.extensionUri, 'skills').fsPath;
    const folder = vscode.workspace.workspaceFolders?.[0];
    const workspaceDir =
      folder && vscode.workspace.isTrusted ? vscode.Uri.joinPath(folder.uri, '.lesson-agent', 'skills').fsPath : undefined;
    const result = await loadSkillCatalog({ builtinDir: builtin, workspaceDir });
    this.catalog = result.catalog;
    for (const problem of result.problems) this.options.log.warn(`Skill problem: ${problem}`);
    this.options.log.info(`Skills: ${result.catalog.list().map((s) => s.name).join(', ')}`);
    this.changed.fire();
  }

  private watchSkills(): void {
    const reload = () => void this.loadSkills().catch((e: unknown) => this.options.log.error(`Loading skills failed: ${String(e)}`));
    const watcher = vscode.workspace.createFileSystemWatcher('**/.lesson-agent/skills/*.md');
    this.disposables.push(
      watcher,
      watcher.onDidCreate(reload),
      watcher.onDidChange(reload),
      watcher.onDidDelete(reload),
      vscode.workspace.onDidGrantWorkspaceTrust(reload),
      vscode.workspace.onDidChangeWorkspaceFolders(reload),
    );
  }

  private createClient(): Anthropic {
    const endpoint = this.endpoint();
    if (!endpoint) throw new NoApiKeyError();
    // The SDK's timeout only runs until response headers arrive (the loop's watchdog takes over
    // then), so it can be as short as the stall timeout instead of the SDK's ten minutes.
    return new Anthropic({ apiKey: endpoint.apiKey, baseURL: endpoint.baseURL, maxRetries: 2, timeout: readSettings().stallTimeoutMs });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

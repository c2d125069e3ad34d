// What the chat controller's tests share: the controller with the real agent (the real SDK over
// HTTP against the fake model) and a file session store, a stand-in for the webview that applies
// what the host posts exactly as the webview does, and editor actions that record their calls.
import { applyEditAgain, revertEdit } from '../../../../src/core/chat/revert';
import * as assert from 'node:assert/strict';
import { ChatController } from '../../../../src/core/chat/chatController';
import type { ChatControllerDeps, ChatHostActions, ExportedFile } from '../../../../src/core/chat/chatController';
import { LastSession } from '../../../../src/core/chat/lastSession';
import { LastSessionFile } from '../../../../src/core/sessions/lastSessionFile';
import { sessionToView } from '../../../../src/core/sessions/view';
import type { HostMessage } from '../../../../src/shared/protocol';
import type { HostMeta, SessionView } from '../../../../src/shared/view';
import type { HostState } from '../../../../webview-ui/src/state/hostState';
import { applyHostMessages, initialHostState } from '../../../../webview-ui/src/state/hostState';
import type { ScenarioInput } from '../../../fake/scenario';
import { MemoryDocument, startHarness } from '../agent/harness';
import type { Harness, HarnessOptions } from '../agent/harness';

export const META: HostMeta = { hasApiKey: true, demo: false, model: 'claude-test', restricted: false, skills: [], notices: [] };

/** The webview's own host-state reducer, minus the rendering: snapshots, batches, gap checks. */
export class WebviewStandIn {
  state: HostState = initialHostState;
  posts: HostMessage[] = [];
  warnings: string[] = [];
  resyncs = 0;
  onEvents?: () => void;

  get view(): SessionView | undefined {
    return this.state.ready ? this.state.session : undefined;
  }

  receive = (message: HostMessage): void => {
    this.posts.push(message);
    const result = applyHostMessages(this.state, [message]);
    this.state = result.state;
    this.warnings.push(...result.warnings);
    if (result.resync) this.resyncs += 1;
    if (message.type === 'events') this.onEvents?.();
  };

  /** A reload: the webview forgets everything until the next snapshot. */
  reset(): void {
    this.state = initialHostState;
  }

  count(type: HostMessage['type']): number {
    return this.posts.filter((p) => p.type === type).length;
  }
}

export interface Setup {
  harness: Harness;
  controller: ChatController;
  webview: WebviewStandIn;
  logs: string[];
  notices: string[];
  /** The panel's pointer to the session it shows, on disk beside the sessions as the extension keeps it. */
  lastSession: LastSessionFile;
  /** What the editor side was asked to do, in order ("closeDiffs proposal:x", "openEditDiff edit:y"...). */
  calls: string[];
  /** What the next export returns (undefined: the user cancelled the save dialog). */
  exportTo: { file: ExportedFile | undefined };
  /** What the controller was built with (another window shares them). */
  deps: ChatControllerDeps;
}

export interface SetupOptions {
  document?: MemoryDocument;
  tools?: HarnessOptions['tools'];
  settings?: HarnessOptions['settings'];
  /** Controller options over the defaults (say, a faster check for another writer). */
  deps?: Partial<ChatControllerDeps>;
}

export async function setup(scenario: ScenarioInput, options: SetupOptions = {}): Promise<Setup> {
  const document = options.document ?? new MemoryDocument('<lesson>\n  <p>Hi.</p>\n</lesson>\n');
  // The store's problem reports go to the panel's notices, as the extension wires them.
  let problem = (_message: string): void => {};
  const harness = await startHarness({
    scenario,
    document,
    onSessionProblem: (m) => problem(m),
    ...(options.tools ? { tools: options.tools } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const logs: string[] = [];
  const notices: string[] = [];
  const lastSession = new LastSessionFile(harness.store.dir);
  const calls: string[] = [];
  const exportTo: Setup['exportTo'] = { file: undefined };
  const actions: ChatHostActions = {
    pickFile: async () => 'lessons/picked.lesson.xml',
    openProposalDiff: async (key) => void calls.push(`openProposalDiff ${key}`),
    openEditDiff: async (key) => void calls.push(`openEditDiff ${key}`),
    openTextDiff: async (key) => void calls.push(`openTextDiff ${key}`),
    closeDiffs: async (keys) => void calls.push(`closeDiffs ${keys.join(' ')}`),
    // The real Revert and Apply again, on the in-memory document.
    revertEdit: async (_session, edit) => {
      calls.push(`revertEdit ${edit.id}`);
      return revertEdit(document, edit);
    },
    applyEditAgain: async (edit) => {
      calls.push(`applyEditAgain ${edit.id}`);
      return applyEditAgain(document, edit);
    },
    exportSession: async () => exportTo.file,
    showDocument: async (uri) => void calls.push(`showDocument ${uri}`),
    setApiKey: async () => undefined,
    openSettings: async () => undefined,
    notify: (level, message) => notices.push(`${level}: ${message}`),
  };
  const deps: ChatControllerDeps = {
    agent: harness.agent,
    store: harness.store,
    actions,
    meta: () => META,
    activeDocument: () => ({ uri: document.uri, name: document.name, kind: document.kind }),
    lastSession: new LastSession({ store: lastSession, log: (level, message) => logs.push(`${level}: ${message}`) }),
    log: (level, message) => logs.push(`${level}: ${message}`),
    ...options.deps,
  };
  const controller = new ChatController(deps);
  problem = (message) => controller.notice(message);
  const webview = new WebviewStandIn();
  controller.attach(webview.receive);
  await controller.init();
  return { harness, controller, webview, logs, notices, lastSession, calls, exportTo, deps };
}

/**
 * The panel of another window, or of the same workspace in a new browser profile: a new controller
 * on the same sessions and the same pointer file, with nothing in memory. Dispose it yourself.
 */
export async function anotherWindow(s: Setup): Promise<{ controller: ChatController; webview: WebviewStandIn }> {
  const log = (level: string, message: string): void => void s.logs.push(`${level}: ${message}`);
  const controller = new ChatController({ ...s.deps, lastSession: new LastSession({ store: new LastSessionFile(s.harness.store.dir), log }) });
  const webview = new WebviewStandIn();
  controller.attach(webview.receive);
  await controller.init();
  return { controller, webview };
}

export async function storedView(s: Setup): Promise<SessionView> {
  const id = s.controller.currentSessionId;
  assert.ok(id, 'a session is open');
  return sessionToView(await s.harness.store.get(id));
}


// Every "Lesson Agent: ..." command. Each one does its work through the controller or the host.
import * as vscode from 'vscode';
import { MODELS } from '../core/agent/models';
import type { ChatController } from '../core/chat/chatController';
import type { AgentHost } from './agentHost';
import type { ApiKeyStore } from './apiKey';
import type { ChatViewProvider } from './chatViewProvider';
import { skillSummary, skillTitle } from '../core/skills/names';
import { formatDateTime } from '../shared/format';
import { SECTION } from './settings';

export interface CommandDeps {
  controller: ChatController;
  view: ChatViewProvider;
  host: AgentHost;
  apiKeys: ApiKeyStore;
}

export function registerCommands(context: vscode.ExtensionContext, deps: CommandDeps): void {
  const { controller, view, apiKeys } = deps;
  const register = (id: string, fn: (...args: unknown[]) => unknown) =>
    context.subscriptions.push(vscode.commands.registerCommand(`lessonAgent.${id}`, fn));

  register('openChat', async () => {
    await view.reveal();
    controller.focusInput();
  });
  register('newSession', async () => {
    await view.reveal();
    await controller.newSession();
  });
  register('showSessions', () => showSessions(deps));
  register('setApiKey', () => apiKeys.prompt());
  register('clearApiKey', async () => {
    await apiKeys.clear();
    void vscode.window.showInformationMessage(vscode.l10n.t('API key removed.'));
  });
  register('stop', () => controller.stop());
  register('askAboutSelection', () => askAboutSelection(deps));
  register('createExercise', () => createExercise(deps));
  register('exportSession', async () => {
    // The outcome is said in the panel: show it.
    await view.reveal();
    await controller.exportSession();
  });
  register('selectModel', async () => {
    const config = vscode.workspace.getConfiguration(SECTION);
    const current = config.get<string>('model');
    const items: Array<vscode.QuickPickItem & { id: string }> = MODELS.map((m) => ({
      id: m.id,
      label: m.label,
      description: m.id === current ? `${m.id} · ${vscode.l10n.t('current')}` : m.id,
      detail: m.description,
    }));
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('Select the model for Lesson Agent'),
      placeHolder: current,
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (!picked) return;
    await config.update('model', picked.id, vscode.ConfigurationTarget.Global);
    // In the offline demo the scripted model keeps answering: say so rather than promise Claude.
    const said = deps.host.demo
      ? vscode.l10n.t('{0} will answer once you set an API key; until then the offline demo answers.', picked.label)
      : vscode.l10n.t('{0} will answer from your next message.', picked.label);
    void vscode.window.showInformationMessage(said);
  });
}

async function showSessions({ controller, view, host }: CommandDeps): Promise<void> {
  const sessions = await host.store.list();
  type Item = vscode.QuickPickItem & { id?: string };
  const items: Item[] = [
    { label: `$(add) ${vscode.l10n.t('New session')}` },
    ...sessions.map((s) => ({
      id: s.id,
      label: s.title,
      description: s.documentName,
      detail: `${formatDateTime(s.updatedAt, vscode.env.language)} · ${vscode.l10n.t('{0} messages', s.messageCount)}${s.awaitingUser ? ` · ${vscode.l10n.t('waiting for you')}` : ''}`,
    })),
  ];
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Lesson Agent sessions'), matchOnDescription: true });
  if (!picked) return;
  await view.reveal();
  if (picked.id) await controller.open(picked.id);
  else await controller.newSession();
}

async function askAboutSelection({ controller, view }: CommandDeps): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.selection.isEmpty) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Select some text first.'));
    return;
  }
  const text = editor.document.getText(editor.selection);
  const question = await vscode.window.showInputBox({
    title: vscode.l10n.t('Ask Lesson Agent about the selection'),
    prompt: vscode.l10n.t('What would you like to know or change?'),
    value: vscode.l10n.t('Explain this and suggest how to improve it.'),
    ignoreFocusOut: true,
  });
  if (!question) return;
  const { start, end } = editor.selection;
  const file = vscode.workspace.asRelativePath(editor.document.uri, false);
  const label =
    start.line === end.line
      ? vscode.l10n.t('Selection: {0}, line {1}', file, start.line + 1)
      : vscode.l10n.t('Selection: {0}, lines {1} to {2}', file, start.line + 1, end.line + 1);
  await view.reveal();
  await controller.sendMessage(question, { label, text });
}

async function createExercise({ controller, view, host }: CommandDeps): Promise<void> {
  // Only exercise skills: a guidance skill (a house style) is not something to create.
  const exercises = host.skills().list().filter((s) => s.exercise);
  const picked = await vscode.window.showQuickPick(
    exercises.map((s) => ({ label: skillTitle(s), detail: skillSummary(s) })),
    { title: vscode.l10n.t('Create an exercise'), placeHolder: vscode.l10n.t('Which kind of exercise?'), matchOnDetail: true },
  );
  if (!picked) return;
  await view.reveal();
  // The kind as the list named it (a type's name in the display language, or a teacher's own skill's title), quoted: not lower-cased, which German nouns refuse.
  controller.prefill(vscode.l10n.t('Add a “{0}” exercise about ', picked.label));
}

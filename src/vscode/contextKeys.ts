// The context keys package.json's `when` clauses and the walkthrough's completion events read.
// (lessonAgent.busy follows the controller's turns, where it is set.)
import * as vscode from 'vscode';
import type { ChatController } from '../core/chat/chatController';
import type { AgentHost } from './agentHost';
import type { ApiKeyStore } from './apiKey';
import { documentKind } from './documentAccess';

function setContext(key: string, value: boolean): void {
  void vscode.commands.executeCommand('setContext', key, value);
}

/** Export Chat and the other commands on the open session are offered while the panel shows one. */
export function setSessionShown(sessionId: string | undefined): void {
  setContext('lessonAgent.hasSession', sessionId !== undefined);
}

export function registerContextKeys(context: vscode.ExtensionContext, { apiKeys, controller, host }: { apiKeys: ApiKeyStore; controller: ChatController; host: AgentHost }): void {
  const update = () => {
    setContext('lessonAgent.hasStoredKey', apiKeys.hasStoredKey());
    // The walkthrough's "Try the offline demo" step instead of "Add your Anthropic API key".
    setContext('lessonAgent.demo', host.demo);
  };
  update();
  setSessionShown(controller.currentSessionId);
  // The walkthrough's "Open a lesson" step is done when a lesson is in the editor (onContext).
  const lessonInEditor = (editor: vscode.TextEditor | undefined) => {
    if (editor) setContext('lessonAgent.lessonOpen', documentKind(editor.document.uri) === 'lesson');
  };
  lessonInEditor(vscode.window.activeTextEditor);
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(lessonInEditor), apiKeys.onDidChange(update));
}

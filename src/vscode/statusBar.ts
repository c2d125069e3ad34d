// A status bar item while the agent works: click to focus the chat (where Stop is).
import * as vscode from 'vscode';

export class AgentStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('lessonAgent.status', vscode.StatusBarAlignment.Right, 100);

  constructor() {
    this.item.name = vscode.l10n.t('Lesson Agent');
    this.item.command = 'lessonAgent.openChat';
  }

  setBusy(busy: boolean): void {
    if (!busy) {
      this.item.hide();
      return;
    }
    this.item.text = `$(loading~spin) ${vscode.l10n.t('Lesson Agent is working')}`;
    this.item.tooltip = vscode.l10n.t('Show the chat (Stop is there)');
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}

// The chat view: serves the webview's HTML and passes messages both ways. The webview is
// rebuilt whenever it is shown again; it then says `ready` and gets a fresh snapshot.
import * as vscode from 'vscode';
import type { ChatController } from '../core/chat/chatController';
import { webviewHtml } from './webviewHtml';

export const CHAT_VIEW_ID = 'lessonAgent.chat';

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly controller: ChatController,
  ) {}

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist')],
    };
    view.webview.html = webviewHtml(view.webview, this.extensionUri);
    this.controller.attach((message) => {
      // A hidden view drops posts; that is fine: it asks for a snapshot when shown again.
      void view.webview.postMessage(message);
    });
    this.disposables.push(
      view.webview.onDidReceiveMessage((message: unknown) => this.controller.handle(message)),
      view.onDidDispose(() => {
        if (this.view === view) {
          this.view = undefined;
          this.controller.detach();
        }
      }),
    );
  }

  get visible(): boolean {
    return this.view?.visible ?? false;
  }

  /** Reveals the chat view, creating it if needed. */
  async reveal(): Promise<void> {
    if (this.view) this.view.show(false);
    else await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

export function registerChatView(context: vscode.ExtensionContext, controller: ChatController): ChatViewProvider {
  const provider = new ChatViewProvider(context.extensionUri, controller);
  context.subscriptions.push(
    provider,
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, provider, { webviewOptions: { retainContextWhenHidden: false } }),
  );
  return provider;
}

// The API key lives in SecretStorage only; ANTHROPIC_API_KEY is the fallback. It is never logged,
// never put in settings, sessions, webview state or error messages.
import * as vscode from 'vscode';

const SECRET_ID = 'lessonAgent.anthropicApiKey';

export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private cached: string | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.subscription = secrets.onDidChange(async (e) => {
      if (e.key !== SECRET_ID) return;
      this.cached = await secrets.get(SECRET_ID);
      this.changed.fire();
    });
  }

  async load(): Promise<void> {
    this.cached = await this.secrets.get(SECRET_ID);
  }

  /** The key to use: the stored one, else the environment's. */
  current(): string | undefined {
    return this.cached || this.env.ANTHROPIC_API_KEY || undefined;
  }

  hasStoredKey(): boolean {
    return Boolean(this.cached);
  }

  async set(key: string): Promise<void> {
    this.cached = key.trim();
    await this.secrets.store(SECRET_ID, this.cached);
    this.changed.fire();
  }

  async clear(): Promise<void> {
    this.cached = undefined;
    await this.secrets.delete(SECRET_ID);
    this.changed.fire();
  }

  /** Asks for a key in a password input box; resolves true when one was stored. */
  async prompt(): Promise<boolean> {
    const key = await vscode.window.showInputBox({
      title: vscode.l10n.t('Lesson Agent: Anthropic API key'),
      prompt: vscode.l10n.t('Paste your Anthropic API key. It is kept in VS Code\'s secret storage.'),
      password: true,
      ignoreFocusOut: true,
      placeHolder: 'sk-ant-...',
      validateInput: (value) =>
        value.trim().length < 8 ? vscode.l10n.t('That does not look like an API key.') : undefined,
    });
    if (!key) return false;
    await this.set(key);
    void vscode.window.showInformationMessage(vscode.l10n.t('API key saved.'));
    return true;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

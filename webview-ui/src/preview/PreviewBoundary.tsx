// A part of the lesson that fails to render shows a notice instead and is reported to the host's
// log; the rest of the preview stays. (The chat's boundary talks through the chat's API, and a
// webview may acquire the VS Code API only once.)
import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { post } from './previewApi';
import { t } from './previewL10n';

interface Props {
  what: string;
  children: ReactNode;
}

export class PreviewBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const where = info.componentStack?.split('\n').slice(0, 4).join(' | ') ?? '';
    post({ type: 'log', level: 'error', message: `preview: render failed for ${this.props.what}: ${error.message} ${where}`.slice(0, 10_000) });
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div className="broken-item" role="note">
          <span className="codicon codicon-warning" aria-hidden="true" /> {t('broken')}
        </div>
      );
    }
    return this.props.children;
  }
}

// One bad message or card must never blank the panel: each is rendered inside its own boundary,
// which shows a small notice instead and reports the error to the host's log.
import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { t } from '../l10n';
import { TEST_IDS } from '../testIds';
import { logToHost } from '../vscodeApi';

interface Props {
  /** Names the item in the log ("message t3", "question card q1"). */
  what: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const where = info.componentStack?.split('\n').slice(0, 4).join(' | ') ?? '';
    logToHost('error', `render failed for ${this.props.what}: ${error.message} ${where}`);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div className="broken-item" role="note" data-testid={TEST_IDS.brokenItem}>
          <span className="codicon codicon-warning" aria-hidden="true" /> {t('messageBroken')}
        </div>
      );
    }
    return this.props.children;
  }
}

// What the host wants the user to know outside the conversation (a corrupt session set aside,
// a restricted workspace). Dismissed notices stay dismissed for this webview's life.
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { HostMeta } from '../../../src/shared/view';
import { t } from '../l10n';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { useChat } from '../state/chatContext';

/** A stuck lock (a window that never let go) need not block a teacher: they may take it over, warned first. */
function TakeOver({ sessionId }: { sessionId: string }): ReactNode {
  const { post } = useChat();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <div className="banner-actions">
        <Button appearance="secondary" onClick={() => setAsking(true)} testId={TEST_IDS.takeOver}>
          {t('takeOver')}
        </Button>
      </div>
    );
  }
  return (
    <div className="take-over" role="group" aria-label={t('takeOverConfirm')}>
      <p className="banner-detail">{t('takeOverWarning')}</p>
      <div className="banner-actions">
        <Button appearance="primary" onClick={() => post({ type: 'takeOverSession', sessionId })} testId={TEST_IDS.takeOverConfirm}>
          {t('takeOverConfirm')}
        </Button>
        <Button appearance="secondary" onClick={() => setAsking(false)} testId={TEST_IDS.takeOverCancel}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}

export function Notices({ meta, readOnly, sessionId }: { meta: HostMeta; readOnly?: string | undefined; sessionId: string }): ReactNode {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const notices = [...(meta.restricted ? [t('restricted')] : []), ...meta.notices].filter((n) => !dismissed.has(n));
  if (notices.length === 0 && !readOnly) return null;
  return (
    <div className="notices">
      {readOnly ? (
        // Not dismissable: it says why the input is off, for as long as it is.
        <div className="banner banner-info" role="status" data-testid={TEST_IDS.readOnlyNotice}>
          <Icon name="lock" />
          <div className="banner-body">
            {readOnly}
            <TakeOver key={sessionId} sessionId={sessionId} />
          </div>
        </div>
      ) : null}
      {notices.map((n) => (
        <div key={n} className="banner banner-info" role="status" data-testid={TEST_IDS.notice}>
          <Icon name="info" />
          <div className="banner-body">{n}</div>
          <Button appearance="icon" icon="close" label={t('dismiss')} onClick={() => setDismissed(new Set([...dismissed, n]))} />
        </div>
      ))}
    </div>
  );
}

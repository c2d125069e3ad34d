// A failed turn, said plainly by error code, with the one action that helps: set a key, retry.
import type { ReactNode } from 'react';
import type { ErrorCode } from '../../../src/shared/events';
import type { AssistantItem, ViewError } from '../../../src/shared/view';
import type { MessageKey } from '../l10n';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';

const ERROR_TEXT: Record<ErrorCode, MessageKey> = {
  no_api_key: 'errNoApiKey',
  auth: 'errAuth',
  permission: 'errPermission',
  rate_limit: 'errRateLimit',
  overloaded: 'errOverloaded',
  network: 'errNetwork',
  stalled: 'errStalled',
  server: 'errServer',
  invalid_request: 'errInvalidRequest',
  not_found: 'errNotFound',
  step_limit: 'errStepLimit',
  max_tokens: 'errMaxTokens',
  refusal: 'errRefusal',
  context_window: 'errContextWindow',
  cancelled: 'stopped',
  document: 'errDocument',
  session: 'errSession',
  disk_full: 'errDiskFull',
  in_use: 'errInUse',
  usage: 'errUnknown',
  rewind: 'errRewind',
  unknown: 'errUnknown',
};

const KEY_CODES: ReadonlySet<ErrorCode> = new Set(['no_api_key', 'auth']);

export function ErrorBanner({ error, canRetry }: { error: ViewError; canRetry: boolean }): ReactNode {
  const { post } = useChat();
  const headline = t(ERROR_TEXT[error.code]);
  return (
    <div className="banner banner-error" role="alert" data-testid={TEST_IDS.errorBanner} data-code={error.code}>
      <Icon name="error" />
      <div className="banner-body">
        <div className="banner-title">{headline}</div>
        {error.message && error.message !== headline ? <div className="banner-detail">{error.message}</div> : null}
      </div>
      <div className="banner-actions">
        {KEY_CODES.has(error.code) ? (
          <Button appearance="primary" icon="key" onClick={() => post({ type: 'setApiKey' })} testId={TEST_IDS.setApiKey}>
            {t('setApiKey')}
          </Button>
        ) : null}
        {canRetry && error.retryable ? (
          <Button appearance={KEY_CODES.has(error.code) ? 'secondary' : 'primary'} icon="refresh" onClick={() => post({ type: 'retry' })} testId={TEST_IDS.retry}>
            {t('retry')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

const RETRY_TEXT: Partial<Record<ErrorCode, MessageKey>> = {
  rate_limit: 'retryingRateLimit',
  overloaded: 'retryingOverloaded',
  network: 'retryingNetwork',
  stalled: 'retryingNetwork',
};

export function RetryingNotice({ retrying }: { retrying: NonNullable<AssistantItem['retrying']> }): ReactNode {
  const why = RETRY_TEXT[retrying.code];
  const seconds = Math.max(1, Math.round(retrying.delayMs / 1000));
  return (
    <div className="banner banner-warning" role="status" data-testid={TEST_IDS.retrying} data-code={retrying.code}>
      <Icon name="sync" spin />
      <div className="banner-body">
        {why ? `${t(why)} ` : ''}
        {t('retrying', seconds, retrying.attempt)}
      </div>
    </div>
  );
}

/** A request with no answer yet: the teacher sees it is waiting, and for how long it will. */
export function WaitingNotice({ waiting }: { waiting: NonNullable<AssistantItem['waiting']> }): ReactNode {
  return (
    <div className="banner banner-info" role="status" data-testid={TEST_IDS.waiting}>
      <Icon name="loading" spin />
      <div className="banner-body">{t('waitingForAnswer', Math.round(waiting.waitedMs / 1000), Math.round(waiting.limitMs / 1000))}</div>
    </div>
  );
}

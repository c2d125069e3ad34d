// A new session: what the agent can do, example requests (a click sends one, as every suggestion
// does: App.tsx `suggest`), and the onboarding card when no API key is set, or while the offline
// demo stands in for Claude.
import type { ReactNode } from 'react';
import type { HostMeta } from '../../../src/shared/view';
import type { MessageKey } from '../l10n';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';

const EXAMPLES: MessageKey[] = ['example1', 'example2', 'example3', 'example4'];

/** No key: how to connect. In the offline demo: what the demo is, and still how to connect. */
function Onboarding({ demo }: { demo: boolean }): ReactNode {
  const { post } = useChat();
  return (
    <section className="card onboarding" aria-labelledby="onboarding-title" data-testid={TEST_IDS.onboarding} data-demo={demo ? 'true' : 'false'}>
      <div className="card-head">
        <Icon name={demo ? 'beaker' : 'key'} />
        <h2 className="card-title" id="onboarding-title">
          {t(demo ? 'onboardingDemoTitle' : 'onboardingTitle')}
        </h2>
      </div>
      <p>{t(demo ? 'onboardingDemoBody' : 'onboardingBody')}</p>
      <div className="card-actions">
        <Button icon="key" onClick={() => post({ type: 'setApiKey' })} testId={TEST_IDS.setApiKey}>
          {t('setApiKey')}
        </Button>
        <Button appearance="secondary" icon="gear" onClick={() => post({ type: 'openSettings' })}>
          {t('openSettings')}
        </Button>
      </div>
    </section>
  );
}

export function EmptyChat({ meta }: { meta: HostMeta }): ReactNode {
  const { suggest } = useChat();
  return (
    <div className="empty-chat" data-testid={TEST_IDS.emptyChat}>
      {meta.hasApiKey && !meta.demo ? null : <Onboarding demo={meta.demo} />}
      <h2 className="empty-title">{t('emptyTitle')}</h2>
      <p className="muted">{t('emptyIntro')}</p>
      <ul className="examples" aria-label={t('examplesLabel')}>
        {EXAMPLES.map((key) => (
          <li key={key}>
            <button
              type="button"
              className="example"
              data-testid={TEST_IDS.example}
              onClick={() => suggest(t(key))}
            >
              <Icon name="lightbulb" /> {t(key)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

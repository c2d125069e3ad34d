// The panel's header: the session title (its tooltip tells what the session cost so far), the bound
// document, the demo label, sessions and new.
import type { ReactNode, Ref } from 'react';
import type { HostMeta, SessionView } from '../../../src/shared/view';
import { chargeOf, totalSpend } from '../../../src/shared/spend';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { sessionSpendTitle } from './Usage';

interface Props {
  session: SessionView;
  meta: HostMeta;
  sessionsOpen: boolean;
  branchesOpen: boolean;
  /** The Sessions button, which gets the focus back when the list is closed without a choice. */
  sessionsToggleRef?: Ref<HTMLElement>;
}

export function Header({ session, meta, sessionsOpen, branchesOpen, sessionsToggleRef }: Props): ReactNode {
  const { post, ui } = useChat();
  const doc = session.document;
  // The session's total cost (and its tokens) where a teacher who wonders will look: the title's tooltip.
  const replies = session.items.flatMap((i) => (i.kind === 'assistant' ? [i] : []));
  const spent = totalSpend(replies);
  const charge = chargeOf(replies);
  const title = spent && charge ? `${session.title}\n${sessionSpendTitle(spent, charge, meta.locale)}` : session.title;
  return (
    <header className="header">
      <div className="header-main">
        <h1 className="session-title" data-testid={TEST_IDS.sessionTitle} title={title}>
          {session.title}
        </h1>
        <div className="header-sub">
          {doc ? (
            <span className="bound-document" data-testid={TEST_IDS.boundDocument} title={t('headerDocument', doc.uri)}>
              <Icon name={doc.kind === 'lesson' ? 'book' : 'file'} /> {doc.name}
            </span>
          ) : (
            <span className="bound-document muted" data-testid={TEST_IDS.noDocument}>
              {t('headerNoDocument')}
            </span>
          )}
          {meta.demo ? (
            <span className="demo-label" data-testid={TEST_IDS.demoLabel}>
              <Icon name="beaker" /> {t('demoLabel')}
            </span>
          ) : null}
        </div>
      </div>
      <div className="header-actions">
        {session.branches && session.branches.length > 0 ? (
          <Button
            appearance="secondary"
            icon="git-branch"
            label={t('branchesCount', session.branches.length)}
            onClick={() => ui({ type: 'branchesOpen', open: !branchesOpen })}
            pressed={branchesOpen}
            testId={TEST_IDS.branchesButton}
            data={{ 'data-count': String(session.branches.length) }}
          >
            {session.branches.length}
          </Button>
        ) : null}
        <Button appearance="icon" icon="add" label={t('newSession')} onClick={() => post({ type: 'newSession' })} testId={TEST_IDS.newSessionButton} />
        <Button
          appearance="icon"
          icon="history"
          label={t('sessions')}
          onClick={() => ui({ type: 'sessionsOpen', open: !sessionsOpen })}
          ref={sessionsToggleRef}
          testId={TEST_IDS.sessionsButton}
          data={{ 'data-open': sessionsOpen ? 'true' : 'false' }}
        />
      </div>
    </header>
  );
}

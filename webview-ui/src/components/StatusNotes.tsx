// Two short notes above the input: the outcome of an action taken outside the conversation (an
// export: where it went, with Open), and, when the editor shows another document than the one
// this session edits, where the agent's edits will go, with a way to show it or start over there.
import type { ReactNode } from 'react';
import { documentToBind } from '../../../src/shared/lateBinding';
import type { HostMeta, SessionView } from '../../../src/shared/view';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import type { Exported } from '../state/useHost';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';

export function ExportedNote({ exported, onDismiss }: { exported: Exported; onDismiss: () => void }): ReactNode {
  const { post } = useChat();
  return (
    <div className="status-note status-info" role="status" data-testid={TEST_IDS.exported}>
      <Icon name="pass" />
      <span className="status-text" title={exported.path}>
        {t('savedAs', exported.name, exported.folder)}
      </span>
      <span className="status-actions">
        <Button appearance="secondary" onClick={() => post({ type: 'openFile', uri: exported.uri })} testId={TEST_IDS.exportedOpen}>
          {t('open')}
        </Button>
        <Button appearance="icon" icon="close" label={t('dismiss')} onClick={onDismiss} />
      </span>
    </div>
  );
}

/**
 * Shown while the active editor holds another document than the session's; or, in a chat that has
 * no document yet, the lesson its next message will work on (the host binds it by the same rule).
 */
export function BoundDocumentNote({ session, meta }: { session: SessionView; meta: HostMeta }): ReactNode {
  const { post } = useChat();
  const bound = session.document;
  const active = meta.activeDocument;
  const next = session.items.length > 0 ? documentToBind(bound, active) : undefined;
  if (next) {
    return (
      <div className="status-note status-info" role="status" data-testid={TEST_IDS.bindOffer}>
        <Icon name="info" />
        <span className="status-text">{t('bindsNext', next.name)}</span>
      </div>
    );
  }
  if (!bound || !active || bound.uri === active.uri || session.items.length === 0) return null;
  return (
    <div className="status-note status-info" role="status" data-testid={TEST_IDS.documentMismatch}>
      <Icon name="info" />
      <span className="status-text">{t('boundElsewhere', bound.name, active.name)}</span>
      <span className="status-actions">
        <Button appearance="secondary" onClick={() => post({ type: 'showDocument' })} testId={TEST_IDS.showBoundDocument}>
          {t('showBound')}
        </Button>
        <Button appearance="secondary" onClick={() => post({ type: 'newSession' })} testId={TEST_IDS.newSessionForActive}>
          {t('newSessionFor', shortName(active.name))}
        </Button>
      </span>
    </div>
  );
}

/** "test-docs/verbs.lesson.xml" -> "verbs.lesson.xml": buttons need the short form. */
function shortName(name: string): string {
  return name.split('/').pop() ?? name;
}

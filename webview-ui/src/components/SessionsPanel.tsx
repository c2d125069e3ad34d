// The sessions list: open, rename, delete (asked twice), export, new. The host owns the data.
import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../src/shared/format';
import type { SessionSummary } from '../../../src/shared/view';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { Badge, Icon } from '../ui/Icon';
import { TextField } from '../ui/TextInput';

function SessionRow({ s, current, locale }: { s: SessionSummary; current: boolean; locale: string | undefined }): ReactNode {
  const { post, ui } = useChat();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [title, setTitle] = useState(s.title);
  const save = (): void => {
    const next = title.trim();
    if (next && next !== s.title) post({ type: 'renameSession', sessionId: s.id, title: next });
    setMode('view');
  };
  const onRenameKey = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.key === 'Enter') save();
    if (e.key === 'Escape') {
      e.stopPropagation();
      setMode('view');
    }
  };
  const open = (): void => {
    if (!current) post({ type: 'openSession', sessionId: s.id });
    ui({ type: 'sessionsOpen', open: false });
  };
  return (
    <li className={`session-item${current ? ' current' : ''}`} data-testid={TEST_IDS.sessionItem} data-session-id={s.id}>
      {mode === 'rename' ? (
        <div className="session-rename">
          <TextField value={title} onChange={setTitle} label={t('sessionRenameLabel', s.title)} testId={TEST_IDS.sessionRenameInput} onKeyDown={onRenameKey} ref={(el) => el?.focus()} />
          <Button onClick={save} testId={TEST_IDS.sessionRenameSave}>
            {t('sessionRenameSave')}
          </Button>
          <Button appearance="secondary" onClick={() => setMode('view')}>
            {t('cancel')}
          </Button>
        </div>
      ) : mode === 'delete' ? (
        <div className="session-delete" role="alert">
          <span>{t('sessionDeleteConfirm', s.title)}</span>
          <Button
            onClick={() => {
              post({ type: 'deleteSession', sessionId: s.id });
              setMode('view');
            }}
            testId={TEST_IDS.sessionDeleteConfirm}
          >
            {t('sessionDeleteYes')}
          </Button>
          <Button appearance="secondary" onClick={() => setMode('view')}>
            {t('cancel')}
          </Button>
        </div>
      ) : (
        <>
          <button type="button" className="session-open" onClick={open} data-testid={TEST_IDS.sessionOpen} aria-current={current || undefined}>
            <span className="session-name">{s.title}</span>
            <span className="session-meta">
              {formatDateTime(s.updatedAt, locale)} · {t('sessionMessages', s.messageCount)}
              {s.documentName ? ` · ${s.documentName}` : ''}
            </span>
          </button>
          {current ? <Badge>{t('sessionCurrent')}</Badge> : null}
          {s.awaitingUser ? (
            <Badge className="badge-attention">
              <Icon name="bell-dot" />
              {t('sessionAwaiting')}
            </Badge>
          ) : null}
          <span className="session-actions">
            <Button appearance="icon" icon="edit" label={t('sessionRename')} onClick={() => setMode('rename')} testId={TEST_IDS.sessionRename} />
            <Button appearance="icon" icon="export" label={t('sessionExport')} onClick={() => post({ type: 'exportSession', sessionId: s.id })} testId={TEST_IDS.sessionExport} />
            <Button appearance="icon" icon="trash" label={t('sessionDelete')} onClick={() => setMode('delete')} testId={TEST_IDS.sessionDelete} />
          </span>
        </>
      )}
    </li>
  );
}

export function SessionsPanel({ sessions, currentId, locale }: { sessions: SessionSummary[]; currentId: string; locale?: string | undefined }): ReactNode {
  const { post, ui } = useChat();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('.session-open, vscode-button')?.focus();
  }, []);
  const close = (): void => ui({ type: 'sessionsOpen', open: false });
  const sorted = [...sessions].sort((a, b) => b.updatedAt - a.updatedAt);
  return (
    <section
      ref={ref}
      className="sessions-panel"
      aria-label={t('sessionsTitle')}
      data-testid={TEST_IDS.sessionsPanel}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <div className="sessions-head">
        <h2>{t('sessionsTitle')}</h2>
        <Button
          appearance="secondary"
          icon="add"
          onClick={() => {
            post({ type: 'newSession' });
            close();
          }}
          testId={TEST_IDS.sessionsNew}
        >
          {t('newSession')}
        </Button>
        <Button appearance="icon" icon="close" label={t('sessionsClose')} onClick={close} />
      </div>
      {sorted.length === 0 ? (
        <p className="muted">{t('sessionsEmpty')}</p>
      ) : (
        <ul className="session-list">
          {sorted.map((s) => (
            <SessionRow key={s.id} s={s} current={s.id === currentId} locale={locale} />
          ))}
        </ul>
      )}
    </section>
  );
}

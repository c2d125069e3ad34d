// The sessions list: open, rename, delete (asked twice), export, new. The host owns the data.
import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  // Leaving rename or delete puts the focus back on the row, where the teacher was.
  const rowRef = useRef<HTMLLIElement>(null);
  const leftMode = useRef<string | undefined>(undefined);
  useEffect(() => {
    const from = leftMode.current;
    leftMode.current = undefined;
    if (mode !== 'view' || !from) return;
    const selector = from === 'rename' ? `[data-testid="${TEST_IDS.sessionRename}"]` : from === 'delete' ? `[data-testid="${TEST_IDS.sessionDelete}"]` : '.session-open';
    rowRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [mode]);
  const back = (from: 'rename' | 'delete' | 'done'): void => {
    leftMode.current = from;
    setMode('view');
  };
  const [title, setTitle] = useState(s.title);
  const save = (): void => {
    const next = title.trim();
    if (next && next !== s.title) post({ type: 'renameSession', sessionId: s.id, title: next });
    back('done');
  };
  const onRenameKey = (e: KeyboardEvent<HTMLElement>): void => {
    // Handled here only: the focus moves back to the row at once, and the key must not go on to
    // press what now has it (it would open the session).
    if (e.key === 'Enter') {
      e.preventDefault();
      save();
    }
    if (e.key === 'Escape') {
      e.stopPropagation();
      back('rename');
    }
  };
  const open = (): void => {
    if (!current) post({ type: 'openSession', sessionId: s.id });
    ui({ type: 'sessionsOpen', open: false });
  };
  return (
    <li ref={rowRef} className={`session-item${current ? ' current' : ''}`} data-testid={TEST_IDS.sessionItem} data-session-id={s.id}>
      {mode === 'rename' ? (
        <div className="session-rename">
          <TextField value={title} onChange={setTitle} label={t('sessionRenameLabel', s.title)} testId={TEST_IDS.sessionRenameInput} onKeyDown={onRenameKey} ref={(el) => el?.focus()} />
          <Button onClick={save} testId={TEST_IDS.sessionRenameSave}>
            {t('sessionRenameSave')}
          </Button>
          <Button appearance="secondary" onClick={() => back('rename')}>
            {t('cancel')}
          </Button>
        </div>
      ) : mode === 'delete' ? (
        <div className="session-delete" role="alert">
          <span>{t('sessionDeleteConfirm', s.title)}</span>
          <Button
            onClick={() => {
              post({ type: 'deleteSession', sessionId: s.id });
              back('done');
            }}
            testId={TEST_IDS.sessionDeleteConfirm}
          >
            {t('sessionDeleteYes')}
          </Button>
          <Button appearance="secondary" onClick={() => back('delete')}>
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

interface PanelProps {
  sessions: SessionSummary[];
  currentId: string;
  locale?: string | undefined;
  /** Closes the list without choosing: the focus goes back to what opened it. */
  onDismiss: () => void;
}

export function SessionsPanel({ sessions, currentId, locale, onDismiss }: PanelProps): ReactNode {
  const { post, ui } = useChat();
  const ref = useRef<HTMLElement>(null);
  // Opened, the list puts the focus on the session shown (else the first one, else New session).
  useEffect(() => {
    const list = ref.current;
    (list?.querySelector<HTMLElement>('.session-open[aria-current]') ?? list?.querySelector<HTMLElement>('.session-open, vscode-button'))?.focus();
  }, []);
  // A session deleted from the list passes the focus to the one that took its place (or the last).
  const focusedRow = useRef<number | undefined>(undefined);
  const ids = sessions.map((s) => s.id).join(' ');
  useLayoutEffect(() => {
    const index = focusedRow.current;
    const list = ref.current;
    if (index === undefined || !list || (document.activeElement && document.activeElement !== document.body)) return;
    const rows = list.querySelectorAll<HTMLElement>('.session-open');
    (rows[Math.min(index, rows.length - 1)] ?? list.querySelector<HTMLElement>('vscode-button'))?.focus();
  }, [ids]);
  const onFocus = (e: FocusEvent<HTMLElement>): void => {
    const row = (e.target as HTMLElement).closest('.session-item');
    focusedRow.current = row ? [...(ref.current?.querySelectorAll('.session-item') ?? [])].indexOf(row) : undefined;
  };
  const close = (): void => ui({ type: 'sessionsOpen', open: false });
  const sorted = [...sessions].sort((a, b) => b.updatedAt - a.updatedAt);
  return (
    <section
      ref={ref}
      className="sessions-panel"
      aria-label={t('sessionsTitle')}
      data-testid={TEST_IDS.sessionsPanel}
      onFocus={onFocus}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDismiss();
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
        <Button appearance="icon" icon="close" label={t('sessionsClose')} onClick={onDismiss} />
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

// A message of the teacher's, with what can be done from it: Restore to here (the lesson, the
// conversation or both, shown before anything changes), Edit and send again (restores both to
// before it and sends the new words; what came after stays as a branch), and New session from here.
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { UserItem } from '../../../src/shared/view';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { editResend } from './rewindApi';
import { RewindButtons, RewindPanel } from './RewindPanel';
import { placesWords } from './rewindWords';

type Open = 'none' | 'restore' | 'edit';

function EditBox({ item, onClose }: { item: UserItem; onClose: () => void }): ReactNode {
  const [text, setText] = useState(item.text);
  const [state, setState] = useState<{ kind: 'idle' | 'working' } | { kind: 'failed'; message: string; conflicts?: boolean }>({ kind: 'idle' });
  const keeping = state.kind === 'failed' && state.conflicts === true;
  const send = (): void => {
    if (!text.trim()) return;
    setState({ kind: 'working' });
    // A request that failed comes back as a refusal with its reason (requests.ts): it never rejects.
    void editResend(item.id, text.trim(), keeping).then((result) =>
      result.ok ? onClose() : setState({ kind: 'failed', message: result.conflicts ? t('rewindConflicts', placesWords(result.conflicts)) : result.message, conflicts: result.conflicts !== undefined }),
    );
  };
  return (
    <section className="rewind-panel" aria-label={t('editResend')} data-testid={TEST_IDS.editResendPanel}>
      <textarea
        className="edit-resend-input"
        aria-label={t('editResendLabel')}
        value={text}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
          if (e.key === 'Escape') onClose();
        }}
        data-testid={TEST_IDS.editResendInput}
        ref={(el) => el?.focus()}
      />
      <p className="rewind-line muted">{t('editResendNote')}</p>
      {state.kind === 'failed' ? (
        <p className="rewind-line rewind-failed" role="alert" data-testid={TEST_IDS.rewindProblem}>
          <Icon name="warning" /> <span>{state.message}</span>
        </p>
      ) : null}
      <RewindButtons label={t(keeping ? 'sendKeeping' : 'sendAgain')} disabled={state.kind === 'working' || !text.trim()} onConfirm={send} onCancel={onClose} testId={TEST_IDS.editResendSend} />
    </section>
  );
}

export function UserMessage({ item, locked }: { item: UserItem; locked: boolean }): ReactNode {
  const { post } = useChat();
  const [open, setOpen] = useState<Open>('none');
  const close = (): void => setOpen('none');
  return (
    <div className="message message-user" data-testid={TEST_IDS.message} data-kind="user" data-id={item.id}>
      {item.bound ? (
        <p className="bound-notice" role="note" data-testid={TEST_IDS.boundNotice}>
          <Icon name={item.bound.kind === 'lesson' ? 'book' : 'file'} /> <span>{t('boundNow', item.bound.name)}</span>
        </p>
      ) : null}
      <div className="bubble" aria-label={t('you')}>
        {item.context ? (
          <div className="user-context">
            <Icon name="selection" /> {item.context}
          </div>
        ) : null}
        <div className="user-text">{item.text}</div>
      </div>
      {locked ? null : (
        <div className="user-actions" role="toolbar" aria-label={t('messageActions')}>
          <Button appearance="icon" icon="discard" label={t('restoreHere')} onClick={() => setOpen(open === 'restore' ? 'none' : 'restore')} testId={TEST_IDS.restoreHere} pressed={open === 'restore'} />
          <Button appearance="icon" icon="edit" label={t('editResend')} onClick={() => setOpen(open === 'edit' ? 'none' : 'edit')} testId={TEST_IDS.editResend} pressed={open === 'edit'} />
          <Button appearance="icon" icon="repo-forked" label={t('newSessionFrom')} onClick={() => post({ type: 'newSessionFrom', messageId: item.id })} testId={TEST_IDS.newSessionFrom} />
        </div>
      )}
      {open === 'restore' && !locked ? (
        <RewindPanel target={{ kind: 'restore', messageId: item.id, scope: 'both' }} title={t('restoreTitle')} confirm="restore" confirmKeeping="restoreKeeping" onClose={close} />
      ) : null}
      {open === 'edit' && !locked ? <EditBox item={item} onClose={close} /> : null}
    </div>
  );
}

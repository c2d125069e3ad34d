// Going forward again: Redo above the input while the last restore can be undone (until a new
// message is sent), the branches a session has (where each left this conversation, its first
// words), each switched to after seeing what it changes, and a mark where another version left.
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { BranchView, ChatItem, SessionView } from '../../../src/shared/view';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { RewindPanel } from './RewindPanel';

function messages(n: number): string {
  return n === 1 ? t('oneMessage') : t('manyMessages', n);
}

/** Above the input after a restore: what was set aside, and Redo (shown first, then done). */
export function RedoNote({ session }: { session: SessionView }): ReactNode {
  const [open, setOpen] = useState(false);
  const redo = session.redo;
  if (!redo || session.busy || session.readOnly) return null;
  const what = redo.branch ? t('redoTitleConversation', messages(redo.branch.messages)) : t('redoTitleLesson', redo.edits === 1 ? t('oneChange') : t('manyChanges', redo.edits));
  return (
    <div className="redo-note" data-testid={TEST_IDS.redoNote}>
      {open ? (
        <RewindPanel target={{ kind: 'redo' }} title={what} confirm="redo" confirmKeeping="redoKeeping" onClose={() => setOpen(false)} />
      ) : (
        <div className="status-note status-info" role="status">
          <Icon name="history" />
          <span className="status-text">{what}</span>
          <span className="status-actions">
            <Button appearance="secondary" icon="redo" onClick={() => setOpen(true)} testId={TEST_IDS.redo}>
              {t('redo')}
            </Button>
          </span>
        </div>
      )}
    </div>
  );
}

/** The words of the teacher's message before the reply a branch left after. */
export function leftAfter(items: readonly ChatItem[], branch: BranchView): string {
  if (!branch.afterTurn) return t('branchFromStart');
  const at = items.findIndex((i) => i.kind === 'assistant' && i.id === branch.afterTurn);
  const prompt = items.slice(0, Math.max(0, at)).findLast((i) => i.kind === 'user');
  const words = prompt?.kind === 'user' ? prompt.text.replace(/\s+/g, ' ').trim() : '';
  return t('branchFrom', words.length > 60 ? `${words.slice(0, 59).trimEnd()}…` : words);
}

function BranchRow({ branch, items }: { branch: BranchView; items: readonly ChatItem[] }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <li className="branch-item" data-testid={TEST_IDS.branchItem} data-branch-id={branch.id}>
      <div className="branch-line">
        <Icon name="git-branch" />
        <span className="branch-words">
          <span className="branch-first">{t('quoted', branch.firstWords)}</span>
          <span className="branch-meta">
            {leftAfter(items, branch)} · {messages(branch.messages)}
          </span>
        </span>
        <Button appearance="secondary" onClick={() => setOpen(!open)} pressed={open} testId={TEST_IDS.branchSwitch}>
          {t('branchSwitch')}
        </Button>
      </div>
      {open ? (
        <RewindPanel target={{ kind: 'switch', branchId: branch.id }} title={t('branchSwitchTitle', branch.firstWords)} confirm="switchConfirm" confirmKeeping="switchKeeping" onClose={() => setOpen(false)} />
      ) : null}
    </li>
  );
}

export function BranchesPanel({ session }: { session: SessionView }): ReactNode {
  const { ui } = useChat();
  const close = (): void => ui({ type: 'branchesOpen', open: false });
  const branches = session.branches ?? [];
  return (
    <section
      className="sessions-panel branches-panel"
      aria-label={t('branchesTitle')}
      data-testid={TEST_IDS.branchesPanel}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <div className="sessions-head">
        <h2>{t('branchesTitle')}</h2>
        <Button appearance="icon" icon="close" label={t('branchesClose')} onClick={close} />
      </div>
      <ul className="session-list">
        {branches.map((b) => (
          <BranchRow key={b.id} branch={b} items={session.items} />
        ))}
      </ul>
    </section>
  );
}

/** Under the reply another version left after: where it continues, and a way to see it. */
export function ForkMarker({ branches }: { branches: readonly BranchView[] }): ReactNode {
  const { ui } = useChat();
  const first = branches[0];
  if (!first) return null;
  return (
    <div className="fork-marker" data-testid={TEST_IDS.forkMarker}>
      <Icon name="git-branch" />
      <span className="status-text">{t('forkHere', first.firstWords)}</span>
      <Button appearance="secondary" onClick={() => ui({ type: 'branchesOpen', open: true })} testId={TEST_IDS.forkShow}>
        {t('forkShow')}
      </Button>
    </div>
  );
}

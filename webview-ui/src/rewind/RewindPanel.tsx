// Going back, shown before anything changes: what would happen to the lesson (the agent's changes
// undone or made again, with a diff on request) and to the conversation (messages set aside or
// brought back), the places where the teacher's typing meets an agent change (kept, if they agree),
// then the one button that does it. Used by "Restore to here" (with the choice of what to restore),
// Redo and switching branches.
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import type { RewindPreview, RewindTarget } from '../../../src/shared/protocol';
import type { RewindScope } from '../../../src/shared/view';
import type { MessageKey } from '../l10n';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS, type TestId } from '../testIds';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { previewRewind, rewind } from './rewindApi';
import { conversationWords, lessonWords, placesWords } from './rewindWords';

type Stage = { kind: 'loading' } | { kind: 'shown'; preview: Extract<RewindPreview, { ok: true }> } | { kind: 'working' } | { kind: 'failed'; message: string };

const SCOPES: readonly { scope: RewindScope; label: MessageKey }[] = [
  { scope: 'both', label: 'scopeBoth' },
  { scope: 'document', label: 'scopeDocument' },
  { scope: 'conversation', label: 'scopeConversation' },
];

export interface RewindPanelProps {
  /** For a restore, the message; the scope is chosen here. */
  target: RewindTarget;
  title: string;
  /** The button's words: plain, and when the teacher's typing is kept in places. */
  confirm: MessageKey;
  confirmKeeping: MessageKey;
  onClose: () => void;
}

function ScopeChoice({ scope, onChange }: { scope: RewindScope; onChange: (scope: RewindScope) => void }): ReactNode {
  return (
    <fieldset className="rewind-scope" data-testid={TEST_IDS.rewindScope}>
      <legend>{t('restoreScope')}</legend>
      {SCOPES.map((s) => (
        <label key={s.scope} className="rewind-scope-option">
          <input type="radio" name="rewind-scope" value={s.scope} checked={scope === s.scope} onChange={() => onChange(s.scope)} data-scope={s.scope} />
          {t(s.label)}
        </label>
      ))}
    </fieldset>
  );
}

function PreviewLines({ preview, target }: { preview: Extract<RewindPreview, { ok: true }>; target: RewindTarget }): ReactNode {
  const { post } = useChat();
  const lesson = lessonWords(preview);
  const conversation = conversationWords(preview);
  const conflicts = preview.lesson?.conflicts ?? [];
  return (
    <div className="rewind-preview" data-testid={TEST_IDS.rewindPreview}>
      {lesson ? (
        <p className="rewind-line" data-testid={TEST_IDS.rewindLesson}>
          <Icon name="book" /> <span>{lesson}</span>
          {preview.lesson?.changes ? (
            <Button appearance="secondary" icon="diff" onClick={() => post({ type: 'reviewRewind', target })} testId={TEST_IDS.rewindReview}>
              {t('showLessonChanges')}
            </Button>
          ) : null}
        </p>
      ) : null}
      {conversation ? (
        <p className="rewind-line" data-testid={TEST_IDS.rewindConversation}>
          <Icon name="comment-discussion" /> <span>{conversation}</span>
        </p>
      ) : null}
      {conflicts.length > 0 ? (
        <p className="rewind-line rewind-conflicts" role="alert" data-testid={TEST_IDS.rewindConflicts}>
          <Icon name="warning" /> <span>{t('rewindConflicts', placesWords(conflicts))}</span>
        </p>
      ) : null}
    </div>
  );
}

/** The button that does it, and Cancel. */
export function RewindButtons(p: { label: string; disabled: boolean; onConfirm: () => void; onCancel: () => void; testId: TestId }): ReactNode {
  return (
    <div className="rewind-buttons">
      <Button appearance="primary" disabled={p.disabled} onClick={p.onConfirm} testId={p.testId}>
        {p.label}
      </Button>
      <Button appearance="secondary" onClick={p.onCancel} testId={TEST_IDS.rewindCancel}>
        {t('cancel')}
      </Button>
    </div>
  );
}

export function RewindPanel({ target, title, confirm, confirmKeeping, onClose }: RewindPanelProps): ReactNode {
  const [scope, setScope] = useState<RewindScope>(target.kind === 'restore' ? target.scope : 'both');
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const current: RewindTarget = target.kind === 'restore' ? { ...target, scope } : target;
  const key = JSON.stringify(current);
  useEffect(() => {
    let live = true;
    setStage({ kind: 'loading' });
    // A request that failed comes back as a refusal with its reason (requests.ts): it never rejects.
    void previewRewind(JSON.parse(key) as RewindTarget).then((preview) => live && setStage(preview.ok ? { kind: 'shown', preview } : { kind: 'failed', message: preview.message }));
    return () => {
      live = false;
    };
  }, [key]);
  const keeping = stage.kind === 'shown' && (stage.preview.lesson?.conflicts.length ?? 0) > 0;
  const go = (): void => {
    setStage({ kind: 'working' });
    void rewind(current, keeping).then((result) => (result.ok ? onClose() : setStage({ kind: 'failed', message: result.conflicts ? t('rewindConflicts', placesWords(result.conflicts)) : result.message })));
  };
  return (
    <section className="rewind-panel" aria-label={title} data-testid={TEST_IDS.rewindPanel} data-kind={target.kind}>
      <h3 className="rewind-title">{title}</h3>
      {target.kind === 'restore' ? <ScopeChoice scope={scope} onChange={setScope} /> : null}
      {stage.kind === 'loading' || stage.kind === 'working' ? (
        <p className="rewind-line muted" role="status">
          {t(stage.kind === 'loading' ? 'rewindLoading' : 'working')}
        </p>
      ) : stage.kind === 'failed' ? (
        <p className="rewind-line rewind-failed" role="alert" data-testid={TEST_IDS.rewindProblem}>
          <Icon name="warning" /> <span>{stage.message}</span>
        </p>
      ) : (
        <PreviewLines preview={stage.preview} target={current} />
      )}
      <RewindButtons label={t(keeping ? confirmKeeping : confirm)} disabled={stage.kind !== 'shown'} onConfirm={go} onCancel={onClose} testId={TEST_IDS.rewindConfirm} />
    </section>
  );
}

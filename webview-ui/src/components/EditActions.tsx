// The edits a reply made, each with what changed and two labelled buttons: Review (a diff in the
// editor) and Revert. Revert asks first, right here in the panel (no modal dialog), says what
// happened, and stays disabled once the edit is reverted.
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { StepView } from '../../../src/shared/view';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';

type Mode = { kind: 'idle' } | { kind: 'confirm' } | { kind: 'working' } | { kind: 'failed'; message: string };

function EditRow({ step }: { step: StepView & { editId: string } }): ReactNode {
  const { post, revertEdit } = useChat();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const reverted = step.reverted === true;
  const revert = (): void => {
    setMode({ kind: 'working' });
    revertEdit(step.editId).then(
      (result) => setMode(result.ok ? { kind: 'idle' } : { kind: 'failed', message: result.message }),
      (e: unknown) => setMode({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
  };
  const said = step.resultSummary ?? step.displayText;
  const what = said.charAt(0).toUpperCase() + said.slice(1);
  return (
    <li className={`edit-row${reverted ? ' reverted' : ''}`} data-testid={TEST_IDS.editRow} data-edit-id={step.editId} data-reverted={reverted ? 'true' : 'false'}>
      <div className="edit-line">
        <Icon name={reverted ? 'discard' : 'edit'} />
        <span className="edit-summary">{reverted ? t('editReverted', what) : what}</span>
        <span className="edit-buttons">
          <Button appearance="secondary" icon="diff" onClick={() => post({ type: 'reviewEdit', editId: step.editId })} testId={TEST_IDS.editReview}>
            {t('reviewEdit')}
          </Button>
          <Button
            appearance="secondary"
            icon="discard"
            disabled={reverted || mode.kind === 'confirm' || mode.kind === 'working'}
            onClick={() => setMode({ kind: 'confirm' })}
            testId={TEST_IDS.editRevert}
          >
            {reverted ? t('revertedEdit') : t('revertEdit')}
          </Button>
        </span>
      </div>
      {mode.kind === 'confirm' ? (
        <div className="edit-confirm" role="alert" data-testid={TEST_IDS.editRevertAsk}>
          <span>{t('revertAsk')}</span>
          <span className="edit-buttons">
            <Button appearance="primary" onClick={revert} testId={TEST_IDS.editRevertConfirm}>
              {t('revertEdit')}
            </Button>
            <Button appearance="secondary" onClick={() => setMode({ kind: 'idle' })} testId={TEST_IDS.editRevertCancel}>
              {t('cancel')}
            </Button>
          </span>
        </div>
      ) : mode.kind === 'working' ? (
        <div className="edit-confirm" role="status">
          {t('reverting')}
        </div>
      ) : mode.kind === 'failed' ? (
        <div className="edit-confirm edit-failed" role="alert" data-testid={TEST_IDS.editRevertProblem}>
          <Icon name="warning" /> <span>{mode.message}</span>
        </div>
      ) : null}
    </li>
  );
}

export function EditActions({ steps }: { steps: StepView[] }): ReactNode {
  const edits = steps.filter((s): s is StepView & { editId: string } => s.status === 'success' && s.editId !== undefined);
  if (edits.length === 0) return null;
  return (
    <ul className="edit-actions" aria-label={t('editsLabel')} data-testid={TEST_IDS.editActions}>
      {edits.map((s) => (
        <EditRow key={s.editId} step={s} />
      ))}
    </ul>
  );
}

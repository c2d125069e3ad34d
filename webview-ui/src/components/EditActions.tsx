// The edits a reply made, each with what changed, what the document holds of it now, and two
// labelled buttons that fit: Review (a diff in the editor) and Revert while the change is there
// (Revert asks first, right here in the panel, and says what happened); Apply again once it was
// undone in the editor or reverted; Review alone once the teacher has changed that part since.
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { RevertResult } from '../../../src/shared/protocol';
import type { StepView } from '../../../src/shared/view';
import type { MessageKey } from '../l10n';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';

type Mode = { kind: 'idle' } | { kind: 'confirm' } | { kind: 'working' } | { kind: 'failed'; message: string };
type EditStep = StepView & { editId: string };
type State = 'applied' | 'undone' | 'reverted' | 'changed';

function stateOf(step: EditStep): State {
  if (step.reverted) return 'reverted';
  return step.editState ?? 'applied';
}

const STATE_TEXT: Record<Exclude<State, 'applied'>, MessageKey> = { undone: 'editUndone', reverted: 'editRevertedState', changed: 'editChanged' };
const STATE_ICON: Record<State, string> = { applied: 'edit', undone: 'discard', reverted: 'discard', changed: 'warning' };

function Outcome({ mode }: { mode: Mode }): ReactNode {
  if (mode.kind === 'working') return <div className="edit-confirm" role="status">{t('working')}</div>;
  if (mode.kind !== 'failed') return null;
  return (
    <div className="edit-confirm edit-failed" role="alert" data-testid={TEST_IDS.editRevertProblem}>
      <Icon name="warning" /> <span>{mode.message}</span>
    </div>
  );
}

function EditRow({ step }: { step: EditStep }): ReactNode {
  const { post, revertEdit, applyEditAgain } = useChat();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const state = stateOf(step);
  const run = (action: (editId: string) => Promise<RevertResult>): void => {
    setMode({ kind: 'working' });
    // A request that failed comes back as a refusal with its reason (requests.ts): it never rejects.
    void action(step.editId).then((result) => setMode(result.ok ? { kind: 'idle' } : { kind: 'failed', message: result.message }));
  };
  const said = step.resultSummary ?? step.displayText;
  const what = said.charAt(0).toUpperCase() + said.slice(1);
  const busy = mode.kind === 'confirm' || mode.kind === 'working';
  return (
    <li className={`edit-row edit-${state}`} data-testid={TEST_IDS.editRow} data-edit-id={step.editId} data-reverted={state === 'reverted' ? 'true' : 'false'} data-state={state}>
      <div className="edit-line">
        <Icon name={STATE_ICON[state]} />
        <span className="edit-summary">
          {what}
          {state === 'applied' ? null : (
            <span className="edit-state" data-testid={TEST_IDS.editState}>
              {t(STATE_TEXT[state])}
            </span>
          )}
        </span>
        <span className="edit-buttons">
          <Button appearance="secondary" icon="diff" onClick={() => post({ type: 'reviewEdit', editId: step.editId })} testId={TEST_IDS.editReview}>
            {t('reviewEdit')}
          </Button>
          {state === 'applied' ? (
            <Button appearance="secondary" icon="discard" disabled={busy} onClick={() => setMode({ kind: 'confirm' })} testId={TEST_IDS.editRevert}>
              {t('revertEdit')}
            </Button>
          ) : state === 'changed' ? null : (
            <Button appearance="secondary" icon="redo" disabled={busy} onClick={() => run(applyEditAgain)} testId={TEST_IDS.editApplyAgain}>
              {t('applyAgain')}
            </Button>
          )}
        </span>
      </div>
      {mode.kind === 'confirm' ? (
        <div className="edit-confirm" role="alert" data-testid={TEST_IDS.editRevertAsk}>
          <span>{t('revertAsk')}</span>
          <span className="edit-buttons">
            <Button appearance="primary" onClick={() => run(revertEdit)} testId={TEST_IDS.editRevertConfirm}>
              {t('revertEdit')}
            </Button>
            <Button appearance="secondary" onClick={() => setMode({ kind: 'idle' })} testId={TEST_IDS.editRevertCancel}>
              {t('cancel')}
            </Button>
          </span>
        </div>
      ) : (
        <Outcome mode={mode} />
      )}
    </li>
  );
}

export function EditActions({ steps }: { steps: StepView[] }): ReactNode {
  const edits = steps.filter((s): s is EditStep => s.status === 'success' && s.editId !== undefined);
  if (edits.length === 0) return null;
  return (
    <ul className="edit-actions" aria-label={t('editsLabel')} data-testid={TEST_IDS.editActions}>
      {edits.map((s) => (
        <EditRow key={s.editId} step={s} />
      ))}
    </ul>
  );
}

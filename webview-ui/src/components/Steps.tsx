// The agent's steps in a turn: live while the turn runs (spinner, then check or cross), then
// collapsed to "Done (N steps)". A failed step stays visible while collapsed; a step the user
// declined reads "Not applied (you declined)", not as a failure. Review and Revert of an edit
// live on the reply itself (EditActions), visible without expanding the steps. The agent's
// progress notes (its summarised thinking) sit between the steps they came between, quiet, and
// collapse with them: they narrate the work and are never part of the answer.
import type { ReactNode } from 'react';
import type { AssistantItem, NarrationNote, StepView } from '../../../src/shared/view';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { Icon } from '../ui/Icon';

function StepRow({ step, live }: { step: StepView; live: boolean }): ReactNode {
  const status =
    step.status === 'running' ? t('stepRunning') : step.status === 'success' ? t('stepOk') : step.status === 'declined' ? t('stepDeclined') : t('stepFailed');
  return (
    <li className={`step step-${step.status}`} data-testid={TEST_IDS.step} data-status={step.status}>
      {step.status === 'running' && !live ? (
        <Icon name="watch" label={t('stepWaiting')} />
      ) : step.status === 'running' ? (
        <Icon name="loading" spin label={status} />
      ) : step.status === 'success' ? (
        <Icon name="check" label={status} />
      ) : step.status === 'declined' ? (
        <Icon name="circle-slash" label={status} />
      ) : (
        <Icon name="error" label={status} />
      )}
      <span className="step-text">{step.displayText}</span>
      {step.status === 'declined' ? <span className="step-summary">{t('stepDeclined')}</span> : null}
      {step.resultSummary ? <span className="step-summary">{step.resultSummary}</span> : null}
      {step.reverted ? <span className="step-summary">{t('editRevertedState')}</span> : step.editState === 'undone' ? <span className="step-summary">{t('editUndone')}</span> : null}
      {step.error ? <div className="step-error">{step.error}</div> : null}
    </li>
  );
}

function NoteRow({ note }: { note: NarrationNote }): ReactNode {
  return (
    <li className="step-note" data-testid={TEST_IDS.stepNote}>
      {note.text}
    </li>
  );
}

interface StepsProps {
  turnId: string;
  steps: StepView[];
  narration?: NarrationNote[] | undefined;
  status: AssistantItem['status'];
  expanded: boolean;
}

function toggleLabel(status: AssistantItem['status'], count: number): string {
  if (count === 0) return t('notesOnly');
  if (status === 'error' || status === 'stopped') return t('stepsStopped', count);
  if (status === 'awaiting') return t('stepsSoFar', count);
  return count === 1 ? t('stepsDoneOne') : t('stepsDone', count);
}

/** Steps and notes in the order they happened; collapsed, only failed steps. */
function rows(steps: StepView[], notes: NarrationNote[], open: boolean, live: boolean): ReactNode[] {
  if (!open) return steps.filter((s) => s.status === 'error').map((s) => <StepRow key={s.id} step={s} live={live} />);
  const out: ReactNode[] = [];
  const notesAt = (at: number): void => {
    notes.forEach((n, i) => {
      if (n.afterStep === at) out.push(<NoteRow key={`note-${i}`} note={n} />);
    });
  };
  steps.forEach((s, i) => {
    notesAt(i);
    out.push(<StepRow key={s.id} step={s} live={live} />);
  });
  notesAt(steps.length);
  return out;
}

export function Steps({ turnId, steps, narration, status, expanded }: StepsProps): ReactNode {
  const { ui } = useChat();
  const notes = narration ?? [];
  if (steps.length === 0 && notes.length === 0) return null;
  const listId = `steps-${turnId}`;
  const live = status === 'streaming';
  const open = live || expanded;
  const failed = steps.filter((s) => s.status === 'error');
  const shown = rows(steps, notes, open, live);
  const label = toggleLabel(status, steps.length);
  return (
    <div className="steps" data-testid={TEST_IDS.steps} data-expanded={open ? 'true' : 'false'}>
      {live ? null : (
        <button
          type="button"
          className="steps-toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          data-testid={TEST_IDS.stepsToggle}
          onClick={() => ui({ type: 'toggleSteps', turnId })}
        >
          <Icon name={expanded ? 'chevron-down' : 'chevron-right'} />
          <span>{label}</span>
          {failed.length > 0 ? <span className="steps-failed">{t('stepsWithErrors', failed.length)}</span> : null}
        </button>
      )}
      {shown.length > 0 ? (
        <ul id={listId} className="step-list" aria-label={t('stepsLabel')}>
          {shown}
        </ul>
      ) : null}
    </div>
  );
}

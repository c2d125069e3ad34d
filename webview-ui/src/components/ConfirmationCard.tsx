// A risky action waits here for the user: what, why, a diff on request, Approve or Deny (with
// an optional note for the model; Ctrl/Cmd+Enter in the note denies with it). Once decided it
// shows the decision: a denial reads "Not applied (you declined)", never as a failure.
import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ConfirmationCard as ConfirmationCardData } from '../../../src/shared/view';
import { t } from '../l10n';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { Button } from '../ui/Button';
import { focusSoon } from '../ui/focus';
import { Badge, Icon } from '../ui/Icon';
import { TextArea } from '../ui/TextInput';

/** Cards already given focus once: a virtual list remounting a card must not steal focus again. */
const autoFocused = new Set<string>();
const IS_MAC = /Mac|iPhone|iPad/.test(navigator.platform);

type StudentWork = NonNullable<ConfirmationCardData['request']['studentWork']>;

/** Each exercise whose students' work the action would change, and what would happen, in words. */
function StudentWorkList({ groups }: { groups: StudentWork }): ReactNode {
  const headingId = useId();
  return (
    <section className="confirm-student-work" aria-labelledby={headingId} data-testid={TEST_IDS.confirmStudentWork}>
      <div className="confirm-student-work-heading" id={headingId}>
        <Icon name="mortar-board" /> {t('studentWorkHeading')}
      </div>
      <ul>
        {groups.map((group) => (
          <li key={group.place}>
            <span className="confirm-student-work-place">{group.place}</span>
            <ul>
              {group.changes.map((change, i) => (
                <li key={i}>{change}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PendingConfirmation({ card, decided }: { card: ConfirmationCardData; decided: boolean }): ReactNode {
  const { post, ui } = useChat();
  const [feedback, setFeedback] = useState('');
  const ref = useRef<HTMLElement>(null);
  const titleId = `confirm-${card.toolCallId.replace(/[^\w-]/g, '_')}`;
  const { request } = card;

  useEffect(() => {
    if (autoFocused.has(card.toolCallId)) return;
    autoFocused.add(card.toolCallId);
    // Focus the card itself, not Approve: a stray Enter must never approve a risky change.
    return focusSoon(() => ref.current);
  }, [card.toolCallId]);

  const decide = (approved: boolean): void => {
    if (decided) return;
    const text = feedback.trim();
    post({ type: 'decide', toolCallId: card.toolCallId, approved, ...(!approved && text ? { feedback: text } : {}) });
    ui({ type: 'decided', toolCallId: card.toolCallId });
  };

  const onFeedbackKey = (e: KeyboardEvent<HTMLElement>): void => {
    // Only with Ctrl/Cmd: a plain Enter starts a new line, and nothing here ever approves.
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      decide(false);
    }
  };

  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="card confirmation-card"
      aria-labelledby={titleId}
      data-testid={TEST_IDS.confirmationCard}
      data-status="pending"
      data-tool-call-id={card.toolCallId}
    >
      <div className="card-head">
        <Badge>{t('confirmBadge')}</Badge>
        <span className="card-title" id={titleId}>
          {request.title}
        </span>
      </div>
      <div className="confirm-summary">{request.summary}</div>
      {request.studentWork && request.studentWork.length > 0 ? <StudentWorkList groups={request.studentWork} /> : null}
      {request.reason ? <div className="confirm-reason">{t('confirmReason', request.reason)}</div> : null}
      {request.details ? (
        <details className="confirm-details">
          <summary>{t('confirmDetails')}</summary>
          <pre>{request.details}</pre>
        </details>
      ) : null}
      <TextArea
        className="confirm-feedback"
        rows={2}
        value={feedback}
        onChange={setFeedback}
        label={t('feedbackLabel')}
        placeholder={t('feedbackPlaceholder')}
        disabled={decided}
        testId={TEST_IDS.confirmFeedback}
        onKeyDown={onFeedbackKey}
      />
      <div className="card-actions">
        {decided ? null : (
          <span className="card-hint" data-testid={TEST_IDS.confirmHint}>
            {t(IS_MAC ? 'denyHintMac' : 'denyHint')}
          </span>
        )}
        {request.hasDiff ? (
          <Button appearance="secondary" icon="diff" onClick={() => post({ type: 'reviewProposal', toolCallId: card.toolCallId })} testId={TEST_IDS.confirmReview}>
            {t('reviewChanges')}
          </Button>
        ) : null}
        <span className="spacer" />
        {decided ? <span className="card-hint" role="status">{t('sending')}</span> : null}
        {/* Deny and Approve stay side by side: in a narrow side bar they wrap together. */}
        <span className="decision-buttons">
          <Button appearance="secondary" disabled={decided} onClick={() => decide(false)} testId={TEST_IDS.confirmDeny}>
            {t('deny')}
          </Button>
          <Button appearance="primary" disabled={decided} onClick={() => decide(true)} testId={TEST_IDS.confirmApprove}>
            {t('approve')}
          </Button>
        </span>
      </div>
    </section>
  );
}

function DecidedConfirmation({ card }: { card: ConfirmationCardData }): ReactNode {
  const text =
    card.status === 'approved'
      ? t('approved')
      : card.status === 'denied'
        ? card.feedback
          ? t('deniedWith', card.feedback)
          : t('denied')
        : t('interruptedConfirmation');
  const icon = card.status === 'approved' ? 'pass' : card.status === 'denied' ? 'circle-slash' : 'debug-pause';
  return (
    <section className={`card confirmation-card ${card.status}`} data-testid={TEST_IDS.confirmationCard} data-status={card.status} data-tool-call-id={card.toolCallId}>
      <div className="card-head">
        <Badge>{t('confirmBadge')}</Badge>
        <span className="card-title">{card.request.title}</span>
      </div>
      <div className="confirm-decision" data-testid={TEST_IDS.confirmDecision}>
        <Icon name={icon} /> {text}
      </div>
    </section>
  );
}

export function ConfirmationCardView({ card, decided }: { card: ConfirmationCardData; decided: boolean }): ReactNode {
  return card.status === 'pending' ? <PendingConfirmation card={card} decided={decided} /> : <DecidedConfirmation card={card} />;
}

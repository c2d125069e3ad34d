// One chat item: a user bubble (with Restore to here, Edit and send again, New session from here),
// or an assistant turn (steps, then its text and cards in the order they came, the edits it made
// with Review and Revert, error, what it cost, and where another version of what follows left).
// Memoized on the item object: the reducer replaces only the item that changed, so a streaming
// delta re-renders the streaming message and nothing else.
import type { ReactNode } from 'react';
import { memo } from 'react';
import type { AssistantItem, BranchView, ChatItem } from '../../../src/shared/view';
import { t } from '../l10n';
import type { CardProgress } from '../questions/questionModel';
import { TEST_IDS } from '../testIds';
import { Icon } from '../ui/Icon';
import { segmentsOf } from '../state/segments';
import { ConfirmationCardView } from './ConfirmationCard';
import { CopyButton } from './CopyButton';
import { EditActions } from './EditActions';
import { ErrorBanner, RetryingNotice, WaitingNotice } from './ErrorBanner';
import { ErrorBoundary } from './ErrorBoundary';
import { Markdown } from './Markdown';
import { QuestionCardView } from './question/QuestionCard';
import { Steps } from './Steps';
import { Usage } from './Usage';
import { ForkMarker } from '../rewind/Branches';
import { UserMessage } from '../rewind/UserMessage';

export interface AssistantUi {
  expanded: boolean;
  cards: Record<string, CardProgress>;
  decided: Record<string, boolean>;
  isLast: boolean;
  /** VS Code's display language, for numbers. */
  locale?: string | undefined;
  /** Other versions of the conversation that left after this reply. */
  forks?: readonly BranchView[] | undefined;
}

/** The turn's text and cards in the order they came: a card stays where it was asked. */
function Body({ item, ui }: { item: AssistantItem; ui: AssistantUi }): ReactNode {
  const streaming = item.status === 'streaming';
  const segments = segmentsOf(item);
  const open = streaming && segments.at(-1)?.kind !== 'text';
  return (
    <>
      {segments.map((s) =>
        s.kind === 'text' ? (
          <Markdown key={s.key} text={s.text} streaming={streaming && s.last} />
        ) : s.kind === 'question' ? (
          <ErrorBoundary key={s.key} what={`question card ${s.card.toolCallId}`}>
            <QuestionCardView card={s.card} progress={ui.cards[s.card.toolCallId]} />
          </ErrorBoundary>
        ) : (
          <ErrorBoundary key={s.key} what={`confirmation card ${s.card.toolCallId}`}>
            <ConfirmationCardView card={s.card} decided={!!ui.decided[s.card.toolCallId]} />
          </ErrorBoundary>
        ),
      )}
      {/* Waiting for the first words (of the turn, or after an answered card): the cursor alone. */}
      {open ? <Markdown key="t:open" text="" streaming /> : null}
    </>
  );
}

/**
 * What a stop left behind, said so that a reply promising an exercise does not read as done:
 * the document unchanged, or the changes made before the stop kept.
 */
function stoppedNote(item: AssistantItem): string {
  const kept = item.steps.filter((s) => s.status === 'success' && s.editId !== undefined && !s.reverted).length;
  return kept === 0 ? t('stoppedNothing') : kept === 1 ? t('stoppedKeptOne') : t('stoppedKept', kept);
}

function AssistantMessage({ item, ui }: { item: AssistantItem; ui: AssistantUi }): ReactNode {
  const streaming = item.status === 'streaming';
  return (
    <div className="message message-assistant" data-testid={TEST_IDS.message} data-kind="assistant" data-id={item.id} data-status={item.status} aria-busy={streaming}>
      <Steps turnId={item.id} steps={item.steps} narration={item.narration} status={item.status} expanded={ui.expanded} />
      <Body item={item} ui={ui} />
      {item.partial ? (
        <div className="partial-note">
          <Icon name="warning" /> {item.status === 'stopped' ? stoppedNote(item) : t('partial')}
        </div>
      ) : item.status === 'stopped' ? (
        <div className="partial-note">{stoppedNote(item)}</div>
      ) : null}
      {streaming ? null : <EditActions steps={item.steps} />}
      {streaming && item.retrying ? <RetryingNotice retrying={item.retrying} /> : null}
      {streaming && item.waiting ? <WaitingNotice waiting={item.waiting} /> : null}
      {item.error ? <ErrorBanner error={item.error} canRetry={ui.isLast} /> : null}
      {!streaming && item.status !== 'awaiting' && (item.usage || item.text) ? (
        <div className="message-foot">
          {item.usage ? <Usage usage={item.usage} cost={item.cost} model={item.model} locale={ui.locale} /> : null}
          {item.text ? <CopyButton text={item.text} label={t('copyMessage')} testId={TEST_IDS.copyMessage} /> : null}
        </div>
      ) : null}
      {ui.forks && !streaming ? <ForkMarker branches={ui.forks} /> : null}
    </div>
  );
}

function sameUi(a: AssistantUi | undefined, b: AssistantUi | undefined): boolean {
  return (
    a === b ||
    (!!a && !!b && a.expanded === b.expanded && a.cards === b.cards && a.decided === b.decided && a.isLast === b.isLast && a.locale === b.locale && a.forks === b.forks)
  );
}

export const ChatItemView = memo(
  function ChatItemView({ item, ui, locked = false }: { item: ChatItem; ui?: AssistantUi; locked?: boolean }): ReactNode {
    return (
      <ErrorBoundary what={`${item.kind} message ${item.id}`}>
        {item.kind === 'user' ? <UserMessage item={item} locked={locked} /> : <AssistantMessage item={item} ui={ui ?? { expanded: false, cards: {}, decided: {}, isLast: false }} />}
      </ErrorBoundary>
    );
  },
  (prev, next) => prev.item === next.item && prev.locked === next.locked && sameUi(prev.ui, next.ui),
);

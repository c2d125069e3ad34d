// The AskUserQuestion card: one question at a time with progress, Back, Skip and Next/Continue;
// a lone single-select question answers on click; Ctrl/Cmd+Enter moves on anywhere, and Enter
// does too in a typed answer (Shift+Enter starts a new line in a text answer). Once answered it
// shows the answers, read-only.
import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import type { Question } from '../../../../src/shared/questions';
import { allowsOther, allowsSkip, resolveInputType } from '../../../../src/shared/questions';
import type { QuestionCard as QuestionCardData } from '../../../../src/shared/view';
import { t } from '../../l10n';
import type { CardAction, CardProgress, QuestionDraft } from '../../questions/questionModel';
import { answerText } from '../../questions/questionModel';
import type { MessageKey } from '../../l10n';
import type { QuestionFlow } from '../../questions/useQuestionFlow';
import { MAX_OPTION_CARDS, useQuestionFlow } from '../../questions/useQuestionFlow';
import { TEST_IDS } from '../../testIds';
import { Button } from '../../ui/Button';
import { focusSoon } from '../../ui/focus';
import { Badge, Icon } from '../../ui/Icon';
import { OptionCards, OptionChecks, OptionDropdown, OtherField } from './ChoiceInputs';
import { TypedInput } from './TypedInputs';

const IS_MAC = /Mac|iPhone|iPad/.test(navigator.platform);
/** Cards already given focus once: a virtual list remounting a card must not steal focus again. */
const autoFocused = new Set<string>();

function domId(toolCallId: string, index: number): string {
  return `q-${toolCallId.replace(/[^\w-]/g, '_')}-${index}`;
}

function firstControl(root: HTMLElement | null): HTMLElement | null | undefined {
  return root?.querySelector<HTMLElement>('[role="radio"][tabindex="0"], input, textarea, vscode-checkbox, vscode-dropdown, vscode-button');
}

function QuestionBody({ q, index, qid, draft, disabled, problem, lone, act }: {
  q: Question;
  index: number;
  qid: string;
  draft: QuestionDraft;
  disabled: boolean;
  problem: boolean;
  lone: boolean;
  act: (a: CardAction) => void;
}): ReactNode {
  const type = resolveInputType(q);
  const withOther = allowsOther(q);
  const onOther = (text: string | null): void => act({ type: 'other', index, text });
  const errId = `${qid}-err`;
  const choice = { q, qid, draft, withOther, disabled, onOther, onSelect: (label: string) => act({ type: 'select', index, label }) };
  let input: ReactNode;
  if (type === 'single_select' && q.options.length <= MAX_OPTION_CARDS) input = <OptionCards {...choice} moveSelects={!lone} />;
  else if (type === 'single_select') input = <OptionDropdown {...choice} />;
  else if (type === 'multi_select') input = <OptionChecks {...choice} onToggle={(label, checked) => act({ type: 'toggle', index, label, checked })} />;
  else
    input = (
      <TypedInput
        q={q}
        draft={draft}
        disabled={disabled}
        invalid={problem}
        describedBy={errId}
        onText={(text) => act({ type: 'text', index, text })}
        onEnd={(text) => act({ type: 'end', index, text })}
      />
    );
  return (
    <>
      {input}
      {withOther && draft.other !== null ? (
        <OtherField value={draft.other} onChange={(text) => onOther(text)} disabled={disabled} invalid={problem} describedBy={errId} />
      ) : null}
    </>
  );
}

/** What the keyboard does for this question, said under it. */
function hintFor(q: Question, draft: QuestionDraft): MessageKey {
  const type = resolveInputType(q);
  if (type === 'text') return 'keyboardHintText';
  if (type === 'number' || type === 'date' || type === 'date_range' || draft.other !== null) return 'keyboardHintEnter';
  return IS_MAC ? 'keyboardHintMac' : 'keyboardHint';
}

function CardActions({ flow }: { flow: QuestionFlow }): ReactNode {
  const { index, q, isLast, lone, draft, sending } = flow;
  const showContinue = !lone || draft.other !== null;
  return (
    <div className="card-actions">
      {sending ? (
        <span className="card-hint" role="status">
          {t('sending')}
        </span>
      ) : showContinue ? (
        <span className="card-hint" data-testid={TEST_IDS.questionHint}>
          {t(hintFor(q, draft))}
        </span>
      ) : null}
      {index > 0 ? (
        <Button appearance="secondary" icon="arrow-left" disabled={sending} onClick={flow.back} testId={TEST_IDS.questionBack}>
          {t('back')}
        </Button>
      ) : null}
      <span className="spacer" />
      {allowsSkip(q) ? (
        <Button appearance="secondary" disabled={sending} onClick={flow.skip} testId={TEST_IDS.questionSkip}>
          {t('skip')}
        </Button>
      ) : null}
      {showContinue ? (
        <Button appearance="primary" disabled={sending} onClick={flow.next} testId={TEST_IDS.questionContinue}>
          {isLast ? t('continue') : t('next')}
        </Button>
      ) : null}
    </div>
  );
}

function PendingCard({ card, progress }: { card: QuestionCardData; progress: CardProgress | undefined }): ReactNode {
  const flow = useQuestionFlow(card, progress);
  const { index, count, q, problem } = flow;
  const bodyRef = useRef<HTMLDivElement>(null);
  const qid = domId(card.toolCallId, index);

  useEffect(() => {
    const key = `${card.toolCallId}#${index}`;
    if (autoFocused.has(key)) return;
    autoFocused.add(key);
    return focusSoon(() => firstControl(bodyRef.current));
  }, [card.toolCallId, index]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    // Enter in a typed answer means "done with this one"; elsewhere (an option, a button) it
    // keeps its usual meaning, and Ctrl/Cmd+Enter moves on from anywhere.
    const target = e.target as HTMLElement;
    const typing = target.tagName === 'INPUT' || target.tagName === 'TEXTAREA';
    if (e.ctrlKey || e.metaKey || (typing && !e.shiftKey && !e.altKey)) {
      e.preventDefault();
      flow.next();
    }
  };

  return (
    <section
      className="card question-card"
      // Read as "Question 1 of 3, Which kind...": the question and how many are left.
      aria-labelledby={count > 1 ? `${qid}-progress ${qid}-q` : `${qid}-q`}
      data-testid={TEST_IDS.questionCard}
      data-status="pending"
      data-tool-call-id={card.toolCallId}
      data-index={index}
      onKeyDown={onKeyDown}
    >
      <div className="card-head">
        <Badge>{q.header}</Badge>
        {count > 1 ? (
          <span id={`${qid}-progress`} className="card-progress" data-testid={TEST_IDS.questionProgress} aria-label={t('questionProgressLabel', index + 1, count)}>
            {t('questionProgress', index + 1, count)}
          </span>
        ) : null}
      </div>
      <div id={`${qid}-q`} className="question-text">
        {q.question}
      </div>
      {q.context ? <div className="question-context">{q.context}</div> : null}
      <div className="question-body" ref={bodyRef}>
        <QuestionBody key={index} q={q} index={index} qid={qid} draft={flow.draft} disabled={flow.sending} problem={!!problem} lone={flow.lone} act={flow.edit} />
      </div>
      {problem ? (
        <div className="field-error" role="alert" id={`${qid}-err`} data-testid={TEST_IDS.questionError}>
          {t(problem.key, ...(problem.args ?? []))}
        </div>
      ) : null}
      <CardActions flow={flow} />
    </section>
  );
}

function AnsweredCard({ card }: { card: QuestionCardData }): ReactNode {
  const interrupted = card.status === 'interrupted';
  return (
    <section className={`card question-card ${card.status}`} data-testid={TEST_IDS.questionCard} data-status={card.status} data-tool-call-id={card.toolCallId}>
      <div className="card-head">
        <Icon name={interrupted ? 'circle-slash' : 'pass'} />
        <span className="card-title">{interrupted ? t('interruptedQuestion') : t('answeredTitle')}</span>
      </div>
      <dl className="answers" data-testid={TEST_IDS.questionAnswers}>
        {card.questions.map((q, i) => {
          const text = interrupted ? null : answerText(q, card.answers?.[i]);
          return (
            <div key={i} className="answer-row">
              <dt>
                <Badge>{q.header}</Badge> {q.question}
              </dt>
              <dd className={text === null ? 'skipped' : ''}>{text ?? (interrupted ? '-' : t('skipped'))}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

export function QuestionCardView({ card, progress }: { card: QuestionCardData; progress: CardProgress | undefined }): ReactNode {
  return card.status === 'pending' ? <PendingCard card={card} progress={progress} /> : <AnsweredCard card={card} />;
}

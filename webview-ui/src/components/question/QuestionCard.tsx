// The AskUserQuestion card: one question at a time with progress, Back, Skip and Next/Continue;
// a lone single-select question answers on click; Ctrl/Cmd+Enter moves on. Once answered it
// shows the answers, read-only.
import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { AnswerValue, Question } from '../../../../src/shared/questions';
import { allowsOther, allowsSkip, resolveInputType } from '../../../../src/shared/questions';
import type { QuestionCard as QuestionCardData } from '../../../../src/shared/view';
import type { MessageKey } from '../../l10n';
import { t } from '../../l10n';
import type { CardAction, CardProgress } from '../../questions/questionModel';
import { answerText, checkAnswer, collectAnswers, emptyDraft, newProgress, updateCard } from '../../questions/questionModel';
import { useChat } from '../../state/chatContext';
import { TEST_IDS } from '../../testIds';
import { Button } from '../../ui/Button';
import { focusSoon } from '../../ui/focus';
import { Badge, Icon } from '../../ui/Icon';
import { MAX_OPTION_CARDS, OptionCards, OptionChecks, OptionDropdown, OtherField } from './ChoiceInputs';
import { TypedInput } from './TypedInputs';

const IS_MAC = /Mac|iPhone|iPad/.test(navigator.platform);
/** Cards already given focus once: a virtual list remounting a card must not steal focus again. */
const autoFocused = new Set<string>();

type Problem = { index: number; key: MessageKey; args?: Array<string | number> };

function domId(toolCallId: string, index: number): string {
  return `q-${toolCallId.replace(/[^\w-]/g, '_')}-${index}`;
}

function isLoneSingleSelect(questions: readonly Question[]): boolean {
  const q = questions[0];
  return questions.length === 1 && !!q && resolveInputType(q) === 'single_select' && q.options.length <= MAX_OPTION_CARDS;
}

function firstControl(root: HTMLElement | null): HTMLElement | null | undefined {
  return root?.querySelector<HTMLElement>('[role="radio"][tabindex="0"], input, textarea, vscode-checkbox, vscode-dropdown, vscode-button');
}

function QuestionBody({ q, index, qid, draft, disabled, problem, lone, act }: {
  q: Question;
  index: number;
  qid: string;
  draft: ReturnType<typeof emptyDraft>;
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

function PendingCard({ card, progress }: { card: QuestionCardData; progress: CardProgress | undefined }): ReactNode {
  const { post, ui } = useChat();
  const count = card.questions.length;
  const p = progress ?? newProgress(count);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const bodyRef = useRef<HTMLDivElement>(null);
  const index = Math.min(p.index, count - 1);
  const q = card.questions[index] as Question;
  const draft = p.drafts[index] ?? emptyDraft();
  const isLast = index === count - 1;
  const lone = isLoneSingleSelect(card.questions);
  const disabled = p.submitted;
  const qid = domId(card.toolCallId, index);

  useEffect(() => {
    const key = `${card.toolCallId}#${index}`;
    if (autoFocused.has(key)) return;
    autoFocused.add(key);
    return focusSoon(() => firstControl(bodyRef.current));
  }, [card.toolCallId, index]);

  const dispatch = (action: CardAction): void => ui({ type: 'card', toolCallId: card.toolCallId, count, action });
  const act = (a: CardAction): void => {
    setProblem(undefined);
    dispatch(a);
  };

  const send = (answers: AnswerValue[]): void => {
    post({ type: 'answer', toolCallId: card.toolCallId, answers });
    dispatch({ type: 'submitted' });
  };

  const submit = (from: CardProgress): void => {
    const all = collectAnswers(card.questions, from);
    if (!all.ok) {
      dispatch({ type: 'go', index: all.index });
      setProblem({ index: all.index, key: all.error, ...(all.args ? { args: all.args } : {}) });
      return;
    }
    send(all.answers);
  };

  const next = (): void => {
    if (disabled) return;
    const check = checkAnswer(q, draft);
    if (!check.ok) {
      setProblem({ index, key: check.error, ...(check.args ? { args: check.args } : {}) });
      return;
    }
    if (isLast) submit(p);
    else dispatch({ type: 'go', index: index + 1 });
  };

  const skip = (): void => {
    if (disabled) return;
    setProblem(undefined);
    if (isLast) submit(updateCard(p, { type: 'skip', index }));
    else dispatch({ type: 'skip', index });
  };

  const onSelectLone = (a: CardAction): void => {
    act(a);
    // A lone single-select question answers on click: there is nothing else to fill in.
    if (a.type === 'select' && lone && !disabled) send([a.label]);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      next();
    }
  };

  const showContinue = !lone || draft.other !== null;
  const shownProblem = problem && problem.index === index ? problem : undefined;
  return (
    <section
      className="card question-card"
      aria-labelledby={`${qid}-q`}
      data-testid={TEST_IDS.questionCard}
      data-status="pending"
      data-tool-call-id={card.toolCallId}
      data-index={index}
      onKeyDown={onKeyDown}
    >
      <div className="card-head">
        <Badge>{q.header}</Badge>
        {count > 1 ? (
          <span className="card-progress" data-testid={TEST_IDS.questionProgress} aria-label={t('questionProgressLabel', index + 1, count)}>
            {t('questionProgress', index + 1, count)}
          </span>
        ) : null}
      </div>
      <div id={`${qid}-q`} className="question-text">
        {q.question}
      </div>
      {q.context ? <div className="question-context">{q.context}</div> : null}
      <div className="question-body" ref={bodyRef}>
        <QuestionBody key={index} q={q} index={index} qid={qid} draft={draft} disabled={disabled} problem={!!shownProblem} lone={lone} act={lone ? onSelectLone : act} />
      </div>
      {shownProblem ? (
        <div className="field-error" role="alert" id={`${qid}-err`} data-testid={TEST_IDS.questionError}>
          {t(shownProblem.key, ...(shownProblem.args ?? []))}
        </div>
      ) : null}
      <div className="card-actions">
        {index > 0 ? (
          <Button appearance="secondary" icon="arrow-left" disabled={disabled} onClick={() => dispatch({ type: 'go', index: index - 1 })} testId={TEST_IDS.questionBack}>
            {t('back')}
          </Button>
        ) : null}
        <span className="spacer" />
        {disabled ? <span className="card-hint" role="status">{t('sending')}</span> : showContinue ? <span className="card-hint">{t(IS_MAC ? 'keyboardHintMac' : 'keyboardHint')}</span> : null}
        {allowsSkip(q) ? (
          <Button appearance="secondary" disabled={disabled} onClick={skip} testId={TEST_IDS.questionSkip}>
            {t('skip')}
          </Button>
        ) : null}
        {showContinue ? (
          <Button appearance="primary" disabled={disabled} onClick={next} testId={TEST_IDS.questionContinue}>
            {isLast ? t('continue') : t('next')}
          </Button>
        ) : null}
      </div>
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

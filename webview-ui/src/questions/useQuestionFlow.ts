// The pending question card's behaviour: which question is shown, edits, validation, Next,
// Back, Skip and sending the answers. The card component only renders what this returns.
import { useState } from 'react';
import type { AnswerValue, Question } from '../../../src/shared/questions';
import { resolveInputType } from '../../../src/shared/questions';
import type { QuestionCard } from '../../../src/shared/view';
import type { MessageKey } from '../l10n';
import { useChat } from '../state/chatContext';
import type { CardAction, CardProgress, QuestionDraft } from './questionModel';
import { checkAnswer, collectAnswers, emptyDraft, newProgress, updateCard } from './questionModel';

/** Up to this many options are shown as cards; more go in a dropdown. */
export const MAX_OPTION_CARDS = 4;

export interface Problem {
  index: number;
  key: MessageKey;
  args?: Array<string | number>;
}

export interface QuestionFlow {
  index: number;
  count: number;
  q: Question;
  draft: QuestionDraft;
  isLast: boolean;
  /** A single question, single select, shown as cards: a click is the answer. */
  lone: boolean;
  /** The answers were sent; the card waits for the host to record them. */
  sending: boolean;
  problem: Problem | undefined;
  edit: (action: CardAction) => void;
  next: () => void;
  back: () => void;
  skip: () => void;
}

function isLoneSingleSelect(questions: readonly Question[]): boolean {
  const q = questions[0];
  return questions.length === 1 && !!q && resolveInputType(q) === 'single_select' && q.options.length <= MAX_OPTION_CARDS;
}

export function useQuestionFlow(card: QuestionCard, progress: CardProgress | undefined): QuestionFlow {
  const { post, ui } = useChat();
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const count = card.questions.length;
  const p = progress ?? newProgress(count);
  const index = Math.min(p.index, count - 1);
  const q = card.questions[index] as Question;
  const draft = p.drafts[index] ?? emptyDraft();
  const isLast = index === count - 1;
  const lone = isLoneSingleSelect(card.questions);
  const sending = p.submitted;

  const dispatch = (action: CardAction): void => ui({ type: 'card', toolCallId: card.toolCallId, count, action });
  const send = (answers: AnswerValue[]): void => {
    post({ type: 'answer', toolCallId: card.toolCallId, answers });
    dispatch({ type: 'submitted' });
  };
  const submit = (from: CardProgress): void => {
    const all = collectAnswers(card.questions, from);
    if (all.ok) return send(all.answers);
    dispatch({ type: 'go', index: all.index });
    setProblem({ index: all.index, key: all.error, ...(all.args ? { args: all.args } : {}) });
  };

  return {
    index,
    count,
    q,
    draft,
    isLast,
    lone,
    sending,
    problem: problem?.index === index ? problem : undefined,
    edit: (action) => {
      if (sending) return;
      setProblem(undefined);
      dispatch(action);
      if (lone && action.type === 'select') send([action.label]);
    },
    next: () => {
      if (sending) return;
      const check = checkAnswer(q, draft);
      if (!check.ok) return setProblem({ index, key: check.error, ...(check.args ? { args: check.args } : {}) });
      if (isLast) submit(p);
      else dispatch({ type: 'go', index: index + 1 });
    },
    back: () => dispatch({ type: 'go', index: index - 1 }),
    skip: () => {
      if (sending) return;
      setProblem(undefined);
      if (isLast) submit(updateCard(p, { type: 'skip', index }));
      else dispatch({ type: 'skip', index });
    },
  };
}

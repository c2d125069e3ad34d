// The question card's own state (what the user has picked or typed so far, which question is
// shown) and the rules that turn it into the answers the model receives. Pure, so it is unit
// tested in Node and the card's progress survives a reload through vscode.setState.
import type { AnswerProblemCode } from '../../../src/shared/answers';
import { checkAnswer as checkSharedAnswer } from '../../../src/shared/answers';
import type { AnswerValue, Question } from '../../../src/shared/questions';
import { resolveInputType } from '../../../src/shared/questions';
import type { MessageKey } from '../l10n';

export interface QuestionDraft {
  /** Chosen option labels (a single select keeps at most one). */
  selected: string[];
  /** The "Other" free text; null while "Other" is not chosen. */
  other: string | null;
  /** Typed value: text, number, date, a date range's start, or the chosen file's path. */
  text: string;
  /** A date range's end. */
  end: string;
  skipped: boolean;
}

export interface CardProgress {
  index: number;
  drafts: QuestionDraft[];
  /** Set once the answers were posted, until the host marks the card answered. */
  submitted: boolean;
}

export type CardAction =
  | { type: 'select'; index: number; label: string }
  | { type: 'toggle'; index: number; label: string; checked: boolean }
  | { type: 'other'; index: number; text: string | null }
  | { type: 'text'; index: number; text: string }
  | { type: 'end'; index: number; text: string }
  | { type: 'skip'; index: number }
  | { type: 'go'; index: number }
  | { type: 'submitted' };

export type AnswerCheck = { ok: true; value: AnswerValue } | { ok: false; error: MessageKey; args?: Array<string | number> };

export function emptyDraft(): QuestionDraft {
  return { selected: [], other: null, text: '', end: '', skipped: false };
}

export function newProgress(count: number): CardProgress {
  return { index: 0, drafts: Array.from({ length: count }, emptyDraft), submitted: false };
}

function editDraft(p: CardProgress, index: number, edit: (d: QuestionDraft) => QuestionDraft): CardProgress {
  const current = p.drafts[index];
  if (!current) return p;
  const drafts = p.drafts.slice();
  // Any edit un-skips: the user changed their mind and is answering after all.
  drafts[index] = { ...edit(current), skipped: false };
  return { ...p, drafts };
}

function toggled(list: string[], label: string, checked: boolean): string[] {
  const has = list.includes(label);
  if (checked === has) return list; // the toolkit fires change on programmatic updates too
  return checked ? [...list, label] : list.filter((l) => l !== label);
}

export function updateCard(p: CardProgress, action: CardAction): CardProgress {
  switch (action.type) {
    case 'select':
      return editDraft(p, action.index, (d) => ({ ...d, selected: [action.label], other: null }));
    case 'toggle':
      return editDraft(p, action.index, (d) => ({ ...d, selected: toggled(d.selected, action.label, action.checked) }));
    case 'other':
      return editDraft(p, action.index, (d) => ({ ...d, other: action.text }));
    case 'text':
      return editDraft(p, action.index, (d) => ({ ...d, text: action.text }));
    case 'end':
      return editDraft(p, action.index, (d) => ({ ...d, end: action.text }));
    case 'skip': {
      const d = p.drafts[action.index];
      if (!d) return p;
      const drafts = p.drafts.slice();
      drafts[action.index] = { ...d, skipped: true };
      return { ...p, drafts, index: Math.min(action.index + 1, p.drafts.length - 1) };
    }
    case 'go':
      return action.index >= 0 && action.index < p.drafts.length ? { ...p, index: action.index } : p;
    case 'submitted':
      return { ...p, submitted: true };
  }
}

/** The panel's message for each problem of the shared answer rule (same words, translatable). */
const PROBLEM_KEYS: Record<AnswerProblemCode, MessageKey> = {
  required: 'errRequired',
  choose: 'errChoose',
  otherEmpty: 'errOtherEmpty',
  notAnOption: 'errNotAnOption',
  oneOption: 'errOneOption',
  list: 'errList',
  text: 'errText',
  number: 'errNumber',
  min: 'errMin',
  max: 'errMax',
  date: 'errDate',
  dateRange: 'errDateRange',
  range: 'errRange',
  file: 'errFile',
  noSkip: 'errNoSkip',
};

/** What a draft amounts to as an answer; undefined while nothing is chosen. */
export function draftValue(q: Question, d: QuestionDraft): AnswerValue | undefined {
  if (d.skipped) return null;
  switch (resolveInputType(q)) {
    case 'single_select':
      return d.other !== null ? d.other.trim() : d.selected[0];
    case 'multi_select': {
      // Keep the options' own order, whatever order they were ticked in.
      const labels = q.options.map((o) => o.label).filter((l) => d.selected.includes(l));
      return d.other !== null ? [...labels, d.other.trim()] : labels;
    }
    case 'date_range':
      return [d.text.trim(), d.end.trim()];
    case 'file':
      return d.text;
    default:
      return d.text.trim();
  }
}

/** The answer a draft stands for, or why it cannot be sent yet: the shared rule decides. */
export function checkAnswer(q: Question, d: QuestionDraft): AnswerCheck {
  const value = draftValue(q, d);
  const problem = checkSharedAnswer(q, value);
  if (problem) return { ok: false, error: PROBLEM_KEYS[problem.code], ...(problem.args ? { args: [...problem.args] } : {}) };
  return { ok: true, value: value ?? null };
}

/** All answers in question order, or the first question that is not ready (and why). */
export function collectAnswers(
  questions: readonly Question[],
  p: CardProgress,
): { ok: true; answers: AnswerValue[] } | { ok: false; index: number; error: MessageKey; args?: Array<string | number> } {
  const answers: AnswerValue[] = [];
  for (let i = 0; i < questions.length; i++) {
    const q = questions[i] as Question;
    const check = checkAnswer(q, p.drafts[i] ?? emptyDraft());
    if (!check.ok) return { ok: false, index: i, error: check.error, ...(check.args ? { args: check.args } : {}) };
    answers.push(check.value);
  }
  return { ok: true, answers };
}

/** How an answer reads in the answered card. `null` is for the caller to show as "Skipped". */
export function answerText(q: Question, value: AnswerValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (resolveInputType(q) === 'date_range') return value.join(' – ');
  return value.join(', ');
}

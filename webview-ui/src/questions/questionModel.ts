// The question card's own state (what the user has picked or typed so far, which question is
// shown) and the rules that turn it into the answers the model receives. Pure, so it is unit
// tested in Node and the card's progress survives a reload through vscode.setState.
import type { AnswerValue, InputType, Question } from '../../../src/shared/questions';
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

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function isDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function checkChoice(q: Question, d: QuestionDraft, multi: boolean): AnswerCheck {
  const other = d.other?.trim();
  if (d.other !== null && !other) return { ok: false, error: 'errOtherEmpty' };
  if (!multi) {
    if (other) return { ok: true, value: other };
    const chosen = d.selected[0];
    return chosen ? { ok: true, value: chosen } : { ok: false, error: 'errChoose' };
  }
  // Keep the options' own order, whatever order they were ticked in.
  const labels = q.options.map((o) => o.label).filter((l) => d.selected.includes(l));
  const values = other ? [...labels, other] : labels;
  return values.length > 0 ? { ok: true, value: values } : { ok: false, error: 'errChoose' };
}

function checkNumber(q: Question, raw: string): AnswerCheck {
  const text = raw.trim();
  if (!NUMBER.test(text)) return { ok: false, error: 'errNumber' };
  const n = Number(text);
  if (!Number.isFinite(n)) return { ok: false, error: 'errNumber' };
  if (q.min !== undefined && n < q.min) return { ok: false, error: 'errMin', args: [q.min] };
  if (q.max !== undefined && n > q.max) return { ok: false, error: 'errMax', args: [q.max] };
  return { ok: true, value: text };
}

function checkRange(d: QuestionDraft): AnswerCheck {
  const from = d.text.trim();
  const to = d.end.trim();
  if (!isDate(from) || !isDate(to)) return { ok: false, error: 'errDate' };
  if (to < from) return { ok: false, error: 'errRange' };
  return { ok: true, value: [from, to] };
}

/** The answer a draft stands for, or why it cannot be sent yet. */
export function checkAnswer(q: Question, d: QuestionDraft): AnswerCheck {
  if (d.skipped) return { ok: true, value: null };
  const type: InputType = resolveInputType(q);
  switch (type) {
    case 'single_select':
      return checkChoice(q, d, false);
    case 'multi_select':
      return checkChoice(q, d, true);
    case 'text':
      return d.text.trim() ? { ok: true, value: d.text.trim() } : { ok: false, error: 'errRequired' };
    case 'number':
      return checkNumber(q, d.text);
    case 'date':
      return isDate(d.text.trim()) ? { ok: true, value: d.text.trim() } : { ok: false, error: 'errDate' };
    case 'date_range':
      return checkRange(d);
    case 'file':
      return d.text ? { ok: true, value: d.text } : { ok: false, error: 'errFile' };
  }
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

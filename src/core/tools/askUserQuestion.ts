// AskUserQuestion: Claude Code compatible structured questions. The loop never runs it: the turn
// pauses, the panel (or `cli resume --answer`) collects the answers, and they come back to the
// model as this tool's result, one readable line per question.
import {
  allowsOther,
  allowsSkip,
  askUserQuestionInputSchema,
  resolveInputType,
  type AnswerValue,
  type AskUserQuestionInput,
  type Question,
} from '../../shared/questions';
import type { ToolDefinition } from './types';

export const ASK_USER_QUESTION = 'AskUserQuestion';

const DESCRIPTION = [
  'Ask the user structured questions when a request is too vague to act on well (which kind of',
  'exercise, what level, which topic, how long). Ask 1-4 short questions in one call; give 2-4 options',
  'with a label and a one-line description for choices; use inputType "text" or "number" for open',
  'values. The turn pauses until the user answers; their answers come back as this tool\'s result.',
  'Never answer your own questions, never guess the answers in the same message, and do not ask',
  'what the user already told you.',
].join(' ');

export const askUserQuestionTool: ToolDefinition<AskUserQuestionInput> = {
  name: ASK_USER_QUESTION,
  description: DESCRIPTION,
  inputSchema: askUserQuestionInputSchema,
  displayText: (input) => (input.questions.length === 1 ? 'Asking you a question' : `Asking you ${input.questions.length} questions`),
  interactive: 'question',
  run: () => Promise.resolve({ content: 'AskUserQuestion is answered by the user, not run.', isError: true }),
};

function valueText(q: Question, value: AnswerValue): string {
  if (value === null) return '(skipped)';
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none selected)';
    return resolveInputType(q) === 'date_range' ? value.join(' to ') : value.join(', ');
  }
  return value.trim().length === 0 ? '(empty)' : value.replace(/\s*\n\s*/g, ' ');
}

/** The tool result the model reads: "Level: What level are your students? -> B1", one line each. */
export function formatAnswers(questions: readonly Question[], answers: readonly AnswerValue[]): string {
  return questions.map((q, i) => `${q.header}: ${q.question} -> ${valueText(q, answers[i] ?? null)}`).join('\n');
}

function checkOne(q: Question, value: AnswerValue, n: number): string | undefined {
  const where = `Answer ${n} ("${q.header}")`;
  if (value === null) return allowsSkip(q) ? undefined : `${where} cannot be skipped.`;
  const type = resolveInputType(q);
  const labels = new Set(q.options.map((o) => o.label));
  const known = (v: string): boolean => labels.has(v) || allowsOther(q);
  switch (type) {
    case 'multi_select':
      if (!Array.isArray(value)) return `${where} must be a list of option labels.`;
      return value.every(known) ? undefined : `${where} must use the options' labels: ${[...labels].join(', ')}.`;
    case 'date_range':
      return Array.isArray(value) && value.length === 2 ? undefined : `${where} must be [start, end].`;
    case 'single_select':
      if (typeof value !== 'string') return `${where} must be one option's label.`;
      return known(value) ? undefined : `${where} must be one of: ${[...labels].join(', ')}.`;
    case 'number': {
      const x = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      if (!Number.isFinite(x)) return `${where} must be a number.`;
      if ((q.min !== undefined && x < q.min) || (q.max !== undefined && x > q.max)) return `${where} is out of range.`;
      return undefined;
    }
    default:
      return typeof value === 'string' ? undefined : `${where} must be text.`;
  }
}

/** Why these answers do not fit these questions, or undefined when they do. */
export function checkAnswers(questions: readonly Question[], answers: readonly AnswerValue[]): string | undefined {
  if (answers.length !== questions.length) {
    return `Expected ${questions.length} answer(s), one per question in order, got ${answers.length}.`;
  }
  for (const [i, q] of questions.entries()) {
    const problem = checkOne(q, answers[i] ?? null, i + 1);
    if (problem) return problem;
  }
  return undefined;
}

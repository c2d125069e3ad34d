// AskUserQuestion: Claude Code compatible structured questions. The loop never runs it: the turn
// pauses, the panel (or `cli resume --answer`) collects the answers, checked by the shared answer
// rule (shared/answers.ts), and they come back to the model as this tool's result.
import {
  askUserQuestionInputSchema,
  QUESTION_LIMITS,
  resolveInputType,
  type AnswerValue,
  type AskUserQuestionInput,
  type Question,
} from '../../shared/questions';
import type { ToolDefinition } from './types';
import { l10n } from '../../shared/l10n';

export const ASK_USER_QUESTION = 'AskUserQuestion';

const { questions: MAX_QUESTIONS, header: MAX_HEADER, minOptions: MIN_OPTIONS, maxOptions: MAX_OPTIONS } = QUESTION_LIMITS;

// Says exactly what the schema enforces (the numbers come from the same constants).
const DESCRIPTION = [
  'Ask the user structured questions when a request is too vague to act on well (which kind of',
  `exercise, what level, which topic, how long). Ask 1-${MAX_QUESTIONS} short questions in one call, each with a`,
  `header of at most ${MAX_HEADER} characters. A choice question has ${MIN_OPTIONS}-${MAX_OPTIONS} options, each with a label and a`,
  'one-line description, and must set multiSelect (true lets the user pick several); the user can also',
  'type "Other" unless allowOther is false. For an open value leave options out and set inputType to "text",',
  '"number" (optionally min/max), "date", "date_range" or "file". Every question can be skipped unless',
  'allowSkip is false. The turn pauses until the user answers; their answers come back as this tool\'s',
  'result. Never answer your own questions, never guess the answers in the same message, and do not ask',
  'what the user already told you.',
].join(' ');

export const askUserQuestionTool: ToolDefinition<AskUserQuestionInput> = {
  name: ASK_USER_QUESTION,
  description: DESCRIPTION,
  inputSchema: askUserQuestionInputSchema,
  displayText: (input) => (input.questions.length === 1 ? l10n.t('Asking you a question') : l10n.t('Asking you {0} questions', input.questions.length)),
  genericText: () => l10n.t('Asking you a question'),
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

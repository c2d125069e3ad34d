// The interactive parts of exercises, as a student sees them (read-only): options to choose,
// statements to judge, items to order, boxes to write in, words to pick from. The teacher view
// adds the key in place; a student's existing answer is shown as written.
import type { ReactNode } from 'react';
import type { QuestionView, RubricView, SequenceView, ShortAnswerView, StatementAnswer, StatementView, WritingAreaView } from '../../../src/shared/lessonView';
import { ChoiceMark } from '../ui/ChoiceMark';
import { TextArea } from '../ui/TextInput';
import { AnswerKey, Verdict } from './AnswerKey';
import { useTeacher } from './copyContext';
import { sourceOf } from './sourceAttributes';
import { Inlines } from './Inlines';
import { PREVIEW_TEST_IDS } from './previewTestIds';
import { t } from './previewL10n';

const noop = (): void => undefined;

function StudentAnswerText({ text, order }: { text: string; order?: boolean }): ReactNode {
  return (
    <p className="student-answer" data-testid={PREVIEW_TEST_IDS.studentAnswer}>
      {order ? t('studentOrder', text) : t('studentAnswer', text)}
    </p>
  );
}

export function Question({ question, number }: { question: QuestionView; number: number }): ReactNode {
  const teacher = useTeacher();
  const shape = question.multiple ? 'checkbox' : 'radio';
  const chosen = new Set(question.studentChoices ?? []);
  return (
    <div className="question" {...sourceOf('question', question)}>
      <p className="prompt">
        <span className="number">{number}.</span> <Inlines content={question.prompt} />
        {question.multiple ? <span className="hint"> {t('chooseAll')}</span> : null}
        {teacher ? <Verdict correct={question.studentCorrect} /> : null}
      </p>
      {/* Read-only: a radio group says so on the group, a checkbox on itself (ARIA allows no other place). */}
      <div className="options" role={question.multiple ? 'group' : 'radiogroup'} aria-readonly={question.multiple ? undefined : true}>
        {question.options.map((option, i) => {
          const key = teacher && option.correct;
          return (
            <div key={i} className={`option${key ? ' is-key' : ''}`} role={shape} aria-checked={chosen.has(i)} aria-readonly={question.multiple ? true : undefined} {...sourceOf('option', option)}>
              <ChoiceMark shape={shape} checked={chosen.has(i)} keyed={key} />
              <span className="option-letter">{String.fromCharCode(97 + i)})</span>
              <span className="option-text">
                <Inlines content={option.content} />
              </span>
              {key ? <AnswerKey inline>✓</AnswerKey> : null}
            </div>
          );
        })}
      </div>
      {question.studentAnswer !== undefined && question.studentChoices === undefined ? <StudentAnswerText text={question.studentAnswer} /> : null}
      {teacher && question.explanation ? (
        <AnswerKey label={t('explanation')}>
          <Inlines content={question.explanation} />
        </AnswerKey>
      ) : null}
    </div>
  );
}

const STATEMENT_LABEL: Record<StatementAnswer, 'true' | 'false' | 'notGiven'> = { true: 'true', false: 'false', 'not-given': 'notGiven' };

export function Statement({ statement }: { statement: StatementView }): ReactNode {
  const teacher = useTeacher();
  const choices: StatementAnswer[] = statement.notGiven ? ['true', 'false', 'not-given'] : ['true', 'false'];
  return (
    <div className="statement" {...sourceOf('statement', statement)}>
      <p className="statement-text">
        <Inlines content={statement.content} />
        {teacher ? <Verdict correct={statement.studentCorrect} /> : null}
      </p>
      <div className="choices" role="radiogroup">
        {choices.map((choice) => {
          const key = teacher && statement.answer === choice;
          return (
            <span key={choice} className={`choice${key ? ' is-key' : ''}`} role="radio" aria-checked={statement.studentChoice === choice} aria-readonly="true">
              <ChoiceMark shape="radio" checked={statement.studentChoice === choice} keyed={key} />
              {t(STATEMENT_LABEL[choice])}
            </span>
          );
        })}
        {teacher && statement.correction ? <AnswerKey inline>{t('correction', statement.correction)}</AnswerKey> : null}
      </div>
      {statement.studentAnswer !== undefined && statement.studentChoice === undefined ? <StudentAnswerText text={statement.studentAnswer} /> : null}
    </div>
  );
}

export function Sequence({ sequence }: { sequence: SequenceView }): ReactNode {
  const teacher = useTeacher();
  return (
    <div className="sequence" {...sourceOf('sequence', sequence)}>
      <ul className="sequence-items">
        {sequence.items.map((item, i) => (
          <li key={i} className="sequence-item" {...sourceOf('item', item)}>
            <span className={`order-box${teacher ? ' is-key' : ''}`} role="textbox" aria-readonly="true" aria-label={t('orderBox')} data-testid={teacher ? PREVIEW_TEST_IDS.answer : undefined}>
              {teacher && item.order !== undefined ? item.order : ''}
            </span>
            <span>
              <Inlines content={item.content} />
            </span>
          </li>
        ))}
      </ul>
      {sequence.studentAnswer !== undefined ? <StudentAnswerText text={sequence.studentAnswer} order /> : null}
    </div>
  );
}

export function Rubric({ rubric }: { rubric: RubricView }): ReactNode {
  return (
    <table className="rubric" {...sourceOf('rubric', rubric)}>
      <caption>{t('criteria')}</caption>
      <tbody>
        {rubric.criteria.map((criterion, i) => (
          <tr key={i} {...sourceOf('criterion', criterion)}>
            <td>
              <Inlines content={criterion.content} />
            </td>
            <td className="points">{criterion.points === undefined ? '' : criterion.points === 1 ? t('point') : t('points', criterion.points)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ShortAnswer({ item, number }: { item: ShortAnswerView; number: number }): ReactNode {
  const teacher = useTeacher();
  return (
    <div className="short-answer" {...sourceOf('shortAnswer', item)}>
      <p className="prompt">
        <span className="number">{number}.</span> <Inlines content={item.prompt} />
      </p>
      <TextArea value={item.studentAnswer ?? ''} onChange={noop} readOnly rows={item.lines ?? 3} label={t('answerBox')} className="answer-box" />
      {teacher && item.modelAnswer ? (
        <AnswerKey label={t('modelAnswer')}>
          <Inlines content={item.modelAnswer} />
        </AnswerKey>
      ) : null}
      {teacher && item.rubric ? <Rubric rubric={item.rubric} /> : null}
    </div>
  );
}

function wordLimit(area: WritingAreaView): string | undefined {
  const { minWords: min, maxWords: max } = area;
  if (min !== undefined && max !== undefined) return t('words', min, max);
  if (min !== undefined) return t('atLeast', min);
  if (max !== undefined) return t('atMost', max);
  return undefined;
}

export function WritingArea({ area }: { area: WritingAreaView }): ReactNode {
  const teacher = useTeacher();
  const limit = wordLimit(area);
  const written = area.studentAnswer?.trim().split(/\s+/).length;
  return (
    <div className="writing-area" {...sourceOf('writingArea', area)}>
      {limit ? <p className="hint word-limit">{limit}</p> : null}
      <TextArea value={area.studentAnswer ?? ''} onChange={noop} readOnly rows={area.lines ?? 8} label={t('writingBox')} className="answer-box" />
      {teacher && written !== undefined ? <p className="hint">{t('wordCount', written)}</p> : null}
    </div>
  );
}

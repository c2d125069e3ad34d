// Running text: marks, line breaks, and gaps (blanks) as read-only inputs with their hints. The
// teacher view fills an empty gap with its answer and lists the alternatives; a student's answer
// is shown as written, with the key beside it when it is not right.
import type { ReactNode } from 'react';
import type { BlankView, Inline } from '../../../src/shared/lessonView';
import { TextField } from '../ui/TextInput';
import { useTeacher } from './copyContext';
import { sourceOf } from './sourceAttributes';
import { AnswerKey, Verdict } from './AnswerKey';
import { t } from './previewL10n';

const noop = (): void => undefined;

function widthClass(text: string): string {
  return `w${Math.min(4, Math.max(1, Math.ceil(text.length / 6)))}`;
}

function Blank({ blank }: { blank: BlankView }): ReactNode {
  const teacher = useTeacher();
  const student = blank.studentAnswer;
  const shown = student ?? (teacher ? blank.answer : '');
  const keyInBox = teacher && student === undefined;
  return (
    <span className="blank" {...sourceOf('blank', blank)}>
      <TextField
        value={shown}
        onChange={noop}
        readOnly
        label={blank.hint ? t('gapHint', blank.hint) : t('gap')}
        className={`blank-input ${widthClass(student ?? blank.answer)}${keyInBox ? ' is-key' : ''}${student !== undefined ? ' is-student' : ''}`}
      />
      {blank.hint ? <span className="hint">({blank.hint})</span> : null}
      {teacher && keyInBox && blank.alts.length > 0 ? <AnswerKey inline>{t('also', blank.alts.join(', '))}</AnswerKey> : null}
      {teacher && student !== undefined ? (
        <>
          <Verdict correct={blank.studentCorrect} />
          {blank.studentCorrect ? null : <AnswerKey inline>{t('key', [blank.answer, ...blank.alts].join(' / '))}</AnswerKey>}
        </>
      ) : null}
    </span>
  );
}

export function Inlines({ content }: { content: readonly Inline[] }): ReactNode {
  return content.map((item, i) => {
    if (item.kind === 'br') return <br key={i} />;
    if (item.kind === 'blank') return <Blank key={i} blank={item} />;
    let node: ReactNode = item.text;
    if (item.em) node = <em>{node}</em>;
    if (item.strong) node = <strong>{node}</strong>;
    return <span key={i}>{node}</span>;
  });
}

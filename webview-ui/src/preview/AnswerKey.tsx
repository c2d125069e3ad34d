// How the answer key looks wherever it appears in the teacher view, and the mark beside a
// student's answer.
import type { ReactNode } from 'react';
import { Icon } from '../ui/Icon';
import { PREVIEW_TEST_IDS } from './previewTestIds';
import { t } from './previewL10n';

export function AnswerKey({ children, inline, label }: { children: ReactNode; inline?: boolean; label?: string }): ReactNode {
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag className={`answer-key${inline ? ' is-inline' : ''}`} data-testid={PREVIEW_TEST_IDS.answer}>
      {inline ? null : <Icon name="key" />}
      {label ? <span className="answer-key-label">{label}</span> : null}
      {label ? ' ' : null}
      {children}
    </Tag>
  );
}

export function Verdict({ correct }: { correct: boolean | undefined }): ReactNode {
  if (correct === undefined) return null;
  return correct ? (
    <span className="verdict is-correct" data-testid={PREVIEW_TEST_IDS.answer}>
      <Icon name="pass" label={t('correct')} />
    </span>
  ) : (
    <span className="verdict is-incorrect" data-testid={PREVIEW_TEST_IDS.answer}>
      <Icon name="error" label={t('incorrect')} />
    </span>
  );
}

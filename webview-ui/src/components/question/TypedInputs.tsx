// Typed answers: free text, a number within bounds, a date, a date range, a workspace file.
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { Question } from '../../../../src/shared/questions';
import { resolveInputType } from '../../../../src/shared/questions';
import { t } from '../../l10n';
import type { QuestionDraft } from '../../questions/questionModel';
import { useChat } from '../../state/chatContext';
import { TEST_IDS } from '../../testIds';
import { Button } from '../../ui/Button';
import { TextArea, TextField } from '../../ui/TextInput';

interface TypedProps {
  q: Question;
  draft: QuestionDraft;
  disabled: boolean;
  invalid: boolean;
  describedBy: string;
  onText: (v: string) => void;
  onEnd: (v: string) => void;
}

function FilePicker({ draft, disabled, onText }: Pick<TypedProps, 'draft' | 'disabled' | 'onText'>): ReactNode {
  const { pickFile } = useChat();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const choose = (): void => {
    setBusy(true);
    setProblem(undefined);
    void pickFile().then((answer) => {
      setBusy(false);
      if (!answer.ok) setProblem(t('errPickFile', answer.reason));
      else if (answer.value) onText(answer.value);
    });
  };
  return (
    <div className="file-input">
      <Button appearance="secondary" icon="file" disabled={disabled || busy} onClick={choose} testId={TEST_IDS.questionPickFile}>
        {t('chooseFile')}
      </Button>
      <span className="file-name" data-testid={TEST_IDS.questionInput}>
        {draft.text || t('noFile')}
      </span>
      {problem ? (
        <div className="field-error" role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  );
}

export function TypedInput(props: TypedProps): ReactNode {
  const { q, draft, disabled, invalid, describedBy, onText, onEnd } = props;
  const common = { disabled, invalid, describedBy, placeholder: q.placeholder };
  switch (resolveInputType(q)) {
    case 'number':
      return <TextField {...common} type="number" min={q.min} max={q.max} value={draft.text} onChange={onText} label={q.question} testId={TEST_IDS.questionInput} />;
    case 'date':
      return <TextField {...common} type="date" value={draft.text} onChange={onText} label={q.question} testId={TEST_IDS.questionInput} />;
    case 'date_range':
      return (
        <div className="date-range">
          <label>
            <span>{t('dateFrom')}</span>
            <TextField {...common} type="date" value={draft.text} onChange={onText} label={t('dateFrom')} testId={TEST_IDS.questionDateFrom} />
          </label>
          <label>
            <span>{t('dateTo')}</span>
            <TextField {...common} type="date" value={draft.end} onChange={onEnd} label={t('dateTo')} testId={TEST_IDS.questionDateTo} />
          </label>
        </div>
      );
    case 'file':
      return <FilePicker draft={draft} disabled={disabled} onText={onText} />;
    default:
      // One line that grows with the answer (and with a long placeholder, which is never cut).
      return <TextArea {...common} className="grow-input" rows={1} value={draft.text} onChange={onText} label={q.question} testId={TEST_IDS.questionInput} />;
  }
}

// The choice inputs of a question: option cards (single select, up to 4 options), a dropdown
// (single select, more options), checkboxes (multi select), and the "Other" free text.
import type { KeyboardEvent, ReactNode } from 'react';
import { useRef } from 'react';
import type { Question } from '../../../../src/shared/questions';
import { t } from '../../l10n';
import type { QuestionDraft } from '../../questions/questionModel';
import { TEST_IDS } from '../../testIds';
import { Checkbox } from '../../ui/Checkbox';
import { Dropdown } from '../../ui/Dropdown';
import { TextField } from '../../ui/TextInput';

const OTHER = '\u0000other';

interface ChoiceProps {
  q: Question;
  qid: string;
  draft: QuestionDraft;
  withOther: boolean;
  disabled: boolean;
  onSelect: (label: string) => void;
  onOther: (text: string | null) => void;
}

/** Single select as a radio group of cards. Arrows move focus; Enter or Space (or a click) chooses. */
export function OptionCards({ q, qid, draft, withOther, disabled, onSelect, onOther, moveSelects }: ChoiceProps & { moveSelects: boolean }): ReactNode {
  const refs = useRef<Array<HTMLDivElement | null>>([]);
  const entries = [...q.options.map((o) => ({ key: o.label, label: o.label, description: o.description })), ...(withOther ? [{ key: OTHER, label: t('other'), description: '' }] : [])];
  const chosen = draft.other !== null ? OTHER : (draft.selected[0] ?? '');
  const focusIndex = Math.max(0, entries.findIndex((e) => e.key === chosen));
  const choose = (key: string): void => {
    if (disabled) return;
    if (key === OTHER) onOther(draft.other ?? '');
    else onSelect(key);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>, i: number): void => {
    const step = e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : e.key === 'ArrowUp' || e.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      e.preventDefault();
      const next = (i + step + entries.length) % entries.length;
      refs.current[next]?.focus();
      const entry = entries[next];
      if (moveSelects && entry) choose(entry.key);
    } else if ((e.key === 'Enter' || e.key === ' ') && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const entry = entries[i];
      if (entry) choose(entry.key);
    }
  };
  return (
    <div className="option-cards" role="radiogroup" aria-labelledby={`${qid}-q`}>
      {entries.map((e, i) => (
        <div
          key={e.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className={`option-card${e.key === chosen ? ' selected' : ''}`}
          role="radio"
          aria-checked={e.key === chosen}
          aria-disabled={disabled || undefined}
          tabIndex={i === focusIndex ? 0 : -1}
          data-testid={e.key === OTHER ? TEST_IDS.questionOther : TEST_IDS.questionOption}
          data-label={e.key === OTHER ? undefined : e.label}
          onClick={() => choose(e.key)}
          onKeyDown={(ev) => onKey(ev, i)}
        >
          <span className={`codicon codicon-${e.key === chosen ? 'pass-filled' : 'circle-large'}`} aria-hidden="true" />
          <span className="option-text">
            <span className="option-label">{e.label}</span>
            {e.description ? <span className="option-description">{e.description}</span> : null}
          </span>
        </div>
      ))}
    </div>
  );
}

export function OptionDropdown({ q, qid, draft, withOther, onSelect, onOther }: ChoiceProps): ReactNode {
  const value = draft.other !== null ? OTHER : (draft.selected[0] ?? '');
  const options = [...q.options.map((o) => ({ value: o.label, label: o.label })), ...(withOther ? [{ value: OTHER, label: t('other') }] : [])];
  const described = q.options.find((o) => o.label === value)?.description;
  return (
    <div className="option-dropdown">
      <Dropdown
        value={value}
        options={options}
        placeholder={t('choose')}
        label={q.question}
        testId={TEST_IDS.questionDropdown}
        optionTestId={TEST_IDS.questionOption}
        onChange={(v) => (v === OTHER ? onOther(draft.other ?? '') : v ? onSelect(v) : undefined)}
      />
      {described ? (
        <div className="option-description" id={`${qid}-desc`}>
          {described}
        </div>
      ) : null}
    </div>
  );
}

export function OptionChecks({
  q,
  draft,
  withOther,
  disabled,
  onToggle,
  onOther,
}: Omit<ChoiceProps, 'onSelect'> & { onToggle: (label: string, checked: boolean) => void }): ReactNode {
  return (
    <div className="option-checks" role="group" aria-label={q.question}>
      {q.options.map((o) => (
        <Checkbox
          key={o.label}
          className={`option-check${draft.selected.includes(o.label) ? ' selected' : ''}`}
          checked={draft.selected.includes(o.label)}
          disabled={disabled}
          onChange={(checked) => onToggle(o.label, checked)}
          testId={TEST_IDS.questionOption}
          data={{ 'data-label': o.label }}
        >
          <span className="option-label">{o.label}</span>
          {o.description ? <span className="option-description">{o.description}</span> : null}
        </Checkbox>
      ))}
      {withOther ? (
        <Checkbox
          className={`option-check${draft.other !== null ? ' selected' : ''}`}
          checked={draft.other !== null}
          disabled={disabled}
          onChange={(checked) => onOther(checked ? (draft.other ?? '') : null)}
          testId={TEST_IDS.questionOther}
        >
          <span className="option-label">{t('other')}</span>
        </Checkbox>
      ) : null}
    </div>
  );
}

export function OtherField({ value, onChange, disabled, invalid, describedBy }: { value: string; onChange: (v: string) => void; disabled: boolean; invalid: boolean; describedBy: string }): ReactNode {
  return (
    <TextField
      className="other-input"
      value={value}
      onChange={onChange}
      label={t('other')}
      placeholder={t('otherPlaceholder')}
      disabled={disabled}
      invalid={invalid}
      describedBy={describedBy}
      testId={TEST_IDS.questionOtherInput}
      ref={(el) => {
        // Choosing "Other" is a request to type: put the cursor there (once, when it appears).
        if (el && !el.dataset.focused) {
          el.dataset.focused = '1';
          el.focus();
        }
      }}
    />
  );
}

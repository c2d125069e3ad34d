// Text entry is native <input>/<textarea>, styled with the same theme variables as the toolkit:
// the toolkit's text field has no number or date types, its shadow-DOM textarea cannot grow with
// its content, and native elements can be filled by test drivers directly.
import type { KeyboardEvent, ReactNode, Ref } from 'react';

interface Common {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  disabled?: boolean;
  /** Shown, selectable and focusable, but not editable (the lesson preview's student answers). */
  readOnly?: boolean;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
  className?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
}

export interface TextFieldProps extends Common {
  type?: 'text' | 'number' | 'date';
  min?: number;
  max?: number;
  ref?: Ref<HTMLInputElement>;
}

export function TextField(props: TextFieldProps): ReactNode {
  const { value, onChange, label, placeholder, disabled, readOnly, invalid, describedBy, testId, className, onKeyDown, type = 'text', min, max, ref } = props;
  return (
    <input
      ref={ref}
      className={`ui-input ${className ?? ''}`}
      type={type}
      value={value}
      min={min}
      max={max}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readOnly}
      data-testid={testId}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}

export interface TextAreaProps extends Common {
  rows?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea(props: TextAreaProps): ReactNode {
  const { value, onChange, label, placeholder, disabled, readOnly, invalid, describedBy, testId, className, onKeyDown, rows = 2, ref } = props;
  return (
    <textarea
      ref={ref}
      className={`ui-input ui-textarea ${className ?? ''}`}
      value={value}
      rows={rows}
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readOnly}
      data-testid={testId}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}

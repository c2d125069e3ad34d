// The toolkit's dropdown, for choices too many to show as cards.
import type { ReactNode, Ref } from 'react';
import { ToolkitDropdown, ToolkitOption } from './toolkit';

export interface DropdownProps {
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Shown (and selected) while nothing is chosen; has the empty value. */
  placeholder: string;
  onChange: (value: string) => void;
  label: string;
  testId?: string;
  optionTestId?: string;
  ref?: Ref<HTMLElement>;
}

export function Dropdown({ value, options, placeholder, onChange, label, testId, optionTestId, ref }: DropdownProps): ReactNode {
  return (
    <ToolkitDropdown
      ref={ref}
      value={value}
      aria-label={label}
      data-testid={testId}
      onChange={(e: Event) => {
        const next = (e.target as HTMLSelectElement).value;
        if (next !== value) onChange(next);
      }}
    >
      <ToolkitOption value="">{placeholder}</ToolkitOption>
      {options.map((o) => (
        <ToolkitOption key={o.value} value={o.value} data-testid={optionTestId} data-label={o.value}>
          {o.label}
        </ToolkitOption>
      ))}
    </ToolkitDropdown>
  );
}

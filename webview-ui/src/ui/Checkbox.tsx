// The toolkit's checkbox. Its change event also fires on programmatic updates, so the handler
// receives the new checked state and callers apply it idempotently.
import type { ReactNode, Ref } from 'react';
import { ToolkitCheckbox } from './toolkit';

export interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId?: string;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
  data?: Record<`data-${string}`, string>;
}

export function Checkbox({ checked, onChange, disabled, testId, className, children, ref, data }: CheckboxProps): ReactNode {
  return (
    <ToolkitCheckbox
      ref={ref}
      checked={checked}
      disabled={disabled ?? false}
      data-testid={testId}
      className={className}
      onChange={(e: Event) => {
        const next = (e.target as HTMLInputElement).checked;
        if (next !== checked) onChange(next);
      }}
      {...data}
    >
      {children}
    </ToolkitCheckbox>
  );
}

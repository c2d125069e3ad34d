// The project's button: the toolkit's vscode-button behind a small, stable interface.
import type { ReactNode, Ref } from 'react';
import { ToolkitButton } from './toolkit';
import { Icon } from './Icon';

export interface ButtonProps {
  appearance?: 'primary' | 'secondary' | 'icon';
  onClick?: () => void;
  disabled?: boolean;
  /** Accessible name; required for icon-only buttons. */
  label?: string;
  title?: string;
  /** For a toggle: whether it is on (aria-pressed). */
  pressed?: boolean;
  icon?: string;
  testId?: string;
  className?: string;
  children?: ReactNode;
  ref?: Ref<HTMLElement>;
  /** A button that opens a menu: aria-haspopup and aria-expanded. */
  popup?: { kind: 'menu'; expanded: boolean };
  /** Extra data-* attributes for tests (e.g. { 'data-session-id': id }). */
  data?: Record<`data-${string}`, string>;
}

export function Button(props: ButtonProps): ReactNode {
  const { appearance = 'primary', onClick, disabled, label, title, pressed, icon, testId, className, children, ref, data, popup } = props;
  return (
    <ToolkitButton
      ref={ref}
      appearance={appearance}
      disabled={disabled ?? false}
      aria-label={label}
      aria-pressed={pressed === undefined ? undefined : pressed ? 'true' : 'false'}
      aria-haspopup={popup?.kind}
      aria-expanded={popup === undefined ? undefined : popup.expanded ? 'true' : 'false'}
      title={title ?? (appearance === 'icon' ? label : undefined)}
      data-testid={testId}
      className={className}
      onClick={disabled ? undefined : () => onClick?.()}
      {...data}
    >
      {icon && appearance !== 'icon' ? <Icon name={icon} slot="start" /> : null}
      {appearance === 'icon' && icon ? <Icon name={icon} /> : children}
    </ToolkitButton>
  );
}

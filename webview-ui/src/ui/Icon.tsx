// Codicons (the font ships with the bundle) and the toolkit's small display elements.
import type { ReactNode } from 'react';
import { ToolkitBadge, ToolkitProgressRing } from './toolkit';

export function Icon({ name, slot, spin, label }: { name: string; slot?: string; spin?: boolean; label?: string }): ReactNode {
  const className = `codicon codicon-${name}${spin ? ' codicon-modifier-spin' : ''}`;
  return label ? (
    <span className={className} slot={slot} role="img" aria-label={label} />
  ) : (
    <span className={className} slot={slot} aria-hidden="true" />
  );
}

export function Badge({ children, className }: { children: ReactNode; className?: string }): ReactNode {
  return <ToolkitBadge className={className}>{children}</ToolkitBadge>;
}

export function ProgressRing({ label, className }: { label: string; className?: string }): ReactNode {
  return <ToolkitProgressRing className={className} aria-label={label} />;
}

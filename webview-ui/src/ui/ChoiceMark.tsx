// A radio circle or a checkbox square that shows a choice without taking one: the lesson preview
// shows students' answers and the key with it, and the preview itself is never answered. Purely
// visual: the row it sits in carries the role (radio, checkbox) and aria-checked.
import type { ReactNode } from 'react';

export interface ChoiceMarkProps {
  shape: 'radio' | 'checkbox';
  checked: boolean;
  /** The choice is the key (teacher view): drawn in the key's colour. */
  keyed?: boolean;
}

export function ChoiceMark({ shape, checked, keyed }: ChoiceMarkProps): ReactNode {
  return <span className={`choice-mark choice-mark-${shape}${checked ? ' is-checked' : ''}${keyed ? ' is-key' : ''}`} aria-hidden="true" />;
}

// The one place that imports @vscode/webview-ui-toolkit. Its generated React typings say a ref
// receives the wrapper component and intersect `onChange` with React's ChangeEvent handler; at run
// time the ref receives the custom element and handlers receive the element's DOM Event. These
// types say what really happens, so the rest of the ui folder needs no casts.
import type { ComponentType, HTMLAttributes, Ref } from 'react';
import {
  VSCodeBadge,
  VSCodeButton,
  VSCodeCheckbox,
  VSCodeDropdown,
  VSCodeOption,
  VSCodeProgressRing,
} from '@vscode/webview-ui-toolkit/react';

type DataAttributes = Record<`data-${string}`, string | undefined>;

export type ToolkitProps = Omit<HTMLAttributes<HTMLElement>, 'onChange'> &
  DataAttributes & {
    ref?: Ref<HTMLElement>;
    appearance?: string;
    disabled?: boolean;
    checked?: boolean;
    value?: string;
    slot?: string;
    onChange?: (e: Event) => void;
  };

function typed(component: unknown): ComponentType<ToolkitProps> {
  return component as ComponentType<ToolkitProps>;
}

export const ToolkitButton = typed(VSCodeButton);
export const ToolkitCheckbox = typed(VSCodeCheckbox);
export const ToolkitDropdown = typed(VSCodeDropdown);
export const ToolkitOption = typed(VSCodeOption);
export const ToolkitBadge = typed(VSCodeBadge);
export const ToolkitProgressRing = typed(VSCodeProgressRing);

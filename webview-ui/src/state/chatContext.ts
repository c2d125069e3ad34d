// What components need from the app besides their props: posting to the host, the UI dispatcher,
// the file picker round trip, moving focus back to the input, reverting an edit and taking a suggestion.
import type { Dispatch } from 'react';
import { createContext, useContext } from 'react';
import type { RevertResult, WebviewMessage } from '../../../src/shared/protocol';
import type { Answer } from '../requests';
import type { UiAction } from './uiState';

export interface ChatActions {
  post: (message: WebviewMessage) => void;
  ui: Dispatch<UiAction>;
  /** Asks the host for a workspace file: its path, null when the teacher closed the dialog, or why it failed. */
  pickFile: () => Promise<Answer<string | null>>;
  focusInput: () => void;
  /** Asks the host to revert one applied edit; says whether it could. */
  revertEdit: (editId: string) => Promise<RevertResult>;
  /** Asks the host to make an undone or reverted edit again; says whether it could. */
  applyEditAgain: (editId: string) => Promise<RevertResult>;
  /** A suggestion (a reply's, or a new chat's example) was chosen: sent when the chat is free, else put in the input after the draft. */
  suggest: (text: string) => void;
}

export const ChatContext = createContext<ChatActions | null>(null);

export function useChat(): ChatActions {
  const actions = useContext(ChatContext);
  if (!actions) throw new Error('useChat outside ChatContext');
  return actions;
}

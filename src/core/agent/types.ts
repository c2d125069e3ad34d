// What one call of `Agent.run` asks for and how it ended; shared by the agent and its turn runner.
import type { BoundDocumentView } from '../../shared/events';
import type { AnswerValue } from '../../shared/questions';
import type { AgentError } from './errors';

export type TurnRequest =
  | {
      kind: 'message';
      sessionId: string;
      text: string;
      context?: { label: string; text: string };
      /** The document the session takes on with this message when it has none (shared/lateBinding.ts). */
      bind?: BoundDocumentView;
    }
  | { kind: 'answer'; sessionId: string; toolCallId: string; answers: AnswerValue[] }
  | { kind: 'decision'; sessionId: string; toolCallId: string; approved: boolean; feedback?: string }
  | { kind: 'retry'; sessionId: string };

export type TurnOutcome = {
  status: 'completed' | 'awaiting_user' | 'error' | 'stopped';
  turnId: string;
  error?: AgentError;
};

// The persisted session: the exact Messages API transcript plus what the UI needs around it.
// Plain JSON, schema-versioned; migrations are pure functions (migrations.ts).
import type { ConfirmationRequest, ErrorCode, Usage } from '../../shared/events';
import type { AnswerValue, Question } from '../../shared/questions';
import type { BoundDocumentView, SessionSummary } from '../../shared/view';

export const SESSION_SCHEMA_VERSION = 1;

/** Content blocks as the Messages API takes them (stored verbatim, replayed as history). */
export type StoredBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant';
  content: StoredBlock[];
  createdAt: number;
  turnId: string;
  /** User messages: a label for attached context (the selection), shown as a chip. */
  context?: string;
  /** Assistant messages: which model, what it cost, why it stopped. */
  model?: string;
  usage?: Usage;
  stopReason?: string;
  /**
   * The text was cut short by Stop or a failure. Partial messages are kept for display only and
   * are never sent to the model (the history skips them).
   */
  partial?: boolean;
}

export type ToolCallStatus = 'running' | 'success' | 'error' | 'awaiting' | 'denied' | 'interrupted';

export interface ToolCallRecord {
  id: string;
  tool: string;
  displayText: string;
  status: ToolCallStatus;
  turnId: string;
  /** The input, with large fields (whole documents) elided. */
  args?: unknown;
  error?: string;
  resultSummary?: string;
  editId?: string;
  startedAt: number;
  endedAt?: number;
  /** Set when the call was shown to the user as a question or confirmation card. */
  interaction?: { kind: 'question'; questions: Question[] } | { kind: 'confirmation'; request: ConfirmationRequest };
}

export interface EditRecord {
  id: string;
  toolCallId: string;
  turnId: string;
  documentUri: string;
  summary: string;
  before: string;
  after: string;
  appliedAt: number;
  revertedAt?: number;
}

export interface PendingInteraction {
  kind: 'question' | 'confirmation';
  toolCallId: string;
  turnId: string;
  questions?: Question[];
  confirmation?: ConfirmationRequest;
  /** For edits awaiting approval: the proposed text, for "Review changes". */
  proposal?: { uri: string; before: string; after: string };
  /** Results already produced for earlier tool_use blocks of the same assistant message. */
  completedResults: Array<Extract<StoredBlock, { type: 'tool_result' }>>;
  /** tool_use ids of the same message still to run after this one, in order. */
  remainingToolUseIds: string[];
  /** The document as the model saw it when it made the call (the base for edits on resume). */
  documentSeen?: { text: string; version: number };
}

export interface TurnRecord {
  id: string;
  startedAt: number;
  endedAt?: number;
  status: 'running' | 'completed' | 'awaiting_user' | 'error' | 'stopped';
  /** Model calls made in this turn so far. */
  steps: number;
  usage?: Usage;
  model?: string;
  error?: { code: ErrorCode; message: string; retryable: boolean };
  /** Some text of this turn was cut short (an error or Stop after text had streamed). */
  partial?: boolean;
  /** Answers and decisions recorded for interactive tools, by tool_use id. */
  answers?: Record<string, { answers?: AnswerValue[]; approved?: boolean; feedback?: string }>;
}

export interface Session {
  version: typeof SESSION_SCHEMA_VERSION;
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  document?: BoundDocumentView;
  messages: StoredMessage[];
  toolCalls: Record<string, ToolCallRecord>;
  edits: EditRecord[];
  turns: TurnRecord[];
  pending?: PendingInteraction;
}

export class SessionCorruptError extends Error {
  constructor(
    readonly sessionId: string,
    readonly setAsidePath: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'SessionCorruptError';
  }
}

export class SessionNotFoundError extends Error {
  constructor(readonly sessionId: string) {
    super(`Session ${sessionId} was not found.`);
    this.name = 'SessionNotFoundError';
  }
}

export interface SessionStore {
  list(): Promise<SessionSummary[]>;
  /** Throws SessionCorruptError (after setting the file aside) or a not-found error. */
  get(id: string): Promise<Session>;
  save(session: Session): Promise<void>;
  rename(id: string, title: string): Promise<void>;
  delete(id: string): Promise<void>;
}

// Stable `data-testid` values for tests that drive the real webview (the preview harness in
// test/webview and the integration tests in a real VS Code). Tests select with
// `[data-testid="<value>"]`; change a value only together with every test that uses it.
//
// Where an element carries extra data-* attributes, they are listed with it. Toolkit elements
// (`vscode-button`, `vscode-checkbox`, `vscode-dropdown`, `vscode-option`) are clicked on the host
// element itself; every text entry is a native <input>/<textarea>, so `fill()` works on it.

export const TEST_IDS = {
  /** The app root. `data-ready="true"` once the first snapshot has been rendered. `data-render-count`: App renders so far. */
  root: 'app',
  /** Header: the session title, and the bound document's name (absent when no document is bound). */
  sessionTitle: 'session-title',
  boundDocument: 'bound-document',
  /** The "Offline demo" label (only when the host runs the scripted model). */
  demoLabel: 'demo-label',
  sessionsButton: 'sessions-button',
  newSessionButton: 'new-session-button',

  /** Sessions panel. Items carry `data-session-id`; their buttons sit inside the item. */
  sessionsPanel: 'sessions-panel',
  sessionItem: 'session-item',
  sessionOpen: 'session-open',
  sessionRename: 'session-rename',
  sessionRenameInput: 'session-rename-input',
  sessionRenameSave: 'session-rename-save',
  sessionDelete: 'session-delete',
  sessionDeleteConfirm: 'session-delete-confirm',
  sessionExport: 'session-export',
  sessionsNew: 'sessions-new',

  /** Empty chat: the example requests (clicking one fills the input) and the onboarding card. */
  emptyChat: 'empty-chat',
  example: 'example-request',
  onboarding: 'onboarding',
  setApiKey: 'set-api-key',

  /**
   * One per chat item. `data-kind` is "user" or "assistant", `data-id` the item's id, and an
   * assistant item has `data-status` (streaming, done, awaiting, error, stopped).
   */
  message: 'message',
  /** The rendered markdown of an assistant message. */
  messageText: 'message-text',
  streamingCursor: 'streaming-cursor',
  copyMessage: 'copy-message',
  copyCode: 'copy-code',
  usage: 'usage',

  /** Steps: the list (`data-expanded`), each step (`data-status`), and the "Done (N steps)" toggle. */
  steps: 'steps',
  step: 'step',
  /** A progress note between steps (the agent's summarised thinking). */
  stepNote: 'step-note',
  stepsToggle: 'steps-toggle',

  /**
   * The edits of a finished reply, visible without expanding the steps: one row per edit
   * (`data-edit-id`, `data-reverted`, `data-state`: applied, undone, reverted, changed) with Review
   * and Revert (while applied; it asks in the row first) or Apply again (undone, reverted), and
   * what the document holds of it when not applied.
   */
  editActions: 'edit-actions',
  editRow: 'edit-row',
  editReview: 'edit-review',
  editRevert: 'edit-revert',
  editRevertAsk: 'edit-revert-ask',
  editRevertConfirm: 'edit-revert-confirm',
  editRevertCancel: 'edit-revert-cancel',
  editRevertProblem: 'edit-revert-problem',
  editApplyAgain: 'edit-apply-again',
  editState: 'edit-state',

  /**
   * Question card: `data-status` (pending, answered, interrupted), `data-tool-call-id`, and on a
   * pending card `data-index` (0-based current question). Options carry `data-label`.
   */
  questionCard: 'question-card',
  questionProgress: 'question-progress',
  questionOption: 'question-option',
  /** The dropdown used instead of option cards when a question has more than 4 options. */
  questionDropdown: 'question-dropdown',
  questionOther: 'question-other',
  questionOtherInput: 'question-other-input',
  /** The typed input of text, number, date and file questions; date ranges use the two below. */
  questionInput: 'question-input',
  questionDateFrom: 'question-date-from',
  questionDateTo: 'question-date-to',
  questionPickFile: 'question-pick-file',
  questionError: 'question-error',
  questionSkip: 'question-skip',
  questionBack: 'question-back',
  /** What the keyboard does here ("Enter to continue", "Ctrl+Enter to continue"). */
  questionHint: 'question-hint',
  /** "Next" on every question but the last, "Continue" (submits) on the last. */
  questionContinue: 'question-continue',
  /** The read-only answers of an answered card. */
  questionAnswers: 'question-answers',

  /** Confirmation card: `data-status` (pending, approved, denied, interrupted), `data-tool-call-id`. */
  confirmationCard: 'confirmation-card',
  confirmApprove: 'confirm-approve',
  confirmDeny: 'confirm-deny',
  confirmFeedback: 'confirm-feedback',
  confirmReview: 'confirm-review',
  /** "Ctrl+Enter denies with this note". */
  confirmHint: 'confirm-hint',
  confirmDecision: 'confirm-decision',
  confirmStudentWork: 'confirm-student-work',

  /**
   * Going back. On each of the teacher's messages: Restore to here (opens the rewind panel), Edit and
   * send again (opens its box), New session from here. The rewind panel (`data-kind`: restore, redo,
   * switch) has the scope choice (radio inputs with `data-scope`), the preview (the lesson's and the
   * conversation's lines, the places where typing meets an agent change), Show the lesson changes,
   * a problem, and its buttons.
   */
  restoreHere: 'restore-here',
  editResend: 'edit-resend',
  newSessionFrom: 'new-session-from',
  rewindPanel: 'rewind-panel',
  rewindScope: 'rewind-scope',
  rewindPreview: 'rewind-preview',
  rewindLesson: 'rewind-lesson',
  rewindConversation: 'rewind-conversation',
  rewindConflicts: 'rewind-conflicts',
  rewindReview: 'rewind-review',
  rewindProblem: 'rewind-problem',
  rewindConfirm: 'rewind-confirm',
  rewindCancel: 'rewind-cancel',
  editResendPanel: 'edit-resend-panel',
  editResendInput: 'edit-resend-input',
  editResendSend: 'edit-resend-send',
  /** After a restore, above the input: what was set aside, with Redo. */
  redoNote: 'redo-note',
  redo: 'redo',
  /** The header's Branches button (`data-count`), the panel, its rows (`data-branch-id`) with Switch, and the mark where a branch left. */
  branchesButton: 'branches-button',
  branchesPanel: 'branches-panel',
  branchItem: 'branch-item',
  branchSwitch: 'branch-switch',
  forkMarker: 'fork-marker',
  forkShow: 'fork-show',

  /** Composer: the native <textarea>, Send, Stop (while the agent works). */
  input: 'chat-input',
  send: 'send',
  stop: 'stop',
  /** Error banner of a failed turn: `data-code` is the error code; Retry when retryable. */
  errorBanner: 'error-banner',
  retry: 'retry',
  /** The "retrying in Ns" notice while the host retries a rate limit, overload or network error. */
  retrying: 'retrying',
  /** "Still waiting for an answer (Ns)" while a request has had no answer at all. */
  waiting: 'waiting',
  /** Host notices (meta.notices). */
  notice: 'notice',
  /** Why the open session is read-only (another window or program writes it). */
  readOnlyNotice: 'read-only-notice',
  /** On the read-only notice: take the session over (it warns first, then asks again). */
  takeOver: 'take-over',
  takeOverConfirm: 'take-over-confirm',
  takeOverCancel: 'take-over-cancel',
  /** "Saved as <file> in <folder>" after an export, with Open. */
  exported: 'exported',
  exportedOpen: 'exported-open',
  /**
   * Shown when the active editor holds another document than the session's: where edits go,
   * with "Show it" and "New session for <the other one>".
   */
  documentMismatch: 'document-mismatch',
  /** Above the input of a chat without a document: the lesson open in the editor that its next message will work on. */
  bindOffer: 'bind-offer',
  /** Header: said instead of the document's name while the chat has none. */
  noDocument: 'no-document',
  /** Above a message of the teacher's: from this message on, the chat works on that lesson. */
  boundNotice: 'bound-notice',
  showBoundDocument: 'show-bound-document',
  newSessionForActive: 'new-session-for-active',
  /** The fallback an error boundary shows instead of a broken message or card. */
  brokenItem: 'broken-item',
} as const;

export type TestId = (typeof TEST_IDS)[keyof typeof TEST_IDS];

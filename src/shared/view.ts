// The chat's view model: what the webview renders. The host builds it from a stored session and
// keeps it current by applying the same agent events the webview receives (viewReducer.ts), so a
// snapshot after a reload shows exactly what a live panel would.
import { DEFAULT_TITLE } from './titles';
import * as z from 'zod';
import { ERROR_CODES, boundDocumentSchema, confirmationRequestSchema, costSchema, usageSchema, type BoundDocumentView } from './events';
import { answerValueSchema, questionSchema } from './questions';

export const stepViewSchema = z.object({
  id: z.string(),
  tool: z.string(),
  displayText: z.string(),
  /** declined: the user denied the confirmation, so the tool did not run (not a failure). */
  status: z.enum(['running', 'success', 'error', 'declined']),
  error: z.string().optional(),
  resultSummary: z.string().optional(),
  editId: z.string().optional(),
  /** The edit this step applied was reverted from the panel (and not applied again since). */
  reverted: z.boolean().optional(),
  /**
   * What the document holds of the edit now, when not simply its change: undone (Ctrl+Z in the
   * editor, or by hand) or changed (partly overwritten since). Absent: the change is there.
   */
  editState: z.enum(['undone', 'changed']).optional(),
});
export type StepView = z.infer<typeof stepViewSchema>;

/** A progress note: the model's summarised thinking, written after `afterStep` steps had started. */
export const narrationNoteSchema = z.object({ afterStep: z.number().int().nonnegative(), text: z.string() });
export type NarrationNote = z.infer<typeof narrationNoteSchema>;

export const questionCardSchema = z.object({
  toolCallId: z.string(),
  questions: z.array(questionSchema),
  status: z.enum(['pending', 'answered', 'interrupted']),
  answers: z.array(answerValueSchema).optional(),
  /** Where the card was asked: the length of the turn's text at that moment. */
  atText: z.number().int().nonnegative().optional(),
});
export type QuestionCard = z.infer<typeof questionCardSchema>;

export const confirmationCardSchema = z.object({
  toolCallId: z.string(),
  request: confirmationRequestSchema,
  status: z.enum(['pending', 'approved', 'denied', 'interrupted']),
  feedback: z.string().optional(),
  /** Where the card was asked: the length of the turn's text at that moment. */
  atText: z.number().int().nonnegative().optional(),
});
export type ConfirmationCard = z.infer<typeof confirmationCardSchema>;

export const viewErrorSchema = z.object({ code: z.enum(ERROR_CODES), message: z.string(), retryable: z.boolean() });
export type ViewError = z.infer<typeof viewErrorSchema>;

export const userItemSchema = z.object({
  kind: z.literal('user'),
  id: z.string(),
  text: z.string(),
  /** A short label for attached context (e.g. "Selection, lines 4-9"). */
  context: z.string().optional(),
  createdAt: z.number(),
  /** The chat had no document and works on this one from this message on: said above the message. */
  bound: boundDocumentSchema.optional(),
});
export type UserItem = z.infer<typeof userItemSchema>;

export const assistantItemSchema = z.object({
  kind: z.literal('assistant'),
  /** The turn's id: one assistant item per turn, spanning all its model calls. */
  id: z.string(),
  text: z.string(),
  steps: z.array(stepViewSchema),
  /** The agent's progress notes between steps (never part of the answer); absent when none. */
  narration: z.array(narrationNoteSchema).optional(),
  status: z.enum(['streaming', 'done', 'awaiting', 'error', 'stopped']),
  /** True when the text was cut short (Stop, or a failure mid-stream). */
  partial: z.boolean().optional(),
  error: viewErrorSchema.optional(),
  retrying: z.object({ code: z.enum(ERROR_CODES), attempt: z.number(), delayMs: z.number() }).optional(),
  /** The request has had no answer yet for `waitedMs` (given up after `limitMs`). */
  waiting: z.object({ waitedMs: z.number(), limitMs: z.number() }).optional(),
  usage: usageSchema.optional(),
  /** What the reply's model calls cost in US dollars; absent when a call's model has no known price. */
  cost: costSchema.optional(),
  model: z.string().optional(),
  questions: z.array(questionCardSchema),
  confirmations: z.array(confirmationCardSchema),
  createdAt: z.number(),
});
export type AssistantItem = z.infer<typeof assistantItemSchema>;

export const chatItemSchema = z.discriminatedUnion('kind', [userItemSchema, assistantItemSchema]);
export type ChatItem = z.infer<typeof chatItemSchema>;

export { boundDocumentSchema, type BoundDocumentView };

/** What a restore brings back to an earlier point: the lesson and the conversation, or one of them. */
export const REWIND_SCOPES = ['both', 'document', 'conversation'] as const;
export type RewindScope = (typeof REWIND_SCOPES)[number];

/** A part of the conversation set aside that can be switched to from here. */
export const branchViewSchema = z.object({
  id: z.string(),
  /** The reply it left the conversation after (an assistant item's id); absent: from the start. */
  afterTurn: z.string().optional(),
  /** The first words of the teacher's first message in it. */
  firstWords: z.string(),
  /** Its messages, as the teacher counts them (theirs and the replies). */
  messages: z.number().int().nonnegative(),
  setAsideAt: z.number(),
});
export type BranchView = z.infer<typeof branchViewSchema>;

/**
 * What Redo would bring back: what the last restore set aside, until a new message is sent; then its
 * part of the conversation stays as a branch (listed with the others).
 */
export const redoViewSchema = z.object({
  /** Agent edits it would make again in the lesson. */
  edits: z.number().int().nonnegative(),
  /** The part of the conversation it would bring back (absent: only the lesson was restored). */
  branch: branchViewSchema.optional(),
});
export type RedoView = z.infer<typeof redoViewSchema>;

export const sessionViewSchema = z.object({
  sessionId: z.string(),
  title: z.string(),
  document: boundDocumentSchema.optional(),
  items: z.array(chatItemSchema),
  /** True from turn_start until done/error. */
  busy: z.boolean(),
  /** Set while another window or program writes this session: why it is shown read-only. */
  readOnly: z.string().optional(),
  /** The branches that can be switched to from the conversation shown, oldest first. */
  branches: z.array(branchViewSchema).optional(),
  redo: redoViewSchema.optional(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const sessionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messageCount: z.number(),
  documentName: z.string().optional(),
  awaitingUser: z.boolean().optional(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** Everything about the host the panel shows besides the conversation. */
export const hostMetaSchema = z.object({
  /** An API key is available (SecretStorage or ANTHROPIC_API_KEY), or the offline demo is on. */
  hasApiKey: z.boolean(),
  /** The panel talks to the bundled scripted model, not Claude. */
  demo: z.boolean(),
  model: z.string(),
  /** Workspace skills were not loaded because the workspace is not trusted. */
  restricted: z.boolean(),
  skills: z.array(z.object({ name: z.string(), description: z.string() })),
  /** Problems the user should know about (e.g. a corrupt session file set aside). */
  notices: z.array(z.string()),
  /** VS Code's display language, for dates and numbers (the webview's own may differ). */
  locale: z.string().optional(),
  /** The document in the active editor, when it is one a session could be bound to. */
  activeDocument: boundDocumentSchema.optional(),
});
export type HostMeta = z.infer<typeof hostMetaSchema>;

export function emptySessionView(sessionId: string, title = DEFAULT_TITLE): SessionView {
  return { sessionId, title, items: [], busy: false };
}

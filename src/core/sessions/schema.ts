// The persisted session, one zod schema per persisted type; the TypeScript types are inferred
// from them, so what is loaded, what is written and what the code believes can never drift apart.
// Plain JSON, schema-versioned; older files are brought forward by pure migrations (migrations.ts).
import * as z from 'zod';
import { textPatchSchema } from '../documents/patch';
import { plannedEditSchema } from '../edits/plannedEdit';
import { confirmationRequestSchema, costSchema, ERROR_CODES, usageSchema } from '../../shared/events';
import { answerValueSchema, questionSchema } from '../../shared/questions';
import { boundDocumentSchema, REWIND_SCOPES, type RewindScope } from '../../shared/view';

export const SESSION_SCHEMA_VERSION = 6;

// Content blocks exactly as the Messages API sends and takes them: stored verbatim and replayed
// as history. Thinking blocks in particular must go back byte for byte, signatures included.
export const textBlockSchema = z.object({ type: z.literal('text'), text: z.string() });
export const toolUseBlockSchema = z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() });
export const toolResultBlockSchema = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.string(),
  is_error: z.boolean().optional(),
});
// A thinking block also keeps `prefix`, the digest of everything the model had read before it when
// it wrote it (agent/preservedThinking.ts): it is sent back only while that is unchanged. Never sent.
// Blocks saved before version 4 have none, so they cannot be checked and are not sent again.
export const thinkingBlockSchema = z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string(), prefix: z.string().optional() });
export const redactedThinkingBlockSchema = z.object({ type: z.literal('redacted_thinking'), data: z.string(), prefix: z.string().optional() });

export const storedBlockSchema = z.discriminatedUnion('type', [
  textBlockSchema,
  toolUseBlockSchema,
  toolResultBlockSchema,
  thinkingBlockSchema,
  redactedThinkingBlockSchema,
]);
export type StoredBlock = z.infer<typeof storedBlockSchema>;
export type ToolResultBlock = z.infer<typeof toolResultBlockSchema>;
export type ThinkingBlock = z.infer<typeof thinkingBlockSchema> | z.infer<typeof redactedThinkingBlockSchema>;

/** A replacement of [start, end) in UTF-16 offsets (documents/types.ts TextEdit). */
export const textEditSchema = z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative(), newText: z.string() });

/**
 * What the model was shown of the bound document with a user message (see prompt/documentBlocks.ts):
 * a snapshot (the whole text, or for a large document its outline; `text` is the whole text in both
 * cases, the base later changes are computed from), the changes since what it saw before (the
 * edits, and the diff it was sent), or why the document could not be read. Stored so that every
 * later request renders the very same bytes, which is what keeps the prompt cache valid.
 */
export const documentAttachmentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('snapshot'),
    name: z.string(),
    docKind: z.enum(['lesson', 'text']),
    text: z.string(),
    /** Set when the document was sent as this outline instead of its text. */
    outline: z.string().optional(),
  }),
  z.object({ kind: z.literal('changes'), name: z.string(), edits: z.array(textEditSchema), rendered: z.string() }),
  z.object({ kind: z.literal('unavailable'), name: z.string(), problem: z.string() }),
]);
export type DocumentAttachment = z.infer<typeof documentAttachmentSchema>;

/**
 * Something the model is told at the end of the conversation because it changed since the
 * conversation's frame was made: the skills now available (the frame's load_skill lists those of
 * its time). Stored with the user message it went with, so every later request renders the same bytes.
 */
export const noticeSchema = z.object({
  kind: z.literal('skills'),
  skills: z.array(z.object({ name: z.string(), description: z.string() })),
  rendered: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const storedMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.array(storedBlockSchema),
  createdAt: z.number(),
  turnId: z.string(),
  /** User messages: a label for attached context (the selection), shown as a chip. */
  context: z.string().optional(),
  /**
   * User messages: the session had no document and was bound to this one with this message (the
   * panel says so above it). The binding itself is the session's `document`.
   */
  bound: boundDocumentSchema.optional(),
  /** User messages: the document as sent with this message, before its own blocks (after tool results). */
  document: z.array(documentAttachmentSchema).optional(),
  /** User messages: what changed since the frame was made, after the document and before its own words. */
  notices: z.array(noticeSchema).optional(),
  /** Assistant messages: the model that answered, as the response named it. */
  model: z.string().optional(),
  /** Assistant messages: the model id the request asked for. Thinking blocks belong to it alone. */
  requestedModel: z.string().optional(),
  usage: usageSchema.optional(),
  stopReason: z.string().optional(),
  /**
   * The text was cut short by Stop or a failure, or the reply was refused. Such messages are kept
   * for display only and never sent to the model again.
   */
  partial: z.boolean().optional(),
});
export type StoredMessage = z.infer<typeof storedMessageSchema>;

export const TOOL_CALL_STATUSES = ['running', 'success', 'error', 'awaiting', 'denied', 'interrupted'] as const;
export type ToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

export const interactionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('question'), questions: z.array(questionSchema) }),
  z.object({ kind: z.literal('confirmation'), request: confirmationRequestSchema }),
]);
export type Interaction = z.infer<typeof interactionSchema>;

export const toolCallRecordSchema = z.object({
  id: z.string(),
  tool: z.string(),
  displayText: z.string(),
  status: z.enum(TOOL_CALL_STATUSES),
  turnId: z.string(),
  /** The input, with large fields (whole documents) elided. */
  args: z.unknown().optional(),
  error: z.string().optional(),
  resultSummary: z.string().optional(),
  editId: z.string().optional(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  /** Set when the call was shown to the user as a question or confirmation card. */
  interaction: interactionSchema.optional(),
});
export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>;

export const EDIT_STATUSES = ['planned', 'applied', 'not_applied'] as const;

/**
 * Whether the document holds a landed edit's change now, as last seen: applied, undone (Ctrl+Z, by
 * hand, a Revert or a restore) or changed (partly overwritten since). Absent: as it landed.
 */
export const EDIT_PRESENCES = ['applied', 'undone', 'changed'] as const;
export type EditPresence = (typeof EDIT_PRESENCES)[number];

/**
 * A document edit, kept as a diff against the text it applies to (never two copies of the
 * document) with the hashes of the text before and after. It is journalled as `planned` before
 * the document changes and becomes `applied` (or `not_applied`) after; a record a crash left
 * `planned` is settled on the next load by comparing the document's hash with these.
 */
export const editRecordSchema = z.object({
  id: z.string(),
  toolCallId: z.string(),
  turnId: z.string(),
  documentUri: z.string(),
  summary: z.string(),
  patch: textPatchSchema,
  hashBefore: z.string(),
  hashAfter: z.string(),
  status: z.enum(EDIT_STATUSES),
  plannedAt: z.number(),
  appliedAt: z.number().optional(),
  /** Reverted from the panel (and not applied again since). */
  revertedAt: z.number().optional(),
  presence: z.enum(EDIT_PRESENCES).optional(),
  presenceAt: z.number().optional(),
});
export type EditRecord = z.infer<typeof editRecordSchema>;

const snapshotSchema = z.object({ text: z.string(), version: z.number() });

const pendingBase = {
  toolCallId: z.string(),
  turnId: z.string(),
  /** Results already produced for earlier tool_use blocks of the same assistant message. */
  completedResults: z.array(toolResultBlockSchema),
  /** tool_use ids of the same message still to run after this one, in order. */
  remainingToolUseIds: z.array(z.string()),
  /** The document as the model saw it when it made the call (the base for edits on resume). */
  documentSeen: snapshotSchema.optional(),
};

/** A change waiting for approval: a diff against the document's text when it was proposed. */
export const proposalSchema = z.object({ uri: z.string(), hashBefore: z.string(), patch: textPatchSchema });
export type Proposal = z.infer<typeof proposalSchema>;

/** What a paused turn waits for: answers to questions, or a decision on a risky action. */
export const pendingInteractionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('question'), ...pendingBase, questions: z.array(questionSchema) }),
  z.object({
    kind: z.literal('confirmation'),
    ...pendingBase,
    request: confirmationRequestSchema,
    /** For edits awaiting approval: the proposed change as a diff of the text then, for "Review changes". */
    proposal: proposalSchema.optional(),
    /**
     * The planned edit the card shows, which lands when approved (absent for other tools, and in
     * sessions saved before edits were planned once: their call is then planned again on approval).
     */
    edit: plannedEditSchema.optional(),
  }),
]);
export type PendingInteraction = z.infer<typeof pendingInteractionSchema>;
export type PendingQuestion = Extract<PendingInteraction, { kind: 'question' }>;
export type PendingConfirmation = Extract<PendingInteraction, { kind: 'confirmation' }>;

export const turnErrorSchema = z.object({ code: z.enum(ERROR_CODES), message: z.string(), retryable: z.boolean() });

export const TURN_STATUSES = ['running', 'completed', 'awaiting_user', 'error', 'stopped'] as const;
export type TurnStatus = (typeof TURN_STATUSES)[number];

export const turnRecordSchema = z.object({
  id: z.string(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  status: z.enum(TURN_STATUSES),
  /** Model calls made in this turn so far. */
  steps: z.number(),
  usage: usageSchema.optional(),
  /**
   * What the turn's model calls cost in US dollars, each priced when it was made. Absent when a
   * call's model had no known price, and in sessions saved before costs were kept (tokens shown).
   */
  cost: costSchema.optional(),
  model: z.string().optional(),
  error: turnErrorSchema.optional(),
  /** Some text of this turn was cut short (an error or Stop after text had streamed). */
  partial: z.boolean().optional(),
  /** Answers and decisions recorded for interactive tools, by tool_use id. */
  answers: z
    .record(
      z.string(),
      z.object({ answers: z.array(answerValueSchema).optional(), approved: z.boolean().optional(), feedback: z.string().optional() }),
    )
    .optional(),
});
export type TurnRecord = z.infer<typeof turnRecordSchema>;
export type TurnAnswer = NonNullable<TurnRecord['answers']>[string];

/**
 * What every request of the conversation since its last cut starts with, kept byte for byte: the
 * thinking the model sends back is bound to it (agent/conversationFrame.ts). Made at the first
 * request and again only when the history window is cut, at a turn's start.
 */
export const frameSchema = z.object({
  /** The first stored message the model is shown. */
  start: z.string(),
  /** Messages from `start` up to this one were carried over by the cut: their long tool results and inputs are cleared. */
  carriedUntil: z.string().optional(),
  system: z.string(),
  /** The `tools` parameter, as sent. */
  tools: z.array(z.record(z.string(), z.unknown())),
  /** The skills load_skill listed when the frame was made. */
  skills: z.array(z.object({ name: z.string(), description: z.string() })),
  madeAt: z.number(),
  /** The turn whose request made it (absent in frames saved before version 5). */
  madeIn: z.string().optional(),
});
export type Frame = z.infer<typeof frameSchema>;

/**
 * What is done about thinking that may not go back to the model (agent/preservedThinking.ts): the
 * turns whose thinking is never sent again (`leftOut`: a block's prefix changed, or the API refused
 * it as "bound to a different conversation"), and `dropBlock`, which asks the API to drop what it
 * cannot accept (prefix_mismatch_behavior) until the turn that needed it ends.
 */
export const thinkingRepairSchema = z.object({
  leftOut: z.array(z.string()).optional(),
  dropBlock: z.boolean().optional(),
});
export type ThinkingRepair = z.infer<typeof thinkingRepairSchema>;

/**
 * A part of the conversation a restore set aside (or a switch of branch left behind): its messages
 * and turns as they were, kept to come back to, with Redo or as a branch. It left the main line
 * after message `after` (absent: at the very start).
 */
export const branchSchema = z.object({
  id: z.string(),
  after: z.string().optional(),
  /** The turn it follows (absent: it starts the conversation). */
  afterTurn: z.string().optional(),
  setAsideAt: z.number(),
  messages: z.array(storedMessageSchema),
  turns: z.array(turnRecordSchema),
  pending: pendingInteractionSchema.optional(),
  /** The conversation's frame and thinking repairs when it was set aside. */
  frame: frameSchema.optional(),
  thinking: thinkingRepairSchema.optional(),
  /** A digest of the main line up to `after` then: while it still holds, its frame and thinking fit again. */
  base: z.string(),
  /** Its edits the restore undid in the document: made again when it comes back. */
  undone: z.array(z.string()),
});
export type Branch = z.infer<typeof branchSchema>;

/** What Redo brings back: what the last restore set aside, until a new message is sent. */
export const redoSchema = z.object({
  /** The branch it set aside (absent: only the lesson was restored). */
  branch: z.string().optional(),
  /** The edits it undid in the document. */
  edits: z.array(z.string()),
  /** The turn it went back to before. */
  to: z.string(),
});
export type Redo = z.infer<typeof redoSchema>;

export type { RewindScope };

/**
 * A restore, Redo or switch of branch under way, journalled before the document changes: a crash
 * in between is settled on load by the document's hash (done, or never started). `asking`: it
 * waits for the teacher to decide about places where their typing meets the agent's edits.
 */
export const restoringSchema = z.object({
  id: z.string(),
  kind: z.enum(['restore', 'redo', 'switch']),
  /** restore: the turn it goes back to before; switch: the branch it brings back; redo: the redo's turn. */
  to: z.string(),
  scope: z.enum(REWIND_SCOPES),
  state: z.enum(['asking', 'applying']),
  documentUri: z.string().optional(),
  /** The lesson's change, when there is one: the text's hashes before and after, and the diff between. */
  hashBefore: z.string().optional(),
  hashAfter: z.string().optional(),
  patch: textPatchSchema.optional(),
  undone: z.array(z.string()),
  redone: z.array(z.string()),
  conflicts: z.array(z.object({ line: z.number().int().positive(), summary: z.string() })),
  createdAt: z.number(),
});
export type Restoring = z.infer<typeof restoringSchema>;

export const sessionSchema = z.object({
  version: z.literal(SESSION_SCHEMA_VERSION),
  id: z.string().min(1),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  document: boundDocumentSchema.optional(),
  messages: z.array(storedMessageSchema),
  toolCalls: z.record(z.string(), toolCallRecordSchema),
  edits: z.array(editRecordSchema),
  turns: z.array(turnRecordSchema),
  pending: pendingInteractionSchema.optional(),
  frame: frameSchema.optional(),
  thinking: thinkingRepairSchema.optional(),
  /** Parts of the conversation set aside, oldest first. */
  branches: z.array(branchSchema).optional(),
  redo: redoSchema.optional(),
  restoring: restoringSchema.optional(),
});
export type Session = z.infer<typeof sessionSchema>;

type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** A session as everyone but its owner (owner.ts) sees it: read-only all the way down. */
export type ReadonlySession = DeepReadonly<Session>;
export type ReadonlyMessage = DeepReadonly<StoredMessage>;
export type ReadonlyTurn = DeepReadonly<TurnRecord>;
export type ReadonlyToolCall = DeepReadonly<ToolCallRecord>;
export type ReadonlyEdit = DeepReadonly<EditRecord>;
export type ReadonlyPending = DeepReadonly<PendingInteraction>;
export type ReadonlyProposal = DeepReadonly<Proposal>;
export type ReadonlyAttachment = DeepReadonly<DocumentAttachment>;
export type ReadonlyFrame = DeepReadonly<Frame>;
export type ReadonlyNotice = DeepReadonly<Notice>;
export type ReadonlyBranch = DeepReadonly<Branch>;
export type ReadonlyRestoring = DeepReadonly<Restoring>;

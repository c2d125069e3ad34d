// Agent events: what the core's loop emits for one turn. The same vocabulary is printed by the CLI
// (JSON Lines) and carried to the webview over postMessage. Every turn ends in `done` or `error`.
import * as z from 'zod';
import { questionSchema } from './questions';

/** A document a session works on: its URI, the name shown (workspace-relative) and its kind. */
export const boundDocumentSchema = z.object({
  uri: z.string(),
  name: z.string(),
  kind: z.enum(['lesson', 'text']),
});
export type BoundDocumentView = z.infer<typeof boundDocumentSchema>;

export const ERROR_CODES = [
  'no_api_key',
  'auth',
  'permission',
  'rate_limit',
  'overloaded',
  'network',
  'stalled',
  'server',
  'invalid_request',
  'not_found',
  'step_limit',
  'max_tokens',
  /** Claude declined the request (stop reason `refusal`). */
  'refusal',
  /** The conversation no longer fits the model's context window. */
  'context_window',
  'cancelled',
  'document',
  'session',
  /** The disk holding the sessions is full: the change was not recorded, so nothing was changed. */
  'disk_full',
  /** Another writer (a window, the command line) holds the session: nothing was changed. */
  'in_use',
  /** The command line was called wrongly (bad options). */
  'usage',
  /** A restore, Redo or switch of branch could not be done: nothing was changed. */
  'rewind',
  'unknown',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const usageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheReadTokens: z.number().int().nonnegative(),
  cacheCreationTokens: z.number().int().nonnegative(),
});
export type Usage = z.infer<typeof usageSchema>;

/** US dollars. */
export const costSchema = z.number().nonnegative();

export const confirmationRequestSchema = z.object({
  tool: z.string(),
  title: z.string(),
  summary: z.string(),
  reason: z.string().optional(),
  details: z.string().optional(),
  /** Students' work the action would change, by exercise, in a teacher's words (listed on the card). */
  studentWork: z.array(z.object({ place: z.string(), changes: z.array(z.string()).readonly() })).readonly().optional(),
  /** True when "Review changes" can show a diff of current against proposed text. */
  hasDiff: z.boolean(),
});
export type ConfirmationRequest = z.infer<typeof confirmationRequestSchema>;

const base = { sessionId: z.string(), turnId: z.string() };

/** A retry of a model call begins (the CLI prints it as a `discard` event). */
const retryingStatusSchema = z.object({
  ...base,
  type: z.literal('status'),
  kind: z.literal('retrying'),
  code: z.enum(ERROR_CODES),
  attempt: z.number().int(),
  delayMs: z.number(),
  /** Characters of text the failed attempt streamed: the retry sends the answer again. */
  discard: z.number().int().nonnegative().optional(),
  /** Characters of progress notes the failed attempt streamed, withdrawn the same way. */
  discardThinking: z.number().int().nonnegative().optional(),
});

/**
 * The request has had no answer at all (not even response headers) for `waitedMs`; it is given up
 * after `limitMs` (the response timeout setting). Repeated while it waits; the CLI prints it.
 */
export const waitingStatusSchema = z.object({
  ...base,
  type: z.literal('status'),
  kind: z.literal('waiting'),
  waitedMs: z.number().int().nonnegative(),
  limitMs: z.number().int().positive(),
});
export type WaitingStatus = z.infer<typeof waitingStatusSchema>;

export const agentEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('turn_start'),
    /** The user message that opened the turn; absent when a turn resumes after an answer. */
    userMessage: z
      .object({
        id: z.string(),
        text: z.string(),
        context: z.string().optional(),
        createdAt: z.number(),
        /** The chat had no document and works on this one from this message on (it was open in the editor). */
        bound: boundDocumentSchema.optional(),
      })
      .optional(),
    createdAt: z.number(),
  }),
  z.object({ ...base, type: z.literal('text'), delta: z.string() }),
  /**
   * The model's progress notes (its summarised thinking), streamed: shown quietly with the steps,
   * never as the answer. A delta that starts a new thinking block begins with a blank line.
   */
  z.object({ ...base, type: z.literal('thinking'), text: z.string() }),
  z.object({ ...base, type: z.literal('tool_start'), id: z.string(), tool: z.string(), displayText: z.string() }),
  z.object({
    ...base,
    type: z.literal('tool_end'),
    id: z.string(),
    status: z.enum(['success', 'error']),
    error: z.string().optional(),
    resultSummary: z.string().optional(),
    /** Set when the tool applied an edit that can be reviewed or reverted. */
    editId: z.string().optional(),
  }),
  z.object({ ...base, type: z.literal('question'), toolCallId: z.string(), questions: z.array(questionSchema) }),
  z.object({ ...base, type: z.literal('confirmation'), toolCallId: z.string(), request: confirmationRequestSchema }),
  /** The user's answer or decision was recorded (the card becomes read-only). */
  z.object({
    ...base,
    type: z.literal('answered'),
    toolCallId: z.string(),
    answers: z.array(z.union([z.string(), z.array(z.string()), z.null()])).optional(),
    decision: z.object({ approved: z.boolean(), feedback: z.string().optional() }).optional(),
  }),
  /**
   * One model call's tokens, the model that answered, and what the call cost in US dollars from the
   * model table; `cost` is absent when the table does not know the model (no price to quote).
   */
  z.object({ ...base, type: z.literal('usage'), usage: usageSchema, model: z.string().optional(), cost: costSchema.optional() }),
  /** Transient state the UI may show: a retry in progress, or a request still waiting for an answer. */
  z.discriminatedUnion('kind', [retryingStatusSchema, waitingStatusSchema]),
  z.object({
    ...base,
    type: z.literal('done'),
    /** completed: the model finished; awaiting_user: a question or confirmation is pending. */
    reason: z.enum(['completed', 'awaiting_user']),
  }),
  z.object({
    ...base,
    type: z.literal('error'),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    retryable: z.boolean(),
  }),
]);
export type AgentEvent = z.infer<typeof agentEventSchema>;
export type AgentEventType = AgentEvent['type'];

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event before it is stamped with the session and turn ids (by the loop, or by the replay of a stored turn). */
export type EventBody = DistributiveOmit<AgentEvent, 'sessionId' | 'turnId'>;

/**
 * The CLI's own event: a retry of a model call begins. The `chars` of text and `thinkingChars` of
 * notes it printed for the failed attempt are withdrawn (the retry streams the answer again), so a
 * consumer drops that many characters from the end of what it collected.
 */
export const discardEventSchema = z.object({
  ...base,
  type: z.literal('discard'),
  chars: z.number().int().nonnegative(),
  thinkingChars: z.number().int().nonnegative(),
  /** Why the attempt failed, and which retry this is. */
  code: z.enum(ERROR_CODES),
  attempt: z.number().int().positive(),
});
export type DiscardEvent = z.infer<typeof discardEventSchema>;

/** What a restore or Redo changed: the lesson (edits undone, made again, places where the teacher's typing was kept) and the conversation. */
const rewindChangeSchema = {
  ...base,
  /** Absent when the lesson was not part of it (or there is no document). */
  lesson: z
    .object({
      undone: z.array(z.string()),
      redone: z.array(z.string()),
      /** Places where the teacher's typing met an agent edit and was kept (that part of the edit stays). */
      kept: z.array(z.object({ line: z.number().int().positive(), summary: z.string() })),
    })
    .optional(),
  /** Messages (the teacher's and the replies) set aside and brought back; absent when the conversation was not part of it. */
  conversation: z.object({ setAside: z.number().int().nonnegative(), broughtBack: z.number().int().nonnegative() }).optional(),
  /** The teacher declined (`resume --deny`): nothing changed. */
  declined: z.boolean().optional(),
};

/** The CLI's `rewind`: what changed; `turnId` is the turn the session went back to before. */
export const rewoundEventSchema = z.object({ type: z.literal('rewound'), ...rewindChangeSchema });
/** The CLI's `redo`: what the last restore set aside, back; `turnId` is the turn that restore went back to before. */
export const redoneEventSchema = z.object({ type: z.literal('redone'), ...rewindChangeSchema });
export type RewindEvent = z.infer<typeof rewoundEventSchema> | z.infer<typeof redoneEventSchema>;

/** The agent's event types the CLI prints on stdout (the others are internal to the UI; of `status`, only `waiting`). */
export const CLI_EVENT_TYPES = new Set<AgentEventType>([
  'text',
  'thinking',
  'tool_start',
  'tool_end',
  'question',
  'confirmation',
  'usage',
  'done',
  'error',
]);

/** One line of the CLI's stdout: an agent event it passes on, a request still waiting, or its own discard event. */
export const cliEventSchema = z.union([
  agentEventSchema.refine((e) => CLI_EVENT_TYPES.has(e.type), { message: 'not an event the command line prints' }),
  waitingStatusSchema,
  discardEventSchema,
  rewoundEventSchema,
  redoneEventSchema,
]);
export type CliEvent =
  | Extract<AgentEvent, { type: 'text' | 'thinking' | 'tool_start' | 'tool_end' | 'question' | 'confirmation' | 'usage' | 'done' | 'error' }>
  | WaitingStatus
  | DiscardEvent
  | RewindEvent;

// The one protocol between the extension host and the chat webview: a discriminated union per
// direction, parsed with zod on the receiving side (`unknown` in, typed out). Requests that need
// an answer carry a requestId that the response echoes; what each one is answered with is declared
// once, in `responseSchemas` below.
import * as z from 'zod';
import { agentEventSchema } from './events';
import type { ParseResult } from './parse';
import { parseWith } from './parse';
import { answersSchema } from './questions';
import { hostMetaSchema, REWIND_SCOPES, sessionSummarySchema, sessionViewSchema } from './view';

const id = z.string().min(1).max(200);

// ---- webview -> host ----------------------------------------------------------------------

/** What to go back to: before a message of the teacher's, what the last restore set aside, a branch. */
export const rewindTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('restore'), messageId: id, scope: z.enum(REWIND_SCOPES) }),
  z.object({ kind: z.literal('redo') }),
  z.object({ kind: z.literal('switch'), branchId: id }),
]);
export type RewindTarget = z.infer<typeof rewindTargetSchema>;

export const webviewMessageSchema = z.discriminatedUnion('type', [
  /** The webview (re)started: the host answers with a snapshot. */
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('send'), text: z.string().trim().min(1).max(100_000) }),
  z.object({ type: z.literal('stop') }),
  /** Retry the last failed turn. */
  z.object({ type: z.literal('retry') }),
  z.object({ type: z.literal('answer'), toolCallId: id, answers: answersSchema }),
  z.object({
    type: z.literal('decide'),
    toolCallId: id,
    approved: z.boolean(),
    feedback: z.string().max(5000).optional(),
  }),
  /** Open a diff of the pending confirmation's proposed change. */
  z.object({ type: z.literal('reviewProposal'), toolCallId: id }),
  z.object({ type: z.literal('reviewEdit'), editId: id }),
  /** Undo one applied edit (the panel asked the user first); answered with a RevertResult. */
  z.object({ type: z.literal('revertEdit'), editId: id, requestId: id }),
  /** Make an undone or reverted edit again; answered with a RevertResult. */
  z.object({ type: z.literal('applyEditAgain'), editId: id, requestId: id }),
  /** What a rewind would change, before anything does; answered with a RewindPreview. */
  z.object({ type: z.literal('previewRewind'), requestId: id, target: rewindTargetSchema }),
  /** Open a diff of the lesson now against the lesson after that rewind. */
  z.object({ type: z.literal('reviewRewind'), target: rewindTargetSchema }),
  /** Do it (keepTyping: the teacher agreed to keep their typing where it meets an agent edit); answered with a RewindResult. */
  z.object({ type: z.literal('rewind'), requestId: id, target: rewindTargetSchema, keepTyping: z.boolean() }),
  /** Restore both to before this message and send `text` instead; the old path stays a branch. Answered with a RewindResult. */
  z.object({ type: z.literal('editResend'), requestId: id, messageId: id, text: z.string().trim().min(1).max(100_000), keepTyping: z.boolean() }),
  /** A new session with the conversation before this message. */
  z.object({ type: z.literal('newSessionFrom'), messageId: id }),
  z.object({ type: z.literal('newSession') }),
  z.object({ type: z.literal('openSession'), sessionId: id }),
  z.object({ type: z.literal('renameSession'), sessionId: id, title: z.string().trim().min(1).max(200) }),
  z.object({ type: z.literal('deleteSession'), sessionId: id }),
  z.object({ type: z.literal('exportSession'), sessionId: id }),
  /** Take a read-only session over from its other writer (the panel warned first). */
  z.object({ type: z.literal('takeOverSession'), sessionId: id }),
  /** Show the session's bound document in an editor. */
  z.object({ type: z.literal('showDocument') }),
  /** Open a file the host itself offered (an export it just wrote). */
  z.object({ type: z.literal('openFile'), uri: z.string().min(1).max(4000) }),
  z.object({ type: z.literal('setApiKey') }),
  z.object({ type: z.literal('openSettings') }),
  /** Pick a workspace file for a file-type question through VS Code's own dialog. */
  z.object({ type: z.literal('pickFile'), requestId: id }),
  z.object({ type: z.literal('log'), level: z.enum(['info', 'warn', 'error']), message: z.string().max(10_000) }),
]);
export type WebviewMessage = z.infer<typeof webviewMessageSchema>;

// ---- host -> webview ----------------------------------------------------------------------

export const hostMessageSchema = z.discriminatedUnion('type', [
  /**
   * The full state. `seq` is the number of events the host has applied so far: the webview
   * drops any later `events` message whose seq is not greater.
   */
  z.object({
    type: z.literal('snapshot'),
    seq: z.number().int().nonnegative(),
    session: sessionViewSchema,
    sessions: z.array(sessionSummarySchema),
    meta: hostMetaSchema,
  }),
  /** A batch of agent events (deltas coalesced); `seq` is the seq of the last one. */
  z.object({ type: z.literal('events'), seq: z.number().int().positive(), events: z.array(agentEventSchema) }),
  z.object({ type: z.literal('sessions'), sessions: z.array(sessionSummarySchema) }),
  z.object({ type: z.literal('meta'), meta: hostMetaSchema }),
  /** Put text in the input (Create Exercise..., Ask About Selection); `send` sends it at once. */
  z.object({ type: z.literal('prefill'), text: z.string(), send: z.boolean().optional() }),
  /** Move the keyboard focus to the input (Open Chat, Ctrl+Alt+L). */
  z.object({ type: z.literal('focusInput') }),
  /**
   * A session was exported (from the panel or the command): said in the panel, not in a
   * notification, with the file to open from there; only while that session is the one shown.
   * Said by the file's name and its folder's ("in Documents"); the full path is the tooltip.
   */
  z.object({ type: z.literal('exported'), sessionId: id, name: z.string(), folder: z.string(), path: z.string(), uri: z.string() }),
  /**
   * The answer to a request: `result` is checked against `responseSchemas[kind]` where the kind is
   * known (the webview's pending request), so here it is anything; `error` says why not.
   */
  z.object({
    type: z.literal('response'),
    requestId: id,
    ok: z.boolean(),
    result: z.unknown().optional(),
    error: z.string().optional(),
  }),
]);
export type HostMessage = z.infer<typeof hostMessageSchema>;

/** The answer to `revertEdit` and `applyEditAgain`: done, or why not (the user's later changes overlap it...). */
export const revertResultSchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), message: z.string() })]);
export type RevertResult = z.infer<typeof revertResultSchema>;

const placeSchema = z.object({ line: z.number().int().positive(), summary: z.string() });

/** What a rewind would change: messages set aside or brought back, and the lesson's edits undone or made again. */
export const rewindPreviewSchema = z.union([
  z.object({
    ok: z.literal(true),
    setAside: z.number().int().nonnegative(),
    broughtBack: z.number().int().nonnegative(),
    /** Absent when the lesson is not part of it (or no document is bound). */
    lesson: z
      .object({
        undone: z.array(z.string()),
        redone: z.array(z.string()),
        /** Where the teacher's typing meets an agent edit: both cannot be kept there (the typing is, if they agree). */
        conflicts: z.array(placeSchema),
        /** The lesson's text would change (a diff can be shown). */
        changes: z.boolean(),
      })
      .optional(),
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type RewindPreview = z.infer<typeof rewindPreviewSchema>;

/** The answer to `rewind` and `editResend`: done; refused with why; or places to agree on first (nothing changed). */
export const rewindResultSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), message: z.string(), conflicts: z.array(placeSchema).optional() }),
]);
export type RewindResult = z.infer<typeof rewindResultSchema>;

// ---- requests and what answers them ---------------------------------------------------------

type CarriesRequestId<M> = M extends unknown ? ('requestId' extends keyof M ? M : never) : never;
/** The webview's messages that wait for an answer: those that carry a requestId. */
export type WebviewRequest = CarriesRequestId<WebviewMessage>;
export type RequestKind = WebviewRequest['type'];
export type RequestOf<K extends RequestKind> = Extract<WebviewRequest, { type: K }>;

/**
 * What the host answers each request with. The webview checks every answer against its schema
 * (webview-ui/src/requests.ts); the host's handlers must return exactly this type
 * (src/core/chat/panelRequests.ts). A request kind without an entry does not compile.
 */
export const responseSchemas = {
  revertEdit: revertResultSchema,
  applyEditAgain: revertResultSchema,
  previewRewind: rewindPreviewSchema,
  rewind: rewindResultSchema,
  editResend: rewindResultSchema,
  /** The chosen file, relative to the workspace; null when the teacher closed the dialog. */
  pickFile: z.string().nullable(),
} satisfies { [K in RequestKind]: z.ZodType };
export type ResponseOf<K extends RequestKind> = z.infer<(typeof responseSchemas)[K]>;

/** The host's answer to request K, as sent: what the table declares, or why not. */
export type ResponseMessage<K extends RequestKind> = { type: 'response'; requestId: string } & (
  | { ok: true; result: ResponseOf<K> }
  | { ok: false; error: string }
);

export function parseWebviewMessage(raw: unknown): ParseResult<WebviewMessage> {
  return parseWith(webviewMessageSchema, raw);
}

export function parseHostMessage(raw: unknown): ParseResult<HostMessage> {
  return parseWith(hostMessageSchema, raw);
}

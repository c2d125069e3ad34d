// The one protocol between the extension host and the chat webview: a discriminated union per
// direction, parsed with zod on the receiving side (`unknown` in, typed out). Requests that need
// an answer carry a requestId that the response echoes.
import * as z from 'zod';
import { agentEventSchema } from './events';
import type { ParseResult } from './parse';
import { parseWith } from './parse';
import { answersSchema } from './questions';
import { hostMetaSchema, sessionSummarySchema, sessionViewSchema } from './view';

const id = z.string().min(1).max(200);

// ---- webview -> host ----------------------------------------------------------------------

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
  z.object({ type: z.literal('revertEdit'), editId: id, requestId: id.optional() }),
  /** Make an undone or reverted edit again; answered with a RevertResult. */
  z.object({ type: z.literal('applyEditAgain'), editId: id, requestId: id }),
  z.object({ type: z.literal('newSession') }),
  z.object({ type: z.literal('openSession'), sessionId: id }),
  z.object({ type: z.literal('renameSession'), sessionId: id, title: z.string().trim().min(1).max(200) }),
  z.object({ type: z.literal('deleteSession'), sessionId: id }),
  z.object({ type: z.literal('exportSession'), sessionId: id }),
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
   * notification, with the file to open from there.
   */
  z.object({ type: z.literal('exported'), name: z.string(), uri: z.string() }),
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

export function parseWebviewMessage(raw: unknown): ParseResult<WebviewMessage> {
  return parseWith(webviewMessageSchema, raw);
}

export function parseHostMessage(raw: unknown): ParseResult<HostMessage> {
  return parseWith(hostMessageSchema, raw);
}

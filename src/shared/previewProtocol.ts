// The protocol between the extension host and the lesson preview webview: a discriminated union
// per direction, parsed with zod on the receiving side. The host sends the lesson as a view model
// (lessonView.ts) for each version of the document; the preview answers what the user did.
import * as z from 'zod';
import { noticeSchema } from './exchangeEvents';
import { lessonPatchSchema } from './lessonPatch';
import { COPIES, lessonViewResultSchema } from './lessonView';
import type { ParseResult } from './parse';
import { parseWith } from './parse';

const line = z.number().int().positive();

/** What the preview's Export menu offers. */
export const PREVIEW_EXPORTS = ['html', 'gift', 'qti'] as const;
export type PreviewExport = (typeof PREVIEW_EXPORTS)[number];
const seq = z.number().int().positive();

// ---- exchange reports -----------------------------------------------------------------------

/**
 * What an export is about to write (asked before anything is written: the teacher answers
 * `export` or `cancel`), or what an import brought in (shown on the new lesson: `close`).
 */
export const exchangeReportSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(['export', 'import']),
  format: z.enum(['gift', 'qti']),
  /** The file the lesson was made from (an import). */
  source: z.string().max(1_000).optional(),
  exercises: z.number().int().nonnegative(),
  questions: z.number().int().nonnegative(),
  notices: z.array(noticeSchema).max(1_000),
});
export type ExchangeReport = z.infer<typeof exchangeReportSchema>;
export const REPORT_ANSWERS = ['export', 'cancel', 'close'] as const;
export type ReportAnswer = (typeof REPORT_ANSWERS)[number];

// ---- host -> preview ----------------------------------------------------------------------

/**
 * A lesson longer than this many blocks opens in two messages: these first blocks as the
 * `document`, then the rest as a `lessonPatch` on it, so the top of a 300 KB lesson is on screen
 * before the whole of it is built (the preview paints the first before it applies the second).
 */
export const OPENING_BLOCKS = 60;

// Documents and patches are numbered (`seq`) in the order the host sends them; a patch names the
// message it applies on top of (`base`). A preview that does not hold that one (a message lost
// while hidden, one it refused) asks for the whole document again (`resync`).
const documentFields = {
  uri: z.string(),
  name: z.string(),
  version: z.number().int().nonnegative(),
  seq,
};

export const previewHostMessageSchema = z.discriminatedUnion('type', [
  /** The document at one version: its whole lesson view, or why it has none (the preview keeps the last). */
  z.object({ type: z.literal('document'), ...documentFields, result: lessonViewResultSchema }),
  /** The document at one version, as what changed since the lesson of message `base`. */
  z.object({ type: z.literal('lessonPatch'), ...documentFields, base: seq, patch: lessonPatchSchema }),
  /** The agent edited these lines (of `version` or later): scroll to them and highlight them. */
  z.object({
    type: z.literal('agentEdit'),
    version: z.number().int().nonnegative(),
    ranges: z.array(z.object({ from: line, to: line })).min(1),
  }),
  /** The editor's first visible line (fractional: how far into it the editor has scrolled). */
  z.object({ type: z.literal('scrollTo'), line: z.number().min(1) }),
  /** Show this report above the lesson (null: take the one shown away). */
  z.object({ type: z.literal('report'), report: exchangeReportSchema.nullable() }),
]);
export type PreviewHostMessage = z.infer<typeof previewHostMessageSchema>;

// ---- preview -> host ----------------------------------------------------------------------
// Nothing here waits for an answer (the preview's `reportAnswer` answers the host's `report`): a
// request that ever does declares its answer as the chat's do (responseSchemas in protocol.ts).

export const previewMessageSchema = z.discriminatedUnion('type', [
  /** The preview (re)started: the host answers with the document. */
  z.object({ type: z.literal('ready') }),
  /** A patch did not fit what the preview shows: the host answers with the whole document. */
  z.object({ type: z.literal('resync'), reason: z.string().max(1_000) }),
  /** Show this place of the source in the editor. */
  z.object({ type: z.literal('reveal'), line, column: z.number().int().positive().optional() }),
  /** A version is on screen; `ms` is how long the preview took from receiving it. */
  z.object({ type: z.literal('rendered'), version: z.number().int().nonnegative(), ms: z.number().nonnegative() }),
  /** Export the lesson: as a printable page of the copy shown (html), for Moodle (gift), or as a QTI 3.0 package (qti). */
  z.object({ type: z.literal('export'), format: z.enum(PREVIEW_EXPORTS), copy: z.enum(COPIES) }),
  z.object({ type: z.literal('log'), level: z.enum(['info', 'warn', 'error']), message: z.string().max(10_000) }),
  /** The teacher's answer to report `id`. */
  z.object({ type: z.literal('reportAnswer'), id: z.number().int().positive(), answer: z.enum(REPORT_ANSWERS) }),
]);
export type PreviewMessage = z.infer<typeof previewMessageSchema>;

/** What the preview keeps across reloads (VS Code hands it to the serializer after a restart). */
export const previewStateSchema = z.object({ uri: z.string(), copy: z.enum(COPIES) });
export type PreviewState = z.infer<typeof previewStateSchema>;

export function parsePreviewHostMessage(raw: unknown): ParseResult<PreviewHostMessage> {
  return parseWith(previewHostMessageSchema, raw);
}

export function parsePreviewMessage(raw: unknown): ParseResult<PreviewMessage> {
  return parseWith(previewMessageSchema, raw);
}

// The agent's settings and their one set of defaults, shared by the extension (which reads the
// lessonAgent.* settings over them) and the CLI. package.json's defaults must equal these (a unit
// test compares them), so a setting left alone behaves the same on both surfaces.
import { DEFAULT_MODEL, type Effort } from './agent/models';
import type { ApprovalRule } from './tools/types';

export interface AgentSettings {
  model: string;
  /** Model calls one request may make. */
  maxSteps: number;
  /**
   * The most messages of earlier conversation sent with a request. The window moves in steps:
   * past the limit it is cut back to about half (agent/window.ts), so the cached prefix survives.
   */
  historyLength: number;
  /** Documents longer than this (characters) are sent as an outline and read in parts. */
  largeDocumentChars: number;
  /** The longest reply, thinking included; capped at the model's own output limit. */
  maxTokens: number;
  /** How hard the model works on a request (models without effort levels ignore it). */
  effort: Effort;
  /** Silence (no bytes at all) before a reply counts as stalled and is retried. */
  stallTimeoutMs: number;
  /** No answer at all from the API (not even response headers) for this long, retries included: given up. */
  responseTimeoutMs: number;
  /** Documents larger than this (bytes on disk, or UTF-8 bytes of the text) are not edited: refused before any model call. */
  maxDocumentBytes: number;
  approvalEdits: ApprovalRule;
  alwaysConfirm: string[];
  /** Loop-level retries of a model call that failed mid-stream or stalled (default 2). */
  loopRetries?: number;
  /** The first loop-level retry waits this long, doubling after (default 1000 ms). */
  retryDelayMs?: number;
}

export const DEFAULT_SETTINGS: Readonly<AgentSettings> = Object.freeze({
  model: DEFAULT_MODEL,
  maxSteps: 10,
  historyLength: 20,
  // About 25k tokens: a lesson this long costs more to resend than to read in parts.
  largeDocumentChars: 100_000,
  // Thinking counts against it: 32k leaves room to think and still write a mid-sized lesson in
  // full (8k, the old default, cut such edits off).
  maxTokens: 32_000,
  // 'medium' rather than the models' own 'high': a teacher waits for every reply, and lesson
  // edits rarely need the extra reasoning. 'high' is one setting away.
  effort: 'medium',
  stallTimeoutMs: 60_000,
  // A server that accepts the connection and says nothing is given up after a minute, with
  // "still waiting" shown meanwhile (it used to be three stall timeouts, in silence).
  responseTimeoutMs: 60_000,
  // Lessons are tens of kilobytes; past a few megabytes a file is not a lesson, and reading,
  // diffing and sending it would take minutes and gigabytes.
  maxDocumentBytes: 5 * 1024 * 1024,
  approvalEdits: 'large',
  alwaysConfirm: [],
});

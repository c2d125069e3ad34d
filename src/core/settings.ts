// The agent's settings: their one set of defaults, and the bounds and choices of those a teacher
// or a script sets, shared by the extension (which reads the lessonAgent.* settings over them) and
// the CLI. package.json's defaults, minimums, maximums and choices must equal these (a unit test
// compares them), so a setting behaves the same on both surfaces.
import * as z from 'zod';
import { DEFAULT_MODEL, EFFORTS, type Effort } from './agent/models';
import { APPROVAL_RULES, type ApprovalRule } from './tools/types';

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

/** A number a teacher (lessonAgent.<setting>) or a script (--<flag>) sets, in the unit they set it in. */
export interface NumberSetting {
  /** Its name under lessonAgent. in VS Code. */
  readonly setting: string;
  /** Its CLI flag, for those the CLI takes. */
  readonly flag?: string;
  readonly min: number;
  readonly max: number;
  /** What one unit of it is in AgentSettings (1000 for seconds kept as ms). */
  readonly scale: number;
  /** The unit's name where a message needs one ("seconds"). */
  readonly unit?: string;
}

export type NumberKey = 'maxSteps' | 'historyLength' | 'largeDocumentChars' | 'maxTokens' | 'stallTimeoutMs' | 'responseTimeoutMs' | 'maxDocumentBytes';

export const NUMBER_SETTINGS: Readonly<Record<NumberKey, NumberSetting>> = Object.freeze({
  maxSteps: { setting: 'maxSteps', flag: 'max-steps', min: 1, max: 100, scale: 1 },
  historyLength: { setting: 'historyLength', min: 2, max: 200, scale: 1 },
  largeDocumentChars: { setting: 'largeDocumentCharacters', min: 10_000, max: 2_000_000, scale: 1 },
  maxTokens: { setting: 'maxTokens', min: 256, max: 128_000, scale: 1 },
  // From one second: scripts and tests wait for a silent server that briefly.
  stallTimeoutMs: { setting: 'stallTimeoutSeconds', flag: 'stall-timeout', min: 1, max: 600, scale: 1000, unit: 'seconds' },
  responseTimeoutMs: { setting: 'responseTimeoutSeconds', flag: 'response-timeout', min: 1, max: 600, scale: 1000, unit: 'seconds' },
  maxDocumentBytes: { setting: 'maxDocumentMegabytes', flag: 'max-document-mb', min: 1, max: 100, scale: 1024 * 1024, unit: 'megabytes' },
});

/** The setting's default in the unit it is set in (60 for a 60 000 ms timeout). */
export function defaultOf(key: NumberKey): number {
  return DEFAULT_SETTINGS[key] / NUMBER_SETTINGS[key].scale;
}

/**
 * The Base URL setting's rule, as package.json states it: empty (Anthropic's own), or an http(s)
 * address with a host (not `http://:80` or `https:///v1`). The CLI's --base-url follows it too.
 */
export const BASE_URL_PATTERN = '^(https?://[^\\s/?#:]\\S*)?$';

/**
 * What a teacher or a script may set, with the defaults: one schema for the editor and the CLI,
 * every lessonAgent.* setting in it. Its JSON Schema (z.toJSONSchema) is package.json's, which a
 * unit test holds it to.
 */
export const settingsInputSchema = z.object({
  model: z.string().trim().min(1).default(DEFAULT_SETTINGS.model),
  baseUrl: z.string().regex(new RegExp(BASE_URL_PATTERN)).default(''),
  effort: z.enum(EFFORTS).default(DEFAULT_SETTINGS.effort),
  approvalEdits: z.enum(APPROVAL_RULES).default(DEFAULT_SETTINGS.approvalEdits),
  alwaysConfirm: z.array(z.string()).default([...DEFAULT_SETTINGS.alwaysConfirm]),
  ...(Object.fromEntries(
    Object.entries(NUMBER_SETTINGS).map(([key, s]) => [key, z.number().int().min(s.min).max(s.max).default(defaultOf(key as NumberKey))]),
  ) as Record<NumberKey, z.ZodDefault<z.ZodNumber>>),
});

export type SettingKey = keyof typeof settingsInputSchema.shape;

/** Each setting's name under lessonAgent. in VS Code (package.json's contributes.configuration). */
export const SETTING_NAMES: Readonly<Record<SettingKey, string>> = Object.freeze({
  model: 'model',
  baseUrl: 'baseUrl',
  effort: 'effort',
  approvalEdits: 'approval.edits',
  alwaysConfirm: 'approval.alwaysConfirm',
  ...(Object.fromEntries(Object.entries(NUMBER_SETTINGS).map(([key, s]) => [key, s.setting])) as Record<NumberKey, string>),
});

/** A number setting brought within its bounds (the editor's way: a value out of range is not an error there). */
export function clampSetting(key: NumberKey, value: unknown): number {
  const s = NUMBER_SETTINGS[key];
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : defaultOf(key);
  return Math.min(s.max, Math.max(s.min, n)) * s.scale;
}

/** What a number setting must be, said the same in the editor and the CLI; `name` is how the surface names it ("--max-steps", "lessonAgent.maxSteps"). */
export function outOfRangeMessage(key: NumberKey, name: string): string {
  const s = NUMBER_SETTINGS[key];
  return `${name} must be a whole number${s.unit ? ` of ${s.unit}` : ''} from ${s.min} to ${s.max}.`;
}

/** Why a number setting's value cannot be used as it is (the editor then brings it within bounds), or undefined when it can. */
export function numberSettingProblem(key: NumberKey, value: unknown, name: string): string | undefined {
  return settingsInputSchema.shape[key].safeParse(value).success ? undefined : outOfRangeMessage(key, name);
}

/** A number setting from the command line, or why not (the CLI's way: a value out of range is bad usage). */
export function parseSettingFlag(key: NumberKey, raw: string): { ok: true; value: number } | { ok: false; message: string } {
  const s = NUMBER_SETTINGS[key];
  const parsed = settingsInputSchema.shape[key].safeParse(Number(raw));
  if (raw.trim() !== '' && parsed.success) return { ok: true, value: parsed.data * s.scale };
  return { ok: false, message: outOfRangeMessage(key, `--${s.flag ?? s.setting}`) };
}

/** A Base URL the setting accepts (BASE_URL_PATTERN): empty for Anthropic's own, or an http(s) address. The CLI's --base-url follows it too. */
export function isBaseUrl(text: string): boolean {
  return settingsInputSchema.shape.baseUrl.safeParse(text).success;
}

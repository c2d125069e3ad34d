// What the command line accepts: its usage text, and its arguments read into a command (bad usage
// throws UsageError, which cli.ts prints with the usage). cli.ts runs the command.
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_SETTINGS, defaultOf, isBaseUrl, parseSettingFlag, settingsInputSchema, type NUMBER_SETTINGS } from './core/settings';
import { APPROVAL_RULES, type ApprovalRule } from './core/tools/types';
import { answersSchema, type AnswerValue } from './shared/questions';
import { EXCHANGE_USAGE } from './cliExchange';
import type { RewindCommand } from './cliRewind';

export const USAGE = `Usage:
  lesson-agent run --doc FILE --prompt TEXT --session-dir DIR [--session ID] [--base-url URL]
                   [--api-key KEY] [--model ID] [--max-steps N] [--stall-timeout SECONDS]
                   [--response-timeout SECONDS] [--max-document-mb N] [--approval never|large|always] [--take-over]
  lesson-agent resume --session-dir DIR --session ID (--answer JSON | --approve | --deny [--feedback TEXT])
                   [--approval never|large|always] [--take-over]
  lesson-agent rewind --session-dir DIR --session ID --to TURN_ID [--only document|conversation]
  lesson-agent redo --session-dir DIR --session ID

rewind restores the state before turn TURN_ID (a "turnId" the events printed): the agent's edits since
are undone in the document, keeping what was typed since, and the later messages are set aside (not
deleted); --only restores just one of the two. redo brings back what the last rewind set aside, until
a new message is sent. Each prints a "rewound" or "redone" event saying what changed; where typing
meets an agent edit so that both cannot be kept, it changes nothing, prints a "confirmation" event
listing the places and exits 3: resume --approve restores keeping that typing, --deny changes nothing.
${EXCHANGE_USAGE}

Prints one JSON event per line; each "usage" event gives a model call's tokens and its "cost" in US dollars
(absent for a model without a known price). Exit codes: 0 finished, 3 waiting for the user, 1 failed, 2 bad usage;
a failure ends with an error event. The API key comes from --api-key or ANTHROPIC_API_KEY; the base URL
from --base-url or ANTHROPIC_BASE_URL. --stall-timeout: how long to wait for a silent server (default
${defaultOf('stallTimeoutMs')}); --response-timeout: how long to wait for any answer at all, retries included
(default ${defaultOf('responseTimeoutMs')}; a "status" event with "kind":"waiting" says it is waiting meanwhile);
--max-document-mb: larger documents are refused before any model call (default ${defaultOf('maxDocumentBytes')}). FILE is edited in place (through a symlink, its target);
*.xml files are validated as lesson XML. --approval is when edits ask first (as the
lessonAgent.approval.edits setting; default ${DEFAULT_SETTINGS.approvalEdits}); a change to students' work always asks, and under
"never" it is refused unless the prompt asked for it. --take-over takes the session from a window or program
that holds it (only when that has stopped: if it still runs, what it writes from then on is not saved).
ANTHROPIC_LOG=debug logs the API client to stderr.`;

export class UsageError extends Error {}

export interface Common {
  sessionDir: string;
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
  maxSteps: number;
  stallTimeoutMs: number;
  responseTimeoutMs: number;
  maxDocumentBytes: number;
  approval: ApprovalRule;
  takeOver: boolean;
}

export type Command =
  | ({ kind: 'run'; doc: string; prompt: string; session: string | undefined } & Common)
  | ({ kind: 'resume'; session: string; answer: AnswerValue[] | undefined; approve: boolean; deny: boolean; feedback: string | undefined } & Common)
  | (RewindCommand & Common);

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${flag} is required.`);
  return value;
}

/** A number flag, or the schema's default when it is not given; out of bounds is bad usage. */
function numberFlag(key: keyof typeof NUMBER_SETTINGS, value: string | undefined): number {
  if (value === undefined) return DEFAULT_SETTINGS[key];
  const parsed = parseSettingFlag(key, value);
  if (!parsed.ok) throw new UsageError(parsed.message);
  return parsed.value;
}

function approvalRule(value: string | undefined): ApprovalRule {
  const rule = settingsInputSchema.shape.approvalEdits.safeParse(value);
  if (!rule.success) throw new UsageError(`--approval must be one of: ${APPROVAL_RULES.join(', ')}.`);
  return rule.data;
}

function parseAnswer(raw: string | undefined): AnswerValue[] | undefined {
  if (raw === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new UsageError('--answer must be JSON, e.g. \'["B1", ["Reading", "Writing"], null]\'.');
  }
  const parsed = answersSchema.safeParse(json);
  if (!parsed.success) throw new UsageError('--answer must be a JSON array with one entry per question: a string, an array of strings, or null.');
  return parsed.data;
}

type Verb = 'run' | 'resume' | 'rewind' | 'redo';
type Flags = (flag: string) => string | undefined;

const TEXT = { type: 'string' } as const;
const SWITCH = { type: 'boolean' } as const;

/** The flags each command takes: run and resume share the agent's, rewind and redo only name the session. */
function optionsFor(verb: Verb): ParseArgsConfig['options'] {
  const shared = {
    'session-dir': TEXT,
    session: TEXT,
    'base-url': TEXT,
    'api-key': TEXT,
    model: TEXT,
    'max-steps': TEXT,
    'stall-timeout': TEXT,
    'response-timeout': TEXT,
    'max-document-mb': TEXT,
    approval: TEXT,
    'take-over': SWITCH,
  };
  if (verb === 'run') return { ...shared, doc: TEXT, prompt: TEXT };
  if (verb === 'resume') return { ...shared, answer: TEXT, approve: SWITCH, deny: SWITCH, feedback: TEXT };
  return { 'session-dir': TEXT, session: TEXT, ...(verb === 'rewind' ? { to: TEXT, only: TEXT } : {}) };
}

function readFlags(args: readonly string[], options: ParseArgsConfig['options']): Record<string, unknown> {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** --base-url, else ANTHROPIC_BASE_URL, by the Base URL setting's own rule (isBaseUrl); another is bad usage. */
function baseUrlOf(str: Flags): string | undefined {
  const baseUrl = str('base-url') ?? (process.env.ANTHROPIC_BASE_URL || undefined);
  if (baseUrl !== undefined && !isBaseUrl(baseUrl)) {
    const from = str('base-url') !== undefined ? '--base-url' : 'ANTHROPIC_BASE_URL';
    throw new UsageError(`${from} must be an http:// or https:// address (such as https://api.anthropic.com), not "${baseUrl.slice(0, 200)}".`);
  }
  // Empty, as in the setting: Anthropic's own.
  return baseUrl || undefined;
}

/** What every command takes: the session folder, and the agent's settings with their defaults. */
function commonOf(str: Flags, values: Record<string, unknown>): Common {
  const baseUrl = baseUrlOf(str);
  return {
    sessionDir: resolve(required(str('session-dir'), '--session-dir')),
    apiKey: str('api-key') ?? (process.env.ANTHROPIC_API_KEY || undefined),
    baseUrl,
    model: str('model') ?? DEFAULT_SETTINGS.model,
    maxSteps: numberFlag('maxSteps', str('max-steps')),
    stallTimeoutMs: numberFlag('stallTimeoutMs', str('stall-timeout')),
    responseTimeoutMs: numberFlag('responseTimeoutMs', str('response-timeout')),
    maxDocumentBytes: numberFlag('maxDocumentBytes', str('max-document-mb')),
    approval: approvalRule(str('approval')),
    takeOver: values['take-over'] === true,
  };
}

export function parseCommand(argv: readonly string[]): Command | 'help' {
  const [verb, ...rest] = argv;
  if (verb === '--help' || verb === '-h' || verb === 'help') return 'help';
  if (verb === undefined) throw new UsageError('No command given.');
  if (verb !== 'run' && verb !== 'resume' && verb !== 'rewind' && verb !== 'redo') throw new UsageError(`Unknown command "${verb}".`);
  const values = readFlags(rest, optionsFor(verb));
  const str: Flags = (k) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const common = commonOf(str, values);
  if (verb === 'rewind' || verb === 'redo') return { ...rewindCommand(verb, str), ...common };
  if (verb === 'run') {
    return { kind: 'run', doc: resolve(required(str('doc'), '--doc')), prompt: required(str('prompt'), '--prompt'), session: str('session'), ...common };
  }
  return { ...resumeCommand(str, values), ...common };
}

/** resume takes exactly one of an answer, an approval, a denial (with its feedback). */
function resumeCommand(str: Flags, values: Record<string, unknown>): Omit<Extract<Command, { kind: 'resume' }>, keyof Common> {
  const answer = parseAnswer(str('answer'));
  const approve = values.approve === true;
  const deny = values.deny === true;
  if ([answer !== undefined, approve, deny].filter(Boolean).length !== 1) throw new UsageError('resume needs exactly one of --answer, --approve, --deny.');
  if (str('feedback') !== undefined && !deny) throw new UsageError('--feedback goes with --deny.');
  return { kind: 'resume', session: required(str('session'), '--session'), answer, approve, deny, feedback: str('feedback') };
}

function rewindCommand(verb: 'rewind' | 'redo', str: Flags): RewindCommand {
  const session = required(str('session'), '--session');
  if (verb === 'redo') return { kind: 'redo', session };
  const only = str('only');
  if (only !== undefined && only !== 'document' && only !== 'conversation') throw new UsageError('--only must be document or conversation.');
  return { kind: 'rewind', session, to: required(str('to'), '--to'), only };
}

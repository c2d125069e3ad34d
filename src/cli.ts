// The headless CLI over the same core as the extension. Scripts and tests depend on its exact forms:
//   lesson-agent run --doc FILE --prompt TEXT --session-dir DIR [--session ID] [--base-url URL]
//                    [--api-key KEY] [--model ID] [--max-steps N] [--stall-timeout SECONDS]
//                    [--response-timeout SECONDS] [--max-document-mb N] [--approval never|large|always] [--take-over]
//   lesson-agent resume --session-dir DIR --session ID (--answer JSON | --approve | --deny [--feedback TEXT])
//                    [--approval never|large|always] [--take-over]
//   lesson-agent export|import ... (cliExchange.ts: a lesson to GIFT, QTI or HTML; a quiz file to a lesson)
//   lesson-agent rewind --session-dir DIR --session ID --to TURN_ID [--only document|conversation]
//   lesson-agent redo --session-dir DIR --session ID
// stdout is JSON Lines, one event per line (the agent's events, and `discard` when a retry withdraws
// printed text); a `usage` event after each model call carries `cost` in US dollars (absent for a
// model without a known price); logs go to stderr. Exit codes: 0 the turn finished, 3 waiting for
// the user (session saved), 1 failed, 2 bad usage; every non-zero exit prints an error event last.
import Anthropic from '@anthropic-ai/sdk';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, AgentRequestError, NoApiKeyError, type TurnRequest } from './core/agent/agent';
import { DEFAULT_SETTINGS, type AgentSettings } from './core/settings';
import { FileDocument } from './core/documents/fileDocument';
import { FileWorkspace } from './core/documents/fileWorkspace';
import { cliDocumentKindForPath } from './core/documents/kind';
import { FileSessionStore } from './core/sessions/fileStore';
import { describeHolder, HOLDERS } from './core/sessions/lock';
import { DISK_FULL_MESSAGE, DiskFullError, SessionCorruptError, SessionInUseError, SessionNotFoundError } from './core/sessions/types';
import { isDiskFull } from './core/durableFs';
import type { ReadonlySession } from './core/sessions/schema';
import { loadSkillCatalog } from './core/skills/catalog';
import { builtinTools } from './core/tools/builtin';
import { sdkLogger } from './core/agent/sdkLogger';
import { CLI_WORDS } from './core/agent/surface';
import { CLI_EVENT_TYPES, type AgentEvent, type CliEvent, type ErrorCode } from './shared/events';
import { parseCommand, USAGE, UsageError, type Command } from './cliArgs';
import { isExchangeVerb, runExchange } from './cliExchange';
import { decideRewind, runRewind, type RewindIo } from './cliRewind';

const EXIT = { done: 0, failed: 1, usage: 2, waiting: 3 } as const;

/** Who holds a session's lock while this process writes it, as other surfaces name it. */
const HOLDER = HOLDERS.commandLine;

/** --doc must name a regular file: a pipe would block the read forever, a folder or a device is no document. */
function docProblem(path: string): string | undefined {
  let info;
  try {
    info = statSync(path);
  } catch {
    return `--doc ${path} does not exist.`;
  }
  if (info.isFile()) return undefined;
  const what = info.isDirectory() ? 'a folder' : info.isFIFO() ? 'a named pipe' : info.isSocket() ? 'a socket' : 'a device';
  return `--doc ${path} is ${what}, not a file: give the lesson or text file to edit.`;
}

function openDocument(path: string): FileDocument {
  return new FileDocument(path, { kind: cliDocumentKindForPath(path) });
}

function documentOf(session: ReadonlySession, override: FileDocument | undefined): FileDocument | undefined {
  if (override) return override;
  const uri = session.document?.uri;
  return uri?.startsWith('file:') ? openDocument(fileURLToPath(uri)) : undefined;
}

/**
 * The agent over the store. The document is --doc for `run`; for `resume` it is the session's
 * bound document, and its folder the workspace new files go to.
 */
async function buildAgent(cmd: Command, store: FileSessionStore, doc: FileDocument | undefined): Promise<Agent> {
  let bound = doc;
  const skillsDir = join(__dirname, '..', 'skills');
  const { catalog, problems } = await loadSkillCatalog({ builtinDir: skillsDir });
  for (const p of problems) process.stderr.write(`skill problem: ${p}\n`);
  const tools = builtinTools(catalog);
  // The same defaults as the extension's settings (core/settings.ts), with the flags over them.
  const settings: AgentSettings = {
    ...DEFAULT_SETTINGS,
    alwaysConfirm: [],
    model: cmd.model,
    maxSteps: cmd.maxSteps,
    stallTimeoutMs: cmd.stallTimeoutMs,
    responseTimeoutMs: cmd.responseTimeoutMs,
    maxDocumentBytes: cmd.maxDocumentBytes,
    approvalEdits: cmd.approval,
  };
  return new Agent({
    store,
    words: CLI_WORDS,
    createClient: () => {
      if (!cmd.apiKey) throw new NoApiKeyError('No API key: pass --api-key or set ANTHROPIC_API_KEY.');
      // The SDK's timeout only runs until response headers arrive (the loop's watchdog takes over
      // then), so it can be the stall timeout instead of the SDK's ten minutes. Its log (ANTHROPIC_LOG)
      // goes to stderr, scrubbed of the key: stdout carries events only.
      const logger = sdkLogger((level, line) => process.stderr.write(`api client ${level}: ${line}\n`), [cmd.apiKey]);
      return new Anthropic({ apiKey: cmd.apiKey, ...(cmd.baseUrl ? { baseURL: cmd.baseUrl } : {}), maxRetries: 2, timeout: settings.stallTimeoutMs, logger });
    },
    tools: () => tools,
    skills: () => catalog,
    document: (session) => (bound = documentOf(session, doc)),
    workspace: () => (bound ? new FileWorkspace(dirname(bound.path)) : undefined),
    settings: () => settings,
    log: (level, message) => {
      if (level !== 'info') process.stderr.write(`${level}: ${message}\n`);
    },
  });
}

async function requestFor(cmd: Command, store: FileSessionStore, doc: FileDocument | undefined, agent: Agent): Promise<TurnRequest> {
  if (cmd.kind === 'run') {
    const view = doc ? { uri: doc.uri, name: doc.name, kind: doc.kind } : undefined;
    let sessionId = cmd.session;
    if (sessionId === undefined) {
      sessionId = (await agent.createSession(view ? { document: view } : {})).id;
    } else {
      const session = await store.get(sessionId);
      if (view && session.document?.uri !== view.uri) await agent.bindDocument(sessionId, view);
    }
    return { kind: 'message', sessionId, text: cmd.prompt };
  }
  if (cmd.kind !== 'resume') throw new UsageError(`${cmd.kind} does not run a turn.`);
  const session = await store.get(cmd.session);
  const pending = session.pending;
  if (!pending) throw new UsageError(`Session ${cmd.session} is not waiting for an answer.`);
  if (cmd.answer) return { kind: 'answer', sessionId: cmd.session, toolCallId: pending.toolCallId, answers: cmd.answer };
  return { kind: 'decision', sessionId: cmd.session, toolCallId: pending.toolCallId, approved: cmd.approve, ...(cmd.feedback ? { feedback: cmd.feedback } : {}) };
}

function write(event: CliEvent): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

/** The agent's events as the CLI prints them: a retry becomes a discard event. */
function print(event: AgentEvent): void {
  if (event.type === 'status' && event.kind === 'waiting') {
    write(event);
  } else if (event.type === 'status') {
    const { sessionId, turnId, code, attempt } = event;
    write({ type: 'discard', sessionId, turnId, code, attempt, chars: event.discard ?? 0, thinkingChars: event.discardThinking ?? 0 });
  } else if (CLI_EVENT_TYPES.has(event.type)) {
    write(event as CliEvent);
  }
}

/** Every non-zero exit ends with an error event (and, for people, the message on stderr). */
function fail(exit: number, code: ErrorCode, message: string, sessionId = '', turnId = '', retryable = false): number {
  process.stderr.write(`${message}\n`);
  write({ type: 'error', code, message, retryable, sessionId, turnId });
  return exit;
}

function usageFailure(message: string): number {
  process.stderr.write(`\n${USAGE}\n`);
  return fail(EXIT.usage, 'usage', message);
}

function isFsError(err: unknown): err is NodeJS.ErrnoException {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && typeof (err as { syscall?: unknown }).syscall === 'string';
}

const rewindIo: RewindIo = { write, fail: (exit, code, message, sessionId, turnId = '') => fail(exit, code, message, sessionId, turnId) };

/** `rewind`, `redo`, and `resume --approve|--deny` on a restore that asked; undefined for a turn to run. */
async function rewindOrDecide(cmd: Command, store: FileSessionStore, agent: Agent): Promise<number | undefined> {
  if (cmd.kind === 'rewind' || cmd.kind === 'redo') return runRewind(agent, rewindIo, cmd);
  if (cmd.kind !== 'resume' || cmd.answer !== undefined) return undefined;
  const session = await store.get(cmd.session);
  if (session.pending || session.restoring?.state !== 'asking') return undefined;
  if (cmd.feedback !== undefined) throw new UsageError('--feedback goes with a decision the agent asked for, not with a restore.');
  return decideRewind(agent, rewindIo, cmd.session, cmd.approve);
}

async function failureOf(err: unknown, cmd: Command, store: FileSessionStore, request: TurnRequest | undefined): Promise<number> {
  const message = err instanceof Error ? err.message : String(err);
  const sessionId = request?.sessionId ?? cmd.session ?? '';
  if (err instanceof UsageError || err instanceof AgentRequestError || err instanceof SessionNotFoundError) return fail(EXIT.usage, 'usage', message, sessionId);
  if (err instanceof NoApiKeyError && request) {
    // A resume without a key changes nothing: the question is still pending for the next try.
    const turnId = (await store.get(request.sessionId).catch(() => undefined))?.pending?.turnId ?? '';
    return fail(EXIT.failed, 'no_api_key', message, request.sessionId, turnId, true);
  }
  if (err instanceof SessionInUseError) return fail(EXIT.failed, 'in_use', message, sessionId, '', true);
  if (err instanceof SessionCorruptError) return fail(EXIT.failed, 'session', message, sessionId);
  if (err instanceof DiskFullError || isDiskFull(err)) return fail(EXIT.failed, 'disk_full', DISK_FULL_MESSAGE, sessionId, '', true);
  if (isFsError(err)) return fail(EXIT.failed, 'session', `The session folder ${cmd.sessionDir} cannot be used: ${message}`, sessionId);
  return fail(EXIT.failed, 'unknown', `Unexpected failure: ${message}`, sessionId);
}

/** Leftovers of a killed run (temp files of the document and the sessions) go before anything is written. */
async function removeStaleTemps(store: FileSessionStore, doc: FileDocument | undefined): Promise<void> {
  const removed = [...(await store.removeStaleTemps().catch(() => [])), ...((await doc?.removeStaleTemps().catch(() => [])) ?? [])];
  if (removed.length > 0) process.stderr.write(`Removed ${removed.length} temp file(s) left by an interrupted run.\n`);
}

/** --take-over: the session is taken from its holder first, with a warning naming it. */
async function takeOver(agent: Agent, sessionId: string): Promise<void> {
  const holder = await agent.writer(sessionId);
  await agent.takeOverSession(sessionId);
  if (holder) {
    process.stderr.write(`Took session ${sessionId} over from ${describeHolder(holder)}. If it is still running, what it writes from now on is not saved.\n`);
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  const [verb, ...rest] = argv;
  if (isExchangeVerb(verb)) {
    const outcome = await runExchange(verb, rest);
    if (outcome.event) process.stdout.write(`${JSON.stringify(outcome.event)}\n`);
    if (outcome.error) return outcome.exit === 2 ? usageFailure(outcome.error.message) : fail(outcome.exit, outcome.error.code, outcome.error.message);
    return outcome.exit;
  }
  let cmd: Command | 'help';
  try {
    cmd = parseCommand(argv);
  } catch (err) {
    return usageFailure(err instanceof Error ? err.message : String(err));
  }
  if (cmd === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.done;
  }
  if (cmd.kind === 'run') {
    const problem = docProblem(cmd.doc);
    if (problem) return usageFailure(problem);
  }
  const store = new FileSessionStore(cmd.sessionDir, (m) => process.stderr.write(`${m}\n`), { holder: HOLDER });
  const doc = cmd.kind === 'run' ? openDocument(cmd.doc) : undefined;
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  process.once('SIGTERM', () => abort.abort());
  let request: TurnRequest | undefined;
  try {
    await removeStaleTemps(store, doc);
    const agent = await buildAgent(cmd, store, doc);
    if (cmd.takeOver && cmd.session !== undefined) await takeOver(agent, cmd.session);
    const rewound = await rewindOrDecide(cmd, store, agent);
    if (rewound !== undefined) return rewound;
    request = await requestFor(cmd, store, doc, agent);
    const outcome = await agent.run(request, print, abort.signal);
    return outcome.status === 'completed' ? EXIT.done : outcome.status === 'awaiting_user' ? EXIT.waiting : EXIT.failed;
  } catch (err) {
    return failureOf(err, cmd, store, request);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.exitCode = fail(EXIT.failed, 'unknown', `Unexpected failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    },
  );
}

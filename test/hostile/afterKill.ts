// What every kill test checks afterwards, and the turns they kill: a turn that edits the document
// (a line added before END) and asks a question, answered by `resume --answer`.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent } from '../../src/core/agent/agent';
import { FileDocument } from '../../src/core/documents/fileDocument';
import { FileSessionStore } from '../../src/core/sessions/fileStore';
import type { ReadonlySession } from '../../src/core/sessions/schema';
import { sessionToView } from '../../src/core/sessions/view';
import { DEFAULT_SETTINGS } from '../../src/core/settings';
import { sessionViewSchema } from '../../src/shared/view';
import type { ScenarioInput } from '../fake/scenario';
import { CLI } from '../unit/core/cliProcess';
import { captured, KEY } from './kit';

export const ADDED = '- added by the agent';
export const DOC = '# Weather words\n\n- sun\n- rain\nEND\n';
const QUESTION = { header: 'Level', question: 'Which level?', multiSelect: false, options: [{ label: 'A2', description: 'Elementary' }, { label: 'B1', description: 'Intermediate' }] };
export const SCENARIO: ScenarioInput = {
  delayMs: 15,
  chunk: 6,
  rules: [
    { when: { toolResultFor: 'AskUserQuestion' }, respond: { blocks: [{ type: 'text', text: 'Thank you, that is all done for this level now.' }] } },
    { when: { toolResultFor: 'edit_text' }, respond: { blocks: [{ type: 'text', text: 'One more thing first. ' }, { type: 'tool_use', name: 'AskUserQuestion', input: { questions: [QUESTION] } }] } },
    {
      when: { userText: 'message' },
      respond: { blocks: [{ type: 'text', text: 'Adding a line now. ' }, { type: 'tool_use', name: 'edit_text', input: { edits: [{ find: 'END', replace: `${ADDED}\nEND` }], summary: 'Add a line' } }] },
    },
  ],
  fallback: { blocks: [{ type: 'text', text: 'Noted.' }] },
};

export function userTexts(session: ReadonlySession): string[] {
  return session.messages.filter((m) => m.role === 'user').flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.flatMap((b) => (b.type === 'text' ? [b.text] : []))));
}

/** Opens the session as the next process would: what the crash left open is settled first. */
export async function settled(sessions: string, doc: string, id: string): Promise<ReadonlySession> {
  const document = new FileDocument(doc);
  const agent = new Agent({
    store: new FileSessionStore(sessions),
    createClient: () => {
      throw new Error('no model is called to open a session');
    },
    tools: () => [],
    skills: () => ({ list: () => [], get: () => undefined }),
    document: () => document,
    workspace: () => undefined,
    settings: () => DEFAULT_SETTINGS,
  });
  return agent.openSession(id);
}

/** The session id the CLI printed, or the one journal in the folder. */
export async function sessionIdOf(stdout: string, sessions: string): Promise<string | undefined> {
  return stdout.match(/"sessionId":"([^"]+)"/)?.[1] ?? (await readdir(join(sessions, 'sessions')).catch(() => [] as string[])).find((n) => n.endsWith('.jsonl'))?.replace(/\.jsonl$/, '');
}

/**
 * What is wrong after a kill, in words (empty when nothing): the session must open and parse with
 * the panel's schema, keep every message it had before the killed command, leave no edit unsettled,
 * and record every edit the document holds.
 */
export async function problemsAfterKill(sessions: string, doc: string, id: string, before: ReadonlySession | undefined): Promise<{ problems: string[]; lost: number }> {
  let session: ReadonlySession;
  try {
    session = await settled(sessions, doc, id);
  } catch (err) {
    return { problems: [`the session does not load: ${err instanceof Error ? err.message : String(err)}`], lost: 0 };
  }
  const problems: string[] = [];
  if (!sessionViewSchema.safeParse(sessionToView(session)).success) problems.push('the session does not parse with the panel schema');
  const now = userTexts(session);
  const lost = (before ? userTexts(before) : []).filter((t) => !now.includes(t));
  if (lost.length > 0) problems.push(`lost ${lost.join(', ')}`);
  const planned = session.edits.filter((e) => e.status === 'planned').length;
  const applied = session.edits.filter((e) => e.status === 'applied' && e.revertedAt === undefined).length;
  const inDoc = (await readFile(doc, 'utf8')).split('\n').filter((l) => l === ADDED).length;
  if (planned > 0 || applied !== inDoc) problems.push(`${inDoc} edits in the document, ${applied} recorded applied, ${planned} unsettled`);
  return { problems, lost: lost.length };
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
}

/**
 * Runs the CLI (with the suite's key, for commands that call the model), killed with SIGKILL
 * `killAfterMs` after its first output (a turn has started: its session exists), or after it was
 * started (`from: 'start'`, for commands that print only at the end).
 */
export function spawnCli(args: string[], killAfterMs: number | undefined, options: { from?: 'output' | 'start'; key?: boolean } = {}): Promise<Run> {
  const { from = 'output', key = true } = options;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args, ...(key ? ['--api-key', KEY] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = (): void => {
      if (killAfterMs !== undefined && timer === undefined) timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    };
    if (from === 'start') arm();
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      arm();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      captured(stdout);
      captured(stderr);
      resolve({ code, signal, stdout });
    });
  });
}

// Token figures: what a teacher pays, through the real agent (real tools, real skills, a lesson
// file on disk, sessions saved) and the fake server, whose cache model counts like the API's. For a
// 3 KB, a 50 KB and a 1 MB lesson: a three-call editing turn, a follow-up turn, and a 40-turn
// session with the teacher typing in the lesson between turns, whose requests that had to leave
// earlier thinking out (the history window cut) are named. Budgets (from issue 10) are checked;
// they are token counts, so they do not depend on the
// machine: the follow-up turn on the 50 KB lesson reads at least 90% of its input from the cache;
// every turn after the 40-turn session's history window fills reads at least 80%; on the 1 MB
// lesson each call of the one-paragraph change sends at most 30k uncached input tokens and gets at
// most 2k output tokens.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { Agent, createSession } from '../../src/core/agent/agent';
import { callCost } from '../../src/core/agent/cost';
import { toApiMessages } from '../../src/core/agent/history';
import { FileDocument } from '../../src/core/documents/fileDocument';
import { FileSessionStore } from '../../src/core/sessions/fileStore';
import { DEFAULT_SETTINGS, type AgentSettings } from '../../src/core/settings';
import { loadSkillCatalog } from '../../src/core/skills/catalog';
import { builtinTools } from '../../src/core/tools/builtin';
import type { AgentEvent, Usage } from '../../src/shared/events';
import { startFakeAnthropic, type FakeAnthropic } from '../fake/fakeAnthropic';
import type { ScenarioInput } from '../fake/scenario';
import { bigLesson } from '../unit/core/lesson/bigLesson';

const MODEL = 'claude-sonnet-5-5';
const SETTINGS: AgentSettings = { ...DEFAULT_SETTINGS, model: MODEL, approvalEdits: 'never', alwaysConfirm: [] };
const SIZES = [
  { label: '3 KB', bytes: 3_000 },
  { label: '50 KB', bytes: 50_000 },
  { label: '1 MB', bytes: 1_000_000 },
] as const;
const SESSION_TURNS = 40;

export interface CallFigure {
  readonly prompt: number;
  readonly read: number;
  readonly uncached: number;
  readonly output: number;
  readonly cost: number | undefined;
}

interface TurnFigure {
  readonly calls: CallFigure[];
  /** API messages in the session before this turn (the window fills when they pass the limit). */
  readonly before: number;
  /** Requests of this turn that left earlier thinking out (the agent's log says so). */
  readonly leftOut: number;
}

const sum = (calls: readonly CallFigure[], key: 'prompt' | 'read' | 'uncached' | 'output'): number => calls.reduce((n, c) => n + c[key], 0);
const share = (calls: readonly CallFigure[]): number => sum(calls, 'read') / Math.max(1, sum(calls, 'prompt'));
const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;
const k = (n: number): string => (n >= 10_000 ? `${(n / 1000).toFixed(1)}k` : n.toLocaleString('en'));
const money = (usd: number | undefined): string => (usd === undefined ? 'n/a' : `$${usd.toFixed(4)}`);
const costOf = (calls: readonly CallFigure[]): number => calls.reduce((n, c) => n + (c.cost ?? 0), 0);

function figure(usage: Usage, model: string | undefined): CallFigure {
  const prompt = usage.inputTokens + usage.cacheReadTokens + usage.cacheCreationTokens;
  return {
    prompt,
    read: usage.cacheReadTokens,
    uncached: usage.inputTokens + usage.cacheCreationTokens,
    output: usage.outputTokens,
    cost: callCost(usage, model ?? MODEL),
  };
}

const THINK = (what: string) => ({ type: 'thinking' as const, thinking: `The teacher wants ${what}. I will keep every id and every student answer as it is. `.repeat(3) });

/** The text of exercise fb-N's instruction line, with its opening tag (unique in the lesson). */
function instruction(text: string, exercise: string): string {
  const m = new RegExp(`<exercise id="${exercise}"[^>]*>\\n\\s*<h3>[^<]*</h3>`).exec(text);
  if (!m) throw new Error(`exercise ${exercise} not found`);
  return m[0];
}

/** A three-call editing turn: look (skill, or the part of a large lesson), edit_text, answer. */
function editingTurn(current: string, exercise: string, n: number, large: boolean): ScenarioInput {
  const find = instruction(current, exercise);
  const replace = find.replace(/<h3>[^<]*<\/h3>/, `<h3>Write each verb in the present tense (revision ${n})</h3>`);
  const look = large
    ? { type: 'tool_use' as const, name: 'read_document', input: { id: exercise } }
    : { type: 'tool_use' as const, name: 'load_skill', input: { skill: 'fill-blanks' } };
  return {
    steps: [
      { blocks: [THINK('a clearer instruction'), look] },
      { blocks: [THINK('the instruction rewritten'), { type: 'tool_use', name: 'edit_text', input: { edits: [{ find, replace }], summary: `Clearer instruction in ${exercise}` } }] },
      {
        blocks: [
          THINK('to know what changed'),
          { type: 'text', text: `I rewrote the instruction of exercise ${exercise} so students know to use the present tense. The gaps, hints and answers are unchanged.` },
        ],
      },
    ],
  };
}

function chatTurn(n: number): ScenarioInput {
  const answer =
    `For question ${n}: start from what the class already knows, then show one example sentence from the lesson and ` +
    'ask the students to find the verb. Keep the instructions short, and check the answers together before moving on. ' +
    'If some students finish early, give them the writing task from the end of the unit.';
  return { steps: [{ blocks: [THINK('advice on the lesson'), { type: 'text', text: answer }] }] };
}

interface Rig {
  readonly fake: FakeAnthropic;
  readonly agent: Agent;
  readonly store: FileSessionStore;
  readonly path: string;
  readonly dir: string;
  /** What the agent logged, in order. */
  readonly logs: string[];
}

async function rig(lesson: string): Promise<Rig> {
  const dir = await mkdtemp(join(tmpdir(), 'la-bench-tokens-'));
  const path = join(dir, 'unit.lesson.xml');
  await writeFile(path, lesson);
  const fake = await startFakeAnthropic({ steps: [] });
  const { catalog } = await loadSkillCatalog({ builtinDir: join(__dirname, '..', '..', '..', 'skills') });
  const tools = builtinTools(catalog);
  const document = new FileDocument(path);
  const store = new FileSessionStore(join(dir, 'sessions'));
  const logs: string[] = [];
  const agent = new Agent({
    store,
    createClient: () => new Anthropic({ apiKey: 'sk-bench-not-a-real-key', baseURL: fake.url, maxRetries: 0 }),
    tools: () => tools,
    skills: () => catalog,
    document: () => document,
    workspace: () => undefined,
    settings: () => SETTINGS,
    log: (_level, message) => logs.push(message),
  });
  return { fake, agent, store, path, dir, logs };
}

async function turn(r: Rig, sessionId: string, text: string, scenario: ScenarioInput): Promise<TurnFigure> {
  r.fake.setScenario(scenario);
  const session = await r.store.get(sessionId);
  const before = toApiMessages(session.messages).length;
  const calls: CallFigure[] = [];
  const logged = r.logs.length;
  const outcome = await r.agent.run({ kind: 'message', sessionId, text }, (e: AgentEvent) => {
    if (e.type === 'usage') calls.push(figure(e.usage, e.model));
  });
  if (outcome.status !== 'completed') throw new Error(`turn "${text}" ended ${outcome.status}: ${outcome.error?.message ?? ''}`);
  if (r.fake.requests.some((q) => q.outcome === 'refused:400')) throw new Error(`a request of turn "${text}" was refused`);
  const leftOut = r.logs.slice(logged).filter((l) => / is left out from now on/.test(l)).length;
  return { calls, before, leftOut };
}

interface SizeResult {
  readonly label: string;
  readonly chars: number;
  readonly editing: TurnFigure;
  readonly followUp: TurnFigure;
  readonly session: TurnFigure[];
}

async function runSize(label: string, bytes: number): Promise<SizeResult> {
  const { text } = bigLesson(Math.round(bytes * 0.97));
  const large = text.length > SETTINGS.largeDocumentChars;
  const sections = (text.match(/<exercise id="fb-/g) ?? []).length;
  const middle = `fb-${Math.ceil(sections / 2)}`;
  // Editing then follow-up, in one session.
  let r = await rig(text);
  let editing: TurnFigure;
  let followUp: TurnFigure;
  try {
    const id = (await createSession(r.store, {})).id;
    editing = await turn(r, id, `Make the instruction of exercise ${middle} clearer.`, editingTurn(text, middle, 1, large));
    followUp = await turn(r, id, 'Thanks. Is the new instruction easy enough for A2 students?', chatTurn(0));
  } finally {
    await r.fake.close();
    await rm(r.dir, { recursive: true, force: true });
  }
  // A 40-turn session: conversation, with an editing turn every fifth turn.
  r = await rig(text);
  const session: TurnFigure[] = [];
  try {
    const id = (await createSession(r.store, {})).id;
    for (let n = 1; n <= SESSION_TURNS; n++) {
      // The teacher types in the lesson between turns: a note near the top every third turn.
      if (n % 3 === 1 && n > 1) {
        const current = await readFile(r.path, 'utf8');
        await writeFile(r.path, current.replace(/(<lesson[^>]*>\n)/, `$1  <p>Teacher's note before question ${n}.</p>\n`));
      }
      if (n % 5 === 0) {
        const exercise = `fb-${((n / 5 - 1) % sections) + 1}`;
        const current = await readFile(r.path, 'utf8');
        session.push(await turn(r, id, `Make the instruction of exercise ${exercise} clearer.`, editingTurn(current, exercise, n, large)));
      } else {
        session.push(await turn(r, id, `Question ${n}: how should I introduce this part of the lesson to my class?`, chatTurn(n)));
      }
    }
  } finally {
    await r.fake.close();
    await rm(r.dir, { recursive: true, force: true });
  }
  return { label, chars: text.length, editing, followUp, session };
}

interface Budget {
  readonly name: string;
  readonly ok: boolean;
  readonly figure: string;
}

function callLine(c: CallFigure, i: number): string {
  return `    call ${i + 1}: input ${k(c.prompt)} tokens, cached ${pct(c.read / Math.max(1, c.prompt))}, uncached ${k(c.uncached)}, output ${k(c.output)}, cost ${money(c.cost)}`;
}

function report(res: SizeResult, log: (line: string) => void): Budget[] {
  const budgets: Budget[] = [];
  log(`  ${res.label} lesson (${res.chars.toLocaleString('en')} characters)`);
  log(`   editing turn (${res.editing.calls.length} calls), total ${money(costOf(res.editing.calls))}:`);
  res.editing.calls.forEach((c, i) => log(callLine(c, i)));
  log(`   follow-up turn: cached ${pct(share(res.followUp.calls))}, uncached ${k(sum(res.followUp.calls, 'uncached'))}, total ${money(costOf(res.followUp.calls))}:`);
  res.followUp.calls.forEach((c, i) => log(callLine(c, i)));
  const limit = SETTINGS.historyLength;
  const fills = res.session.findIndex((t) => t.before + 1 > limit);
  const after = fills < 0 ? [] : res.session.slice(fills);
  const worst = after.reduce((m, t) => Math.min(m, share(t.calls)), 1);
  const all = res.session.flatMap((t) => t.calls);
  log(
    `   ${SESSION_TURNS}-turn session: ${all.length} calls, input ${k(sum(all, 'prompt'))} tokens (${pct(share(all))} cached), ` +
      `uncached ${k(sum(all, 'uncached'))}, output ${k(sum(all, 'output'))}, total ${money(costOf(all))}; ` +
      `window full from turn ${fills + 1}, lowest cached share after: ${pct(worst)}`,
  );
  const cells = res.session.map((t, i) => `t${i + 1}${t.leftOut > 0 ? '*' : ' '}${pct(share(t.calls)).padStart(6)} ${k(sum(t.calls, 'uncached')).padStart(6)}`);
  for (let i = 0; i < cells.length; i += 5) log(`     ${cells.slice(i, i + 5).join(' | ')}`);
  const lost = res.session.flatMap((t, i) => (t.leftOut > 0 ? [`t${i + 1}`] : []));
  log(`     * earlier thinking left out (the history window was cut): ${lost.length > 0 ? lost.join(', ') : 'none'}; no request refused`);
  budgets.push({ name: `${res.label}: every turn after the window fills >= 80% cached`, ok: after.length > 0 && worst >= 0.8, figure: pct(worst) });
  if (res.label === '50 KB') {
    const s = share(res.followUp.calls);
    budgets.push({ name: '50 KB: follow-up turn >= 90% of input from cache', ok: s >= 0.9, figure: pct(s) });
  }
  if (res.label === '1 MB') {
    const maxUncached = Math.max(...res.editing.calls.map((c) => c.uncached));
    const maxOutput = Math.max(...res.editing.calls.map((c) => c.output));
    budgets.push({ name: '1 MB: one-paragraph change <= 30k uncached input tokens per call', ok: maxUncached <= 30_000, figure: k(maxUncached) });
    budgets.push({ name: '1 MB: one-paragraph change <= 2k output tokens per call', ok: maxOutput <= 2_000, figure: k(maxOutput) });
  }
  return budgets;
}

/** Runs the token benchmark; returns whether every budget held. */
export async function runTokenBench(log: (line: string) => void = console.log): Promise<boolean> {
  log(`tokens: ${MODEL} through the agent and the fake server (history window ${SETTINGS.historyLength} messages; ~4 characters per token)`);
  const budgets: Budget[] = [];
  for (const { label, bytes } of SIZES) budgets.push(...report(await runSize(label, bytes), log));
  log('  budgets:');
  for (const b of budgets) log(`    ${b.ok ? 'ok' : 'OVER BUDGET'}: ${b.name} (${b.figure})`);
  return budgets.every((b) => b.ok);
}

// The agent under test, for real: the real SDK over HTTP against the fake server, a file session
// store in a temp dir, an in-memory document. Every run is checked for what must always hold:
// every recorded request is a valid Messages request, every event matches the event schema, and
// the stored session's view equals the view the shared reducer builds from the run's events.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import * as z from 'zod';
import { Agent, createSession, NoApiKeyError, type TurnOutcome, type TurnRequest } from '../../../../src/core/agent/agent';
import type { AgentSettings } from '../../../../src/core/settings';
import type { ApplyResult, DocumentAccess, DocumentKind, DocumentSnapshot, TextEdit, WorkspaceAccess } from '../../../../src/core/documents/types';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import type { Session } from '../../../../src/core/sessions/schema';
import { sessionToView } from '../../../../src/core/sessions/view';
import type { SkillCatalog } from '../../../../src/core/skills/types';
import type { AnyTool, ToolDefinition } from '../../../../src/core/tools/types';
import { agentEventSchema, type AgentEvent } from '../../../../src/shared/events';
import { reduceAgentEvent } from '../../../../src/shared/viewReducer';
import type { SessionView } from '../../../../src/shared/view';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fake/fakeAnthropic';
import type { ScenarioInput } from '../../../fake/scenario';
import { validateMessagesRequest } from '../../../fake/validateRequest';

export const API_KEY = 'sk-ant-test-0123456789abcdef';

/** A document held in memory, edited by offsets; enough for the loop's tests. */
export class MemoryDocument implements DocumentAccess {
  version = 1;
  constructor(
    public text: string,
    readonly name = 'lesson.lesson.xml',
    readonly kind: DocumentKind = 'lesson',
    readonly uri = `memory:///${name}`,
  ) {}

  read(): Promise<DocumentSnapshot> {
    return Promise.resolve({ text: this.text, version: this.version });
  }

  applyEdits(edits: readonly TextEdit[], base: DocumentSnapshot): Promise<ApplyResult> {
    if (base.version !== this.version) return Promise.resolve({ ok: false, reason: 'conflict', message: 'changed', current: { text: this.text, version: this.version } });
    const sorted = [...edits].sort((a, b) => b.start - a.start);
    for (const e of sorted) this.text = this.text.slice(0, e.start) + e.newText + this.text.slice(e.end);
    this.version++;
    return Promise.resolve({ ok: true, after: { text: this.text, version: this.version }, rebased: false });
  }
}

export const emptyCatalog: SkillCatalog = { list: () => [], get: () => undefined };

/** A small tool for loop tests: echoes its input and counts its runs. */
export function echoTool(name = 'lookup', onRun?: (input: { query: string }) => Promise<void> | void): ToolDefinition<{ query: string }> & { runs: string[] } {
  const runs: string[] = [];
  return {
    name,
    description: `Looks something up (${name}).`,
    inputSchema: z.object({ query: z.string().min(1) }),
    displayText: (input) => `Looking up ${input.query}`,
    genericText: () => 'Looking something up',
    runs,
    async run(input) {
      runs.push(input.query);
      await onRun?.(input);
      return { content: `Result for ${input.query}`, summary: `found ${input.query}` };
    },
  };
}

export const TEST_SETTINGS: AgentSettings = {
  model: 'claude-test',
  maxSteps: 10,
  historyLength: 20,
  largeDocumentChars: 100_000,
  maxTokens: 1024,
  effort: 'medium',
  stallTimeoutMs: 5000,
  responseTimeoutMs: 5000,
  maxDocumentBytes: 5 * 1024 * 1024,
  approvalEdits: 'never',
  alwaysConfirm: [],
  loopRetries: 2,
  retryDelayMs: 10,
};

export interface RunResult {
  outcome: TurnOutcome;
  events: AgentEvent[];
}

export interface HarnessOptions {
  scenario: ScenarioInput;
  /** The tools, or what gives them at each turn (they may change, as the skills do). */
  tools?: AnyTool[] | (() => AnyTool[]);
  document?: DocumentAccess;
  /** Where create_document may write (none by default). */
  workspace?: WorkspaceAccess;
  skills?: SkillCatalog | (() => SkillCatalog);
  settings?: Partial<AgentSettings>;
  /** null: no key (createClient throws). */
  apiKey?: string | null;
  /** Where requests go instead of the fake (an unreachable host, say). */
  baseURL?: string;
  maxRetries?: number;
  /** What the store reports (damage it repaired, bad list entries). */
  onSessionProblem?: (message: string) => void;
}

export class Harness {
  agent: Agent;
  /** Errors the agent logged (a test can assert there were none). */
  readonly logs: string[] = [];
  /** Everything the agent logged, in order. */
  readonly journal: { level: string; message: string }[] = [];
  private checked = 0;

  constructor(
    readonly fake: FakeAnthropic,
    readonly store: FileSessionStore,
    readonly dir: string,
    private readonly options: HarnessOptions,
  ) {
    this.agent = this.newAgent();
  }

  /** A fresh Agent over the same store: what a reload or a new process sees. */
  newAgent(): Agent {
    const o = this.options;
    return new Agent({
      store: this.store,
      createClient: () => {
        // What the extension throws without a key (src/vscode/agentHost.ts).
        if (o.apiKey === null) throw new NoApiKeyError();
        return new Anthropic({ apiKey: o.apiKey ?? API_KEY, baseURL: o.baseURL ?? this.fake.url, maxRetries: o.maxRetries ?? 2 });
      },
      tools: () => (typeof o.tools === 'function' ? o.tools() : (o.tools ?? [])),
      skills: () => (typeof o.skills === 'function' ? o.skills() : (o.skills ?? emptyCatalog)),
      document: () => o.document,
      workspace: () => o.workspace,
      settings: () => ({ ...TEST_SETTINGS, ...o.settings }),
      log: (level, message) => {
        this.journal.push({ level, message });
        if (level === 'error') this.logs.push(message);
      },
    });
  }

  async newSession(): Promise<string> {
    const doc = this.options.document;
    return (await createSession(this.store, doc ? { document: { uri: doc.uri, name: doc.name, kind: doc.kind } } : {})).id;
  }

  session(id: string): Promise<Session> {
    return this.store.get(id);
  }

  /**
   * Runs a request and checks the invariants of the run. `refusedAllowed`: requests the fake may
   * refuse with a 400 (a test of the way back from one); every other request must be accepted.
   */
  async run(request: TurnRequest, signal?: AbortSignal, agent = this.agent, options: { refusedAllowed?: number } = {}): Promise<RunResult> {
    const before = sessionToView(await this.store.get(request.sessionId));
    const events: AgentEvent[] = [];
    const outcome = await agent.run(request, (e) => events.push(e), signal);
    for (const e of events) assert.ok(agentEventSchema.safeParse(e).success, `event matches the schema: ${JSON.stringify(e)}`);
    assert.ok(['done', 'error'].includes(events.at(-1)?.type ?? ''), 'a run ends with done or error');
    this.checkRequests(options.refusedAllowed ?? 0);
    const after = await this.store.get(request.sessionId);
    assertSameView(replay(before, events), sessionToView(after));
    return { outcome, events };
  }

  checkRequests(refusedAllowed = 0): void {
    let refused = 0;
    for (; this.checked < this.fake.requests.length; this.checked++) {
      const r = this.fake.requests[this.checked];
      if (r?.outcome === 'refused:400' && ++refused <= refusedAllowed) continue;
      assert.notEqual(r?.outcome, 'refused:400', `request #${this.checked} was accepted by the fake`);
      // A reply the API paused goes back as the last message (the fake vetted it); the rest must be valid.
      const body = r?.body as { messages?: Array<{ role?: string }> } | undefined;
      const paused = body?.messages?.at(-1)?.role === 'assistant' ? { ...body, messages: body.messages.slice(0, -1) } : body;
      assert.deepEqual(validateMessagesRequest(paused), [], `request #${this.checked} is a valid Messages request`);
    }
  }

  async close(): Promise<void> {
    await this.fake.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}

export function replay(view: SessionView, events: readonly AgentEvent[]): SessionView {
  let v = view;
  for (const e of events) {
    const r = reduceAgentEvent(v, e);
    assert.equal(r.warning, undefined, `the reducer accepts ${e.type}`);
    v = r.view;
  }
  return v;
}

/** The visible fields: the items and whether the agent is busy (the title is not event-driven). */
export function assertSameView(live: SessionView, stored: SessionView): void {
  assert.deepEqual({ items: live.items, busy: live.busy }, { items: stored.items, busy: stored.busy });
}

/** Call inside a `describe`: `startHarness` for its tests; every harness a test started is closed after it. */
export function useHarnesses(): typeof startHarness {
  const started: Harness[] = [];
  afterEach(async () => {
    for (const h of started.splice(0)) await h.close();
  });
  return async (options) => {
    const h = await startHarness(options);
    started.push(h);
    return h;
  };
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const fake = await startFakeAnthropic(options.scenario);
  const dir = await mkdtemp(join(tmpdir(), 'la-agent-'));
  return new Harness(fake, new FileSessionStore(join(dir, 'sessions'), (m) => options.onSessionProblem?.(m)), dir, options);
}

export function textOf(events: readonly AgentEvent[]): string {
  return events.map((e) => (e.type === 'text' ? e.delta : '')).join('');
}

export function types(events: readonly AgentEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) if (e.type !== 'text' || out.at(-1) !== 'text') out.push(e.type);
  return out;
}

/** The messages of a recorded request. */
export function messagesOf(fake: FakeAnthropic, index: number): Array<{ role: string; content: Array<Record<string, unknown>> }> {
  const body = fake.requests[index]?.body as { messages?: Array<{ role: string; content: Array<Record<string, unknown>> }> };
  return body.messages ?? [];
}

// What the offline demo's unit tests share: the demo scenario itself (test/fake/scenarios/demo.json,
// without its pacing), run through the whole core with the real skills and tools on a copy of a
// sample document, and small readers for what a turn did.
import * as assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FileDocument } from '../../../../src/core/documents/fileDocument';
import { FileWorkspace } from '../../../../src/core/documents/fileWorkspace';
import { DEFAULT_SETTINGS } from '../../../../src/core/settings';
import { loadSkillCatalog } from '../../../../src/core/skills/catalog';
import type { SkillCatalog } from '../../../../src/core/skills/types';
import { builtinTools } from '../../../../src/core/tools/builtin';
import type { AgentEvent } from '../../../../src/shared/events';
import { loadScenarioFile } from '../../../fake/fakeAnthropic';
import { startHarness, textOf, type Harness } from './harness';

/** The repository: the nearest folder above this file (as built, wherever a test that uses it lies) with a package.json. */
function repositoryRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) if (existsSync(join(dir, 'package.json'))) return dir;
  throw new Error(`no package.json above ${from}`);
}

export const ROOT = repositoryRoot(__dirname);
export const DEMO = loadScenarioFile(join(ROOT, 'test', 'fake', 'scenarios', 'demo.json'));

/** Each exercise kind: its skill, how the demo's requests name it, and the XML type it writes. */
export { DEMO_KINDS as KINDS } from '../../../fake/scenarios/demoKinds';

let catalog: SkillCatalog | undefined;

export interface DemoRun {
  harness: Harness;
  dir: string;
  /** The copy of the sample the session is bound to (absent when started without one). */
  path: string | undefined;
  sessionId: string;
  close(): Promise<void>;
}

/**
 * Call inside a `describe`: `startDemo` for its tests; what a test leaves open is closed after it
 * (closing checks that nothing was logged).
 */
export function useDemoRuns(): typeof startDemo {
  const open = new Set<DemoRun>();
  afterEach(async () => {
    for (const run of [...open]) await run.close();
  });
  return async (...args) => {
    const run = await startDemo(...args);
    const close = run.close;
    run.close = async () => {
      open.delete(run);
      await close();
    };
    open.add(run);
    return run;
  };
}

/** A document of the test's own: its file name and text. */
export interface OwnDocument {
  readonly name: string;
  readonly text: string;
}

/** A session bound to a fresh copy of `sample` (from samples/, or the test's own), or to no document. */
export async function startDemo(sample: string | OwnDocument | undefined, approvalEdits: 'never' | 'large' = 'large'): Promise<DemoRun> {
  catalog ??= (await loadSkillCatalog({ builtinDir: join(ROOT, 'skills') })).catalog;
  const dir = await mkdtemp(join(tmpdir(), 'la-demo-'));
  const path = sample ? join(dir, typeof sample === 'string' ? sample : sample.name) : undefined;
  if (typeof sample === 'string' && path) await copyFile(join(ROOT, 'samples', sample), path);
  if (typeof sample === 'object' && path) await writeFile(path, sample.text);
  await mkdir(join(dir, 'workspace'));
  const harness = await startHarness({
    scenario: { ...DEMO, delayMs: 0 },
    tools: builtinTools(catalog),
    skills: catalog,
    document: path ? new FileDocument(path) : undefined,
    workspace: new FileWorkspace(join(dir, 'workspace')),
    // The default model, so the requests ask for summarised thinking as the extension's do.
    settings: { approvalEdits, model: DEFAULT_SETTINGS.model },
  });
  const sessionId = await harness.newSession();
  return {
    harness,
    dir,
    path,
    sessionId,
    async close() {
      assert.deepEqual(harness.logs, []);
      await harness.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Sends a typed message; returns the turn's events and outcome. */
export function say(run: DemoRun, text: string, context?: { label: string; text: string }) {
  return run.harness.run({ kind: 'message', sessionId: run.sessionId, text, ...(context ? { context } : {}) });
}

export function toolsRun(events: readonly AgentEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'tool_start' ? [e.tool] : []));
}

export function pendingCall(events: readonly AgentEvent[], type: 'question' | 'confirmation'): string {
  const e = events.find((x) => x.type === type);
  assert.ok(e && (e.type === 'question' || e.type === 'confirmation'), `a ${type} was asked`);
  return e.toolCallId;
}

/** The `[text](prompt:)` suggestions in a reply. */
export function suggestionsIn(events: readonly AgentEvent[]): string[] {
  return [...textOf(events).matchAll(/\[([^\]]+)\]\(prompt:\)/g)].map((m) => m[1] ?? '');
}

/** The scenario steps (names) that answered the requests so far. */
export function stepsAnswered(run: DemoRun): string[] {
  return run.harness.fake.requests.map((r) => r.step ?? '-');
}

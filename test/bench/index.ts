// `npm run bench`: figures, not timed tests. First the agent loop's throughput against the SDK
// alone on the same 10,000-delta stream from the fake server (events per second, and their ratio,
// measured in one run, alternating the two so machine noise hits both), then the editing figures,
// then the sessions' (append, load, bytes per edit), then the lesson preview's update time, then the
// token figures (tokens.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Anthropic from '@anthropic-ai/sdk';
import { Agent, createSession } from '../../src/core/agent/agent';
import type { AgentSettings } from '../../src/core/settings';
import { FileSessionStore } from '../../src/core/sessions/fileStore';
import { startFakeAnthropic, type FakeAnthropic } from '../fake/fakeAnthropic';
import { runEditingBench } from './editing';
import { runPreviewBench } from './preview';
import { runPreviewOpenBench } from './previewOpen';
import { runSessionsBench } from './sessions';
import { runTokenBench } from './tokens';

const DELTAS = 10_000;
const ROUNDS = 9;
const KEY = 'sk-bench-not-a-real-key';

const settings: AgentSettings = {
  model: 'claude-bench',
  maxSteps: 10,
  historyLength: 20,
  largeDocumentChars: 100_000,
  maxTokens: 16_000,
  effort: 'medium',
  stallTimeoutMs: 30_000,
  responseTimeoutMs: 30_000,
  maxDocumentBytes: 5 * 1024 * 1024,
  approvalEdits: 'never',
  alwaysConfirm: [],
};

interface Sample {
  events: number;
  ms: number;
}

function client(fake: FakeAnthropic): Anthropic {
  return new Anthropic({ apiKey: KEY, baseURL: fake.url, maxRetries: 0 });
}

/** The SDK alone: one stream, counting its text events. */
async function sdkAlone(fake: FakeAnthropic): Promise<Sample> {
  let events = 0;
  const start = performance.now();
  const stream = client(fake).messages.stream({ model: settings.model, max_tokens: settings.maxTokens, messages: [{ role: 'user', content: 'hello' }] });
  stream.on('text', () => events++);
  await stream.finalMessage();
  return { events, ms: performance.now() - start };
}

/** The same stream through Agent.run: prompt assembly, session saves, event emission included. */
async function throughLoop(fake: FakeAnthropic, dir: string): Promise<Sample> {
  const store = new FileSessionStore(dir);
  const agent = new Agent({
    store,
    createClient: () => client(fake),
    tools: () => [],
    skills: () => ({ list: () => [], get: () => undefined }),
    document: () => undefined,
    workspace: () => undefined,
    settings: () => settings,
  });
  const session = await createSession(store, {});
  let events = 0;
  const start = performance.now();
  const outcome = await agent.run({ kind: 'message', sessionId: session.id, text: 'hello' }, (e) => {
    if (e.type === 'text') events++;
  });
  const ms = performance.now() - start;
  if (outcome.status !== 'completed') throw new Error(`the loop ended ${outcome.status}: ${outcome.error?.message ?? ''}`);
  return { events, ms };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function loopBench(): Promise<void> {
  // One text block of 10,000 characters sent one character per delta: 10,000 text events.
  const fake = await startFakeAnthropic({ chunk: 1, steps: [], fallback: { blocks: [{ type: 'text', text: 'x'.repeat(DELTAS) }] } });
  const dir = await mkdtemp(join(tmpdir(), 'la-bench-'));
  try {
    await sdkAlone(fake);
    await throughLoop(fake, dir);
    const sdk: number[] = [];
    const loop: number[] = [];
    const ratios: number[] = [];
    const extra: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const a = await sdkAlone(fake);
      const b = await throughLoop(fake, dir);
      if (a.events !== DELTAS || b.events !== DELTAS) throw new Error(`expected ${DELTAS} text events, got ${a.events} and ${b.events}`);
      sdk.push((a.events / a.ms) * 1000);
      loop.push((b.events / b.ms) * 1000);
      // Each pair ran back to back, so its ratio is the least disturbed by other load on the machine.
      ratios.push((loop.at(-1) ?? 0) / (sdk.at(-1) ?? 1));
      extra.push(b.ms - a.ms);
    }
    const eps = (v: number): string => `${Math.round(v).toLocaleString('en')} events/s`;
    console.log(`Agent loop vs SDK alone: one ${DELTAS.toLocaleString('en')}-delta stream from the fake server, ${ROUNDS} alternating pairs`);
    console.log(`  SDK alone (messages.stream, 'text' events): ${eps(median(sdk))} (median)`);
    console.log(`  Agent.run (events to the listener, session saved): ${eps(median(loop))} (median)`);
    console.log(`  ratio loop / SDK: ${median(ratios).toFixed(2)} (median of pairs; range ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`);
    console.log(`  the loop's extra time per turn: ${median(extra).toFixed(1)} ms (median; session load and saves, prompt assembly, event copies)`);
  } finally {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** `npm run bench` runs every section; `npm run bench -- tokens` (or loop, editing, sessions, preview, preview-open) runs some. */
async function main(): Promise<void> {
  const only = new Set(process.argv.slice(2));
  const wanted = (name: string): boolean => only.size === 0 || only.has(name);
  if (wanted('loop')) await loopBench();
  if (wanted('editing')) {
    console.log('');
    await runEditingBench();
  }
  if (wanted('sessions')) {
    console.log('');
    await runSessionsBench();
  }
  if (wanted('preview')) {
    console.log('');
    await runPreviewBench();
  }
  if (wanted('preview-open')) {
    console.log('');
    await runPreviewOpenBench();
  }
  if (wanted('tokens')) {
    console.log('');
    // Token budgets are counts, not timings: a miss is a failure of the build, not of the machine.
    if (!(await runTokenBench())) process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});

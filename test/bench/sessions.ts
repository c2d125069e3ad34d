// Session figures: appending one message to a 10,000-message session (journalled and synced),
// loading that session, its view (what a reloaded panel shows), and the journal bytes one small edit costs on a 1 MB lesson; each against
// its budget (figures and ratios, never a pass/fail timing).
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FileSessionStore } from '../../src/core/sessions/fileStore';
import { SessionOwner, type OwnerClock } from '../../src/core/sessions/owner';
import type { Session } from '../../src/core/sessions/schema';
import { sessionToView } from '../../src/core/sessions/view';
import { bigLesson } from '../unit/core/lesson/bigLesson';

const MESSAGES = 10_000;
const SAMPLES = 31;
const EDITS = 10;
const usage = { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheCreationTokens: 0 };

function clock(): OwnerClock {
  let t = 1_800_000_000_000;
  let n = 0;
  return { now: () => ++t, newId: (p) => `${p}-${++n}` };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function line(what: string, value: number, unit: string, budget: number): string {
  const shown = unit === 'bytes' ? `${Math.round(value).toLocaleString('en')} bytes` : `${value.toFixed(2)} ms`;
  return `  ${what}: ${shown} (budget ${budget.toLocaleString('en')} ${unit}; ${(value / budget).toFixed(2)} of it)`;
}

/** A session of `MESSAGES` messages (a user message and a reply per turn), saved as it grew. */
async function bigSession(dir: string): Promise<SessionOwner> {
  const owner = await SessionOwner.create(new FileSessionStore(dir), clock());
  for (let i = 0; i < MESSAGES / 2; i++) {
    const { turn } = owner.startTurn({ text: `Question ${i}: how should exercise ${i} be worded for A2 learners?` });
    owner.recordReply(turn.id, { content: [{ type: 'text', text: `Answer ${i}: keep the sentences short, one new word each, and give an example first.` }], model: 'claude-bench', requestedModel: 'claude-bench', usage, stopReason: 'end_turn' });
    owner.complete(turn.id);
    if (i % 50 === 49) await owner.save();
  }
  await owner.save();
  return owner;
}

async function appendAndLoad(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'la-bench-sessions-'));
  try {
    const built = performance.now();
    const owner = await bigSession(dir);
    const buildMs = performance.now() - built;
    const appends: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const { turn } = owner.startTurn({ text: `One more message ${i}` });
      const start = performance.now();
      await owner.save();
      appends.push(performance.now() - start);
      owner.complete(turn.id);
      await owner.save();
    }
    await owner.close();
    const loads: number[] = [];
    let session: Session | undefined;
    for (let i = 0; i < 9; i++) {
      const store = new FileSessionStore(dir);
      const start = performance.now();
      session = await store.get(owner.id);
      loads.push(performance.now() - start);
      if (session.messages.length < MESSAGES) throw new Error(`loaded ${session.messages.length} messages`);
    }
    const views: number[] = [];
    for (let i = 0; session && i < 9; i++) {
      const start = performance.now();
      sessionToView(session);
      views.push(performance.now() - start);
    }
    const size = (await stat(join(dir, 'sessions', `${owner.id}.jsonl`))).size;
    console.log(`Sessions: one of ${MESSAGES.toLocaleString('en')} messages (journal ${(size / 1e6).toFixed(1)} MB, built in ${(buildMs / 1000).toFixed(1)} s)`);
    console.log(line(`append one message, synced (median of ${SAMPLES})`, median(appends), 'ms', 5));
    console.log(line('load it (median of 9, fresh store each time)', median(loads), 'ms', 100));
    console.log(line('its view, the turns replayed and folded (median of 9)', median(views), 'ms', 300));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function editBytes(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'la-bench-edits-'));
  try {
    let { text } = bigLesson(1_000_000);
    const owner = await SessionOwner.create(new FileSessionStore(dir), clock());
    const { turn } = owner.startTurn({ text: 'Rename ten units' });
    await owner.save();
    const path = join(dir, 'sessions', `${owner.id}.jsonl`);
    const before = (await stat(path)).size;
    for (let i = 0; i < EDITS; i++) {
      const find = `Unit ${i + 10}: au marché`;
      const after = text.replace(find, `Unit ${i + 10}: à la gare`);
      const id = `tu${i}`;
      owner.recordReply(turn.id, { content: [{ type: 'tool_use', id, name: 'edit_text', input: { edits: [{ find, replace: `Unit ${i + 10}: à la gare` }], summary: `Rename unit ${i + 10}` } }], model: 'claude-bench', requestedModel: 'claude-bench', usage, stopReason: 'tool_use' });
      owner.startToolCall({ id, tool: 'edit_text', displayText: 'Editing document', status: 'running', turnId: turn.id, startedAt: 1 });
      const editId = owner.planEdit({ toolCallId: id, turnId: turn.id, documentUri: 'file:///big.lesson.xml', summary: `Rename unit ${i + 10}`, before: text, after });
      await owner.save();
      owner.landEdit(editId, { applied: true, before: text, after });
      owner.endToolCall(id, { status: 'success', editId });
      owner.recordToolResults(turn.id, [{ type: 'tool_result', tool_use_id: id, content: `Applied: Rename unit ${i + 10} (1 change).` }]);
      await owner.save();
      text = after;
    }
    const perEdit = ((await stat(path)).size - before) / EDITS;
    await owner.close();
    console.log(`Edits: ${EDITS} small edits on a ${(text.length / 1e6).toFixed(1)} MB lesson (each: the call, the edit planned, then landed, the result)`);
    console.log(line('journal bytes per small edit', perEdit, 'bytes', 10_000));
    console.log(`  the document is ${Math.round(text.length / perEdit).toLocaleString('en')} times that (the first release stored it twice per edit)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runSessionsBench(): Promise<void> {
  await appendAndLoad();
  await editBytes();
}

// The session journal: what the owner changed is what a fresh read rebuilds, checkpoint after
// checkpoint; damage loses only what comes after it; compaction keeps it short; and edits cost a
// diff, not the document.
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionOwner, type OwnerClock } from '../../../../src/core/sessions/owner';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import type { Session } from '../../../../src/core/sessions/schema';
import { bigLesson } from '../lesson/bigLesson';

function clock(): OwnerClock {
  let t = 1_800_000_000_000;
  let n = 0;
  return { now: () => ++t, newId: (p) => `${p}-${++n}` };
}

const usage = { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheCreationTokens: 0 };
const reply = (content: Session['messages'][number]['content']) => ({ content, model: 'claude-test', requestedModel: 'claude-test', usage, stopReason: 'end_turn' });

describe('session journal', () => {
  let dir: string;
  let problems: string[];
  let store: FileSessionStore;
  let owner: SessionOwner | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-journal-'));
    problems = [];
    store = new FileSessionStore(dir, (m) => problems.push(m));
  });
  afterEach(async () => {
    await owner?.close();
    owner = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  /** Saves, then checks that a fresh read of the journal is exactly the owner's session. */
  async function checkpoint(o: SessionOwner, what: string): Promise<void> {
    await o.save();
    assert.deepEqual(await new FileSessionStore(dir).get(o.id), o.session, `after ${what}`);
  }

  it('rebuilds exactly the owner\'s session after every checkpoint, through every kind of transition', async () => {
    const o = (owner = await SessionOwner.create(store, clock(), { document: { uri: 'file:///a.lesson.xml', name: 'a.lesson.xml', kind: 'lesson' } }));
    const { turn } = o.startTurn({ text: 'Add an exercise', context: { label: 'Selection', block: '<context>x</context>' } });
    await checkpoint(o, 'a new turn (and the title from the first message)');
    o.recordReply(turn.id, reply([{ type: 'thinking', thinking: 'Edit first.', signature: 'sig' }, { type: 'tool_use', id: 'tu1', name: 'edit_text', input: { edits: [] } }, { type: 'tool_use', id: 'tu2', name: 'AskUserQuestion', input: {} }]));
    o.startToolCall({ id: 'tu1', tool: 'edit_text', displayText: 'Editing document', status: 'running', turnId: turn.id, startedAt: 1 });
    const editId = o.planEdit({ toolCallId: 'tu1', turnId: turn.id, documentUri: 'file:///a.lesson.xml', summary: 'Hello', before: '<p>Hi</p>\n', after: '<p>Hello</p>\n' });
    await checkpoint(o, 'a reply, a tool call and an edit recorded before it lands');
    o.landEdit(editId, { applied: true, before: '<p>Hi</p>\n', after: '<p>Hello</p>\n' });
    o.endToolCall('tu1', { status: 'success', editId, resultSummary: '1 change' });
    o.startToolCall({ id: 'tu2', tool: 'AskUserQuestion', displayText: 'Question', status: 'running', turnId: turn.id, startedAt: 2 });
    o.pause({ kind: 'question', toolCallId: 'tu2', turnId: turn.id, completedResults: [{ type: 'tool_result', tool_use_id: 'tu1', content: 'Applied' }], remainingToolUseIds: [], questions: [{ header: 'Level', question: 'Which level?', options: [], multiSelect: false }] });
    await checkpoint(o, 'the edit landed and the turn paused on a question');
    o.recordAnswer(turn.id, 'tu2', { answers: ['B1'] });
    const pending = o.takePending();
    o.resumeTurn(turn.id);
    o.endToolCall('tu2', { status: 'success', resultSummary: 'Answered' });
    o.recordToolResults(turn.id, [...(pending?.completedResults ?? []), { type: 'tool_result', tool_use_id: 'tu2', content: 'B1' }]);
    o.recordReply(turn.id, reply([{ type: 'text', text: 'Done.' }]));
    o.complete(turn.id);
    await checkpoint(o, 'the answer and the end of the turn');
    o.markReverted(editId);
    o.rename('Verbs, B1');
    o.bindDocument({ uri: 'file:///b.md', name: 'b.md', kind: 'text' });
    await checkpoint(o, 'a revert mark, a rename and a new document');
    // A turn a crash left with a tool_use unanswered: the repair inserts results in the middle.
    const second = o.startTurn({ text: 'Again' }).turn;
    o.recordReply(second.id, reply([{ type: 'tool_use', id: 'tu3', name: 'load_skill', input: {} }]));
    await checkpoint(o, 'a reply whose tool never ran');
    const third = o.startTurn({ text: 'And again' }).turn;
    o.recordPartial(third.id, ['Half an answer']);
    o.fail(third.id, { code: 'network', message: 'dropped', retryable: true });
    await checkpoint(o, 'the stale turn settled (a message spliced in), a partial reply and a failure');
    o.retryTurn(third.id);
    o.refuse(third.id, ['No.'], { code: 'refusal', message: 'declined', retryable: false });
    await checkpoint(o, 'a retry and a refusal');
    // What the model is shown: a frame, notices, thinking left out, a cut that only moves the window.
    const frame = { start: 'msg-1', system: 'You help teachers.', tools: [{ name: 'load_skill', input_schema: { type: 'object' } }], skills: [{ name: 'fill-blanks', description: 'Gaps' }], madeAt: 7 };
    o.setFrame(frame);
    const fourth = o.startTurn({ text: 'One more' });
    o.addNotice(fourth.message.id, { kind: 'skills', skills: [], rendered: '<skills-update>' });
    o.repairThinking({ leftOut: [turn.id], dropBlock: true });
    await checkpoint(o, 'a frame, a notice and thinking left out');
    const bytes = (await stat(join(dir, 'sessions', `${o.id}.jsonl`))).size;
    o.setFrame({ ...frame, start: fourth.message.id, carriedUntil: fourth.message.id, madeAt: 8 });
    await checkpoint(o, 'a cut that moved the window and kept the system prompt and tools');
    const grew = (await stat(join(dir, 'sessions', `${o.id}.jsonl`))).size - bytes;
    assert.ok(grew < 300, `a cut that keeps the frame's system prompt and tools costs ${grew} bytes, not the frame again`);
    o.setFrame({ ...frame, system: 'You help teachers and writers.', madeAt: 9 });
    await checkpoint(o, 'a frame with a new system prompt');
  });

  it('keeps every record before a torn write or a bad byte; the writer sets the rest aside and says so', async () => {
    const o = (owner = await SessionOwner.create(store, clock(), { title: 'Weather words' }));
    const states: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const { turn } = o.startTurn({ text: `message ${i}` });
      o.recordReply(turn.id, reply([{ type: 'text', text: `answer ${i}` }]));
      o.complete(turn.id);
      await o.save();
      states.push(structuredClone(o.session));
    }
    await o.close();
    owner = undefined;
    const path = join(dir, 'sessions', `${o.id}.jsonl`);
    const lines = (await readFile(path, 'utf8')).split('\n');
    assert.equal(lines.length, 8, 'a snapshot, six checkpoints, the final newline');
    // A bad byte in the fourth checkpoint (line 5): a digit in its text changes, the JSON still parses.
    const damaged = [...lines];
    damaged[4] = (damaged[4] ?? '').replace('answer 3', 'answer 8');
    await writeFile(path, damaged.join('\n'), 'utf8');
    assert.deepEqual(await store.get(o.id), states[2], 'a reader sees the three checkpoints before the damage');
    assert.equal(problems.length, 0, 'and changes nothing');
    const reopened = (owner = await SessionOwner.open(store, o.id, clock()));
    assert.deepEqual(reopened.session, states[2]);
    assert.match(problems.join('\n'), /Session “Weather words” was damaged \(its checksum does not match\)\. Everything before the damage was kept/);
    const files = await readdir(join(dir, 'sessions'));
    const aside = files.find((f) => f.startsWith(`${o.id}.damaged-`));
    assert.ok(aside, files.join(', '));
    assert.equal(await readFile(join(dir, 'sessions', aside), 'utf8'), damaged.slice(4).join('\n'), 'the damaged records are kept aside, byte for byte');
    const { turn } = reopened.startTurn({ text: 'after the repair' });
    reopened.complete(turn.id);
    await checkpoint(reopened, 'a checkpoint after the repair');
    // A torn last write: the record is cut off half way.
    await reopened.close();
    owner = undefined;
    await truncate(path, (await stat(path)).size - 30);
    assert.deepEqual((await store.get(o.id)).messages.map((m) => m.content[0]?.type === 'text' && m.content[0].text).at(-1), 'answer 2');
  });

  it('compacts a long journal into one snapshot, atomically, and reads the same session back', async () => {
    store = new FileSessionStore(dir, (m) => problems.push(m), { compactMaxRecords: 5 });
    const o = (owner = await SessionOwner.create(store, clock()));
    for (let i = 0; i < 12; i++) {
      const { turn } = o.startTurn({ text: `message ${i}` });
      o.complete(turn.id);
      await checkpoint(o, `checkpoint ${i}`);
    }
    const lines = (await readFile(join(dir, 'sessions', `${o.id}.jsonl`), 'utf8')).split('\n').filter(Boolean);
    assert.ok(lines.length <= 6, `${lines.length} lines`);
    assert.match(lines[0] ?? '', /"kind":"snapshot"/);
    assert.deepEqual((await readdir(join(dir, 'sessions'))).filter((f) => f.endsWith('.tmp')), []);
  });

  it('records the document sent with a message, and a new base that drops the earlier copies', async () => {
    const o = (owner = await SessionOwner.create(store, clock()));
    const first = o.startTurn({ text: 'Look at the lesson' });
    o.attachDocument(first.message.id, { kind: 'snapshot', name: 'weather.md', docKind: 'text', text: '# Weather\n' });
    o.complete(first.turn.id);
    await checkpoint(o, 'a snapshot attached');
    const second = o.startTurn({ text: 'And now?' });
    await checkpoint(o, 'a second message');
    o.attachDocument(second.message.id, { kind: 'changes', name: 'weather.md', edits: [{ start: 0, end: 0, newText: 'x' }], rendered: '+x' });
    await checkpoint(o, 'changes attached to the new message');
    o.rebaseDocument(second.message.id, { kind: 'snapshot', name: 'weather.md', docKind: 'text', text: 'x# Weather\n' });
    await checkpoint(o, 'a new base');
    assert.equal((await new FileSessionStore(dir).get(o.id)).messages[0]?.document, undefined, 'the first copy is gone');
  });

  it('records a small edit on a 1 MB lesson in well under 10 KB: a diff and two hashes, never the document', async () => {
    const { text } = bigLesson(1_000_000);
    const after = text.replace('Unit 200: au marché', 'Unit 200: à la gare');
    const o = (owner = await SessionOwner.create(store, clock()));
    const { turn } = o.startTurn({ text: 'Rename unit 200' });
    await o.save();
    const path = join(dir, 'sessions', `${o.id}.jsonl`);
    const before = (await stat(path)).size;
    o.recordReply(turn.id, reply([{ type: 'tool_use', id: 'tu1', name: 'edit_text', input: { edits: [{ find: 'Unit 200: au marché', replace: 'Unit 200: à la gare' }], summary: 'Rename' } }]));
    o.startToolCall({ id: 'tu1', tool: 'edit_text', displayText: 'Editing document', status: 'running', turnId: turn.id, startedAt: 1 });
    const editId = o.planEdit({ toolCallId: 'tu1', turnId: turn.id, documentUri: 'file:///big.lesson.xml', summary: 'Rename', before: text, after });
    await o.save();
    o.landEdit(editId, { applied: true, before: text, after });
    o.endToolCall('tu1', { status: 'success', editId });
    o.recordToolResults(turn.id, [{ type: 'tool_result', tool_use_id: 'tu1', content: 'Applied to big.lesson.xml: Rename (1 change, -4 +4 characters).' }]);
    await o.save();
    const grew = (await stat(path)).size - before;
    assert.ok(grew < 10_000, `${grew} bytes`);
  });
});

// The offline demo (test/fake/scenarios/demo.json) through the whole core with the real skills and
// editing tools on a real lesson file: each flow the README promises works, says it is a demo, and
// leaves a valid lesson. Also the team's view invariant, spelled out once on a long session.
import * as assert from 'node:assert/strict';
import { hashText } from '../../../../src/core/documents/patch';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileDocument } from '../../../../src/core/documents/fileDocument';
import { validateLesson } from '../../../../src/core/lesson/validate';
import { sessionToView } from '../../../../src/core/sessions/view';
import { loadSkillCatalog } from '../../../../src/core/skills/catalog';
import type { SkillCatalog } from '../../../../src/core/skills/types';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { applyAgentEvents } from '../../../../src/shared/viewReducer';
import type { AgentEvent } from '../../../../src/shared/events';
import { loadScenarioFile } from '../../../fake/fakeAnthropic';
import { assertSameView, startHarness, textOf, type Harness } from './harness';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
const DEMO = loadScenarioFile(join(ROOT, 'test', 'fake', 'scenarios', 'demo.json'));

describe('offline demo scenario, through the agent with the real tools', () => {
  let h: Harness | undefined;
  let dir: string;
  let lesson: string;
  let catalog: SkillCatalog;

  before(async () => {
    const loaded = await loadSkillCatalog({ builtinDir: join(ROOT, 'skills') });
    catalog = loaded.catalog;
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-demo-'));
    lesson = join(dir, 'french-verbs.lesson.xml');
    await copyFile(join(ROOT, 'samples', 'french-verbs.lesson.xml'), lesson);
    h = await startHarness({
      scenario: { ...DEMO, delayMs: 0 },
      tools: builtinTools(catalog),
      skills: catalog,
      document: new FileDocument(lesson),
      settings: { approvalEdits: 'large' },
    });
  });
  afterEach(async () => {
    assert.deepEqual(h?.logs, []);
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('greets on "hello", says it is an offline demo, and touches nothing', async () => {
    const before = await readFile(lesson, 'utf8');
    const id = await (h as Harness).newSession();
    const { outcome, events } = await (h as Harness).run({ kind: 'message', sessionId: id, text: 'hello' });
    assert.equal(outcome.status, 'completed');
    assert.match(textOf(events), /offline demo/i);
    assert.ok(!events.some((e) => e.type === 'tool_start'));
    assert.equal(await readFile(lesson, 'utf8'), before);
  });

  it('loads the fill-blanks skill, then edits the lesson in the same turn, keeping it valid', async () => {
    const before = await readFile(lesson, 'utf8');
    const id = await (h as Harness).newSession();
    const { outcome, events } = await (h as Harness).run({ kind: 'message', sessionId: id, text: 'Add a fill-in-the-blank exercise about French verbs' });
    assert.equal(outcome.status, 'completed');
    assert.match(textOf(events), /^\(Offline demo: scripted replies, not Claude\.\)/);
    const steps = events.filter((e) => e.type === 'tool_end');
    assert.deepEqual(steps.map((e) => e.type === 'tool_end' && e.status), ['success', 'success']);
    const after = await readFile(lesson, 'utf8');
    assert.ok(validateLesson(after).ok, JSON.stringify(validateLesson(after)));
    assert.ok(after.startsWith(before.slice(0, before.lastIndexOf('</lesson>')).trimEnd()), 'the rest of the lesson is kept');
    assert.match(after, /<exercise id="demo-verbs-\w+" type="fill-blanks">/);
    const session = await (h as Harness).session(id);
    assert.equal(session.edits.length, 1);
    assert.equal(session.edits[0]?.hashBefore, hashText(before));
    assert.equal(session.edits[0]?.hashAfter, hashText(after));
    assert.equal(session.edits[0]?.status, 'applied');
  });

  it('asks three questions on "Add an exercise", then writes an exercise from the answers', async () => {
    const id = await (h as Harness).newSession();
    const first = await (h as Harness).run({ kind: 'message', sessionId: id, text: 'Add an exercise' });
    assert.equal(first.outcome.status, 'awaiting_user');
    const question = first.events.find((e) => e.type === 'question');
    assert.ok(question?.type === 'question');
    assert.deepEqual(question.questions.map((q) => q.header), ['Type', 'Topic', 'Level']);
    const answers = ['True or false', 'les fêtes <en> France', 'B1'];
    const second = await (h as Harness).run({ kind: 'answer', sessionId: id, toolCallId: question.toolCallId, answers });
    assert.equal(second.outcome.status, 'completed');
    const after = await readFile(lesson, 'utf8');
    assert.ok(validateLesson(after).ok, JSON.stringify(validateLesson(after).errors));
    assert.match(after, /type="true-false"/);
    assert.match(after, /les fêtes &lt;en&gt; France/, 'typed answers are escaped into the XML');
  });

  it('keeps the view invariant over a long session: stored view = reducer over the events', async () => {
    const harness = h as Harness;
    const id = await harness.newSession();
    const start = sessionToView(await harness.session(id));
    const all: AgentEvent[] = [];
    const steps = [
      { kind: 'message' as const, sessionId: id, text: 'hello' },
      { kind: 'message' as const, sessionId: id, text: 'Add an exercise' },
    ];
    for (const request of steps) all.push(...(await harness.run(request)).events);
    const question = all.find((e) => e.type === 'question');
    const toolCallId = question?.type === 'question' ? question.toolCallId : '';
    all.push(...(await harness.run({ kind: 'answer', sessionId: id, toolCallId, answers: ['Multiple choice', 'weather', 'A2'] })).events);
    all.push(...(await harness.run({ kind: 'message', sessionId: id, text: 'Add a fill-in-the-blank exercise too' })).events);
    assertSameView(applyAgentEvents(start, all), sessionToView(await harness.session(id)));
    const view = sessionToView(await harness.session(id));
    assert.equal(view.items.length, 6);
    assert.deepEqual(
      view.items.flatMap((i) => (i.kind === 'assistant' ? [i.steps.map((s) => s.tool).join('+')] : [])),
      ['', 'AskUserQuestion+edit_document', 'load_skill+edit_document'],
    );
  });
});

// The offline demo (test/fake/scenarios/demo.json) through the whole core with the real skills and
// tools on copies of the samples: each exercise kind from a typed request and from Create
// Exercise's wording, with the user's topic, in a lesson (valid XML) and in Markdown (Markdown, never
// XML); every reply says it is a demo; the view invariant holds over a long session.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { hashText } from '../../../../src/core/documents/patch';
import { validateLesson } from '../../../../src/core/lesson/validate';
import { sessionToView } from '../../../../src/core/sessions/view';
import { applyAgentEvents } from '../../../../src/shared/viewReducer';
import type { AgentEvent } from '../../../../src/shared/events';
import { DEMO_MODEL } from '../../../../src/shared/spend';
import { assertSameView, textOf } from './harness';
import type { DemoRun } from './demoKit';
import { BUNDLES } from '../../../../webview-ui/src/l10n';
import { DEMO, KINDS, pendingCall, say, stepsAnswered, toolsRun, useDemoRuns } from './demoKit';

/** The step that answers what the demo does not understand. */
const FALLBACK = DEMO.fallback?.name ?? 'not understood';

async function text(run: DemoRun): Promise<string> {
  assert.ok(run.path);
  return readFile(run.path, 'utf8');
}

describe('offline demo: exercises of every kind, through the agent with the real tools', () => {
  const startDemo = useDemoRuns();

  it('greets on "hello", says it is an offline demo, and touches nothing', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const before = await text(run);
    const { outcome, events } = await say(run, 'hello');
    assert.equal(outcome.status, 'completed');
    assert.match(textOf(events), /offline demo/i);
    assert.deepEqual(toolsRun(events), []);
    assert.equal(await text(run), before);
    // The panel says a demo reply costs nothing by the model it names (components/Usage.tsx).
    const turn = (await run.harness.session(run.sessionId)).turns.at(-1);
    assert.equal(turn?.model, DEMO_MODEL);
    assert.equal(turn.cost, undefined);
  });

  it('keeps the real French sentences for "Add a fill-in-the-blank exercise about French verbs"', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const before = await text(run);
    const { outcome, events } = await say(run, 'Add a fill-in-the-blank exercise about French verbs');
    assert.equal(outcome.status, 'completed');
    assert.match(textOf(events), /^\(Offline demo: scripted replies, not Claude\.\)/);
    assert.deepEqual(toolsRun(events), ['load_skill', 'edit_document']);
    const after = await text(run);
    assert.ok(validateLesson(after).ok, JSON.stringify(validateLesson(after)));
    assert.ok(after.startsWith(before.slice(0, before.lastIndexOf('</lesson>')).trimEnd()), 'the rest of the lesson is kept');
    assert.match(after, /<blank answer="finissons" hint="finir"/);
    const session = await run.harness.session(run.sessionId);
    assert.equal(session.edits.length, 1);
    assert.equal(session.edits[0]?.hashBefore, hashText(before));
    assert.equal(session.edits[0]?.hashAfter, hashText(after));
    assert.equal(session.edits[0]?.status, 'applied');
  });

  for (const kind of KINDS) {
    it(`adds a valid ${kind.type} exercise about the topic typed, keeping the lesson around it`, async () => {
      const run = await startDemo('water-cycle.lesson.xml');
      const before = await text(run);
      const { outcome, events } = await say(run, `Add a ${kind.say} exercise about clouds & "rain" <in> spring.`);
      assert.equal(outcome.status, 'completed');
      assert.deepEqual(toolsRun(events), ['load_skill', 'edit_document']);
      assert.deepEqual(stepsAnswered(run), [`load ${kind.skill}`, `${kind.skill} edit`, 'edit done']);
      assert.match(textOf(events), /clouds & "rain" <in> spring/, 'the reply names the topic');
      const notes = events.flatMap((e) => (e.type === 'thinking' ? [e.text] : [])).join('');
      assert.match(notes, new RegExp(`Load the [\\w/-]+ rules before writing anything[\\s\\S]*rules are loaded[\\s\\S]*undo it`), 'progress notes narrate each step');
      const after = await text(run);
      const check = validateLesson(after);
      assert.ok(check.ok, JSON.stringify(check.errors));
      assert.ok(after.startsWith(before.slice(0, before.lastIndexOf('</lesson>')).trimEnd()), 'the rest of the lesson is kept');
      const added = after.slice(before.lastIndexOf('</lesson>'));
      assert.match(added, new RegExp(`<exercise id="demo-[\\w-]+" type="${kind.type}"`));
      assert.ok(added.includes(kind.core), `the ${kind.type} exercise has its ${kind.core.trim()}`);
      assert.ok(added.includes('clouds &amp; &quot;rain&quot; &lt;in&gt; spring'), 'the topic, escaped, is in the exercise');
    });
  }

  it('understands Create Exercise...\'s wording, with a topic or (left empty) the lesson\'s own', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    for (const label of ['fill blanks', 'multiple choice', 'true false', 'sequencing', 'short answer', 'writing exercises']) {
      const { outcome } = await say(run, `Add a ${label} exercise about la météo`);
      assert.equal(outcome.status, 'completed', label);
    }
    await say(run, 'Add a sequencing exercise about ');
    const after = await text(run);
    assert.ok(validateLesson(after).ok, JSON.stringify(validateLesson(after).errors));
    assert.equal((after.match(/<exercise id="demo-/g) ?? []).length, 7);
    assert.equal((after.match(/la météo/g) ?? []).length >= 6, true);
    assert.match(after, /<h3>Le présent des verbes en -er: put the steps in order/, 'no topic: the lesson\'s title');
  });

  for (const kind of KINDS) {
    it(`adds a ${kind.type} exercise to a Markdown document as Markdown, never as lesson XML`, async () => {
      const run = await startDemo('reading-notes.md');
      const before = await text(run);
      const { outcome, events } = await say(run, `Add a ${kind.say} exercise about chapters 1-2`);
      assert.equal(outcome.status, 'completed');
      assert.deepEqual(stepsAnswered(run), [`load ${kind.skill}`, `${kind.skill} edit, Markdown`, 'edit done, Markdown']);
      assert.match(textOf(events), /Markdown/);
      const after = await text(run);
      assert.ok(after.startsWith(before), 'the notes are kept byte for byte');
      const added = after.slice(before.length);
      assert.match(added, /^\n## Exercise: [^\n]*\(chapters 1-2\)\n/);
      assert.doesNotMatch(added, /<\/?[a-z-]+[\s>/]/, 'no markup in the Markdown');
    });
  }

  it('keeps the view invariant over a long session: stored view = reducer over the events', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const start = sessionToView(await run.harness.session(run.sessionId));
    const all: AgentEvent[] = [];
    for (const t of ['hello', 'Add an exercise']) all.push(...(await say(run, t)).events);
    const toolCallId = pendingCall(all, 'question');
    const answers = ['Multiple choice', 'weather', 'A2'];
    all.push(...(await run.harness.run({ kind: 'answer', sessionId: run.sessionId, toolCallId, answers })).events);
    all.push(...(await say(run, 'Add a fill-in-the-blank exercise too')).events);
    const stored = sessionToView(await run.harness.session(run.sessionId));
    assertSameView(applyAgentEvents(start, all), stored);
    assert.equal(stored.items.length, 6);
    assert.deepEqual(
      stored.items.flatMap((i) => (i.kind === 'assistant' ? [i.steps.map((s) => s.tool).join('+')] : [])),
      ['', 'AskUserQuestion+load_skill+edit_document', 'load_skill+edit_document'],
    );
  });
});

describe("offline demo: the empty chat's example requests, in every language the panel speaks", () => {
  const startDemo = useDemoRuns();

  for (const [language, bundle] of Object.entries(BUNDLES)) {
    it(`answers the ${language} examples with their own step, not "I did not understand"`, async () => {
      for (const key of ['example1', 'example2', 'example3', 'example4'] as const) {
        const run = await startDemo('french-verbs.lesson.xml', 'never');
        const { outcome } = await say(run, bundle[key]);
        assert.equal(outcome.status, 'completed', `${key}: ${outcome.error?.message}`);
        const steps = stepsAnswered(run);
        assert.ok(!steps.includes(FALLBACK), `"${bundle[key]}" (${key}) was understood: ${steps.join(', ')}`);
      }
    });
  }
});

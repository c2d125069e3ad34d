// The offline demo's other flows through the whole core: a vague request with questions (answered
// or skipped), a large removal and a new lesson behind confirmations (approved or denied), Ask
// About Selection, a review, no document, an overload the loop retries and an outage that ends in
// Retry; and every suggestion the demo offers leads to a scripted answer, never to "not understood".
import * as assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { validateLesson } from '../../../../src/core/lesson/validate';
import { textOf } from './harness';
import type { DemoRun } from './demoKit';
import { pendingCall, say, stepsAnswered, suggestionsIn, toolsRun, useDemoRuns } from './demoKit';

async function text(run: DemoRun): Promise<string> {
  assert.ok(run.path);
  return readFile(run.path, 'utf8');
}

function answer(run: DemoRun, toolCallId: string, answers: Array<string | null>) {
  return run.harness.run({ kind: 'answer', sessionId: run.sessionId, toolCallId, answers });
}

function decide(run: DemoRun, toolCallId: string, approved: boolean, feedback?: string) {
  return run.harness.run({ kind: 'decision', sessionId: run.sessionId, toolCallId, approved, ...(feedback ? { feedback } : {}) });
}

describe('offline demo: questions, confirmations, selection and failures', () => {
  const startDemo = useDemoRuns();

  it('asks three questions on "Add an exercise", then loads the skill and writes the exercise from the answers', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const first = await say(run, 'Add an exercise');
    assert.equal(first.outcome.status, 'awaiting_user');
    const question = first.events.find((e) => e.type === 'question');
    assert.ok(question?.type === 'question');
    assert.deepEqual(question.questions.map((q) => q.header), ['Type', 'Topic', 'Level']);
    const second = await answer(run, question.toolCallId, ['Sequencing', 'les fêtes <en> France', 'B1']);
    assert.equal(second.outcome.status, 'completed');
    assert.deepEqual(toolsRun(second.events), ['load_skill', 'edit_document']);
    const after = await text(run);
    assert.ok(validateLesson(after).ok, JSON.stringify(validateLesson(after).errors));
    assert.match(after, /type="sequencing" level="B1">\n\s*<h3>Les fêtes &lt;en&gt; France: [\s\S]*Offline demo draft for B1/, 'the topic answered, capitalised in the heading');
  });

  it('leaves the document as it is, and says so, when the questions are skipped', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const before = await text(run);
    const first = await say(run, 'Add an exercise');
    const second = await answer(run, pendingCall(first.events, 'question'), [null, null, null]);
    assert.equal(second.outcome.status, 'completed');
    assert.match(textOf(second.events), /leave the document as it is: nothing was changed/);
    assert.deepEqual(toolsRun(second.events), []);
    assert.equal(await text(run), before);
  });

  it('asks before removing every exercise: denied leaves the lesson, approved removes them and keeps it valid', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const before = await text(run);
    const first = await say(run, 'Remove all the exercises');
    assert.equal(first.outcome.status, 'awaiting_user', 'a large removal waits for approval');
    const denied = await decide(run, pendingCall(first.events, 'confirmation'), false, 'keep the verbs one');
    assert.match(textOf(denied.events), /Not changed, as you decided[\s\S]*keep the verbs one/);
    assert.equal(await text(run), before);

    const again = await say(run, 'Remove all the exercises');
    await decide(run, pendingCall(again.events, 'confirmation'), true);
    const after = await text(run);
    assert.doesNotMatch(after, /<exercise\b/);
    assert.ok(validateLesson(after).ok);
    assert.ok(after.includes('<h2 id="forms">The endings</h2>'), 'the rest stays');
    const nothing = await say(run, 'Remove all the exercises');
    assert.equal(nothing.outcome.status, 'completed');
    assert.match(textOf(nothing.events), /nothing to remove/);
  });

  it('asks before creating a new lesson file: approved writes a valid lesson named for the topic; the same name again is refused', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const first = await say(run, 'Create a new lesson about the seasons');
    assert.equal(first.outcome.status, 'awaiting_user');
    const created = await decide(run, pendingCall(first.events, 'confirmation'), true);
    assert.match(textOf(created.events), /Created \*\*the-seasons\.lesson\.xml\*\*/);
    const file = await readFile(join(run.dir, 'workspace', 'the-seasons.lesson.xml'), 'utf8');
    assert.ok(validateLesson(file).ok, JSON.stringify(validateLesson(file).errors));
    assert.match(file, /<lesson title="The seasons">/);

    const again = await say(run, 'Create a new lesson about the seasons');
    assert.equal(again.outcome.status, 'completed', 'an existing name is refused without asking');
    assert.match(textOf(again.events), /Nothing was created[\s\S]*\(prompt:\)/);
    const denied = await say(run, 'Create a new lesson about rivers');
    await decide(run, pendingCall(denied.events, 'confirmation'), false);
    assert.deepEqual(await readdir(join(run.dir, 'workspace')), ['the-seasons.lesson.xml']);
  });

  it('in Markdown, removes the exercise sections it added, giving back the notes byte for byte', async () => {
    const run = await startDemo('reading-notes.md', 'never');
    const before = await text(run);
    await say(run, 'Add a writing exercise about the rose');
    await say(run, 'Add a sequencing exercise about the chapters');
    assert.equal(((await text(run)).match(/^## Exercise/gm) ?? []).length, 2);
    const removed = await say(run, 'Remove all the exercises');
    assert.deepEqual(toolsRun(removed.events), ['edit_document']);
    assert.equal(await text(run), before);
  });

  it('answers about the selection sent with Ask About Selection, quoting it, and edits nothing', async () => {
    const run = await startDemo('water-cycle.lesson.xml');
    const before = await text(run);
    const selection = '<p id="reading-2">As the warm, moist air rises, it cools.</p>';
    const { outcome, events } = await say(run, 'Explain this and suggest how to improve it.', { label: 'Selection: water-cycle.lesson.xml, lines 5-5', text: selection });
    assert.equal(outcome.status, 'completed');
    assert.match(textOf(events), /\*\*Selection: water-cycle\.lesson\.xml, lines 5-5\*\*[\s\S]*> As the warm, moist air rises, it cools\./);
    assert.equal(await text(run), before);
  });

  it('reviews by quoting the first instruction; with no document it says what to open', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const review = await say(run, 'Check the lesson for unclear instructions');
    assert.match(textOf(review.events), /> Complete the sentences with the verb in the present tense\./);
    await run.close();
    const none = await say(await startDemo(undefined), 'Add a true/false exercise about rivers');
    assert.match(textOf(none.events), /No document is open for this chat/);
    assert.deepEqual(toolsRun(none.events), []);
  });

  it('recovers from a simulated overload by itself, and after an outage through Retry', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const overload = await say(run, 'Simulate an overload');
    assert.equal(overload.outcome.status, 'completed');
    assert.ok(overload.events.some((e) => e.type === 'status' && e.kind === 'retrying' && e.code === 'overloaded'));
    assert.match(textOf(overload.events), /simulated overload/);

    const outage = await say(run, 'Simulate an outage');
    assert.equal(outage.outcome.status, 'error');
    assert.equal(outage.outcome.error?.code, 'overloaded');
    assert.equal(outage.outcome.error?.retryable, true);
    const retried = await run.harness.run({ kind: 'retry', sessionId: run.sessionId });
    assert.equal(retried.outcome.status, 'completed');
    assert.match(textOf(retried.events), /simulated outage/);
    assert.deepEqual(stepsAnswered(run), ['overload', 'overload, retried', 'outage', 'outage', 'outage', 'outage, retried']);
  });

  it('answers every suggestion it offers with a script, never with "not understood"', async () => {
    let run = await startDemo('french-verbs.lesson.xml', 'never');
    const list = await say(run, 'What can you do?');
    const offered = suggestionsIn(list.events);
    assert.ok(offered.length >= 13, `offers its flows (${offered.length})`);
    const fallback = await say(run, 'Sing me a song');
    assert.match(textOf(fallback.events), /did not understand/);
    assert.deepEqual(suggestionsIn(fallback.events), offered, 'not understood: the same list');
    for (const suggestion of offered) {
      await run.close();
      run = await startDemo('french-verbs.lesson.xml', 'never');
      await say(run, suggestion);
      assert.ok(!stepsAnswered(run).includes('not understood'), `"${suggestion}" is understood`);
    }
  });
});

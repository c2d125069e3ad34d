// The offline demo closer to a real teacher's words, through the whole core with the real tools: a
// vague request in other words asks the three questions, "start over" asks before it removes most
// of the lesson, a question about the lesson is answered from the document, a draft has the number
// of items and the level asked for under a capitalised heading without the request pasted into it,
// and a 300 KB lesson (sent as its outline) gets its exercise through a targeted edit.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { validateLesson } from '../../../../src/core/lesson/validate';
import { bigLesson } from '../lesson/bigLesson';
import { textOf } from './harness';
import type { DemoRun } from './demoKit';
import { KINDS, pendingCall, say, stepsAnswered, toolsRun, useDemoRuns } from './demoKit';

async function text(run: DemoRun): Promise<string> {
  assert.ok(run.path);
  return readFile(run.path, 'utf8');
}

/** What the turn added at the end of the lesson (the new exercise). */
function added(before: string, after: string): string {
  return after.slice(before.lastIndexOf('</lesson>') - 1);
}

describe('offline demo: a teacher\'s own words', () => {
  const startDemo = useDemoRuns();

  for (const request of ['I need some homework for my class', 'Can you make something for my students?', 'Could you prepare some revision for my pupils?']) {
    it(`asks the three questions on "${request}"`, async () => {
      const run = await startDemo('french-verbs.lesson.xml');
      const { outcome, events } = await say(run, request);
      assert.equal(outcome.status, 'awaiting_user');
      const question = events.find((e) => e.type === 'question');
      assert.ok(question?.type === 'question');
      assert.deepEqual(question.questions.map((q) => q.header), ['Type', 'Topic', 'Level']);
    });
  }

  it('asks before starting over: Deny leaves the lesson, Approve keeps only the title', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const before = await text(run);
    const first = await say(run, "Let's start over");
    assert.equal(first.outcome.status, 'awaiting_user', 'removing most of the lesson waits for approval');
    // The card proposes (not "Removed ...") and, with no answer in the sample, claims no students' work.
    const card = first.events.find((e) => e.type === 'confirmation');
    assert.ok(card?.type === 'confirmation');
    assert.equal(card.request.title, 'Edit french-verbs.lesson.xml?');
    assert.equal(card.request.summary, 'Remove everything but the title, to start over');
    assert.equal(card.request.studentWork, undefined);
    assert.doesNotMatch(card.request.reason ?? '', /changes students' work/);
    const denied = await run.harness.run({ kind: 'decision', sessionId: run.sessionId, toolCallId: pendingCall(first.events, 'confirmation'), approved: false });
    assert.match(textOf(denied.events), /Not changed, as you decided/);
    assert.equal(await text(run), before);

    const again = await say(run, 'Delete everything, I want to start from scratch');
    await run.harness.run({ kind: 'decision', sessionId: run.sessionId, toolCallId: pendingCall(again.events, 'confirmation'), approved: true });
    const after = await text(run);
    assert.ok(validateLesson(after).ok, JSON.stringify(validateLesson(after).errors));
    assert.equal(after, '<?xml version="1.0" encoding="UTF-8"?>\n<lesson title="Le présent des verbes en -er" level="A2" lang="fr">\n  <h1>Le présent des verbes en -er</h1>\n</lesson>\n');
    assert.deepEqual(stepsAnswered(run).slice(-2), ['start over', 'started over']);
  });

  it('answers questions about the lesson from the document: level, length, sections, exercises', async () => {
    const run = await startDemo('water-cycle.lesson.xml');
    const before = await text(run);
    for (const question of ['What level is this lesson?', 'How long is it?', 'What does this lesson contain?']) {
      const { outcome, events } = await say(run, question);
      assert.equal(outcome.status, 'completed');
      assert.deepEqual(toolsRun(events), []);
      const reply = textOf(events);
      assert.doesNotMatch(reply, /everything the demo can show/, `"${question}" is not answered with the list`);
      assert.match(reply, /\*\*The water cycle\*\*[\s\S]*\*\*Level:\*\* B1[\s\S]*about \d[\d,]* words[\s\S]*\*\*Sections \(\d+\):\*\* [^\n]*\S[\s\S]*\*\*Exercises \(3\):\*\* [^\n]*;[^\n]*;/);
    }
    const words = /about ([\d,]+) words/.exec(textOf((await say(run, 'How long is it?')).events))?.[1] ?? '';
    const counted = before.replace(/<\?[\s\S]*?\?>|<[^>]+>/g, ' ').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    assert.ok(Math.abs(Number(words.replace(/,/g, '')) - counted) <= 5, `${words} words, about ${counted}`);
    assert.equal(await text(run), before);
  });

  it('writes as many items as asked, at the level asked, under a capitalised heading without the request in it', async () => {
    const run = await startDemo('water-cycle.lesson.xml');
    const before = await text(run);
    const { outcome } = await say(run, 'Add 4 true or false questions about the water cycle for my A2 class');
    assert.equal(outcome.status, 'completed');
    const after = await text(run);
    assert.ok(validateLesson(after).ok, JSON.stringify(validateLesson(after).errors));
    const exercise = added(before, after);
    assert.equal((exercise.match(/<statement /g) ?? []).length, 4);
    const id = /<exercise id="([^"]+)"/.exec(exercise)?.[1] ?? '';
    assert.equal((exercise.match(new RegExp(`<statement id="${id}-\\d"`, 'g')) ?? []).length, 4, "the statements' ids follow the exercise's");
    assert.match(exercise, /<h3>The water cycle: true or false\? Correct the false sentences\.<\/h3>/);
    assert.match(exercise, /Offline demo draft for A2/);
    assert.match(exercise, /^\s*<exercise id="[^"]+" type="true-false" level="A2">/, 'the level asked for is the exercise\'s level attribute');
    assert.doesNotMatch(exercise, /for my|class<|4 true/, 'nothing of the request pasted in');

    await say(run, 'Add six multiple-choice questions on rivers at level b1.');
    const third = await text(run);
    const choice = added(after, third);
    assert.equal((choice.match(/<question /g) ?? []).length, 6);
    assert.match(choice, /<h3>Rivers: choose the best answer<\/h3>[\s\S]*Offline demo draft for B1/);
    assert.match(choice, /^\s*<exercise id="[^"]+" type="multiple-choice" level="B1">/, '"level b1" as the attribute allows it');
    assert.ok(validateLesson(third).ok, JSON.stringify(validateLesson(third).errors));
  });

  it("takes the lesson's own level for a draft when the request names none; a lesson without one gets none", async () => {
    const run = await startDemo('water-cycle.lesson.xml');
    const before = await text(run);
    await say(run, 'Add a sequencing exercise about evaporation');
    const exercise = added(before, await text(run));
    assert.match(exercise, /^\s*<exercise id="[^"]+" type="sequencing" level="B1">/);
    assert.match(exercise, /Offline demo draft for B1/);

    const plain = await startDemo({ name: 'plain.lesson.xml', text: '<lesson title="Weather">\n  <h1>Weather</h1>\n</lesson>\n' });
    await say(plain, 'Add a true/false exercise about rain');
    const drafted = await text(plain);
    assert.match(drafted, /<exercise id="[^"]+" type="true-false">/, 'no level known: no level attribute');
    assert.ok(validateLesson(drafted).ok, JSON.stringify(validateLesson(drafted).errors));
  });

  it('writes as many items as asked for each countable kind, and keeps every draft valid', async () => {
    const run = await startDemo('water-cycle.lesson.xml', 'never');
    for (const [say1, core] of [['fill-in-the-blank exercise with 5 sentences', '<blank '], ['short-answer exercise with 2 questions', '<short-answer ']] as const) {
      const before = await text(run);
      await say(run, `Add a ${say1} about rain`);
      const after = await text(run);
      assert.ok(validateLesson(after).ok, JSON.stringify(validateLesson(after).errors));
      assert.equal(added(before, after).split(core).length - 1, Number(/\d/.exec(say1)?.[0]), say1);
    }
  });

  it('adds an exercise to a 300 KB lesson with a targeted edit, keeping every other byte', async () => {
    const { text: big } = bigLesson(300_000);
    const run = await startDemo({ name: 'big.lesson.xml', text: big }, 'never');
    for (const kind of KINDS) {
      const before = await text(run);
      const { outcome, events } = await say(run, `Add a ${kind.say} exercise about the market`);
      assert.equal(outcome.status, 'completed', kind.type);
      assert.deepEqual(toolsRun(events), ['load_skill', 'edit_text'], kind.type);
      assert.doesNotMatch(textOf(events), /not applied|too long/, kind.type);
      const after = await text(run);
      assert.ok(after.startsWith(before.slice(0, before.lastIndexOf('</lesson>'))), 'the rest of the lesson is kept');
      assert.match(added(before, after), new RegExp(`^\\n\\n  <exercise id="demo-[\\w-]+" type="${kind.type}"[\\s\\S]*${kind.core}`));
      assert.ok(validateLesson(after).ok, JSON.stringify(validateLesson(after).errors));
    }
    assert.deepEqual(stepsAnswered(run).slice(0, 3), ['load fill-blanks', 'fill-blanks edit, long lesson', 'edit done, targeted']);
  });
});

// "Turn this GIFT file into a lesson" through the whole core: the real SDK against the fake model
// playing the offline demo's script, the real tools and a folder on disk. The model calls
// import_quiz; the turn pauses on the same confirmation a new file always gets (what comes in
// differently on the card), nothing is written until it is approved; the reply then tells the
// teacher what did not come in as it was. Denied, or a file that is not there: nothing is created.
import * as assert from 'node:assert/strict';
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validateLesson } from '../../../../src/core/lesson/validate';
import type { AgentEvent } from '../../../../src/shared/events';
import { textOf, types } from './harness';
import type { DemoRun } from './demoKit';
import { pendingCall, ROOT, say, stepsAnswered, toolsRun, useDemoRuns } from './demoKit';

function decide(run: DemoRun, toolCallId: string, approved: boolean) {
  return run.harness.run({ kind: 'decision', sessionId: run.sessionId, toolCallId, approved });
}

function card(events: readonly AgentEvent[]) {
  const e = events.find((x) => x.type === 'confirmation');
  assert.ok(e?.type === 'confirmation');
  return e.request;
}

describe('the agent turns a quiz file into a lesson (import_quiz)', () => {
  const startDemo = useDemoRuns();

  async function withWeatherQuiz(): Promise<DemoRun> {
    const run = await startDemo('french-verbs.lesson.xml');
    await copyFile(join(ROOT, 'samples', 'weather-quiz.gift'), join(run.dir, 'workspace', 'weather-quiz.gift'));
    return run;
  }

  it('asks first, with what comes in differently; approved, the lesson is written, validates, and the reply says what changed', async () => {
    const run = await withWeatherQuiz();
    const first = await say(run, 'Turn weather-quiz.gift into a lesson');
    assert.equal(first.outcome.status, 'awaiting_user');
    assert.deepEqual(
      types(first.events).filter((t, i, all) => t !== all[i - 1]),
      ['turn_start', 'thinking', 'text', 'usage', 'tool_start', 'confirmation', 'done'],
    );
    assert.equal(first.events.find((e) => e.type === 'tool_start' && e.displayText === 'Turning weather-quiz.gift into a lesson')?.type, 'tool_start');
    const asked = card(first.events);
    assert.equal(asked.title, 'Create weather-quiz.lesson.xml from weather-quiz.gift?');
    assert.equal(asked.summary, 'A new lesson made from weather-quiz.gift: 8 questions in 6 exercises. 2 things come in differently: see Details.');
    assert.match(asked.details ?? '', /^Exercise 1: The feedback on each option is kept as a teacher’s note\.\nExercise 5, “Match each word with the weather it describes\.”: A matching question became gaps/);
    assert.equal(asked.hasDiff, true);
    assert.deepEqual(await readdir(join(run.dir, 'workspace')), ['weather-quiz.gift'], 'nothing is written before approval');

    const done = await decide(run, pendingCall(first.events, 'confirmation'), true);
    assert.equal(done.outcome.status, 'completed');
    const reply = textOf(done.events).trim();
    assert.match(reply, /^Created \*\*weather-quiz\.lesson\.xml\*\* from weather-quiz\.gift: 8 questions in 6 exercises\./);
    assert.match(reply, /What did not come in as it was:\n\n- Exercise 1: The feedback on each option is kept as a teacher’s note\.\n- Exercise 5, /);
    const lesson = await readFile(join(run.dir, 'workspace', 'weather-quiz.lesson.xml'), 'utf8');
    assert.ok(validateLesson(lesson).ok);
    assert.match(lesson, /<lesson title="Weather words">/);
    assert.match(lesson, /<statement answer="false" correction="Snow forms as ice crystals/);
    assert.deepEqual(stepsAnswered(run), ['import quiz', 'imported']);
  });

  it('denied: nothing is created, and the reply says so', async () => {
    const run = await withWeatherQuiz();
    const first = await say(run, 'Please convert weather-quiz.gift into a new lesson');
    const denied = await decide(run, pendingCall(first.events, 'confirmation'), false);
    assert.match(textOf(denied.events).trim(), /^Nothing was created, as you decided\./);
    assert.deepEqual(await readdir(join(run.dir, 'workspace')), ['weather-quiz.gift']);
  });

  it('a file that is not in the workspace: no card, nothing created, the reason in the reply', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const { outcome, events } = await say(run, 'Turn week-3.gift into a lesson');
    assert.equal(outcome.status, 'completed', 'nothing to approve');
    assert.deepEqual(toolsRun(events), ['import_quiz']);
    assert.match(textOf(events), /Nothing was created: week-3\.gift does not exist in the workspace folder\./);
    assert.deepEqual(await readdir(join(run.dir, 'workspace')), []);
  });

  it('asks which file when none is named', async () => {
    const run = await startDemo('french-verbs.lesson.xml');
    const { events } = await say(run, 'Turn this GIFT file into a lesson');
    assert.deepEqual(toolsRun(events), []);
    assert.match(textOf(events), /Which file\? Name it, for example \[Turn weather-quiz\.gift into a lesson\]\(prompt:\)/);
  });
});

// import_quiz over a real folder: a GIFT file written by hand after Moodle's examples and a QTI 2.1
// package become new lessons, only after the same confirmation create_document asks for, never
// over an existing file, never from outside the folder; the card and the result say what did not
// come in as it was.
import * as assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { validateLesson } from '../../../../src/core/lesson/validate';
import { importQuizTool, lessonPathFor } from '../../../../src/core/tools/importQuiz';
import { useWorkbench } from './toolContext';
import { zipFolder } from '../exchange/zipFolder';

const FIXTURES = resolve('test/unit/core/exchange/fixtures');

describe('import_quiz', () => {
  const bench = useWorkbench();

  async function withQuiz(name: string, data: Uint8Array | string): Promise<void> {
    await mkdir(join(bench.dir, 'quizzes'), { recursive: true });
    await writeFile(join(bench.dir, 'quizzes', name), data);
  }

  it('asks first, saying what comes in differently, and asking writes nothing', async () => {
    await withQuiz('moodle.gift', await readFile(join(FIXTURES, 'moodle-examples.gift')));
    const input = { path: 'quizzes/moodle.gift' };
    assert.equal(importQuizTool.displayText(input), 'Turning quizzes/moodle.gift into a lesson');
    const plan = await importQuizTool.needsConfirmation?.(input, bench.context({ settings: { approvalEdits: 'never' } }));
    assert.ok(plan, 'a new file always asks, whatever the edit approval setting');
    assert.equal(plan.request.tool, 'import_quiz');
    assert.equal(plan.request.title, 'Create quizzes/moodle.lesson.xml from quizzes/moodle.gift?');
    assert.equal(plan.request.summary, 'A new lesson made from quizzes/moodle.gift: 12 questions in 8 exercises. 4 things come in differently: see Details.');
    assert.match(plan.request.details ?? '', /^Exercise 1: The feedback on each option is kept as a teacher’s note\.$/m);
    assert.match(plan.request.details ?? '', /^Exercise 8: Not carried: a picture\.$/m);
    assert.equal(plan.proposal?.before, '');
    assert.ok(validateLesson(plan.proposal?.after ?? '').ok, 'the proposed lesson validates');
    assert.deepEqual(await readdir(join(bench.dir, 'quizzes')), ['moodle.gift']);
  });

  it('creates the lesson once run (after approval), and its result lists what came in differently', async () => {
    await withQuiz('moodle.gift', await readFile(join(FIXTURES, 'moodle-examples.gift')));
    const result = await importQuizTool.run({ path: 'quizzes/moodle.gift', lessonPath: 'lessons/grant.lesson.xml' }, bench.context());
    assert.equal(result.isError, undefined, result.content);
    assert.match(result.content, /^Created lessons\/grant\.lesson\.xml from quizzes\/moodle\.gift: 12 questions in 8 exercises\.\nNot everything came in as it was \(tell the teacher, in these words\):\n- Exercise 1: The feedback/);
    assert.equal(result.summary, 'Created lessons/grant.lesson.xml from quizzes/moodle.gift');
    const xml = await readFile(join(bench.dir, 'lessons', 'grant.lesson.xml'), 'utf8');
    assert.ok(validateLesson(xml).ok);
    assert.match(xml, /<option correct="true">no one<\/option>/);
  });

  it('reads a QTI 2.1 package as Canvas writes one; nothing lost is said so', async () => {
    await withQuiz('canvas.zip', zipFolder(join(FIXTURES, 'qti21')));
    const result = await importQuizTool.run({ path: 'quizzes/canvas.zip' }, bench.context());
    assert.equal(result.content, 'Created quizzes/canvas.lesson.xml from quizzes/canvas.zip: 4 questions in 4 exercises.\nEverything came in as it was.');
    assert.match(await readFile(join(bench.dir, 'quizzes', 'canvas.lesson.xml'), 'utf8'), /<sequence id="order"/);
  });

  it('never overwrites: an existing lesson of that name is refused, asking nothing', async () => {
    await withQuiz('moodle.gift', await readFile(join(FIXTURES, 'moodle-examples.gift')));
    await writeFile(join(bench.dir, 'quizzes', 'moodle.lesson.xml'), 'mine');
    const input = { path: 'quizzes/moodle.gift' };
    assert.equal(await importQuizTool.needsConfirmation?.(input, bench.context()), undefined);
    const result = await importQuizTool.run(input, bench.context());
    assert.equal(result.isError, true);
    assert.match(result.content, /^Nothing was created\. quizzes\/moodle\.lesson\.xml already exists/);
    assert.equal(await readFile(join(bench.dir, 'quizzes', 'moodle.lesson.xml'), 'utf8'), 'mine');
  });

  for (const [input, expected] of [
    [{ path: '../outside.gift' }, /uses "\.\."/],
    [{ path: '/etc/passwd' }, /absolute/],
    [{ path: 'missing.gift' }, /missing\.gift does not exist in the workspace folder/],
    [{ path: 'quizzes' }, /quizzes is a folder, not a file/],
    [{ path: 'quizzes/moodle.gift', lessonPath: 'notes.md' }, /must end in \.lesson\.xml/],
    [{ path: 'quizzes/moodle.gift', lessonPath: '.lesson-agent/x.lesson.xml' }, /hidden folder/],
    [{ path: 'unit.lesson.xml' }, /unit\.lesson\.xml cannot be imported/],
  ] as const) {
    it(`refuses ${JSON.stringify(input)} with a reason, writing nothing`, async () => {
      await withQuiz('moodle.gift', await readFile(join(FIXTURES, 'moodle-examples.gift')));
      const before = await readdir(bench.dir, { recursive: true });
      assert.equal(await importQuizTool.needsConfirmation?.(input, bench.context()), undefined);
      const result = await importQuizTool.run(input, bench.context());
      assert.equal(result.isError, true);
      assert.match(result.content, expected);
      assert.deepEqual(await readdir(bench.dir, { recursive: true }), before);
    });
  }

  it('does not follow a link out of the workspace folder', async () => {
    const outside = join(bench.dir, '..', `outside-${Date.now()}`);
    await mkdir(outside);
    await writeFile(join(outside, 'secret.gift'), '::Q::Secret?{TRUE}');
    try {
      await symlink(outside, join(bench.dir, 'linked'));
      const result = await importQuizTool.run({ path: 'linked/secret.gift' }, bench.context());
      assert.equal(result.isError, true);
      assert.match(result.content, /points outside the workspace folder/);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('explains that a quiz needs a workspace folder', async () => {
    const result = await importQuizTool.run({ path: 'a.gift' }, bench.context({ workspace: undefined }));
    assert.equal(result.isError, true);
    assert.match(result.content, /No workspace folder/);
  });

  it('names the lesson after the quiz', () => {
    assert.equal(lessonPathFor('week-3.gift'), 'week-3.lesson.xml');
    assert.equal(lessonPathFor('exports/Week 3.qti.zip'), 'exports/Week 3.lesson.xml');
    assert.equal(lessonPathFor('bank.gift.txt'), 'bank.lesson.xml');
  });
});

// Students' answers: the guard means what a teacher means. Swapping two answers is a change to
// students' work (it passed unasked under every setting); under approval "never", the exact
// requests that unlocked too much now unlock only what they ask for, where they ask for it.
import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { studentWorkChanges } from '../../../../src/core/lesson/studentWork';
import { editDocumentTool } from '../../../../src/core/tools/editDocument';
import { ANSWERED } from '../lesson/fixtures';
import { useWorkbench } from './toolContext';

const SWAPPED = ANSWERED.replace('student-answer="va"', 'student-answer="@@"').replace('student-answer="achete"', 'student-answer="va"').replace('student-answer="@@"', 'student-answer="achete"');
const clear = (text: string, value: string): string => text.replace(`student-answer="${value}"`, 'student-answer=""');

describe("students' answers: the guard means what a teacher means", () => {
  const bench = useWorkbench('market.lesson.xml', ANSWERED);

  async function underNever(request: string, proposed: string): Promise<{ isError: boolean; content: string; summary: string }> {
    await writeFile(bench.document.path, ANSWERED);
    const result = await editDocumentTool.run({ documentXml: proposed, summary: 'Edited' }, bench.context({ settings: { approvalEdits: 'never' }, userRequest: request }));
    return { isError: result.isError === true, content: result.content, summary: result.summary ?? '' };
  }

  it('two answers that trade places are two changes, listed in words; an answer moved by a new gap before it is not', () => {
    const swap = studentWorkChanges(ANSWERED, SWAPPED);
    assert.deepEqual(swap.map((c) => c.kind === 'answer-changed' && [c.field.value, c.to]), [['va', 'achete'], ['achete', 'va']]);
    const gapFirst = ANSWERED.replace('<p>Claire', '<p>Il <blank answer="fait" student-answer=""/> beau.</p>\n    <p>Claire');
    assert.deepEqual(studentWorkChanges(ANSWERED, gapFirst), []);
  });

  it('a swap asks the teacher under "large", and is refused under "never" when nobody asked for it', async () => {
    const plan = await editDocumentTool.needsConfirmation?.({ documentXml: SWAPPED, summary: 'Tidied' }, bench.context({ settings: { approvalEdits: 'large' } }));
    assert.equal(plan?.request.title, "Change students' work in market.lesson.xml?");
    assert.match(plan?.request.studentWork?.[0]?.changes.join('\n') ?? '', /“va” would become “achete”[\s\S]*“achete” would become “va”/);
    const refused = await underNever('Tidy up the lesson', SWAPPED);
    assert.ok(refused.isError);
    assert.equal(await readFile(bench.document.path, 'utf8'), ANSWERED);
  });

  it('"Mark the correct answers in bold" changes no student answer', async () => {
    const everyAnswerCleared = ['va', 'achete', 'true', 'Mon marché est grand.'].reduce(clear, ANSWERED).replace('<h3>Complete the sentences</h3>', '<h3><strong>Complete the sentences</strong></h3>');
    const r = await underNever('Mark the correct answers in bold', everyAnswerCleared);
    assert.ok(r.isError, r.content);
    assert.match(r.content, /\(4 student answers: ex-1, ex-2, ex-3\)/);
    assert.equal(await readFile(bench.document.path, 'utf8'), ANSWERED);
  });

  it('"update the answer key in exercise 2" changes the key, not an answer in exercise 1', async () => {
    const keyAndMore = clear(ANSWERED.replace('answer="true" student-answer="true"', 'answer="false" student-answer="true"'), 'va');
    const r = await underNever('update the answer key in exercise 2', keyAndMore);
    assert.ok(r.isError, r.content);
    assert.equal(r.summary, "Refused: it would change students' work (Exercise 1, “Complete the sentences”)");
    const keyOnly = ANSWERED.replace('answer="true" student-answer="true"', 'answer="false" student-answer="true"');
    assert.equal((await underNever('update the answer key in exercise 2', keyOnly)).isError, false);
  });

  it('"clear the students\' answers in exercise 1" clears exercise 1 only', async () => {
    const alsoThree = ['va', 'achete', 'Mon marché est grand.'].reduce(clear, ANSWERED);
    const r = await underNever("clear the students' answers in exercise 1", alsoThree);
    assert.ok(r.isError, r.content);
    assert.equal(r.summary, "Refused: it would change students' work (Exercise 3)");
    const onlyOne = ['va', 'achete'].reduce(clear, ANSWERED);
    const ok = await underNever("clear the students' answers in exercise 1", onlyOne);
    assert.equal(ok.isError, false, ok.content);
    assert.equal(await readFile(bench.document.path, 'utf8'), onlyOne);
    // The same in other words: the first exercise, its id, a list of exercises.
    for (const request of ['Please clear the answers in the first exercise', 'reset the responses of ex-1', 'clear the answers in exercises 1 and 3']) {
      assert.equal((await underNever(request, onlyOne)).isError, false, request);
    }
  });

  it('"Add a hint to ex-1" renames no id; asking for the new id does', async () => {
    const renamed = ANSWERED.replace('hint="aller"', 'hint="aller (to go)"').replace('id="ex-1"', 'id="verbs-1"');
    const r = await underNever('Add a hint to ex-1', renamed);
    assert.ok(r.isError, r.content);
    assert.match(r.content, /The id ex-1 would become verbs-1/);
    assert.equal((await underNever('Add a hint to ex-1 and rename it verbs-1', renamed)).isError, false);
  });
});

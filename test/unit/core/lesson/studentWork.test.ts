// Finding what an edit would do to students' work, and saying it in a teacher's words.
import * as assert from 'node:assert/strict';
import { describeAnsweredWork, describeStudentWork, studentWorkChanges } from '../../../../src/core/lesson/studentWork';
import { ANSWERED, ORIGINAL_FORMAT_LESSON } from './fixtures';

function words(before: string, after: string): Array<{ place: string; changes: readonly string[] }> {
  return describeStudentWork(studentWorkChanges(before, after));
}

describe("students' work in an edit", () => {
  it('sees nothing when answers and ids are kept, also when text around them changes', () => {
    const after = ANSWERED.replace('Au marché', 'Le marché du samedi').replace('Décris ton marché.', 'Décris ton marché préféré.');
    assert.deepEqual(studentWorkChanges(ANSWERED, after), []);
  });

  it('a changed answer: the sentence, the old and the new answer', () => {
    assert.deepEqual(words(ANSWERED, ANSWERED.replace('student-answer="achete"', 'student-answer="achète"')), [
      { place: 'Exercise 1, “Complete the sentences”', changes: ['The answer to “Elle ___ des pommes.”: “achete” would become “achète”.'] },
    ]);
    assert.deepEqual(words(ANSWERED, ANSWERED.replace('student-answer="true"', 'student-answer=""')), [
      { place: 'Exercise 2, “True or false?”', changes: ['The answer to “Claire va au marché.”: “true” would be cleared.'] },
    ]);
  });

  it('a removed answer: the attribute dropped, or its element deleted', () => {
    const dropped = ANSWERED.replace(' student-answer="Mon marché est grand."', '');
    assert.deepEqual(words(ANSWERED, dropped), [
      { place: 'Exercise 3', changes: ['The student\'s text: “Mon marché est grand.” would be deleted.'] },
    ]);
    const deleted = ANSWERED.replace(/\s*<p>Claire.*<\/p>/, '');
    assert.deepEqual(words(ANSWERED, deleted), [
      { place: 'Exercise 1, “Complete the sentences”', changes: ['The answer to “Claire ___ au marché.”: “va” would be deleted.'] },
    ]);
  });

  it('a removed exercise: its answers and the exercise itself, once', () => {
    const after = ANSWERED.replace(/\s*<exercise id="ex-2"[\s\S]*?<\/exercise>/, '');
    assert.deepEqual(words(ANSWERED, after), [
      {
        place: 'Exercise 2, “True or false?”',
        changes: ['The answer to “Claire va au marché.”: “true” would be deleted.', 'The exercise would be removed.'],
      },
    ]);
  });

  it('a renamed id: the old and the new, answers followed under the new id', () => {
    const after = ANSWERED.replace('id="ex-1"', 'id="fb-market"');
    const changes = studentWorkChanges(ANSWERED, after);
    assert.deepEqual(changes.map((c) => c.kind), ['id-renamed']);
    assert.deepEqual(words(ANSWERED, after), [
      {
        place: 'Exercise 1, “Complete the sentences”',
        changes: ['The exercise would be relabelled: answers and marks already recorded for it would no longer match.'],
      },
    ]);
  });

  it('an id dropped from an element that stays', () => {
    assert.deepEqual(words(ANSWERED, ANSWERED.replace('id="s1" ', '')), [
      { place: 'Exercise 2, “True or false?”', changes: ["A statement would lose the label that links students' answers and marks to it."] },
    ]);
  });

  it('a gap inserted before an answered one is not a change: the answer moved with its gap', () => {
    const after = ANSWERED.replace('<p>Claire', '<p>Il <blank answer="fait" student-answer=""/> beau.</p>\n    <p>Claire');
    assert.deepEqual(studentWorkChanges(ANSWERED, after), []);
  });

  it('covers every element that takes an answer, and an unknown one from another tool', () => {
    const lesson = (a: string) => `<lesson>
  <exercise id="mc" type="multiple-choice">
    <question student-answer="${a}"><prompt>Nous ___ le train.</prompt><option correct="true">prenons</option><option>prend</option></question>
  </exercise>
  <exercise id="seq" type="sequencing"><sequence student-answer="${a}"><item order="1">a</item><item order="2">b</item></sequence></exercise>
  <exercise id="sa" type="short-answer"><short-answer student-answer="${a}"><prompt>Why?</prompt></short-answer></exercise>
  <exercise id="poll"><vote-box student-answer="${a}"/></exercise>
</lesson>`;
    const groups = words(lesson('x'), lesson(''));
    assert.deepEqual(groups.map((g) => g.changes[0]), [
      'The answer to “Nous ___ le train.”: “x” would be cleared.',
      'The order the student chose: “x” would be cleared.',
      'The answer to “Why?”: “x” would be cleared.',
      'A student\'s answer: “x” would be cleared.',
    ]);
    assert.deepEqual(studentWorkChanges(lesson(''), lesson('x')), [], 'writing into an empty answer is not a loss');
  });

  it("lists as students' work only the exercises where an answer changes: removed unanswered exercises are none", () => {
    // "Start over": everything but the title goes, in a lesson nobody has answered yet.
    const startOver = (lesson: string): string => lesson.replace(/(<h1>[^<]*<\/h1>)[\s\S]*(<\/lesson>)/, '$1\n$2');
    const removed = studentWorkChanges(ORIGINAL_FORMAT_LESSON, startOver(ORIGINAL_FORMAT_LESSON));
    assert.equal(removed.filter((c) => c.kind === 'id-removed' && c.element.element === 'exercise').length, 3, 'the exercises go');
    assert.deepEqual(describeAnsweredWork(removed), []);
    // One student wrote in the second exercise: only that exercise is listed.
    const answered = ORIGINAL_FORMAT_LESSON.replace('<writing-area student-answer="" />', '<writing-area student-answer="I went to the sea." />');
    assert.deepEqual(describeAnsweredWork(studentWorkChanges(answered, startOver(answered))), [
      { place: 'Exercise 2, “Your weekend”', changes: ['The student\'s text: “I went to the sea.” would be deleted.', 'The exercise would be removed.'] },
    ]);
  });

  it('reads a document that is not well-formed as far as it can', () => {
    const broken = ANSWERED.replace('</h1>', '</h2>');
    assert.equal(studentWorkChanges(broken, broken.replace('student-answer="va"', 'student-answer=""')).length, 1);
  });
});

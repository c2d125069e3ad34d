// Validation that judges the change: the original lesson format (no `type`) is accepted, an edit
// is refused only for problems it adds (with line and column), and problems the document already
// had are reported without blocking it.
import * as assert from 'node:assert/strict';
import { judgeLessonChange } from '../../../../src/core/lesson/change';
import { formatLessonErrors, validateLesson } from '../../../../src/core/lesson/validate';
import { ORIGINAL_FORMAT_LESSON, SEED_EXAMPLE } from './fixtures';

/** A teacher's lesson with things this validator does not know: another tool's markup, an HTML entity. */
const WITH_OLD_PROBLEMS = `<lesson title="Weather" lang="en">
  <h1>Talking about the weather</h1>
  <p data-source="quizlet">Sun, rain&nbsp;and wind.</p>
  <audio src="weather.mp3"/>
  <exercise id="ex-1" type="fill-blanks">
    <p>It <blank answer="rains" student-answer=""/> a lot in April.</p>
  </exercise>
</lesson>
`;

const NEW_EXERCISE = `  <exercise id="ex-0" type="true-false">
    <statement answer="true" student-answer="">It snows in winter.</statement>
  </exercise>
`;

describe('lesson validation: the original format', () => {
  it("accepts the seed's fill-blanks example, its type taken from its gaps", () => {
    const v = validateLesson(`<lesson>\n${SEED_EXAMPLE}\n</lesson>`);
    assert.equal(formatLessonErrors(v), '');
    assert.deepEqual(v.exercises, [{ id: 'ex-123', type: 'fill-blanks', typeDeclared: false, line: 2 }]);
  });

  it('accepts a whole lesson written that way and infers what each exercise is', () => {
    const v = validateLesson(ORIGINAL_FORMAT_LESSON);
    assert.equal(formatLessonErrors(v), '');
    assert.deepEqual(
      v.exercises.map((e) => `${e.id}:${e.type ?? 'none'}:${e.typeDeclared}`),
      ['ex-123:fill-blanks:false', 'ex-124:writing:false', 'ex-125:none:false'],
    );
  });

  it('still checks a declared type against the content, and refuses an unknown one', () => {
    const v = validateLesson('<lesson><exercise id="a" type="true-false"><p>none</p></exercise><exercise id="b" type="gapfill"/></lesson>');
    assert.deepEqual(
      v.errors.map((e) => e.message.replace(/: fill-blanks.*/, '')),
      ['<exercise type="true-false"> contains no <statement>', '<exercise> type="gapfill" must be one of'],
    );
  });
});

describe('lesson validation: judging an edit by what it changes', () => {
  it('lets an edit through a document with old problems and reports them at their new place', () => {
    const after = WITH_OLD_PROBLEMS.replace('  <exercise id="ex-1"', `${NEW_EXERCISE}  <exercise id="ex-1"`);
    const change = judgeLessonChange(WITH_OLD_PROBLEMS, after);
    assert.deepEqual(change.introduced, []);
    assert.deepEqual(
      change.preexisting.map((e) => `${e.line}:${e.column} ${e.message.split(';')[0]}`),
      ['3:6 unknown attribute data-source on <p>', '3:37 &nbsp', '4:3 unknown element <audio>'],
    );
    assert.equal(change.uncheckedRest, false);
  });

  it('refuses a problem the edit adds, with its line and column, beside the old ones', () => {
    const after = WITH_OLD_PROBLEMS.replace('</h1>\n', '</h1>\n  <p>New <blank answer="x" student-answer=""/> here.</p>\n');
    const change = judgeLessonChange(WITH_OLD_PROBLEMS, after);
    assert.deepEqual(
      change.introduced.map((e) => `${e.line}:${e.column} ${e.message}`),
      ['3:10 <blank> must be inside an <exercise>'],
    );
    assert.equal(change.preexisting.length, 3);
  });

  it('counts problems of one kind and place: a second unknown attribute like an old one is new', () => {
    const after = WITH_OLD_PROBLEMS.replace('</h1>\n', '</h1>\n  <p data-source="edpuzzle">Clouds.</p>\n');
    const change = judgeLessonChange(WITH_OLD_PROBLEMS, after);
    assert.deepEqual(change.introduced.map((e) => `${e.line}:${e.column}`), ['3:6']);
    assert.equal(change.preexisting.length, 3);
  });

  it('an element of an unknown kind added elsewhere is new, even when the document already has one', () => {
    const after = WITH_OLD_PROBLEMS.replace('  </exercise>', '    <audio src="rain.mp3"/>\n  </exercise>');
    assert.deepEqual(judgeLessonChange(WITH_OLD_PROBLEMS, after).introduced.map((e) => e.message.split(';')[0]), ['unknown element <audio>']);
  });

  it('keeps fixing an old problem free: it is simply gone', () => {
    const after = WITH_OLD_PROBLEMS.replace('&nbsp;', '&#160;');
    const change = judgeLessonChange(WITH_OLD_PROBLEMS, after);
    assert.deepEqual(change.introduced, []);
    assert.equal(change.preexisting.length, 2);
  });

  it('a document already broken stays editable before the break; breaking a sound one is refused', () => {
    const broken = WITH_OLD_PROBLEMS.replace('<h1>Talking about the weather</h1>', '<h1>Talking about the weather</h2>');
    const edited = broken.replace('Sun, rain', 'Sun, snow, rain');
    const kept = judgeLessonChange(broken, edited);
    assert.deepEqual(kept.introduced, []);
    assert.equal(kept.uncheckedRest, true);
    const newlyBroken = judgeLessonChange(WITH_OLD_PROBLEMS, broken);
    assert.match(newlyBroken.introduced[0]?.message ?? '', /<\/h2> does not close <h1>/);
  });

  it('a new document (nothing before) has every problem introduced', () => {
    const change = judgeLessonChange(undefined, WITH_OLD_PROBLEMS);
    assert.equal(change.introduced.length, 3);
  });

  it('says what to write instead of an HTML entity', () => {
    const v = validateLesson('<lesson><p>a&nbsp;b &mdash; c &zzz; d</p></lesson>');
    assert.deepEqual(
      v.errors.map((e) => e.message.split(': ').at(-1)),
      ['write &#160; or the character itself (a no-break space)', 'write &#8212; or the character itself (—)', 'write the character itself or a numeric reference such as &#160;'],
    );
  });
});

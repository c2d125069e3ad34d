import * as assert from 'node:assert/strict';
import { describeChange } from '../../../../src/core/documents/changeWords';

const LESSON = [
  '<lesson title="Weather" lang="en">',
  '  <h1>Talking about the weather</h1>',
  '  <p>Today we learn words for the weather.</p>',
  '  <p>Look out of the window.</p>',
  '  <p>Homework: three sentences.</p>',
  '</lesson>',
  '',
].join('\n');
const EXERCISE = '  <exercise id="w1" type="fill-blanks">\n    <h3>Complete</h3>\n    <p>It is <blank answer="sunny" student-answer=""/>.</p>\n  </exercise>\n';

describe('what an edit did, in a teacher\'s words', () => {
  it('names whole parts of a lesson that were added or removed', () => {
    assert.equal(describeChange(LESSON, LESSON.replace('</lesson>', `${EXERCISE}</lesson>`), 'lesson'), 'added an exercise', 'the paragraph inside the exercise is part of it');
    assert.equal(describeChange(LESSON, LESSON.replace('  <p>Look out of the window.</p>\n', ''), 'lesson'), 'removed a paragraph');
    const note = '  <note><p>Bring pictures.</p></note>\n';
    assert.equal(describeChange(LESSON, LESSON.replace('</h1>\n', `</h1>\n${note}`), 'lesson'), 'added a note');
    const two = LESSON.replace('  <p>Look out of the window.</p>\n  <p>Homework: three sentences.</p>\n', '');
    assert.equal(describeChange(LESSON, two, 'lesson'), 'removed 2 paragraphs');
    assert.equal(describeChange(LESSON, LESSON.replace('</lesson>', `${EXERCISE}${EXERCISE.replace('w1', 'w2')}</lesson>`), 'lesson'), 'added 2 exercises');
  });

  it('counts lines for a change in place', () => {
    assert.equal(describeChange(LESSON, LESSON.replace('three sentences', 'five sentences'), 'lesson'), 'changed 1 line');
    const rewritten = LESSON.replace('learn words', 'learn new words').replace('Look out', 'Look outside').replace('three', 'four');
    assert.equal(describeChange(LESSON, rewritten, 'lesson'), 'changed 3 lines');
    assert.equal(describeChange(LESSON, LESSON, 'lesson'), 'no change');
    assert.equal(describeChange(LESSON, rewritten, 'lesson', 'present'), 'changes 3 lines', 'what a proposal would do');
  });

  it('speaks of paragraphs and headings in Markdown', () => {
    const md = '# Weather\n\nSun and rain.\n';
    assert.equal(describeChange(md, `${md}\nWind and snow, too.\n`, 'text'), 'added a paragraph');
    assert.equal(describeChange(md, `${md}\n## Homework\n\nWrite three sentences.\n`, 'text'), 'added a heading and a paragraph');
    assert.equal(describeChange(md, md.replace('Sun and rain.', 'Sun, rain and wind.'), 'text'), 'changed 1 line');
  });

  it('never speaks in characters', () => {
    const cases = [describeChange(LESSON, LESSON.replace('</lesson>', `${EXERCISE}</lesson>`), 'lesson'), describeChange('a', 'b', 'text')];
    for (const words of cases) assert.doesNotMatch(words, /character|[+-]\d/);
  });
});

// Every sample lesson and every skill example exported as GIFT and read back by an independent
// parser (gift-pegjs, not ours): each gap, question, statement, sequence and writing space is
// there, of the right GIFT type, with its stem, its right answers and its feedback, compared with
// the lesson's own view (never with our quiz model). The comparison is test/exchange/giftCheck.ts.
import * as assert from 'node:assert/strict';
import { checkGift } from '../../../exchange/giftCheck';
import { SEED_EVERY_KIND, sampleLessons, skillExamples } from '../lesson/lessonExamples';
import { lessonIn } from './languageLessons';

// The French lesson has the words an export writes around the lesson's, in French: the readers must take them too.
export const ALL_LESSONS = [...skillExamples(), ...sampleLessons(), { name: 'seed format', xml: SEED_EVERY_KIND }, { name: 'a lesson in French', xml: lessonIn('fr') }];

describe('GIFT export, read by gift-pegjs', () => {
  for (const { name, xml } of ALL_LESSONS) {
    it(`${name}: every exercise's questions, stems, right answers and feedback are in the GIFT gift-pegjs reads`, () => {
      const check = checkGift(xml, name);
      assert.deepEqual(check.problems, []);
      assert.ok(check.questions.length > 0 || !/<exercise/.test(xml), 'an exercise gives questions');
    });
  }
});

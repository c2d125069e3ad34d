// A lesson in French, German or Spanish goes out to Moodle (GIFT) and QTI with the words students
// read around its own in its language, the printed sheet's (a model answer's label, the marking
// criteria and their points, the word limits, the answers of a not-given statement, the question
// of a sequence), and none in English; the file comes back in as the same lesson, even when a
// platform gave the words back in another case and without the lesson's language.
import * as assert from 'node:assert/strict';
import { unzipSync, zipSync } from 'fflate';
import { exportLesson, importQuiz, type ExportFormat, type Imported } from '../../../../src/core/exchange/exchange';
import { fillIn } from '../../../../src/shared/l10n';
import { pointsText, worksheetWords } from '../../../../src/shared/worksheetWords';
import { validateLesson } from '../../../../src/core/lesson/validate';
import { carried } from './carried';
import { englishWords, LANGUAGES, lessonIn, type Language } from './languageLessons';

type QuizFormat = Extract<ExportFormat, 'gift' | 'qti'>;
const NAME: Record<QuizFormat, string> = { gift: 'lesson.gift.txt', qti: 'lesson.qti.zip' };

function exported(xml: string, format: QuizFormat): Uint8Array {
  const out = exportLesson(xml, format, 'lesson.lesson.xml');
  assert.ok(out.ok, out.ok ? '' : out.message);
  return out.data;
}

/** The file's text as students read it: GIFT's escapes undone, every file of a package. */
function shown(data: Uint8Array, format: QuizFormat): string {
  if (format === 'gift') return new TextDecoder().decode(data).replace(/\\([\\~=#{}:])/g, '$1');
  return Object.values(unzipSync(data)).map((f) => new TextDecoder().decode(f)).join('\n');
}

function reimported(data: Uint8Array, format: QuizFormat): Imported {
  const back = importQuiz(data, NAME[format]);
  assert.ok(back.ok, back.ok ? '' : back.message);
  assert.ok(validateLesson(back.xml).ok, 'the lesson validates');
  return back;
}

/** The sheet's words this lesson's export must say, in `lang`. */
function translated(lang: Language, format: QuizFormat): string[] {
  const w = worksheetWords(lang);
  return [
    w.modelAnswer,
    w.markingCriteria,
    fillIn(w.writeRange, 60, 90),
    fillIn(w.writeAtLeast, 40),
    fillIn(w.writeAtMost, 50),
    `(${pointsText(w, 1)})`,
    `(${pointsText(w, 2)})`,
    ...Object.values(w.statement),
    ...(format === 'gift' ? [w.orderPrompt] : [`${fillIn(w.exercise, 1)} · ${pointsText(w, 3)}`, `${fillIn(w.exercise, 5)} · ${pointsText(w, 10)}`]),
  ];
}

/** The file with the sheet's words in capitals and the lesson's language taken out, as a platform might give it back. */
function garbled(data: Uint8Array, format: QuizFormat, lang: Language): Uint8Array {
  const w = worksheetWords(lang);
  const upper = (text: string) => [w.modelAnswer, w.markingCriteria, w.orderPrompt, ...Object.values(w.statement)].reduce((t, word) => t.split(word).join(word.toUpperCase()), text);
  if (format === 'gift') return new TextEncoder().encode(upper(new TextDecoder().decode(data)).replace(/^\/\/ Language: .*\n/m, ''));
  const files = Object.fromEntries(Object.entries(unzipSync(data)).map(([path, f]) => [path, new TextEncoder().encode(upper(new TextDecoder().decode(f)).replace(/ xml:lang="[^"]*"/g, ''))]));
  return zipSync(files);
}

describe("exports in the lesson's language", () => {
  for (const format of ['gift', 'qti'] as const) {
    for (const lang of LANGUAGES) {
      it(`${format}, ${lang}: the words around the lesson's are the ${lang} sheet's, none English`, () => {
        const text = shown(exported(lessonIn(lang), format), format);
        for (const word of translated(lang, format)) assert.ok(text.includes(word), `“${word}” is in the file`);
        for (const english of englishWords(lang, format)) assert.doesNotMatch(text, english);
      });

      it(`${format}, ${lang}: the file comes back as the same lesson, with nothing said about a sequence's question`, () => {
        const xml = lessonIn(lang);
        const back = reimported(exported(xml, format), format);
        assert.deepEqual(carried(back.xml, format), carried(xml, format));
        assert.equal(back.quiz.lang, lang);
        assert.deepEqual(back.notCarried.filter((n) => /not kept/.test(n.message)), []);
      });

      it(`${format}, ${lang}: the words are recognised in capitals and without the lesson's language`, () => {
        const xml = lessonIn(lang);
        const back = reimported(garbled(exported(xml, format), format, lang), format);
        const [, ...exercises] = carried(back.xml, format);
        assert.deepEqual(exercises, carried(xml, format).slice(1));
        assert.equal(back.quiz.lang, undefined);
      });
    }
  }
});

// A lesson in French, German or Spanish goes out to Moodle (GIFT) and QTI with the words students
// read around its own in its language, the printed sheet's (a model answer's label, the marking
// criteria and their points, the word limits, the answers of a not-given statement, the question
// of a sequence, the names of exercises, questions and texts, the task of a writing space that has
// none), and none in English; the file comes back in as the same lesson, even when a
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
    fillIn(w.questionName, 1, 3),
    fillIn(w.questionName, 8, 1),
    ...(format === 'gift'
      ? [w.orderPrompt, `/${fillIn(w.exercise, 8)}\n`, `::${fillIn(w.exercise, 1)}::`, `::${w.textName}::`, `<p>${w.writeAnswer}</p>`]
      : [`${fillIn(w.exercise, 1)} · ${pointsText(w, 3)}`, `${fillIn(w.exercise, 5)} · ${pointsText(w, 10)}`, `title="${w.textName}"`]),
  ];
}

/** The file with the sheet's words in capitals and the lesson's language taken out, as a platform might give it back. */
function garbled(data: Uint8Array, format: QuizFormat, lang: Language): Uint8Array {
  const w = worksheetWords(lang);
  const upper = (text: string) => [w.modelAnswer, w.markingCriteria, w.orderPrompt, w.writeAnswer, ...Object.values(w.statement)].reduce((t, word) => t.split(word).join(word.toUpperCase()), text);
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

      if (format === 'gift') {
        it(`gift, ${lang}: the notice on not-given statements names the answers the file gives them`, () => {
          const out = exportLesson(lessonIn(lang), 'gift', 'lesson.lesson.xml');
          assert.ok(out.ok);
          const { true: yes, false: no, 'not-given': unsaid } = worksheetWords(lang).statement;
          const notice = out.notCarried.find((n) => /have no “not given”/.test(n.message));
          assert.equal(notice?.message.endsWith(`with the answers “${yes}”, “${no}” and “${unsaid}”.`), true, notice?.message);
        });
      }

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
        assert.doesNotMatch(back.xml, new RegExp(worksheetWords(lang).writeAnswer, 'i'), 'the task written for a writing space without one');
      });
    }
  }

  it('gift: a writing space without a task goes out with the sheet\'s task and comes back without one, in English too', () => {
    for (const lang of ['en', ...LANGUAGES]) {
      const xml = `<lesson title="T" lang="${lang}"><exercise id="w" type="writing"><writing-area lines="4" student-answer=""/></exercise></lesson>`;
      const gift = exported(xml, 'gift');
      assert.ok(shown(gift, 'gift').includes(`<p>${worksheetWords(lang).writeAnswer}</p>`), lang);
      assert.match(reimported(gift, 'gift').xml, /<exercise[^>]*type="writing">\s*<writing-area[^>]*\/>\s*<\/exercise>/, lang);
    }
  });

  it('a lesson without a title is named on the platform in its language', () => {
    for (const lang of LANGUAGES) {
      const untitled = lessonIn(lang).replace(/ title="[^"]*"/, '');
      assert.doesNotMatch(untitled, /<lesson[^>]* title=/);
      const name = worksheetWords(lang).untitled;
      assert.match(shown(exported(untitled, 'gift'), 'gift'), new RegExp(`^\\$CATEGORY: \\$course\\$/top/${name}$`, 'm'));
      assert.match(shown(exported(untitled, 'qti'), 'qti'), new RegExp(`<qti-assessment-test [^>]*title="${name}"`));
      assert.notEqual(name, 'Lesson', `${lang} has its own word`);
    }
  });

  it('GIFT written by hand in French, in small letters, without the language comment: a not-given statement, a sequence, a model answer with criteria, word limits', () => {
    const gift = [
      '$CATEGORY: $course$/top/Le marché',
      '',
      '// [tag:true-false]',
      '::Q1::[html]Léa aime le fromage.{~vrai ~faux =on ne sait pas}',
      '',
      '// [tag:sequencing]',
      '::Q2::[html]numérote les lignes dans le bon ordre (1 pour la première).{=Elle prend le bus. -> 2 =Léa se lève. -> 1}',
      '',
      '// [tag:short-answer]',
      "::Q3::[html]Pourquoi ?{####<p>réponse modèle\u00a0\\: Pour acheter des fruits.</p><p><strong>critères d'évaluation</strong></p><ul><li>Utilise le présent (2 points)</li><li>Sois clair (1 point)</li></ul>}",
      '',
      '// [tag:writing]',
      '::Q4::[html]<p>Raconte ton week-end.</p><p>écris entre 60 et 90 mots.</p>{}',
      '',
    ].join('\n');
    const back = importQuiz(new TextEncoder().encode(gift), 'marche.gift');
    assert.ok(back.ok, back.ok ? '' : back.message);
    assert.match(back.xml, /<statement answer="not-given" student-answer="">Léa aime le fromage\.<\/statement>/);
    assert.match(back.xml, /<sequence student-answer="">\s*<item order="2">Elle prend le bus\.<\/item>\s*<item order="1">Léa se lève\.<\/item>/);
    assert.deepEqual(back.notCarried.filter((n) => /not kept/.test(n.message)), [], 'the sequence\'s question is ours, not the teacher\'s');
    assert.match(back.xml, /<model-answer>Pour acheter des fruits\.<\/model-answer>/);
    assert.match(back.xml, /<criterion points="2">Utilise le présent<\/criterion>\s*<criterion points="1">Sois clair<\/criterion>/);
    assert.match(back.xml, /<writing-area[^>]* min-words="60" max-words="90"/);
    assert.doesNotMatch(back.xml, /écris entre|réponse modèle|critères/i);
  });

  it('QTI items written by hand in German and Spanish, without xml:lang: a statement, a model answer with criteria, a word limit', () => {
    const item = (label: string, body: string, declaration = '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"/>') =>
      `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="q" title="q" label="${label}" adaptive="false" time-dependent="false">${declaration}<qti-item-body>${body}</qti-item-body></qti-assessment-item>`;
    const read = (xml: string) => {
      const back = importQuiz(new TextEncoder().encode(xml), 'item.xml');
      assert.ok(back.ok, back.ok ? '' : back.message);
      return back.xml;
    };
    const choices = ['Verdadero', 'falso', 'NO SE MENCIONA'].map((c, i) => `<qti-simple-choice identifier="C${i}">${c}</qti-simple-choice>`).join('');
    const statement = item('true-false', `<qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-prompt>A Lea le gusta el queso.</qti-prompt>${choices}</qti-choice-interaction>`, '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>C2</qti-value></qti-correct-response></qti-response-declaration>');
    assert.match(read(statement), /<statement id="q" answer="not-given" student-answer="">A Lea le gusta el queso\.<\/statement>/);
    const scorer = '<qti-rubric-block use="scoring" view="scorer"><qti-content-body><p>MUSTERLÖSUNG: Um Obst zu kaufen.</p><p><strong>bewertungskriterien</strong></p><ul><li>Benutzt das Präsens (2 Punkte)</li><li>Klar (1 Punkt)</li></ul></qti-content-body></qti-rubric-block>';
    const open = read(item('short-answer', `${scorer}<qti-extended-text-interaction response-identifier="RESPONSE"><qti-prompt>Warum?</qti-prompt></qti-extended-text-interaction>`));
    assert.match(open, /<model-answer>Um Obst zu kaufen\.<\/model-answer>/);
    assert.match(open, /<criterion points="2">Benutzt das Präsens<\/criterion>\s*<criterion points="1">Klar<\/criterion>/);
    const writing = read(item('writing', '<p>Escribe una postal.</p><p>Escribe como máximo 50 palabras.</p><qti-extended-text-interaction response-identifier="RESPONSE"/>'));
    assert.match(writing, /<writing-area[^>]* max-words="50"/);
    assert.doesNotMatch(writing, /como máximo/);
  });
});

import * as assert from 'node:assert/strict';
import { renderLessonHtml } from '../../../../src/core/lesson/lessonHtml';
import { buildLessonView } from '../../../../src/core/lesson/lessonView';
import { TEACHER_ONLY_BLOCKS, exerciseLabel, inCopy } from '../../../../src/shared/lessonView';
import type { ContentBlock, Copy, LessonBlock, LessonView } from '../../../../src/shared/lessonView';
import { SEED_EVERY_KIND, sampleLessons, skillExamples } from './lessonExamples';

function view(xml: string): LessonView {
  const result = buildLessonView(xml);
  assert.ok(result.ok);
  return result.lesson;
}

function html(xml: string, copy: Copy): string {
  return renderLessonHtml(view(xml), { copy, documentName: 'test.lesson.xml' });
}

/** What a reader sees: the text of the page without tags, entities decoded. */
function visibleText(page: string): string {
  const body = page.slice(page.indexOf('<body'));
  return body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
    .replace(/\s+/g, ' ');
}

function attributes(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((m) => m[1] ?? '');
}

const ALL = [...skillExamples(), ...sampleLessons(), { name: 'seed format', xml: SEED_EVERY_KIND }];

describe('lesson HTML export', () => {
  for (const { name, xml } of ALL) {
    it(`${name}: self-contained, no script; the student copy hides the key and notes, the teacher copy shows them`, () => {
      for (const copy of ['student', 'teacher'] as const) {
        const page = html(xml, copy);
        assert.match(page, /^<!DOCTYPE html>/);
        assert.doesNotMatch(page, /<script|<link|<img|<iframe|@import|url\(|\son\w+=/i, `${copy}: nothing to run or fetch`);
        assert.match(page, /Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"/);
      }
      const student = html(xml, 'student');
      const teacher = html(xml, 'teacher');
      assert.doesNotMatch(student, /class="[^"]*\b(key|key-block|key-alts|note|checked|correct)\b/, 'no answer key in the student copy');
      assert.doesNotMatch(student, /Teacher's note|Model answer/);
      const blanks = attributes(xml, 'answer').length - attributes(xml, 'answer').filter((a) => ['true', 'false', 'not-given'].includes(a)).length;
      assert.equal((teacher.match(/class="gap w\d key"/g) ?? []).length, blanks, 'each gap shows its answer in the teacher copy');
      assert.equal((teacher.match(/<aside class="note">/g) ?? []).length, (xml.match(/<note[\s>]/g) ?? []).length);
      assert.equal((teacher.match(/class="box (circle|square) checked"/g) ?? []).length, (xml.match(/correct="true"|<statement[^>]*answer="(true|false|not-given)"/g) ?? []).length);
    });
  }

  it('prints the words of the lesson, escaped, with its headings and marks', () => {
    const page = html('<lesson title="T &amp; Co" lang="fr"><h1>Fish &amp; <em>chips</em></h1><p>&lt;script&gt;alert(1)&lt;/script&gt; <strong>bold</strong></p></lesson>', 'student');
    assert.match(page, /<html lang="fr">/);
    assert.match(page, /<title>T &#38; Co \(Version élève\)<\/title>/, "the sheet's own words are the lesson's language");
    assert.match(page, /<h1>Fish &#38; <em>chips<\/em><\/h1>/);
    assert.match(page, /<p>&#60;script&#62;alert\(1\)&#60;\/script&#62; <strong>bold<\/strong><\/p>/);
  });

  it("speaks the lesson's language, not the editor's: its own words in French, German or Spanish, English otherwise", () => {
    const xml = (lang: string) => `<lesson lang="${lang}"><exercise id="e" type="fill-blanks" points="2"><p>Il <blank answer="va" alts="part"/>.</p></exercise>
      <exercise id="w" type="writing"><writing-area min-words="80"/></exercise><note><p>N.</p></note></lesson>`;
    const fr = visibleText(html(xml('fr-CA'), 'student'));
    assert.match(fr, /Nom :\s*Date :/);
    assert.match(fr, /Exercice 1 · 2 points/);
    assert.match(fr, /Écris au moins 80 mots\./);
    const frTeacher = visibleText(html(xml('fr'), 'teacher'));
    assert.match(frTeacher, /Version professeur avec corrigé/);
    assert.match(frTeacher, /Exercice 1 · Texte à trous · 2 points/);
    assert.match(frTeacher, /va aussi part/);
    assert.match(frTeacher, /Remarque pour le professeur/);
    const de = visibleText(html(xml('de'), 'student'));
    assert.match(de, /Name:\s*Datum:/);
    assert.match(de, /Aufgabe 1 · 2 Punkte[\s\S]*Schreibe mindestens 80 Wörter\./);
    assert.match(visibleText(html(xml('de'), 'teacher')), /Aufgabe 2 · Schreibaufgabe/);
    assert.match(visibleText(html(xml('es'), 'student')), /Nombre:\s*Fecha:[\s\S]*Ejercicio 1 · 2 puntos/);
    for (const other of ['it', '', 'x-klingon']) assert.match(visibleText(html(xml(other), 'student')), /Name:\s*Date:[\s\S]*Exercise 1 · 2 points[\s\S]*Write at least 80 words\./, `"${other}" prints in English`);
  });

  it('gaps: blank lines with hints for students, answers and alternatives for the teacher', () => {
    const xml = '<lesson><exercise id="e" points="2"><p>We <blank answer="didn\'t see" alts="did not see" hint="not see" student-answer="saw"/> it.</p></exercise></lesson>';
    const student = visibleText(html(xml, 'student'));
    assert.match(student, /We \s*\(not see\) it\./);
    assert.doesNotMatch(student, /didn't see|saw/, 'neither the key nor a student\'s answer is printed on the worksheet');
    assert.match(student, /Exercise 1 · 2 points/);
    const teacher = visibleText(html(xml, 'teacher'));
    assert.match(teacher, /We didn't see also did not see \(not see\) it\./);
    assert.match(teacher, /Exercise 1 · Fill in the blanks · 2 points/);
  });

  it('questions, statements, sequences, short answers and writing areas as paper forms', () => {
    const xml = `<lesson><exercise id="e">
      <question multiple="true"><prompt>Which?</prompt><option correct="true">a</option><option>b</option><option correct="true">c</option><explanation>Because.</explanation></question>
      <statement answer="false" correction="It is wet.">Water is dry.</statement>
      <statement answer="not-given">Fish think.</statement>
      <sequence><item order="2">two</item><item order="1">one</item></sequence>
      <short-answer lines="2"><prompt>Why?</prompt><model-answer>So.</model-answer><rubric><criterion points="1">Clear.</criterion></rubric></short-answer>
      <writing-area lines="4" min-words="50" max-words="80"/>
    </exercise></lesson>`;
    const student = html(xml, 'student');
    assert.equal((student.match(/class="box square"/g) ?? []).length, 3, 'tick boxes for a multiple-answer question');
    assert.match(visibleText(student), /1\. Which\? \(choose all that apply\)/);
    assert.equal((student.match(/class="choice"/g) ?? []).length, 6, 'True, False and Not given for each statement');
    assert.equal((student.match(/class="ruled-line short"/g) ?? []).length, 2, 'room to correct each statement');
    assert.equal((student.match(/<span class="order-box"><\/span>/g) ?? []).length, 2);
    assert.equal((student.match(/class="ruled-line"/g) ?? []).length, 2 + 4, 'answer lines: two for the short answer, four for the writing');
    assert.match(visibleText(student), /Write 50–80 words\./);
    assert.doesNotMatch(visibleText(student), /Because\.|It is wet\.|So\.|Marking criteria/);
    const teacher = visibleText(html(xml, 'teacher'));
    assert.match(teacher, /Why: Because\./);
    assert.match(teacher, /It is wet\./);
    assert.match(teacher, /Model answer: So\./);
    assert.match(teacher, /Marking criteria Clear\. 1 point/);
    assert.match(html(xml, 'teacher'), /<span class="order-box">2<\/span> two.*<span class="order-box">1<\/span> one/);
  });

  it('uses the lesson title as the heading when the lesson has no h1, and the file name when it has no title', () => {
    assert.match(html('<lesson title="Rain"><p>x</p></lesson>', 'student'), /<main class="lesson">\n<h1>Rain<\/h1>/);
    assert.match(html('<lesson><p>x</p></lesson>', 'teacher'), /<title>test\.lesson\.xml \(Teacher copy with answer key\)<\/title>/);
  });

  it("leaves out of the student copy exactly the blocks the shared rule keeps for the teacher (the preview's student view asks the same rule)", () => {
    const blocks = ALL.flatMap(({ xml }) => view(xml).blocks.flatMap((b): Array<LessonBlock | ContentBlock> => (b.kind === 'exercise' ? [b, ...b.blocks] : [b])));
    assert.ok(blocks.some((b) => TEACHER_ONLY_BLOCKS.has(b.kind)), 'the examples hold a teacher-only block');
    const printed = (block: LessonBlock | ContentBlock, copy: Copy) => {
      const page = renderLessonHtml({ blocks: [block], lineCount: 1 }, { copy, documentName: 'x' });
      return page.slice(page.indexOf('<main class="lesson">') + '<main class="lesson">'.length, page.indexOf('</main>')).trim() !== '';
    };
    for (const block of blocks) {
      assert.equal(printed(block, 'student'), inCopy('student', block), `${block.kind} in the student copy`);
      assert.equal(printed(block, 'teacher'), true, `${block.kind} in the teacher copy`);
    }
    const exercise = blocks.find((b) => b.kind === 'exercise' && b.type && b.level);
    assert.ok(exercise?.kind === 'exercise');
    assert.deepEqual(exerciseLabel('student', exercise), { points: exercise.points }, 'students see no type or level');
  });
});

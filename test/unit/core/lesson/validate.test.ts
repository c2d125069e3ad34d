import * as assert from 'node:assert/strict';
import { lessonQuickReference } from '../../../../src/core/lesson/quickReference';
import { formatLessonErrors, validateLesson } from '../../../../src/core/lesson/validate';
import type { LessonError } from '../../../../src/core/lesson/validate';
import { ELEMENTS } from '../../../../src/core/lesson/vocabulary';

const EVERY_TYPE = `<?xml version="1.0" encoding="UTF-8"?>
<lesson title="Le présent" level="A2" lang="fr">
  <h1>Le présent</h1>
  <p>Regular <strong>-er</strong> verbs.<br/>See the <em>table</em>.</p>
  <ul><li>je parle</li><li>tu parles<ol><li>nested</li></ol></li></ul>
  <note><p>Allow 20 minutes.</p></note>
  <exercise id="fb-1" type="fill-blanks" level="A2" points="2">
    <h3>Complete the sentences</h3>
    <word-bank><word>parle</word><word>finis</word></word-bank>
    <p>Je <blank answer="parle" alts="cause" hint="parler" student-answer=""/> français.</p>
    <ul><li>Tu <blank id="b2" answer="finis" student-answer="finis"/> ton travail.</li></ul>
  </exercise>
  <exercise id="mc-1" type="multiple-choice">
    <question id="mc-1-q1" student-answer="">
      <prompt>Nous ___ le train.</prompt>
      <option>prend</option>
      <option correct="true">prenons</option>
      <explanation><em>Nous</em> takes -ons.</explanation>
    </question>
    <question multiple="true">
      <prompt>Which are -er verbs?</prompt>
      <option correct="true">aimer</option><option>finir</option><option correct="true">parler</option>
    </question>
  </exercise>
  <exercise id="tf-1" type="true-false">
    <statement answer="false" correction="Paris is the capital." student-answer="">Lyon is the capital.</statement>
    <statement id="tf-1-s2" answer="not-given">It rained.</statement>
  </exercise>
  <exercise id="seq-1" type="sequencing">
    <sequence student-answer=""><item order="2">then</item><item order="3">last</item><item order="1">first</item></sequence>
  </exercise>
  <exercise id="sa-1" type="short-answer">
    <short-answer lines="3" student-answer="">
      <prompt>Why?</prompt>
      <model-answer>Because.</model-answer>
      <rubric><criterion points="1">Gives a reason</criterion></rubric>
    </short-answer>
  </exercise>
  <exercise id="wr-1" type="writing">
    <p>Describe your weekend.</p>
    <writing-area lines="12" min-words="80" max-words="120" student-answer=""/>
    <rubric><criterion points="2.5">Uses the present tense</criterion></rubric>
  </exercise>
</lesson>
`;

function only(text: string): LessonError {
  const v = validateLesson(text);
  assert.equal(v.errors.length, 1, formatLessonErrors(v));
  const [error] = v.errors;
  assert.ok(error);
  return error;
}

describe('lesson validation', () => {
  it('accepts a lesson using every element and lists its exercises', () => {
    const v = validateLesson(EVERY_TYPE);
    assert.equal(formatLessonErrors(v), '');
    assert.ok(v.ok);
    assert.deepEqual(
      v.exercises.map((e) => `${e.id}:${e.type}:${e.line}`),
      ['fb-1:fill-blanks:7', 'mc-1:multiple-choice:13', 'tf-1:true-false:25', 'seq-1:sequencing:29', 'sa-1:short-answer:32', 'wr-1:writing:39'],
    );
  });

  it('accepts a byte order mark and CDATA text in a paragraph', () => {
    assert.ok(validateLesson('\uFEFF<lesson><p><![CDATA[a < b]]></p></lesson>').ok);
  });

  it('reports malformed XML at the mismatched close tag', () => {
    const e = only('<lesson>\n  <p>one</q>\n</lesson>');
    assert.deepEqual([e.line, e.column], [2, 9]);
    assert.match(e.message, /<\/q> does not close <p> \(opened at line 2, column 3\)/);
  });

  it('reports an unknown entity where it starts', () => {
    const e = only('<lesson>\n<p>a&nbsp;b</p></lesson>');
    assert.deepEqual([e.line, e.column], [2, 5]);
    assert.match(e.message, /entity/);
  });

  it('reports an empty document and a wrong root', () => {
    assert.match(only('').message, /root element/);
    const e = only('<page><p>x</p></page>');
    assert.match(e.message, /root element must be <lesson>, found <page>/);
  });

  it('reports unknown elements and attributes with their positions and what is allowed', () => {
    const v = validateLesson('<lesson>\n  <p colour="red">x</p>\n  <table/>\n</lesson>');
    assert.deepEqual(
      v.errors.map((e) => [e.line, e.column]),
      [
        [2, 6],
        [3, 3],
      ],
    );
    assert.match(v.errors[0]?.message ?? '', /unknown attribute colour on <p>; allowed: id/);
    assert.match(v.errors[1]?.message ?? '', /unknown element <table>; allowed inside <lesson>: <h1>/);
  });

  it('reports misplaced elements, stray text and interactive elements outside exercises', () => {
    const v = validateLesson('<lesson>\n  loose words\n  <li>x</li>\n  <p>a <blank answer="b" student-answer=""/></p>\n</lesson>');
    assert.deepEqual(
      v.errors.map((e) => `${e.line}:${e.column} ${e.message}`),
      [
        '2:3 text is not allowed directly inside <lesson>; wrap it in <p>',
        '3:3 <li> is not allowed inside <lesson>; allowed inside <lesson>: <h1>, <h2>, <h3>, <p>, <ul>, <ol>, <note>, <exercise>',
        '4:8 <blank> must be inside an <exercise>',
      ],
    );
  });

  it('reports missing required attributes and bad values', () => {
    const v = validateLesson(
      '<lesson><exercise id="9" type="gapfill"><p><blank answer=""/></p></exercise></lesson>',
    );
    const messages = v.errors.map((e) => e.message);
    assert.ok(messages.includes('<exercise> id="9" is not a valid id: an id starts with a letter, then letters, digits, "-" or "_" (at most 64 characters)'));
    assert.ok(messages.some((m) => m.startsWith('<exercise> type="gapfill" must be one of: fill-blanks,')));
    assert.ok(messages.includes('<blank> answer="" must not be empty'));
    assert.ok(messages.includes('<blank> is missing the required attribute student-answer (student-answer="")'));
    const noId = only('<lesson><exercise type="writing"><writing-area/></exercise></lesson>');
    assert.equal(noId.message, '<exercise> is missing the required attribute id');
  });

  it('reports a duplicate id with the place of its first use', () => {
    const e = only(
      '<lesson>\n<h2 id="intro">A</h2>\n<p id="intro">B</p>\n</lesson>',
    );
    assert.deepEqual([e.line, e.column], [3, 4]);
    assert.equal(e.message, 'duplicate id "intro" (first used at line 2, column 5); ids must be unique');
  });

  it('checks the shape of each exercise type', () => {
    const v = validateLesson(`<lesson>
<exercise id="a" type="multiple-choice"><question><option correct="true">x</option><option correct="true">y</option></question></exercise>
<exercise id="b" type="sequencing"><sequence><item order="1">x</item><item order="3">y</item></sequence></exercise>
<exercise id="c" type="true-false"><p>no statements</p></exercise>
<exercise id="d" type="writing"><writing-area min-words="200" max-words="100"/></exercise>
<exercise id="e" type="fill-blanks"><p>x <blank answer="y" student-answer="">y</blank></p></exercise>
</lesson>`);
    assert.deepEqual(
      v.errors.map((e) => `${e.line} ${e.message}`),
      [
        '2 <question> needs a <prompt>',
        '2 <question> has 2 correct options: add multiple="true" or keep one correct',
        '3 <sequence> items must be numbered 1 to 2 with order="...": order 2 missing',
        '4 <exercise type="true-false"> contains no <statement>',
        '5 <writing-area> min-words (200) is more than max-words (100)',
        '6 text is not allowed directly inside <blank>: the answer goes in answer="..."',
      ],
    );
  });

  it('caps the list of errors and says how many were left out', () => {
    const body = Array.from({ length: 50 }, () => '<bad/>').join('\n');
    const v = validateLesson(`<lesson>\n${body}\n</lesson>`, { maxErrors: 10 });
    assert.equal(v.errors.length, 10);
    assert.equal(v.omitted, 40);
    assert.match(formatLessonErrors(v), /\.\.\. and 40 more$/);
  });

  it('counts columns in UTF-16 units like the editor does', () => {
    const e = only('<lesson><p>😀 é <bad/></p></lesson>');
    assert.equal(e.column, '<lesson><p>😀 é '.length + 1);
  });

  it('quick reference names every element and marks required attributes', () => {
    const reference = lessonQuickReference();
    for (const name of Object.keys(ELEMENTS)) assert.ok(reference.includes(`\`<${name}>\``), name);
    assert.match(reference, /`<blank>` \(id, \*\*answer\*\*, alts, hint, \*\*student-answer\*\*\)/);
  });

  it('quick reference lists the allowed values from the validator\'s own tables', () => {
    const reference = lessonQuickReference();
    assert.match(reference, /- `type` on <exercise>: `fill-blanks`, `multiple-choice`, `true-false`, `sequencing`, `short-answer`, `writing`/);
    assert.match(reference, /- `level` on <lesson>, <exercise>: `A1`, `A2`, `B1`, `B2`, `C1`, `C2`/);
    assert.match(reference, /- `answer` on <statement>: `true`, `false`, `not-given`/);
    assert.match(reference, /- `id` on any element: starts with a letter, then letters, digits, "-" or "_" \(at most 64 characters\); unique in the document/);
    assert.match(reference, /`&nbsp;`→`&#160;`/);
    assert.match(reference, /`type` may be missing on an `<exercise>`/);
    // Every value listed is one the validator takes, and a value it refuses is not listed.
    for (const level of ['A1', 'C2']) assert.ok(validateLesson(`<lesson level="${level}"/>`).ok, level);
    assert.equal(validateLesson('<lesson level="D1"/>').ok, false);
    assert.doesNotMatch(reference, /`D1`/);
  });
});

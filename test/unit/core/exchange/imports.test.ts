// Import of files other tools wrote (fixtures written by hand from the formats' published examples:
// Moodle's GIFT documentation, the QTI 3.0 and 2.1 specifications), never by our exporter: each
// gives a lesson that validates and previews, with its questions and what it could not carry.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importQuiz } from '../../../../src/core/exchange/exchange';
import { buildLessonView } from '../../../../src/core/lesson/lessonView';
import { validateLesson } from '../../../../src/core/lesson/validate';
import { fillIn, setTranslator } from '../../../../src/shared/l10n';
import { zipFolder } from './zipFolder';

const FIXTURES = resolve('test/unit/core/exchange/fixtures');

function lessonOf(data: Uint8Array, name: string) {
  const result = importQuiz(data, name);
  assert.ok(result.ok, result.ok ? '' : result.message);
  assert.ok(validateLesson(result.xml).ok, 'the lesson validates');
  const view = buildLessonView(result.xml);
  assert.ok(view.ok, 'the lesson previews');
  return { result, view: view.lesson };
}

describe('import of files written by other tools', () => {
  it('keeps the feedback on answers as teacher notes in the teacher’s language, the answers as the quiz says them', () => {
    const fr = JSON.parse(readFileSync(resolve('l10n/bundle.l10n.fr.json'), 'utf8')) as Record<string, string>;
    setTranslator((message, ...args) => fillIn(fr[message] ?? message, ...args), 'fr');
    try {
      const { result } = lessonOf(new TextEncoder().encode('Who is buried here? {~Grant#Not quite. =no one#Right.}\n\nThe sky is green. {F#No, blue.#Yes, it is not.}\n'), 'quiz.gift');
      assert.match(result.xml, /Commentaire sur « Grant » : Not quite\./);
      assert.match(result.xml, /Commentaire sur « no one » : Right\./);
      assert.match(result.xml, /Commentaire sur « Vrai » : No, blue\.[\s\S]*Commentaire sur « Faux » : Yes, it is not\./, 'true/false feedback names the answer as the French sheet does');
      assert.doesNotMatch(result.xml, /Feedback/);
    } finally {
      setTranslator(fillIn);
    }
  });

  it("GIFT from Moodle's documentation: each question type becomes the exercise that asks the same thing, nothing lost in silence", () => {
    const { result } = lessonOf(readFileSync(join(FIXTURES, 'moodle-examples.gift')), 'moodle-examples.gift');
    const xml = result.xml;
    assert.match(xml, /<lesson title="tom"/, 'the category names the lesson');
    assert.match(xml, /<prompt>Who's buried in Grant's tomb\?<\/prompt>\s*<option>Grant<\/option>\s*<option>Jefferson<\/option>\s*<option correct="true">no one<\/option>/);
    assert.match(xml, /Feedback on “no one”: Right, he is entombed\./, 'per-option feedback is a teacher note');
    assert.match(xml, /<word-bank>\s*<word>buried<\/word>\s*<word>entombed<\/word>\s*<word>living<\/word>\s*<\/word-bank>/);
    assert.match(xml, /Grant is <blank answer="entombed" student-answer=""\/> in Grant's tomb\./);
    assert.match(xml, /<statement answer="false" correction="He lies above ground\." student-answer="">Grant is buried in Grant's tomb\.<\/statement>/);
    assert.match(xml, /Who's buried in Grant's tomb\? <blank answer="no one" alts="nobody" student-answer=""\/>/);
    assert.match(xml, /<question multiple="true" student-answer="">\s*<prompt>What two people are entombed in Grant's tomb\?<\/prompt>\s*<option>No one<\/option>\s*<option correct="true">Grant<\/option>\s*<option correct="true">Grant's wife<\/option>/);
    assert.match(xml, /Canada <blank answer="Ottawa" student-answer=""\/>/);
    assert.match(xml, /<blank answer="1822"/);
    assert.match(xml, /<short-answer student-answer="">\s*<prompt>Write a short biography of Dag Hammarskjöld\.<\/prompt>/);
    assert.match(xml, /What colour is the <strong>sky<\/strong>\?<br\/> ?Choose one\./);
    const said = result.notCarried.map((n) => `${n.place}: ${n.message}`).join('\n');
    assert.match(said, /matching question became gaps to fill from a word bank/);
    assert.match(said, /range of accepted numbers is not kept/);
    assert.match(said, /Not carried: a picture/);
    assert.equal(result.questions, 12, 'nine questions, the matching one as four gaps');
  });

  it('a QTI 3.0 item from the specification: a choice question; its picture is named as not carried', () => {
    const { result } = lessonOf(readFileSync(join(FIXTURES, 'qti3/choice.xml')), 'choice.xml');
    assert.match(result.xml, /<lesson title="choice" lang="en">/);
    assert.match(result.xml, /<prompt>What does it say\?<\/prompt>\s*<option correct="true">You must stay with your luggage at all times\.<\/option>/);
    assert.ok(result.notCarried.some((n) => /Not carried: a picture/.test(n.message)));
  });

  it('a QTI 2.1 package: text entry, inline choice (a word bank), order and extended text come in with their keys', () => {
    const { result, view } = lessonOf(zipFolder(join(FIXTURES, 'qti21')), 'shakespeare.zip');
    const xml = result.xml;
    assert.match(xml, /sun of <blank answer="York" alts="york" student-answer=""\/>;<br\/> ?And all the clouds/);
    assert.match(xml, /<word-bank>\s*<word>Gloucester<\/word>\s*<word>Lancaster<\/word>\s*<word>York<\/word>/);
    assert.match(xml, /<item order="2">Rubens Barrichello<\/item>\s*<item order="3">Jenson Button<\/item>\s*<item order="1">Michael Schumacher<\/item>/);
    assert.match(xml, /<short-answer id="extendedText" lines="5" student-answer="">\s*<prompt>Write Sam a postcard\./);
    assert.deepEqual(
      view.blocks.filter((b) => b.kind === 'exercise').map((b) => b.kind === 'exercise' && b.type),
      ['fill-blanks', 'sequencing', 'fill-blanks', 'short-answer'],
    );
  });

  it('QTI 1.2 (Canvas classic quizzes) and files that are not quizzes are refused with a reason, nothing written', () => {
    const v12 = importQuiz(new TextEncoder().encode('<?xml version="1.0"?><questestinterop><item/></questestinterop>'), 'canvas.xml');
    assert.equal(v12.ok, false);
    assert.match(v12.ok ? '' : v12.message, /QTI 1\.2.*export the quiz as QTI 2\.1 or 3\.0, or as GIFT/);
    // The one file imported is named once, by the import.
    assert.match(v12.ok ? '' : v12.message, /^canvas\.xml cannot be imported: this is QTI 1\.2 /);
    const broken = importQuiz(new TextEncoder().encode('<qti-assessment-item><b></i></qti-assessment-item>'), 'item.xml');
    assert.match(broken.ok ? '' : broken.message, /^item\.xml cannot be imported: line 1: The closing tag <\/i> does not match <b>/);
    assert.equal(broken.ok ? '' : broken.modelMessage, broken.ok ? 'x' : broken.message, 'the model reads the same, in English');
    const bad = importQuiz(new TextEncoder().encode('Who? {=a ~b'), 'broken.gift');
    assert.equal(bad.ok, false);
    assert.match(bad.ok ? '' : bad.message, /broken\.gift cannot be imported: line 1, column \d+/);
    const empty = importQuiz(new TextEncoder().encode('Just some text without questions.'), 'notes.gift');
    assert.equal(empty.ok, false);
  });
});

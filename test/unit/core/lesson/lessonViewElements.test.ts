// What the view model says of each element of the lesson format: its fields, its source lines,
// and how students' answers are read against the key.
import * as assert from 'node:assert/strict';
import { buildLessonView } from '../../../../src/core/lesson/lessonView';
import type { ExerciseView, LessonBlock, LessonView } from '../../../../src/shared/lessonView';

function lesson(xml: string): LessonView {
  const result = buildLessonView(xml);
  assert.ok(result.ok, result.ok ? '' : result.error.message);
  return result.lesson;
}

function exercise(body: string, attrs = 'id="e1"'): ExerciseView {
  const first = lesson(`<lesson>\n<exercise ${attrs}>\n${body}\n</exercise>\n</lesson>`).blocks[0];
  assert.ok(first?.kind === 'exercise');
  return first;
}

function only<K extends LessonBlock['kind']>(blocks: readonly LessonBlock[], kind: K): Extract<LessonBlock, { kind: K }> {
  const found = blocks.filter((b) => b.kind === kind);
  assert.equal(found.length, 1, `one ${kind}`);
  return found[0] as Extract<LessonBlock, { kind: K }>;
}

describe('lesson view model: elements', () => {
  it('lesson attributes, headings, paragraphs with marks, breaks and collapsed whitespace', () => {
    const view = lesson(`<lesson title="Weather" level="A2" lang="en">
  <h1 id="t">The <em>weather</em></h1>
  <p>It is
     <strong>very <em>cold</em></strong>   today.<br/>Wear a coat.</p>
</lesson>`);
    assert.deepEqual([view.title, view.level, view.lang, view.lineCount], ['Weather', 'A2', 'en', 5]);
    assert.deepEqual(view.blocks[0], {
      kind: 'heading',
      line: 2,
      end: 2,
      id: 't',
      level: 1,
      content: [
        { kind: 'text', text: 'The ' },
        { kind: 'text', text: 'weather', em: true },
      ],
    });
    const p = view.blocks[1];
    assert.ok(p?.kind === 'paragraph');
    assert.deepEqual([p.line, p.end], [3, 4]);
    assert.deepEqual(p.content, [
      { kind: 'text', text: 'It is ' },
      { kind: 'text', text: 'very ', strong: true },
      { kind: 'text', text: 'cold', strong: true, em: true },
      { kind: 'text', text: ' today.' },
      { kind: 'br' },
      { kind: 'text', text: 'Wear a coat.' },
    ]);
  });

  it('lists, nested lists inside an item, with the lines of each item', () => {
    const view = lesson(`<lesson>
  <ol id="steps">
    <li>First <strong>this</strong>
      <ul><li>detail</li></ul>
    </li>
    <li>Then that</li>
  </ol>
</lesson>`);
    const list = view.blocks[0];
    assert.ok(list?.kind === 'list');
    assert.deepEqual([list.ordered, list.id, list.line, list.end], [true, 'steps', 2, 7]);
    assert.deepEqual(list.items.map((i) => [i.line, i.end, i.content.map((c) => (c.kind === 'text' ? c.text : '')).join('')]), [
      [3, 5, 'First this'],
      [6, 6, 'Then that'],
    ]);
    assert.equal(list.items[0]?.lists[0]?.ordered, false);
    assert.deepEqual(list.items[0]?.lists[0]?.items[0]?.content, [{ kind: 'text', text: 'detail' }]);
  });

  it('a note keeps its paragraphs and lists; loose text in it becomes a paragraph', () => {
    const view = lesson(`<lesson>
  <note>Target: <em>-er</em> verbs.<p>Second point.</p><ul><li>one</li></ul></note>
</lesson>`);
    const note = view.blocks[0];
    assert.ok(note?.kind === 'note');
    assert.deepEqual(note.blocks.map((b) => b.kind), ['paragraph', 'paragraph', 'list']);
    assert.deepEqual(note.blocks[0]?.kind === 'paragraph' && note.blocks[0].content, [
      { kind: 'text', text: 'Target: ' },
      { kind: 'text', text: '-er', em: true },
      { kind: 'text', text: ' verbs.' },
    ]);
  });

  it('an exercise: type, level, points, and its blocks in order', () => {
    const ex = exercise('<h3>Do it</h3>\n<p>Go.</p>', 'id="e1" type="writing" level="B1" points="7.5"');
    assert.deepEqual([ex.id, ex.type, ex.typeInferred, ex.level, ex.points, ex.line, ex.end], ['e1', 'writing', false, 'B1', 7.5, 2, 5]);
    assert.deepEqual(ex.blocks.map((b) => b.kind), ['heading', 'paragraph']);
  });

  it('a blank: answer, alternatives, hint, and a student answer marked against the key', () => {
    const ex = exercise(`<p>We <blank id="b1" answer="didn't see" alts=" did not see , " hint="not see" student-answer=""/> it.</p>
<p>She <blank answer="went" student-answer="  did not   see "/> and <blank answer="went" alts="left" student-answer="left"/> and <blank answer="went" student-answer="Went"/>.</p>`);
    const [first, second] = ex.blocks;
    assert.ok(first?.kind === 'paragraph' && second?.kind === 'paragraph');
    assert.deepEqual(first.content[1], { kind: 'blank', line: 3, end: 3, id: 'b1', answer: "didn't see", alts: ['did not see'], hint: 'not see' });
    const blanks = second.content.filter((c) => c.kind === 'blank');
    assert.deepEqual(
      blanks.map((b) => [b.studentAnswer, b.studentCorrect]),
      [
        ['  did not   see ', false],
        ['left', true],
        ['Went', false],
      ],
      'the answer is shown exactly as written; spelling and case count',
    );
  });

  it('a word bank lists its words', () => {
    const bank = only(exercise('<word-bank id="wb"><word>kilo</word><word> marché </word></word-bank>').blocks, 'wordBank');
    assert.deepEqual(bank.words.map((w) => w.text), ['kilo', 'marché']);
    assert.equal(bank.id, 'wb');
  });

  it('a question: prompt, options with the key, explanation; multiple when several are correct', () => {
    const q = only(
      exercise(`<question id="q1" student-answer="">
  <prompt>Je voudrais ___ café.</prompt>
  <option>le</option>
  <option correct="true">un</option>
  <explanation><em>Café</em> is masculine.</explanation>
</question>`).blocks,
      'question',
    );
    assert.deepEqual([q.id, q.multiple, q.line, q.end], ['q1', false, 3, 8]);
    assert.deepEqual(q.options.map((o) => [o.correct, o.line]), [[false, 5], [true, 6]]);
    assert.equal(q.explanation?.length, 2);
    assert.equal(q.studentAnswer, undefined);
    const multi = only(exercise('<question><prompt>p</prompt><option correct="true">a</option><option correct="true">b</option></question>').blocks, 'question');
    assert.equal(multi.multiple, true, 'two correct options make it multiple even without multiple="true"');
  });

  it("a question's student answer names options by text, number or letter", () => {
    const q = (answer: string, multiple = '') =>
      only(
        exercise(`<question ${multiple} student-answer="${answer}"><prompt>p</prompt><option correct="true">evaporation</option><option>rain, snow</option><option correct="true">transpiration</option></question>`).blocks,
        'question',
      );
    assert.deepEqual([q('Evaporation').studentChoices, q('Evaporation').studentCorrect], [[0], false]);
    assert.deepEqual(q('rain, snow').studentChoices, [1], 'an option whose text has a comma');
    assert.deepEqual(q('3, 1').studentChoices, [0, 2]);
    assert.equal(q('c;a').studentCorrect, true);
    assert.deepEqual([q('photosynthesis').studentChoices, q('photosynthesis').studentCorrect], [undefined, undefined]);
    assert.equal(q('photosynthesis').studentAnswer, 'photosynthesis', 'an answer that names no option is still shown');
  });

  it('statements: key, correction, "not given" offered when the exercise uses it, student answers read as keys', () => {
    const ex = exercise(`<statement id="s1" answer="false" correction="Every Saturday." student-answer="F">Every Sunday.</statement>
<statement answer="not-given" student-answer="true">Her brother works there.</statement>
<statement answer="maybe">Odd key.</statement>`);
    const [s1, s2, s3] = ex.blocks;
    assert.ok(s1?.kind === 'statement' && s2?.kind === 'statement' && s3?.kind === 'statement');
    assert.deepEqual([s1.answer, s1.correction, s1.notGiven, s1.studentChoice, s1.studentCorrect], ['false', 'Every Saturday.', true, 'false', true]);
    assert.deepEqual([s2.answer, s2.studentChoice, s2.studentCorrect], ['not-given', 'true', false]);
    assert.equal(s3.answer, undefined, 'a key that is not true, false or not-given is not shown as one');
    const plain = exercise('<statement answer="true">x</statement>').blocks[0];
    assert.equal(plain?.kind === 'statement' && plain.notGiven, false);
  });

  it('a sequence keeps the order students see, with each item’s key', () => {
    const seq = only(
      exercise(`<sequence id="s" student-answer="2,1,3">
  <item order="3">c</item>
  <item order="1">a</item>
  <item order="x">b</item>
</sequence>`).blocks,
      'sequence',
    );
    assert.deepEqual(seq.items.map((i) => [i.order ?? null, i.line]), [[3, 4], [1, 5], [null, 6]]);
    assert.equal(seq.studentAnswer, '2,1,3');
  });

  it('a short answer: prompt, lines, model answer and rubric', () => {
    const sa = only(
      exercise(`<short-answer id="sa" lines="3" student-answer="Because it cools.">
  <prompt>Why?</prompt>
  <model-answer>It cools.</model-answer>
  <rubric><criterion points="1">Cooling.</criterion><criterion points="0.5">A sentence.</criterion></rubric>
</short-answer>`).blocks,
      'shortAnswer',
    );
    assert.deepEqual([sa.id, sa.lines, sa.studentAnswer], ['sa', 3, 'Because it cools.']);
    assert.deepEqual(sa.modelAnswer, [{ kind: 'text', text: 'It cools.' }]);
    assert.deepEqual(sa.rubric?.criteria.map((c) => c.points), [1, 0.5]);
  });

  it('a writing area with its word limits, and a rubric beside it', () => {
    const ex = exercise(`<writing-area id="w" lines="10" min-words="60" max-words="80" student-answer=""/>
<rubric><criterion points="4">Task.</criterion><criterion>Style.</criterion></rubric>`);
    const area = only(ex.blocks, 'writingArea');
    assert.deepEqual([area.lines, area.minWords, area.maxWords, area.studentAnswer], [10, 60, 80, undefined]);
    const rubric = only(ex.blocks, 'rubric');
    assert.deepEqual(rubric.criteria.map((c) => c.points ?? null), [4, null]);
  });

  it('unknown elements show their text; loose text in an exercise becomes a paragraph', () => {
    const ex = exercise('Read this first.\n<audio src="a.mp3">Listen to <em>track 2</em>.</audio>');
    assert.deepEqual(ex.blocks.map((b) => b.kind), ['paragraph', 'unknown']);
    const unknown = ex.blocks[1];
    assert.ok(unknown?.kind === 'unknown');
    assert.equal(unknown.name, 'audio');
    assert.equal(unknown.content.map((c) => (c.kind === 'text' ? c.text : '')).join(''), 'Listen to track 2.');
  });

  it('reads CDATA and entities as text', () => {
    const p = lesson('<lesson><p>Fish &amp; chips <![CDATA[<b>not markup</b>]]>&#160;ok</p></lesson>').blocks[0];
    assert.ok(p?.kind === 'paragraph');
    assert.equal(p.content.map((c) => (c.kind === 'text' ? c.text : '')).join(''), 'Fish & chips <b>not markup</b>\u00a0ok');
  });
});

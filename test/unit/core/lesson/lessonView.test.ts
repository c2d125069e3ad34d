import * as assert from 'node:assert/strict';
import { buildLessonView } from '../../../../src/core/lesson/lessonView';
import type { ContentBlock, Inline, LessonBlock, LessonView, ListView } from '../../../../src/shared/lessonView';
import { lessonViewResultSchema } from '../../../../src/shared/lessonView';
import { SEED_EVERY_KIND, SEED_FILL_BLANKS, sampleLessons, skillExamples } from './lessonExamples';

function lesson(xml: string): LessonView {
  const result = buildLessonView(xml);
  assert.ok(result.ok, result.ok ? '' : `line ${result.error.line}: ${result.error.message}`);
  // What the host sends is what the preview accepts.
  assert.ok(lessonViewResultSchema.safeParse(result).success, 'the view matches its schema');
  return result.lesson;
}

/** Every element of the view, depth first, with its kind (inline blanks included). */
function kinds(view: LessonView): string[] {
  const out: string[] = [];
  const inl = (content: readonly Inline[]) => {
    for (const i of content) if (i.kind === 'blank') out.push('blank');
  };
  const listOf = (l: ListView): void => {
    out.push('list');
    for (const item of l.items) {
      out.push('li');
      inl(item.content);
      item.lists.forEach(listOf);
    }
  };
  const visit = (b: LessonBlock | ContentBlock): void => {
    out.push(b.kind);
    switch (b.kind) {
      case 'exercise':
        b.blocks.forEach(visit);
        break;
      case 'note':
        b.blocks.forEach(visit);
        break;
      case 'list':
        out.pop();
        listOf(b);
        break;
      case 'heading':
      case 'paragraph':
      case 'unknown':
        inl(b.content);
        break;
      case 'question':
        out.push(...b.options.map(() => 'option'));
        break;
      case 'sequence':
        out.push(...b.items.map(() => 'item'));
        break;
      case 'rubric':
        out.push(...b.criteria.map(() => 'criterion'));
        break;
      case 'shortAnswer':
        if (b.rubric) visit(b.rubric);
        break;
      case 'wordBank':
        out.push(...b.words.map(() => 'word'));
        break;
      default:
        break;
    }
  };
  view.blocks.forEach(visit);
  return out;
}

function count(list: readonly string[], kind: string): number {
  return list.filter((k) => k === kind).length;
}

function tags(xml: string, name: string): number {
  return (xml.match(new RegExp(`<${name}[\\s/>]`, 'g')) ?? []).length;
}

const ELEMENT_OF_KIND: Record<string, string> = {
  exercise: 'exercise',
  blank: 'blank',
  question: 'question',
  option: 'option',
  statement: 'statement',
  sequence: 'sequence',
  item: 'item',
  shortAnswer: 'short-answer',
  writingArea: 'writing-area',
  rubric: 'rubric',
  criterion: 'criterion',
  wordBank: 'word-bank',
  word: 'word',
  note: 'note',
  li: 'li',
};

function text(content: readonly Inline[]): string {
  return content.map((i) => (i.kind === 'text' ? i.text : i.kind === 'br' ? '\n' : `[${i.answer}]`)).join('');
}

describe('lesson view model', () => {
  describe('on every skill example and sample lesson', () => {
    for (const { name, xml } of [...skillExamples(), ...sampleLessons()]) {
      it(`${name}: every element is in the view, exercises keep their declared type`, () => {
        const view = lesson(xml);
        const found = kinds(view);
        for (const [kind, element] of Object.entries(ELEMENT_OF_KIND)) {
          assert.equal(count(found, kind), tags(xml, element), `${kind}: as many as <${element}> elements`);
        }
        assert.equal(count(found, 'heading'), tags(xml, 'h1') + tags(xml, 'h2') + tags(xml, 'h3'));
        assert.equal(count(found, 'unknown'), 0, 'nothing unknown in the format the skills teach');
        for (const exercise of view.blocks.filter((b) => b.kind === 'exercise')) {
          assert.equal(exercise.typeInferred, false);
          assert.match(xml, new RegExp(`id="${exercise.id}" type="${exercise.type}"`));
        }
      });
    }
    it('found the skills and samples', () => {
      assert.ok(skillExamples().length >= 10, `${skillExamples().length} skill examples`);
      assert.ok(sampleLessons().length >= 2);
    });
  });

  describe("the original format (the seed's)", () => {
    it('renders an exercise without a type, inferring fill-blanks from its blanks', () => {
      const view = lesson(SEED_FILL_BLANKS);
      assert.equal(view.title, undefined);
      const [exercise] = view.blocks;
      assert.ok(exercise?.kind === 'exercise');
      assert.equal(exercise.id, 'ex-123');
      assert.equal(exercise.type, 'fill-blanks');
      assert.equal(exercise.typeInferred, true);
      const second = exercise.blocks[2];
      assert.ok(second?.kind === 'paragraph');
      assert.equal(text(second.content), 'She [went] to Paris last summer.');
      const blank = second.content[1];
      assert.ok(blank?.kind === 'blank');
      assert.deepEqual(blank.alts, ['traveled', 'drove']);
      assert.equal(blank.studentAnswer, undefined, 'an empty student-answer is no answer');
    });

    it('infers each exercise type from its content, and leaves it open when nothing tells', () => {
      const view = lesson(SEED_EVERY_KIND);
      const types = view.blocks.filter((b) => b.kind === 'exercise').map((e) => [e.id, e.type ?? null, e.typeInferred]);
      assert.deepEqual(types, [
        ['ex-1', 'fill-blanks', true],
        ['ex-2', 'multiple-choice', true],
        ['ex-3', 'true-false', true],
        ['ex-4', 'sequencing', true],
        ['ex-5', 'short-answer', true],
        ['ex-6', 'writing', true],
        ['ex-7', null, true],
      ]);
    });

    it('infers the type when the declared one is not one of ours', () => {
      const view = lesson('<lesson><exercise id="a" type="cloze"><p>x <blank answer="y"/></p></exercise></lesson>');
      assert.deepEqual(view.blocks[0]?.kind === 'exercise' && [view.blocks[0].type, view.blocks[0].typeInferred], ['fill-blanks', true]);
    });
  });

  describe('XML that cannot be shown', () => {
    const cases: Array<[string, string, number, RegExp]> = [
      ['an unclosed element', '<lesson>\n  <p>One\n  <p>Two</p>\n</lesson>\n', 4, /p|lesson/],
      ['a mismatched close tag', '<lesson>\n  <h1>Title</h2>\n</lesson>', 2, /h1|h2|tag/i],
      ['an undefined entity', '<lesson>\n<p>A&nbsp;B</p>\n</lesson>', 2, /entity/i],
      ['a lone ampersand (saxes alone would blame the last line)', '<lesson>\n<p>Salt & pepper</p>\n<p>More</p>\n<!-- a & b --><p><![CDATA[x & y]]></p>\n</lesson>', 2, /lone "&": write &amp;/],
      ['text after the root', '<lesson></lesson>\nmore', 2, /^There is something after the end of the lesson/],
      ['a root that is not a lesson', '<?xml version="1.0"?>\n<worksheet/>', 2, /^A lesson starts with <lesson>; this document starts with <worksheet>\.$/],
      ['an empty document', '', 1, /^The document has no lesson in it/],
    ];
    // A teacher's typos, said in plain words on the line they are on (not the line after).
    cases.push(
      ['a closing tag without its ">"', '<lesson>\n<p>One</p>\n<p>Two</p\n<p>Three</p>\n</lesson>\n', 3, /^A closing tag has a character that is not allowed/],
      ['a closing tag with a stray character', '<lesson>\n<p>One</p>\n<p>Two</p%>\n</lesson>\n', 3, /^A closing tag has a character that is not allowed \(a closing tag is written like <\/p>\)\.$/],
      ['a closing tag for another element', '<lesson>\n  <h1>Title</h2>\n</lesson>', 2, /^The closing tag <\/h2> does not match <h1> \(opened on line 2\): close it with <\/h1>\.$/],
      ['a value without quotes', '<lesson>\n<p>One</p>\n<p class=big>Two</p>\n</lesson>\n', 3, /^A value inside a tag needs quotes around it/],
      [
        'a start tag without its ">" (saxes blames a character on the next line)',
        '<lesson>\n<h1>Verbs</h1>\n<exercise id="a" type="gap-fill"\n<prompt>Fill in.</prompt>\n</exercise>\n</lesson>\n',
        3,
        /^The tag <exercise> is not closed with ">": add > at the end of the tag, like <exercise>\.$/,
      ],
      ['a start tag without its ">" and no values', '<lesson>\n<p\n<em>x</em></p>\n</lesson>\n', 2, /^The tag <p> is not closed with ">"/],
      [
        'a value without its closing quote, running into the next line',
        '<lesson>\n<exercise id="a" type="gap-fill>\n<p>Fill in.</p>\n</exercise>\n</lesson>\n',
        2,
        /^A value in the tag <exercise> has no closing quote \("\): add " at the end of the value, before the >\.$/,
      ],
    );
    for (const [what, xml, line, message] of cases) {
      it(`${what}: no view, the error with its line`, () => {
        const result = buildLessonView(xml);
        assert.equal(result.ok, false);
        assert.ok(!result.ok);
        assert.equal(result.error.line, line, result.error.message);
        assert.match(result.error.message, message);
        assert.doesNotMatch(result.error.message, /disallowed|unexpected close tag|unquoted/, 'no parser jargon');
        assert.ok(lessonViewResultSchema.safeParse(result).success);
      });
    }
  });
});

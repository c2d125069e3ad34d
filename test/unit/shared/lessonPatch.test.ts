import * as assert from 'node:assert/strict';
import { buildLessonView } from '../../../src/core/lesson/lessonView';
import { LessonViewCache } from '../../../src/core/lesson/lessonViewCache';
import type { LessonPatch } from '../../../src/shared/lessonPatch';
import { applyLessonPatch, keyLesson, lessonPatch, placeLesson, shiftLines, splitOpening } from '../../../src/shared/lessonPatch';
import type { LessonView } from '../../../src/shared/lessonView';
import { OPENING_BLOCKS, parsePreviewHostMessage } from '../../../src/shared/previewProtocol';
import type { DocumentMessage, PreviewDocument } from '../../../webview-ui/src/preview/previewDocument';
import { nextDocument } from '../../../webview-ui/src/preview/previewDocument';
import { bigLesson, rewriteParagraph } from '../core/lesson/bigLesson';
import { SEED_EVERY_KIND, SEED_FILL_BLANKS, sampleLessons, skillExamples } from '../core/lesson/lessonExamples';

function view(xml: string): LessonView | undefined {
  const result = buildLessonView(xml);
  return result.ok ? result.lesson : undefined;
}

function lessonStart(xml: string): number {
  return xml.indexOf('>', xml.search(/<lesson[\s>]/)) + 1;
}

/** Edits a teacher or the agent makes: each returns the new text, or undefined when it does not apply. */
const EDITS: Record<string, (xml: string) => string | undefined> = {
  'a sentence changed': (xml) => (xml.includes('</p>') ? xml.replace('</p>', ' (changed)</p>') : undefined),
  'a line added at the top': (xml) => `${xml.slice(0, lessonStart(xml))}\n${xml.slice(lessonStart(xml))}`,
  'a paragraph inserted at the top': (xml) => `${xml.slice(0, lessonStart(xml))}\n<p>New opening.</p>${xml.slice(lessonStart(xml))}`,
  'a paragraph removed': (xml) => (/<p[\s>][^\n]*?<\/p>/.test(xml) ? xml.replace(/<p[\s>][^\n]*?<\/p>/, '') : undefined),
  'the body twice (ids repeated)': (xml) => {
    const end = xml.lastIndexOf('</lesson>');
    return `${xml.slice(0, end)}${xml.slice(lessonStart(xml), end)}${xml.slice(end)}`;
  },
  'the title changed': (xml) => xml.replace(/<lesson/, '<lesson data-x="1"').replace(/title="[^"]*"/, 'title="Renamed"'),
  'everything removed': (xml) => `${xml.slice(0, lessonStart(xml))}</lesson>`,
};

const LESSONS = [...skillExamples(), ...sampleLessons(), { name: 'seed fill-blanks', xml: SEED_FILL_BLANKS }, { name: 'seed every kind', xml: SEED_EVERY_KIND }];

describe('lesson patches', () => {
  it('turn one view into the next, both ways, on every skill example and sample under every edit', () => {
    let checked = 0;
    for (const { name, xml } of LESSONS) {
      const before = view(xml);
      assert.ok(before, name);
      for (const [edit, apply] of Object.entries(EDITS)) {
        const text = apply(xml);
        const after = text === undefined ? undefined : view(text);
        if (!after) continue;
        for (const [from, to] of [
          [before, after],
          [after, before],
        ] as const) {
          const patched = applyLessonPatch(placeLesson(from), lessonPatch(keyLesson(from), keyLesson(to)));
          assert.ok(patched.ok, `${name}, ${edit}: ${patched.ok ? '' : patched.error}`);
          assert.deepEqual(patched.value, placeLesson(to), `${name}, ${edit}`);
        }
        checked++;
      }
    }
    assert.ok(checked > LESSONS.length * 4, `${checked} edits checked`);
  });

  it('an edit of one sentence carries that block and the order; added lines keep every key', () => {
    const { text, middleParagraphId } = bigLesson(50_000);
    const before = keyLesson(view(text) as LessonView);
    const edited = keyLesson(view(rewriteParagraph(text, middleParagraphId, 'Tout a changé.')) as LessonView);
    const patch = lessonPatch(before, edited);
    assert.deepEqual(Object.keys(patch.blocks), [`#${middleParagraphId}`]);
    assert.deepEqual(patch.order, before.keys);
    assert.ok(JSON.stringify(patch).length < JSON.stringify(before.lesson).length / 10);
    const moved = keyLesson(view(text.replace('lang="fr">\n', 'lang="fr">\n\n\n')) as LessonView);
    assert.deepEqual(moved.keys, before.keys, 'a block keeps its key when lines above it are added');
    assert.equal(new Set(before.keys).size, before.keys.length);
    // Lines added above every block: no block is sent, only where each now starts.
    const shifted = lessonPatch(before, moved);
    assert.deepEqual(shifted.blocks, {});
    assert.deepEqual(shifted.lines, before.lesson.blocks.map((b) => b.line + 2));
    assert.ok(JSON.stringify(shifted).length < JSON.stringify(before.lesson).length / 10);
  });

  it('a block that only moved is the very object the preview held, at its new line', () => {
    const { text, middleParagraphId } = bigLesson(20_000);
    const held = placeLesson(view(text) as LessonView);
    const edited = rewriteParagraph(text, middleParagraphId, 'Changé.').replace('lang="fr">\n', 'lang="fr">\n\n');
    const patch = lessonPatch(keyLesson(view(text) as LessonView), keyLesson(view(edited) as LessonView));
    assert.deepEqual(Object.keys(patch.blocks), [`#${middleParagraphId}`]);
    const applied = applyLessonPatch(held, patch);
    assert.ok(applied.ok);
    const kept = applied.value.blocks.filter((block, i) => block === held.blocks[i]).length;
    assert.equal(kept, held.blocks.length - 1, 'every block but the edited one is kept as it was');
    assert.deepEqual(applied.value.lines, held.lines.map((l) => l + 1));
    // Lines inside a block count from its first: the block's own line is 0, its end its height.
    const lesson = view(text) as LessonView;
    const at = lesson.blocks.findIndex((b) => b.end > b.line);
    const first = lesson.blocks[at];
    assert.ok(first);
    const placed = placeLesson(lesson).blocks[at];
    assert.deepEqual(placed, shiftLines(first, -first.line));
    assert.equal(placed?.line, 0);
    assert.equal(placed?.end, first.end - first.line);
  });

  it('the host cache builds what buildLessonView builds, reusing untouched blocks as they are', () => {
    for (const { name, xml } of LESSONS) {
      const cache = new LessonViewCache();
      const first = cache.build(xml);
      for (const [edit, apply] of Object.entries(EDITS)) {
        const text = apply(xml);
        if (text === undefined) continue;
        assert.deepEqual(cache.build(text), buildLessonView(text), `${name}, ${edit}`);
        assert.deepEqual(cache.build(xml), buildLessonView(xml), `${name}, back from ${edit}`);
      }
      assert.ok(first.ok);
    }
    const { text, middleParagraphId } = bigLesson(20_000);
    const cache = new LessonViewCache();
    const a = cache.build(text);
    const b = cache.build(rewriteParagraph(text, middleParagraphId, 'Autre chose.'));
    assert.ok(a.ok && b.ok);
    const same = b.lesson.blocks.filter((block, i) => block === a.lesson.blocks[i]).length;
    assert.equal(same, a.lesson.blocks.length - 1, 'every block but the edited one is the very same object');
  });

  it('refuse a patch that names a block twice, names one nobody has, or carries one its order leaves out', () => {
    const held = placeLesson(view('<lesson><p id="a">A</p><p id="b">B</p></lesson>') as LessonView);
    const base: LessonPatch = { lineCount: 1, order: ['#a', '#b'], lines: [1, 1], blocks: {} };
    assert.ok(applyLessonPatch(held, base).ok);
    const refused = (patch: LessonPatch) => {
      const result = applyLessonPatch(held, patch);
      return result.ok ? 'applied' : result.error;
    };
    assert.match(refused({ ...base, order: ['#a', '#a'] }), /twice/);
    assert.match(refused({ ...base, order: ['#a', '#zzz'] }), /does not have/);
    assert.match(refused({ ...base, order: ['#a', '__proto__'] }), /does not have/);
    const stray = view('<lesson><p id="c">C</p></lesson>')?.blocks[0];
    assert.ok(stray);
    assert.match(refused({ ...base, blocks: { '#c': stray } }), /leaves out/);
    assert.match(refused({ ...base, lines: [1] }), /2 blocks but 1 lines/);
    assert.match(refused({ ...base, lines: [1, 2], blocks: { '#b': { ...stray, id: 'b' } } }), /at line 2 and at line 1/);
  });
});

describe('the preview following the host', () => {
  const xml = '<lesson>\n<p id="a">A</p>\n<p id="b">B</p>\n</lesson>';
  const uri = 'file:///w/a.lesson.xml';
  const whole = (seq: number, text = xml): DocumentMessage => ({ type: 'document', uri, name: 'a', version: seq, seq, result: buildLessonView(text) });
  /** What the host sends for `text` after it sent `from`. */
  const patched = (seq: number, base: number, from: string, text: string): DocumentMessage => ({
    type: 'lessonPatch',
    uri,
    name: 'a',
    version: seq,
    seq,
    base,
    patch: lessonPatch(keyLesson(view(from) as LessonView), keyLesson(view(text) as LessonView)),
  });
  const follow = (previous: PreviewDocument | undefined, message: DocumentMessage): PreviewDocument => {
    const next = nextDocument(previous, message, 0);
    if ('refused' in next) throw new Error(next.refused);
    return next.document;
  };

  it('applies a patch on the message it names, and refuses one after a gap, keeping what it shows', () => {
    const first = follow(undefined, whole(1));
    assert.ok(first.lesson);
    const edited = xml.replace('B</p>', 'B2</p>');
    const second = follow(first, patched(2, 1, xml, edited));
    assert.deepEqual(second.lesson, placeLesson(view(edited) as LessonView));
    // Message 3 was lost: a patch on it does not apply to what message 2 left.
    const gap = nextDocument(second, patched(4, 3, edited, xml), 0);
    assert.ok('refused' in gap && /message 3/.test(gap.refused));
    // Nothing to patch before the first whole document.
    assert.ok('refused' in nextDocument(undefined, patched(1, 0, xml, xml), 0));
    // A broken version keeps the last lesson; the next patch applies to it.
    const broken = follow(second, whole(3, '<lesson><p>'));
    assert.deepEqual(broken.lesson, second.lesson);
    assert.ok(broken.error);
    const fixed = follow(broken, patched(4, 3, edited, xml));
    assert.deepEqual(fixed.lesson, first.lesson);
  });

  it('a long lesson opened in two messages, its first blocks then the rest as a patch, is the lesson opened in one', () => {
    for (const text of [bigLesson(300_000).text, bigLesson(300_000).text.replace(/id="s80-p1"/, 'id="s1-p1"')]) {
      const lesson = view(text) as LessonView;
      const split = splitOpening(keyLesson(lesson), OPENING_BLOCKS);
      assert.ok(split && lesson.blocks.length > OPENING_BLOCKS);
      assert.equal(split.opening.blocks.length, OPENING_BLOCKS);
      const opening: DocumentMessage = { type: 'document', uri, name: 'a', version: 1, seq: 1, result: { ok: true, lesson: split.opening } };
      const rest: DocumentMessage = { type: 'lessonPatch', uri, name: 'a', version: 1, seq: 2, base: 1, patch: split.rest };
      // Both cross the protocol check, as they do in the preview.
      for (const m of [opening, rest]) assert.ok(parsePreviewHostMessage(JSON.parse(JSON.stringify(m))).ok);
      const first = follow(undefined, opening);
      assert.equal(first.lesson?.blocks.length, OPENING_BLOCKS);
      const two = follow(first, rest);
      assert.deepEqual(two.lesson, follow(undefined, whole(1, text)).lesson);
      assert.ok(Object.keys(split.rest.blocks).length <= lesson.blocks.length - OPENING_BLOCKS + 2, 'the patch carries the rest, not the opening again');
    }
    assert.equal(splitOpening(keyLesson(view(xml) as LessonView), OPENING_BLOCKS), undefined, 'a short lesson goes whole');
  });

  it('a patch whose block is not a lesson block never gets past the protocol check', () => {
    const message = { type: 'lessonPatch', uri, name: 'a', version: 2, seq: 2, base: 1, patch: { lineCount: 3, order: ['#a'], lines: [2], blocks: { '#a': { kind: 'paragraph', line: 'one' } } } };
    const parsed = parsePreviewHostMessage(message);
    assert.equal(parsed.ok, false);
    assert.match(parsed.ok ? '' : parsed.error, /patch\.blocks/);
  });
});

// The diff the model is sent when the document changed: a unified diff of whole lines that a
// standard patch tool (jsdiff's applyPatch, independent of how we built it) applies to give the
// new text exactly, at the start, the end, with and without a final newline, for insertions,
// deletions and several changes at once.
import * as assert from 'node:assert/strict';
import { applyPatch } from 'diff';
import { changesBetween, renderUnifiedDiff } from '../../../../src/core/documents/changes';
import { bigLesson, rewriteParagraph } from '../lesson/bigLesson';

function roundTrip(before: string, after: string): string {
  const changes = changesBetween(before, after, 'doc.md');
  assert.ok(changes, 'a change was found');
  const applied = applyPatch(before, changes.diff);
  assert.equal(applied, after, changes.diff);
  return changes.diff;
}

describe('document changes as a unified diff', () => {
  it('sends only the changed lines of a one-paragraph change in a 1 MB lesson', () => {
    const { text, middleParagraphId } = bigLesson(1_000_000);
    const after = rewriteParagraph(text, middleParagraphId, 'Le dimanche, Claire reste à la maison.');
    const diff = roundTrip(text, after);
    assert.ok(diff.length < 500, `${diff.length} characters`);
    assert.match(diff, /^--- doc\.md\n\+\+\+ doc\.md\n@@ -(\d+),1 \+\1,1 @@\n-\s*<p id="s\d+-p1">Chaque samedi[^\n]*\n\+\s*<p id="s\d+-p1">Le dimanche/);
  });

  it('applies at the start and the end, with and without a final newline, and for empty texts', () => {
    const cases: [string, string][] = [
      ['a\nb\nc\n', 'x\na\nb\nc\n'],
      ['a\nb\nc\n', 'a\nb\nc\nd\n'],
      ['a\nb\nc', 'a\nb\nc\nd'],
      ['a\nb\nc', 'a\nb\nC'],
      ['a\nb\nc\n', 'a\nb\nc'],
      ['a\nb\nc', 'a\nb\nc\n'],
      ['', 'new\ntext\n'],
      ['old\ntext\n', ''],
      ['a\nb\nc\nd\n', 'a\nd\n'],
      ['one\ntwo\nthree\nfour\nfive\n', 'one\nTWO\nthree\nfour\nFIVE\nsix\n'],
      ['same line with a word changed\n', 'same line with one word changed\n'],
      ['a\n\nb\n', 'a\nb\n'],
    ];
    for (const [before, after] of cases) roundTrip(before, after);
  });

  it('merges edits on one line into one hunk', () => {
    const diff = renderUnifiedDiff('alpha beta gamma\nnext\n', [
      { start: 0, end: 5, newText: 'ALPHA' },
      { start: 11, end: 16, newText: 'GAMMA' },
    ], 'x');
    assert.equal(diff, '--- x\n+++ x\n@@ -1,1 +1,1 @@\n-alpha beta gamma\n+ALPHA beta GAMMA');
  });

  it('survives random edits of a lesson (property)', () => {
    const { text } = bigLesson(20_000);
    let seed = 7;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let current = text;
    for (let i = 0; i < 60; i++) {
      const at = rnd(current.length);
      const len = rnd(200);
      const insert = ['', 'x', '\n', 'new line\n', '<p>added</p>\n  '][rnd(5)] ?? '';
      const next = current.slice(0, at) + insert + current.slice(at + len);
      if (next !== current) roundTrip(current, next);
      current = next;
    }
  });

  it('reports nothing when nothing changed', () => {
    assert.equal(changesBetween('same', 'same', 'x'), undefined);
  });
});

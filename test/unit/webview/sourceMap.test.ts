import * as assert from 'node:assert/strict';
import type { Mapped } from '../../../webview-ui/src/preview/sourceMap';
import { editedElements, scrollTopForLine } from '../../../webview-ui/src/preview/sourceMap';

// A lesson's layout: a heading (line 2), an exercise (lines 4-9) holding a paragraph (5) and a
// question (6-8) with two options (7, 8), then a paragraph (11-12).
const ITEMS: Mapped[] = [
  { line: 2, end: 2, top: 0, bottom: 40 },
  { line: 4, end: 9, top: 60, bottom: 300 },
  { line: 5, end: 5, top: 80, bottom: 100, parent: 1 },
  { line: 6, end: 8, top: 120, bottom: 280, parent: 1 },
  { line: 7, end: 7, top: 160, bottom: 200, parent: 3 },
  { line: 8, end: 8, top: 220, bottom: 260, parent: 3 },
  { line: 11, end: 12, top: 320, bottom: 400 },
];

describe('preview source map', () => {
  it('puts the element of a line at the top, in proportion inside it and between elements', () => {
    assert.equal(scrollTopForLine(ITEMS, 1), 0, 'before the first element');
    assert.equal(scrollTopForLine(ITEMS, 2), 0);
    assert.equal(scrollTopForLine(ITEMS, 3), 50, 'half way between the heading and the exercise');
    assert.equal(scrollTopForLine(ITEMS, 7), 160, 'the innermost element that starts on the line');
    assert.equal(scrollTopForLine(ITEMS, 12), 360, 'the second of two lines');
    assert.equal(scrollTopForLine(ITEMS, 40), 400, 'past the end');
  });

  it('lights the largest element wholly inside an edit, and the innermost one an edit only touches', () => {
    assert.deepEqual(editedElements(ITEMS, [{ from: 4, to: 9 }]), [1], 'a new exercise lights up whole');
    assert.deepEqual(editedElements(ITEMS, [{ from: 7, to: 7 }]), [4], 'one option');
    assert.deepEqual(editedElements(ITEMS, [{ from: 6, to: 8 }]), [3], 'the question, not its options one by one');
    assert.deepEqual(editedElements(ITEMS, [{ from: 8, to: 11 }]), [5, 6], 'an edit across two blocks');
    assert.deepEqual(editedElements(ITEMS, [{ from: 2, to: 2 }, { from: 5, to: 5 }]), [0, 2]);
    assert.deepEqual(editedElements(ITEMS, [{ from: 30, to: 31 }]), [], 'nothing there');
  });
});

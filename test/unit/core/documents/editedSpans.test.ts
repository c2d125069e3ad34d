import * as assert from 'node:assert/strict';
import { editedSpans } from '../../../../src/core/documents/editedSpans';
import type { TextEdit } from '../../../../src/core/documents/types';

function apply(text: string, edits: readonly TextEdit[]): string {
  return [...edits].sort((a, b) => b.start - a.start).reduce((t, e) => t.slice(0, e.start) + e.newText + t.slice(e.end), text);
}

describe('edited spans', () => {
  it('finds each edit’s new text in the edited document, whatever order the edits come in', () => {
    const text = 'The cat sat on the mat.';
    const edits: TextEdit[] = [
      { start: 19, end: 22, newText: 'sofa' },
      { start: 4, end: 7, newText: 'big dog' },
      { start: 8, end: 11, newText: '' },
    ];
    const after = apply(text, edits);
    assert.equal(after, 'The big dog  on the sofa.');
    const spans = editedSpans(edits);
    assert.deepEqual(spans.map((s) => after.slice(s.start, s.end)), ['big dog', '', 'sofa']);
  });
});

import * as assert from 'node:assert/strict';
import { applyTextEdits, computeEdits } from '../../../../src/core/documents/diff';
import { landedRanges, mapOffset } from '../../../../src/core/documents/landing';

const BEFORE = '<lesson>\n  <h1>Weather</h1>\n  <p>Sun.</p>\n  <p>Wind.</p>\n  <p>Snow.</p>\n  <p>Sun and rain.</p>\n</lesson>\n';

describe('where edits land', () => {
  it('finds each edit\'s new text in the result, for a minimal diff of several changes', () => {
    const after = BEFORE.replace('Weather', 'Weather words').replace('  <p>Sun', '  <note><p>Clouds.</p></note>\n  <p>Sun').replace('rain', 'wind');
    const edits = computeEdits(BEFORE, after);
    assert.ok(edits.length >= 2, 'several ranges');
    const text = applyTextEdits(BEFORE, edits);
    const landed = landedRanges(edits);
    assert.deepEqual(
      landed.map((r) => text.slice(r.start, r.end)),
      edits.map((e) => e.newText),
    );
  });

  it('moves an offset with the text it was on: after a change it shifts, inside one it goes to its end', () => {
    const edits = [
      { start: 2, end: 4, newText: 'XXXX' },
      { start: 10, end: 10, newText: 'ins' },
    ];
    const text = 'abcdefghijklmnop';
    const after = applyTextEdits(text, edits);
    assert.equal(mapOffset(1, edits), 1, 'before every change');
    assert.equal(after[mapOffset(6, edits)], text[6], 'between changes it follows its character');
    assert.equal(mapOffset(3, edits), 2 + 'XXXX'.length, 'inside a replaced range: at its end');
    assert.equal(mapOffset(10, edits), 12, 'at an insertion point: before the inserted text');
    assert.equal(after[mapOffset(12, edits)], text[12], 'after an insertion it follows its character');
    assert.equal(mapOffset(text.length, edits), after.length, 'the end stays the end');
  });
});

// An edit's patch placed on a document changed since: by its context where the changed lines are
// intact, rebased at the character level over typing inside them, and a conflict (by line, nothing
// forced) where the typing meets the very characters the edit changed.
import * as assert from 'node:assert/strict';
import { makePatch, reverseTextPatch } from '../../../../src/core/documents/patch';
import { placePatch } from '../../../../src/core/documents/placePatch';

const BEFORE = ['# Weather', '', '- sun', '- rain', '', 'Homework: write three sentences.', '', 'Bring an umbrella.', ''].join('\n');
const AFTER = BEFORE.replace('three', 'five').replace('- rain\n', '- rain\n- wind\n');
const undo = reverseTextPatch(makePatch(BEFORE, AFTER));

describe('placing a patch on a document changed since', () => {
  it('undoes an edit exactly on the text it gave', () => {
    assert.deepEqual(placePatch(AFTER, undo), { text: BEFORE, conflicts: [] });
  });

  it('keeps typing elsewhere and in the context lines', () => {
    const typed = AFTER.replace('# Weather', '# Weather words').replace('Bring an umbrella.', 'Bring an umbrella and boots.');
    const placed = placePatch(typed, undo);
    assert.deepEqual(placed.conflicts, []);
    assert.equal(placed.text, BEFORE.replace('# Weather', '# Weather words').replace('Bring an umbrella.', 'Bring an umbrella and boots.'));
  });

  it('keeps typing on a line the edit changed when it touches other characters', () => {
    const typed = AFTER.replace('five sentences.', 'five sentences. Due Friday.');
    const placed = placePatch(typed, undo);
    assert.deepEqual(placed.conflicts, []);
    assert.equal(placed.text, BEFORE.replace('three sentences.', 'three sentences. Due Friday.'), 'the agent\'s word undone, the teacher\'s words kept');
  });

  it('reports the line where typing meets the characters the edit changed, and leaves that hunk alone', () => {
    const typed = AFTER.replace('five', 'fifteen');
    const placed = placePatch(typed, undo);
    assert.deepEqual(placed.conflicts, [7], 'the homework line of the text given');
    assert.ok(placed.text.includes('fifteen'), 'the typing stays');
    assert.ok(!placed.text.includes('- wind'), 'the other hunk is still undone');
  });

  it('reports typing inside lines the edit added', () => {
    const typed = AFTER.replace('- wind', '- wind and storms');
    const placed = placePatch(typed, undo);
    assert.deepEqual(placed.conflicts, [5]);
    assert.ok(placed.text.includes('- wind and storms') && placed.text.includes('three sentences'));
  });

  it('makes an undone edit again around typing since', () => {
    const typed = BEFORE.replace('Bring an umbrella.', 'Bring an umbrella today.');
    const placed = placePatch(typed, makePatch(BEFORE, AFTER));
    assert.deepEqual(placed, { text: AFTER.replace('Bring an umbrella.', 'Bring an umbrella today.'), conflicts: [] });
  });
});

import * as assert from 'node:assert/strict';
import { applyTextEdits, computeEdits, describeEdits, editStats } from '../../../../src/core/documents/diff';
import { rebaseEdits } from '../../../../src/core/documents/rebase';
import { validateLesson } from '../../../../src/core/lesson/validate';
import { bigLesson, rewriteParagraph } from '../lesson/bigLesson';

/** A small deterministic PRNG so a failing case can be replayed. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = ['le', 'chat', 'dort', '\n', '<p>', '</p>', ' ', 'é', '😀', 'a', 'aa', '\n\n'];

function randomText(rand: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(rand() * WORDS.length)]).join('');
}

function mutate(rand: () => number, text: string): string {
  let out = text;
  const count = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < count; i++) {
    const at = Math.floor(rand() * (out.length + 1));
    const cut = Math.floor(rand() * 20);
    out = out.slice(0, at) + randomText(rand, Math.floor(rand() * 6)) + out.slice(Math.min(out.length, at + cut));
  }
  return out;
}

describe('minimal diff', () => {
  it('turns any text into any other text (randomised, seeded)', () => {
    const rand = prng(7);
    for (let i = 0; i < 400; i++) {
      const before = randomText(rand, Math.floor(rand() * 400));
      const after = rand() < 0.1 ? randomText(rand, 50) : mutate(rand, before);
      const edits = computeEdits(before, after);
      assert.equal(applyTextEdits(before, edits), after, `case ${i}`);
      for (let k = 1; k < edits.length; k++) assert.ok((edits[k]?.start ?? 0) >= (edits[k - 1]?.end ?? 0));
    }
  });

  it('returns nothing for identical texts', () => {
    assert.deepEqual(computeEdits('<lesson/>', '<lesson/>'), []);
  });

  it('changes one paragraph of a 1 MB lesson with at most 3 ranges, all inside that paragraph', () => {
    const { text, middleParagraphId } = bigLesson(1_000_000);
    assert.ok(text.length >= 1_000_000);
    const after = rewriteParagraph(text, middleParagraphId, 'Le dimanche, Claire reste à la maison et lit un roman policier.');
    assert.ok(validateLesson(after).ok);
    const edits = computeEdits(text, after);
    assert.ok(edits.length >= 1 && edits.length <= 3, `${edits.length} ranges`);
    const paragraphStart = text.indexOf(`<p id="${middleParagraphId}">`);
    const paragraphEnd = text.indexOf('</p>', paragraphStart);
    for (const edit of edits) assert.ok(edit.start >= paragraphStart && edit.end <= paragraphEnd);
    assert.equal(applyTextEdits(text, edits), after);
  });

  it('keeps distant changes as separate ranges', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `<p>line ${i} of the lesson text</p>`);
    const changed = [...lines];
    changed[10] = '<p>line ten, rewritten</p>';
    changed[150] = '<p>line 150 of the lesson text, longer</p>';
    const before = lines.join('\n');
    const edits = computeEdits(before, changed.join('\n'));
    assert.equal(edits.length, 2);
    assert.equal(before.slice(edits[0]?.start, edits[0]?.end), '10 of the lesson text');
    assert.equal(describeEdits(edits), '2 changes, -21 +22 characters');
    assert.deepEqual(editStats(edits), { ranges: 2, removed: 21, inserted: 22 });
  });

  it('never splits a surrogate pair', () => {
    const edits = computeEdits('a😀b', 'a😁b');
    assert.deepEqual(edits, [{ start: 1, end: 3, newText: '😁' }]);
  });

  it('refuses overlapping edits when applying', () => {
    assert.throws(() => applyTextEdits('abcdef', [{ start: 0, end: 3, newText: 'x' }, { start: 2, end: 4, newText: 'y' }]), RangeError);
  });
});

describe('rebase over the user\'s typing', () => {
  const base = '<lesson>\n  <p>One.</p>\n  <p>Two.</p>\n  <p>Three.</p>\n</lesson>\n';
  const agent = base.replace('<p>Two.</p>', '<p>Two, rewritten.</p>');
  const edits = computeEdits(base, agent);

  it('shifts an edit over typing elsewhere (before and after it)', () => {
    const current = base.replace('<p>One.</p>', '<p>One, by the user.</p>').replace('</lesson>\n', '</lesson>\n<!-- typed -->');
    const result = rebaseEdits(base, current, edits);
    assert.ok(result.ok);
    assert.equal(
      applyTextEdits(current, result.edits),
      current.replace('<p>Two.</p>', '<p>Two, rewritten.</p>'),
    );
  });

  it('returns the edits unchanged when nobody typed', () => {
    const result = rebaseEdits(base, base, edits);
    assert.ok(result.ok);
    assert.deepEqual(result.edits, edits);
  });

  it('refuses an edit overlapping the user\'s change and names the line', () => {
    const current = base.replace('Two.', 'Deux.');
    const result = rebaseEdits(base, current, edits);
    assert.equal(result.ok, false);
    if (!result.ok) {
      assert.deepEqual(result.lines, [3]);
      assert.match(result.message, /line 3/);
    }
  });

  it('refuses insertions at the same point and typing that touches the edited words', () => {
    const at = base.indexOf('Three');
    const insert = [{ start: at, end: at, newText: 'Agent ' }];
    assert.equal(rebaseEdits(base, base.replace('Three', 'User Three'), insert).ok, false);
    // The agent makes "Three" "Four"; the user had made it "Threes".
    const word = base.indexOf('Three');
    const rename = [{ start: word, end: word + 5, newText: 'Four' }];
    assert.equal(rebaseEdits(base, base.replace('Three', 'Threes'), rename).ok, false);
    // One character away is not touching: both changes survive.
    const result = rebaseEdits(base, base.replace('Three.', 'Three.!'), rename);
    assert.ok(result.ok);
    assert.equal(applyTextEdits(base.replace('Three.', 'Three.!'), result.edits), base.replace('Three.', 'Four.!'));
  });

  it('merges random disjoint changes exactly (randomised, seeded)', () => {
    const rand = prng(11);
    for (let i = 0; i < 200; i++) {
      const text = randomText(rand, 300);
      const cut = Math.floor(text.length / 2);
      // The agent works on the first half, the user on the second: they never meet.
      const agentHalf = mutate(rand, text.slice(0, cut - 1)) + text.slice(cut - 1, cut);
      const userHalf = text.slice(cut, cut + 1) + mutate(rand, text.slice(cut + 1));
      const agentEdits = computeEdits(text, agentHalf + text.slice(cut));
      const current = text.slice(0, cut) + userHalf;
      const result = rebaseEdits(text, current, agentEdits);
      assert.ok(result.ok, `case ${i}`);
      assert.equal(applyTextEdits(current, result.edits), agentHalf + userHalf, `case ${i}`);
    }
  });
});

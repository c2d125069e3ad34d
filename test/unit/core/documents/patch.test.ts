import * as assert from 'node:assert/strict';
import { applyTextPatch, hashText, makePatch, patchSides, reverseTextPatch, wholeHunk } from '../../../../src/core/documents/patch';
import { bigLesson } from '../lesson/bigLesson';

/** A small deterministic generator, so a failure names the seed that reproduces it. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const WORDS = ['', '\n', 'a', 'b\n', 'ligne\n', '\r\n', 'é', '😀', '  <p>x</p>\n', 'no newline'];

function randomText(next: () => number, parts: number): string {
  let out = '';
  for (let i = 0; i < parts; i++) out += WORDS[Math.floor(next() * WORDS.length)];
  return out;
}

function mutate(next: () => number, text: string): string {
  let out = text;
  const n = 1 + Math.floor(next() * 3);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(next() * (out.length + 1));
    const del = Math.floor(next() * 6);
    out = out.slice(0, at) + randomText(next, Math.floor(next() * 3)) + out.slice(at + del);
  }
  return out;
}

describe('edit patches', () => {
  it('turns before into after and back, exactly, for 2,000 random edits', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const next = random(seed);
      const before = randomText(next, Math.floor(next() * 30));
      const after = mutate(next, before);
      const patch = makePatch(before, after);
      assert.equal(applyTextPatch(before, patch), after, `seed ${seed}: forward ${JSON.stringify([before, after, patch])}`);
      assert.equal(applyTextPatch(after, reverseTextPatch(patch)), before, `seed ${seed}: reverse`);
    }
  });

  it('keeps a small edit on a 1 MB lesson small, and finds it again after other changes', () => {
    const { text } = bigLesson(1_000_000);
    const after = text.replace('Unit 400: au marché', 'Unit 400: à la boulangerie');
    const patch = makePatch(text, after);
    assert.ok(JSON.stringify(patch).length < 2_000, `${JSON.stringify(patch).length} bytes`);
    assert.equal(applyTextPatch(text, patch), after);
    // The user changed the start of the document since: the edit is still found and undone.
    const typed = after.replace('Unit 3: au marché', 'Unit 3: au supermarché');
    assert.equal(applyTextPatch(typed, reverseTextPatch(patch)), typed.replace('Unit 400: à la boulangerie', 'Unit 400: au marché'));
    // The same lines changed again: the patch no longer fits.
    assert.equal(applyTextPatch(after.replace('Unit 400: à la boulangerie', 'Unit 400: ailleurs'), reverseTextPatch(patch)), undefined);
  });

  it('falls back to one hunk for the whole region, which applies too', () => {
    const hunk = wholeHunk('a\nb\nc', 'a\nx\n', 4);
    const before = 'l1\nl2\nl3\nl4\na\nb\nc';
    assert.equal(applyTextPatch(before, [hunk]), 'l1\nl2\nl3\nl4\na\nx\n');
    assert.equal(applyTextPatch('', [wholeHunk('', 'new file\n')]), 'new file\n');
  });

  it('hashes text and shows a patch on its own when it fits nothing', () => {
    assert.equal(hashText('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const sides = patchSides(makePatch('one\ntwo\nthree\n', 'one\n2\nthree\n'));
    assert.equal(sides.before, 'one\ntwo\nthree');
    assert.equal(sides.after, 'one\n2\nthree');
  });
});

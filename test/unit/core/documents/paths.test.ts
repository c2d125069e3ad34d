import * as assert from 'node:assert/strict';
import { fileNameFor } from '../../../../src/core/documents/paths';

describe('file names for titles', () => {
  it('keeps every character a file system accepts: accents, dashes, commas, ampersands, other scripts', () => {
    assert.equal(fileNameFor('Les verbes — été & hiver, A2', '.md'), 'Les verbes — été & hiver, A2.md');
    assert.equal(fileNameFor('Ελληνικά: μάθημα 3', '.md'), 'Ελληνικά μάθημα 3.md');
    assert.equal(fileNameFor('日本語のレッスン', '.md'), '日本語のレッスン.md');
  });

  it('puts one space where a forbidden character was, never two, and no dot or space at the end', () => {
    assert.equal(fileNameFor('Verbs: present / past?', '.md'), 'Verbs present past.md');
    assert.equal(fileNameFor('  a  \t b  ', '.md'), 'a b.md');
    assert.equal(fileNameFor('Week 3...', '.md'), 'Week 3.md');
    assert.equal(fileNameFor('a<b>c"d|e*f\\\\g', '.md'), 'a b c d e f g.md');
  });

  it('drops the "…" of a title cut short, wherever it is, and writes accents one way (NFC)', () => {
    assert.equal(fileNameFor('Les verbes du premier groupe au présent de l’indicatif…', '.md'), 'Les verbes du premier groupe au présent de l’indicatif.md');
    assert.equal(fileNameFor('Attends… quoi ?', '.html'), 'Attends quoi.html');
    // "é" typed as e + combining accent (macOS file names, some keyboards) is the one "é" character.
    assert.equal(fileNameFor('e\u0301te\u0301', '.md'), '\u00e9t\u00e9.md');
  });

  it('falls back to a plain name when nothing is left, and cuts very long titles on a character', () => {
    assert.equal(fileNameFor('???', '.md'), 'session.md');
    const long = fileNameFor('😀'.repeat(200), '.md');
    assert.equal(Array.from(long.slice(0, -3)).length, 120);
    assert.ok(!/[\ud800-\udbff]$/.test(long.slice(0, -3)), 'no half of a surrogate pair');
  });
});

import * as assert from 'node:assert/strict';
import { splitBlocks } from '../../../webview-ui/src/markdown/blocks';

describe('splitBlocks (streamed markdown)', () => {
  it('splits paragraphs at blank lines', () => {
    assert.deepEqual(splitBlocks('One.\nStill one.\n\nTwo.'), [
      { kind: 'markdown', text: 'One.\nStill one.' },
      { kind: 'markdown', text: 'Two.' },
    ]);
  });

  it('makes fenced code its own block, closed or still open', () => {
    const closed = splitBlocks('Look:\n```xml\n<lesson>\n\n</lesson>\n```\nAfter.');
    assert.deepEqual(closed, [
      { kind: 'markdown', text: 'Look:' },
      { kind: 'code', text: '<lesson>\n\n</lesson>', lang: 'xml', closed: true },
      { kind: 'markdown', text: 'After.' },
    ]);
    const open = splitBlocks('Look:\n~~~\nline 1\nline');
    assert.deepEqual(open[1], { kind: 'code', text: 'line 1\nline', lang: '', closed: false });
  });

  it('keeps an indented continuation with its list item across a blank line', () => {
    const blocks = splitBlocks('1. Step one\n\n   More about step one\n2. Step two\n\nDone.');
    assert.equal(blocks.length, 2);
    assert.equal(blocks[0]?.text, '1. Step one\n\n   More about step one\n2. Step two');
  });

  it('only ever changes the last block as text is appended', () => {
    const full = 'Intro paragraph.\n\n- a\n- b\n\n```js\nconst x = 1;\n```\n\nClosing words here.';
    let previous = splitBlocks('');
    for (let i = 1; i <= full.length; i++) {
      const next = splitBlocks(full.slice(0, i));
      // Every block before the previous last one is unchanged: it is final once followed.
      for (let b = 0; b < previous.length - 1; b++) assert.deepEqual(next[b], previous[b], `block ${b} changed at ${i}`);
      previous = next;
    }
    assert.equal(previous.length, 4);
  });

  it('returns no blocks for empty or blank text', () => {
    assert.deepEqual(splitBlocks(''), []);
    assert.deepEqual(splitBlocks('\n\n  \n'), []);
  });
});

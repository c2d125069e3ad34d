// Last in the suite (files run in name order): the key every part used is in no file the suite
// wrote and in no output it captured; then the figures, together.
import * as assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { allFigures, allOutputs, fileText, filesUnder, KEY, writtenDirs } from './kit';

describe('hostile: the key grep, and the figures', () => {
  after(async () => {
    for (const dir of writtenDirs()) await rm(dir, { recursive: true, force: true });
  });

  it('finds the API key in no file written and no output', async () => {
    let files = 0;
    let bytes = 0;
    const hits: string[] = [];
    for (const dir of writtenDirs()) {
      for (const path of await filesUnder(dir)) {
        const text = await fileText(path);
        files += 1;
        bytes += text.length;
        if (text.includes(KEY)) hits.push(path);
      }
    }
    const outputs = allOutputs();
    const outputHits = outputs.filter((o) => o.includes(KEY)).length;
    const outBytes = outputs.reduce((n, o) => n + o.length, 0);
    const line = `key grep: ${files} files (${(bytes / 1e6).toFixed(1)} MB) and ${outputs.length} outputs (${(outBytes / 1e6).toFixed(1)} MB) searched; ${hits.length + outputHits} hold the key`;
    process.stdout.write(`\n  Hostile suite figures:\n${[...allFigures(), line].map((f) => `    ${f}`).join('\n')}\n\n`);
    assert.ok(files > 0 && outputs.length > 0, 'the suite wrote files and captured output');
    assert.deepEqual(hits, []);
    assert.equal(outputHits, 0);
  });
});

import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { editTextTool, locateEdits } from '../../../../src/core/tools/editText';
import { LESSON, useWorkbench } from './toolContext';

describe('edit_text', () => {
  const bench = useWorkbench();

  it('applies several targeted replacements as one edit', async () => {
    const seen = await bench.seen();
    const input = {
      edits: [
        { find: 'avec son frère', replace: 'avec sa sœur' },
        { find: 'hint="aller"', replace: 'hint="aller (3rd person)"' },
      ],
      summary: 'Sister instead of brother; clearer hint',
    };
    const result = await editTextTool.run(input, bench.context({ documentSeen: seen }));
    assert.equal(result.isError, undefined, result.content);
    const expected = LESSON.replace('avec son frère', 'avec sa sœur').replace('hint="aller"', 'hint="aller (3rd person)"');
    assert.equal(await readFile(bench.document.path, 'utf8'), expected);
    assert.equal(result.summary, 'changed 2 lines');
    assert.equal(result.edit?.after, expected);
    assert.equal(result.documentSeen?.text, expected);
    assert.doesNotMatch(result.content, /kept/);
  });

  it('says how many times an ambiguous find matched, and where', async () => {
    const result = await editTextTool.run({ edits: [{ find: 'des ', replace: 'les ' }], summary: 'x' }, bench.context());
    assert.equal(result.isError, true);
    assert.match(result.content, /Nothing was changed/);
    assert.match(result.content, /edit 1: find "des " occurs 2 times \(lines 4, 4\); include more surrounding text/);
    assert.equal(await readFile(bench.document.path, 'utf8'), LESSON);
  });

  it('says when a find is missing, and when only the spacing differs', async () => {
    const result = await editTextTool.run(
      {
        edits: [
          { find: 'des   pommes', replace: 'x' },
          { find: 'des bananes', replace: 'x' },
        ],
        summary: 'x',
      },
      bench.context(),
    );
    assert.equal(result.isError, true);
    assert.match(result.content, /edit 1: find "des {3}pommes" was not found in the document\. It does occur with different spacing/);
    assert.match(result.content, /edit 2: find "des bananes" was not found in the document\.$/m);
  });

  it('refuses overlapping replacements', () => {
    const located = locateEdits('abcdef', {
      edits: [
        { find: 'abcd', replace: 'x' },
        { find: 'cdef', replace: 'y' },
      ],
      summary: 'x',
    });
    assert.equal(located.ok, false);
    if (!located.ok) assert.match(located.message, /overlap/);
  });

  it('validates the resulting lesson and changes nothing when it is invalid', async () => {
    const result = await editTextTool.run(
      { edits: [{ find: ' student-answer=""', replace: '' }], summary: 'x' },
      bench.context(),
    );
    assert.equal(result.isError, true);
    assert.match(result.content, /line 6, column 15: <blank> is missing the required attribute student-answer/);
    assert.equal(await readFile(bench.document.path, 'utf8'), LESSON);
  });

  it('tells the model when the user typed things it has not seen', async () => {
    const seen = await bench.seen();
    const typed = LESSON.replace('<h1>Au marché</h1>', '<h1>Au marché du samedi</h1>');
    await writeFile(bench.document.path, typed);
    const result = await editTextTool.run(
      { edits: [{ find: 'des pommes', replace: 'des poires' }], summary: 'Pears' },
      bench.context({ documentSeen: seen }),
    );
    assert.equal(result.isError, undefined, result.content);
    const expected = typed.replace('des pommes', 'des poires');
    assert.equal(await readFile(bench.document.path, 'utf8'), expected);
    assert.match(result.content, /their changes were kept/);
    assert.equal(result.documentSeen?.text, expected, 'it edited the live text, so the live text is its picture');
  });

  it('asks before removing more than a quarter of the document', async () => {
    const exercise = LESSON.slice(LESSON.indexOf('  <exercise'), LESSON.indexOf('</lesson>'));
    const plan = await editTextTool.needsConfirmation?.({ edits: [{ find: exercise, replace: '' }], summary: 'Removed the exercise' }, bench.context());
    assert.ok(plan);
    assert.equal(plan.request.tool, 'edit_text');
    assert.equal(plan.proposal?.after, LESSON.replace(exercise, ''));
    const small = await editTextTool.needsConfirmation?.({ edits: [{ find: 'frère', replace: 'sœur' }], summary: 'x' }, bench.context());
    assert.equal(small, undefined);
  });
});

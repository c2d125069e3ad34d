import * as assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createDocumentTool } from '../../../../src/core/tools/createDocument';
import { LESSON, useWorkbench } from './toolContext';

describe('create_document', () => {
  const bench = useWorkbench();

  it('always asks first, and asking writes nothing', async () => {
    const input = { path: 'worksheets/unit-2.lesson.xml', content: LESSON };
    const plan = await createDocumentTool.needsConfirmation?.(input, bench.context({ settings: { approvalEdits: 'never' } }));
    assert.ok(plan);
    assert.equal(plan.request.tool, 'create_document');
    assert.equal(plan.request.title, 'Create worksheets/unit-2.lesson.xml?');
    assert.equal(plan.request.summary, 'A new lesson, 9 lines, in the workspace folder.');
    assert.equal(plan.proposal?.before, '');
    assert.equal(plan.proposal?.after, LESSON);
    assert.deepEqual(await readdir(bench.dir), ['unit.lesson.xml']);
    assert.equal(createDocumentTool.displayText(input), 'Creating worksheets/unit-2.lesson.xml');
  });

  it('creates the file once run (after approval)', async () => {
    const result = await createDocumentTool.run({ path: 'worksheets/unit-2.lesson.xml', content: LESSON }, bench.context());
    assert.equal(result.isError, undefined, result.content);
    assert.equal(result.content, 'Created worksheets/unit-2.lesson.xml (9 lines).');
    assert.equal(await readFile(join(bench.dir, 'worksheets', 'unit-2.lesson.xml'), 'utf8'), LESSON);
  });

  for (const [path, expected] of [
    ['../escape.lesson.xml', /uses "\.\."/],
    ['/tmp/abs.lesson.xml', /absolute/],
    ['.lesson-agent/skills/evil.md', /hidden folder/],
    ['.vscode/settings.json', /hidden folder/],
    ['script.js', /must end in \.lesson\.xml, \.md, \.txt/],
  ] as const) {
    it(`refuses ${path} without asking or writing`, async () => {
      const input = { path, content: 'x' };
      assert.equal(await createDocumentTool.needsConfirmation?.(input, bench.context()), undefined);
      const result = await createDocumentTool.run(input, bench.context());
      assert.equal(result.isError, true);
      assert.match(result.content, expected);
      assert.deepEqual(await readdir(bench.dir), ['unit.lesson.xml']);
    });
  }

  it('never overwrites an existing file', async () => {
    await writeFile(join(bench.dir, 'notes.md'), 'mine');
    const result = await createDocumentTool.run({ path: 'notes.md', content: 'agent' }, bench.context());
    assert.equal(result.isError, true);
    assert.match(result.content, /already exists/);
    assert.equal(await readFile(join(bench.dir, 'notes.md'), 'utf8'), 'mine');
  });

  it('validates a new lesson before writing it', async () => {
    const result = await createDocumentTool.run({ path: 'bad.lesson.xml', content: '<lesson><p>x</lesson>' }, bench.context());
    assert.equal(result.isError, true);
    assert.match(result.content, /line 1, column \d+: not well-formed XML/);
    assert.deepEqual(await readdir(bench.dir), ['unit.lesson.xml']);
  });

  it('explains that a file needs a workspace folder', async () => {
    const result = await createDocumentTool.run({ path: 'a.md', content: 'x' }, bench.context({ workspace: undefined }));
    assert.equal(result.isError, true);
    assert.match(result.content, /No workspace folder/);
  });
});

// Reading a small JSON file against its schema: found, missing and damaged said apart, so each
// caller (the sessions list, the last session, a lock, the moved-sessions note) decides once what
// a damaged file means for it; other errors are not taken for a missing file.
import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod';
import { readJsonFile } from '../../../src/core/jsonFile';

const schema = z.object({ version: z.literal(1), name: z.string() });

describe('readJsonFile', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'json-file-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('gives the value a file holds when it matches the schema', async () => {
    await writeFile(join(dir, 'a.json'), JSON.stringify({ version: 1, name: 'Unit 3' }));
    assert.deepEqual(await readJsonFile(join(dir, 'a.json'), schema), { status: 'found', value: { version: 1, name: 'Unit 3' } });
  });

  it('says a file that is not there is missing, also when its folder is not there', async () => {
    assert.deepEqual(await readJsonFile(join(dir, 'none.json'), schema), { status: 'missing' });
    assert.deepEqual(await readJsonFile(join(dir, 'no-folder', 'none.json'), schema), { status: 'missing' });
  });

  it('says a file cut off, empty or of another shape is damaged, and how', async () => {
    await writeFile(join(dir, 'cut.json'), '{"version": 1, "na');
    await writeFile(join(dir, 'empty.json'), '');
    await writeFile(join(dir, 'newer.json'), JSON.stringify({ version: 2, name: 'x' }));
    assert.deepEqual(await readJsonFile(join(dir, 'cut.json'), schema), { status: 'damaged', problem: 'not-json' });
    assert.deepEqual(await readJsonFile(join(dir, 'empty.json'), schema), { status: 'damaged', problem: 'not-json' });
    const newer = await readJsonFile(join(dir, 'newer.json'), schema);
    assert.equal(newer.status === 'damaged' && newer.problem, 'schema');
    assert.ok(newer.status === 'damaged' && newer.problem === 'schema' && newer.detail.length > 0, 'the first issue is named');
  });

  it('throws what is neither missing nor damaged: a folder where the file should be', async () => {
    await mkdir(join(dir, 'folder.json'));
    await assert.rejects(readJsonFile(join(dir, 'folder.json'), schema), (err: NodeJS.ErrnoException) => err.code === 'EISDIR');
  });
});

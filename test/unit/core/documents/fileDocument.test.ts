import * as assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeEdits } from '../../../../src/core/documents/diff';
import { FileDocument } from '../../../../src/core/documents/fileDocument';
import { FileWorkspace } from '../../../../src/core/documents/fileWorkspace';
import { checkRelativePath } from '../../../../src/core/documents/paths';

const LESSON = '<lesson>\n  <h1>Title</h1>\n  <p>First.</p>\n  <p>Second.</p>\n</lesson>\n';

describe('file document', () => {
  let dir = '';
  let path = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'filedoc-'));
    path = join(dir, 'unit.lesson.xml');
    await writeFile(path, LESSON);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('knows lessons by their suffix and names the file', () => {
    assert.equal(new FileDocument(path).kind, 'lesson');
    assert.equal(new FileDocument(join(dir, 'notes.md')).kind, 'text');
    assert.equal(new FileDocument(path).name, 'unit.lesson.xml');
    assert.equal(fileURLToPath(new FileDocument(path).uri), path);
  });

  it('moves its version only when the content changes', async () => {
    const doc = new FileDocument(path);
    const a = await doc.read();
    assert.equal((await doc.read()).version, a.version);
    await writeFile(path, LESSON.replace('First', 'Premier'));
    assert.ok((await doc.read()).version > a.version);
  });

  it('applies edits atomically, keeps the file mode and leaves no temp file', async () => {
    await chmod(path, 0o640);
    const doc = new FileDocument(path);
    const base = await doc.read();
    const target = LESSON.replace('<p>Second.</p>', '<p>Second, longer.</p>');
    const result = await doc.applyEdits(computeEdits(base.text, target), base, 'test');
    assert.ok(result.ok);
    assert.equal(result.rebased, false);
    assert.equal(result.after.text, target);
    assert.equal(await readFile(path, 'utf8'), target);
    assert.equal((await stat(path)).mode & 0o777, 0o640);
    assert.deepEqual(await readdir(dir), ['unit.lesson.xml']);
  });

  it('rebases over a change made on disk since the snapshot', async () => {
    const doc = new FileDocument(path);
    const base = await doc.read();
    const edits = computeEdits(base.text, LESSON.replace('<p>Second.</p>', '<p>Second, by the agent.</p>'));
    await writeFile(path, LESSON.replace('<h1>Title</h1>', '<h1>Title by the user</h1>'));
    const result = await doc.applyEdits(edits, base, 'test');
    assert.ok(result.ok);
    assert.equal(result.rebased, true);
    assert.equal(
      await readFile(path, 'utf8'),
      LESSON.replace('<h1>Title</h1>', '<h1>Title by the user</h1>').replace('<p>Second.</p>', '<p>Second, by the agent.</p>'),
    );
  });

  it('refuses an overlapping change and keeps the user\'s text', async () => {
    const doc = new FileDocument(path);
    const base = await doc.read();
    const edits = computeEdits(base.text, LESSON.replace('Second.', 'Deuxième.'));
    const users = LESSON.replace('Second.', 'Second!');
    await writeFile(path, users);
    const result = await doc.applyEdits(edits, base, 'test');
    assert.equal(result.ok, false);
    if (!result.ok) {
      assert.equal(result.reason, 'conflict');
      assert.equal(result.current?.text, users);
    }
    assert.equal(await readFile(path, 'utf8'), users);
  });

  it('reports a deleted file clearly', async () => {
    const doc = new FileDocument(path);
    const base = await doc.read();
    await unlink(path);
    await assert.rejects(doc.read(), /unit\.lesson\.xml no longer exists/);
    const result = await doc.applyEdits([{ start: 0, end: 0, newText: 'x' }], base, 'test');
    assert.equal(result.ok, false);
    if (!result.ok) assert.equal(result.reason, 'missing');
  });

  it('refuses edits outside the text without writing', async () => {
    const doc = new FileDocument(path);
    const base = await doc.read();
    const result = await doc.applyEdits([{ start: 5, end: 9999, newText: '' }], base, 'test');
    assert.equal(result.ok, false);
    assert.equal(await readFile(path, 'utf8'), LESSON);
  });
});

describe('file workspace', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'filews-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates a new file in a new sub-folder', async () => {
    const ws = new FileWorkspace(dir);
    const resolved = await ws.resolveNewFile('units\\unit-3.lesson.xml');
    assert.ok(resolved.ok);
    assert.equal(resolved.name, 'units/unit-3.lesson.xml');
    await ws.createFile(resolved.uri, '<lesson/>');
    assert.equal(await readFile(join(dir, 'units', 'unit-3.lesson.xml'), 'utf8'), '<lesson/>');
  });

  it('never overwrites, even a file that appears after resolving', async () => {
    const ws = new FileWorkspace(dir);
    await writeFile(join(dir, 'taken.md'), 'mine');
    const taken = await ws.resolveNewFile('taken.md');
    assert.equal(taken.ok, false);
    if (!taken.ok) assert.match(taken.message, /already exists/);
    const late = await ws.resolveNewFile('late.md');
    assert.ok(late.ok);
    await writeFile(join(dir, 'late.md'), 'mine');
    await assert.rejects(ws.createFile(late.uri, 'agent'), /EEXIST/);
    assert.equal(await readFile(join(dir, 'late.md'), 'utf8'), 'mine');
  });

  it('refuses paths that leave the folder, including through a symlink', async () => {
    const ws = new FileWorkspace(join(dir, 'root'));
    await mkdir(join(dir, 'root'));
    await mkdir(join(dir, 'outside'));
    await symlink(join(dir, 'outside'), join(dir, 'root', 'link'));
    for (const bad of ['../x.md', 'a/../../x.md', '/etc/x.md', 'C:\\x.md', 'link/x.md']) {
      const result = await ws.resolveNewFile(bad);
      assert.equal(result.ok, false, bad);
    }
  });
});

describe('relative path check', () => {
  for (const [input, expected] of [
    ['unit.lesson.xml', 'unit.lesson.xml'],
    ['./a//b/c.md', 'a/b/c.md'],
    ['a\\b.md', 'a/b.md'],
  ] as const) {
    it(`accepts ${input}`, () => assert.deepEqual(checkRelativePath(input), { ok: true, path: expected }));
  }
  for (const [input, expected] of [
    ['', /empty/],
    ['/abs.md', /absolute/],
    ['~/x.md', /absolute/],
    ['D:/x.md', /absolute/],
    ['a/../../b.md', /"\.\."/],
    ['folder/', /folder/],
    ['a\u0000b', /control/],
  ] as const) {
    it(`refuses ${JSON.stringify(input)}`, () => {
      const result = checkRelativePath(input);
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.message, expected);
    });
  }
});

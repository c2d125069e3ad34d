// Files Lesson Agent cannot edit safely are refused, never destroyed (the built CLI, in its own
// process): a Latin-1 file (it lost every accent), a PNG (rewritten as garbage), a file over the
// size limit (read whole for 40 s) are refused before any model call; a read-only file is not
// edited (its owner and hard links broke); a file with other hard links keeps sharing them; a CRLF
// file keeps CRLF; a folder, a pipe (it hung forever) or a device as --doc is bad usage, at once.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmod, link, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ofType, toolResults, useCliWorkspace } from './cliProcess';

const KEY = 'sk-ant-cli-files-7a8b9c0d1e2f';
const NOTES = '# Notes\n\nThe summer (été) was long.\nEND\n';
const addLine = { blocks: [{ type: 'tool_use' as const, name: 'edit_text', input: { edits: [{ find: 'END', replace: 'A new line.\nEND' }], summary: 'Add a line' } }] };
const done = { blocks: [{ type: 'text' as const, text: 'Done.' }] };

describe('CLI: files that cannot be edited safely (dist/cli.js)', function () {
  this.timeout(60_000);
  const cli = useCliWorkspace({ prefix: 'la-cli-files-', file: 'notes.md', lesson: NOTES, key: KEY });

  async function refusedBeforeAnyCall(bytes: Buffer, name: string, problem: RegExp, extra: string[] = []): Promise<void> {
    cli.doc = join(cli.dir, name);
    await writeFile(cli.doc, bytes);
    const f = await cli.serve({ steps: [addLine, done] });
    const r = await cli.run(f.url, 'Add a line', extra);
    assert.equal(r.code, 1, r.stderr);
    const error = r.events.at(-1);
    assert.ok(error?.type === 'error' && error.code === 'document', JSON.stringify(error));
    assert.match(error.message, problem);
    assert.equal(f.requests.length, 0, 'no model call');
    assert.deepEqual(await readFile(cli.doc), bytes, 'not a byte changed');
  }

  it('a Latin-1 file is refused before any model call, every accent kept', async () => {
    await refusedBeforeAnyCall(Buffer.from(NOTES, 'latin1'), 'latin1.md', /^latin1\.md is not saved as UTF-8 .* so no accent is lost/);
  });

  it('a binary file (a PNG) is refused before any model call, unchanged', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR'), Buffer.alloc(64, 7)]);
    await refusedBeforeAnyCall(png, 'picture.png', /^picture\.png is not a text file \(it holds binary data/);
  });

  it('a document over the size limit is refused before any model call, at once', async () => {
    const started = Date.now();
    await refusedBeforeAnyCall(Buffer.from(`# Big\n${'x'.repeat(2.5 * 1024 * 1024)}\n`), 'big.md', /^big\.md is 2\.5 MB: Lesson Agent works on documents up to 1\.0 MB/, ['--max-document-mb', '1']);
    assert.ok(Date.now() - started < 15_000);
  });

  it('a read-only file is not edited, and the model and the step say it is read-only', async () => {
    await chmod(cli.doc, 0o444);
    const f = await cli.serve({ steps: [addLine, done] });
    const r = await cli.run(f.url, 'Add a line', ['--approval', 'never']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(await readFile(cli.doc, 'utf8'), NOTES);
    assert.equal((await stat(cli.doc)).mode & 0o777, 0o444, 'its permissions are as they were');
    const [result] = toolResults(f, 1);
    assert.ok(result?.isError);
    assert.match(result.content, /^notes\.md is read-only: Lesson Agent did not change it/);
    assert.match(ofType(r.events, 'tool_end')[0]?.error ?? '', /read-only/);
  });

  it('a file with another hard link is edited in place: both names still share it', async () => {
    const other = join(cli.dir, 'notes-link.md');
    await link(cli.doc, other);
    const f = await cli.serve({ steps: [addLine, done] });
    const r = await cli.run(f.url, 'Add a line', ['--approval', 'never']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(await readFile(other, 'utf8'), NOTES.replace('END', 'A new line.\nEND'));
    assert.equal((await stat(cli.doc)).nlink, 2);
    assert.equal((await stat(cli.doc)).ino, (await stat(other)).ino);
  });

  it('a CRLF file keeps CRLF line ends, the agent\'s new lines included', async () => {
    const crlf = NOTES.replace(/\n/g, '\r\n');
    await writeFile(cli.doc, crlf, 'utf8');
    const f = await cli.serve({ steps: [addLine, done] });
    const r = await cli.run(f.url, 'Add a line', ['--approval', 'never']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(await readFile(cli.doc, 'utf8'), NOTES.replace('END', 'A new line.\nEND').replace(/\n/g, '\r\n'));
  });

  it('a folder, a named pipe or a device as --doc is bad usage (exit 2), at once', async () => {
    const fifo = join(cli.dir, 'pipe.md');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
    const f = await cli.serve({ steps: [addLine, done] });
    for (const [doc, what] of [[cli.dir, 'a folder'], [fifo, 'a named pipe'], ['/dev/null', 'a device']] as const) {
      cli.doc = doc;
      const started = Date.now();
      const r = await cli.run(f.url, 'Add a line');
      assert.equal(r.code, 2, `${doc}: ${r.stderr}`);
      const error = r.events.at(-1);
      assert.ok(error?.type === 'error' && error.code === 'usage');
      assert.match(error.message, new RegExp(`is ${what}, not a file`));
      assert.ok(Date.now() - started < 10_000, `${what}: at once`);
    }
    assert.equal(f.requests.length, 0);
  });
});

// A lesson deleted under the agent: the model is told it is gone (in English, with what to do), and
// the teacher's step says so too, in their language, not a generic "cannot be read".
import * as assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileDocument } from '../../../../src/core/documents/fileDocument';
import { DocumentReadError } from '../../../../src/core/documents/types';
import { isSnapshot, readDocument } from '../../../../src/core/tools/toolResults';
import { fillIn, setTranslator } from '../../../../src/shared/l10n';

describe('a document deleted under the agent', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-gone-'));
  });
  afterEach(async () => {
    setTranslator(fillIn);
    await rm(dir, { recursive: true, force: true });
  });

  it("tells the model in English and the teacher's step in their language that it no longer exists", async () => {
    const path = join(dir, 'weather.lesson.xml');
    await writeFile(path, '<lesson title="Weather">\n</lesson>\n');
    const document = new FileDocument(path);
    assert.ok(isSnapshot(await readDocument(document)), 'read while it is there');
    await rm(path);
    await assert.rejects(document.read(), (error: unknown) => error instanceof DocumentReadError);
    setTranslator((message, ...args) => `[fr] ${fillIn(message, ...args)}`, 'fr');
    const result = await readDocument(document);
    assert.ok(!isSnapshot(result));
    assert.equal(result.isError, true);
    assert.match(result.content, /^The document weather\.lesson\.xml cannot be read: weather\.lesson\.xml no longer exists \(it was deleted or moved\)\.$/);
    assert.equal(result.summary, '[fr] weather.lesson.xml no longer exists (it was deleted or moved)');
  });
});

import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { revertEdit } from '../../../../src/core/chat/revert';
import { FileDocument } from '../../../../src/core/documents/fileDocument';
import { hashText, makePatch } from '../../../../src/core/documents/patch';
import type { EditRecord } from '../../../../src/core/sessions/schema';

const before = '<lesson>\n  <h1>Verbs</h1>\n  <p>Intro.</p>\n  <p>Closing.</p>\n</lesson>\n';
const after = '<lesson>\n  <h1>Verbs</h1>\n  <p>Intro.</p>\n  <p>New exercise.</p>\n  <p>Closing.</p>\n</lesson>\n';

function record(): EditRecord {
  return {
    id: 'e1',
    toolCallId: 't',
    turnId: 'turn',
    documentUri: 'file:///x',
    summary: 'Added an exercise',
    patch: makePatch(before, after),
    hashBefore: hashText(before),
    hashAfter: hashText(after),
    status: 'applied',
    plannedAt: 1,
    appliedAt: 1,
  };
}

describe('reverting an applied edit', () => {
  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'revert-'));
    path = join(dir, 'a.lesson.xml');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('restores the text from before the edit', async () => {
    await writeFile(path, after);
    const result = await revertEdit(new FileDocument(path), record());
    assert.deepEqual(result, { ok: true });
    assert.equal(await readFile(path, 'utf8'), before);
  });

  it('keeps what the user changed elsewhere since the edit', async () => {
    await writeFile(path, after.replace('<h1>Verbs</h1>', '<h1>French verbs</h1>'));
    const result = await revertEdit(new FileDocument(path), record());
    assert.deepEqual(result, { ok: true });
    assert.equal(await readFile(path, 'utf8'), before.replace('<h1>Verbs</h1>', '<h1>French verbs</h1>'));
  });

  it('refuses, with an explanation, when the edited part changed since, and changes nothing', async () => {
    const moved = after.replace('New exercise.', 'New exercise, corrected by the teacher.');
    await writeFile(path, moved);
    const result = await revertEdit(new FileDocument(path), record());
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : result.message, /cannot be reverted.*changed since/);
    assert.equal(await readFile(path, 'utf8'), moved);
  });
});

import * as assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { documentKindForPath } from '../../../../src/core/documents/kind';
import { formatLessonErrors, validateLesson } from '../../../../src/core/lesson/validate';

// The sample workspace opened by `npm start` and the integration tests (run from the repo root).
const SAMPLES = resolve('samples');

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

describe('sample workspace', () => {
  it('every sample lesson is valid and has exercises', async () => {
    const lessons = (await files(SAMPLES)).filter((f) => documentKindForPath(f) === 'lesson');
    assert.ok(lessons.length >= 2, `${lessons.length} sample lessons`);
    for (const path of lessons) {
      const result = validateLesson(await readFile(path, 'utf8'));
      assert.ok(result.ok, `${path}\n${formatLessonErrors(result)}`);
      assert.ok(result.exercises.length >= 3, path);
    }
  });

  it('has a Markdown document, edited without XML validation', async () => {
    const path = join(SAMPLES, 'reading-notes.md');
    assert.equal(documentKindForPath(path), 'text');
    assert.match(await readFile(path, 'utf8'), /^# Reading notes/);
  });
});

import * as assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { cliDocumentKindForPath, documentKindForPath, isLessonPath } from '../../../../src/core/documents/kind';

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? sources(join(dir, e.name)) : Promise.resolve(/\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []))),
  );
  return nested.flat();
}

describe('which file is a lesson', () => {
  it('is a .lesson.xml file, whatever the case of the suffix, in any kind of path', () => {
    for (const path of ['unit-3.lesson.xml', 'a/b/Verbs.LESSON.XML', 'C:\\lessons\\x.Lesson.Xml', 'file:///w/x.lesson.xml']) {
      assert.equal(isLessonPath(path), true, path);
      assert.equal(documentKindForPath(path), 'lesson', path);
    }
    for (const path of ['notes.md', 'quiz.xml', 'lesson.xml', 'x.lesson.xml.bak', 'x.lesson-xml', 'x.lessonxml']) {
      assert.equal(isLessonPath(path), false, path);
      assert.equal(documentKindForPath(path), 'text', path);
    }
  });

  it('the CLI also validates any other .xml given with --doc, and nothing else', () => {
    assert.equal(cliDocumentKindForPath('quiz.xml'), 'lesson');
    assert.equal(cliDocumentKindForPath('QUIZ.XML'), 'lesson');
    assert.equal(cliDocumentKindForPath('unit.lesson.xml'), 'lesson');
    assert.equal(cliDocumentKindForPath('notes.md'), 'text');
    assert.equal(cliDocumentKindForPath('quiz.xml.txt'), 'text');
  });

  it('no other file in src or the webview decides it again', async () => {
    // A test of a path against the lesson suffix (or any .xml), written anywhere but kind.ts. Renaming
    // (`.replace(/\.lesson\.xml$|\.xml$/i, '')`) is not a decision and is not matched.
    const decides = [/endsWith\(\s*['"`]\.lesson\.xml['"`]/i, /\/\\\.lesson\\\.xml\$\/i?\.test\(/, /\/\\\.xml\$\/i?\.test\(/];
    const roots = [resolve('src'), resolve('webview-ui/src')];
    const files = (await Promise.all(roots.map(sources))).flat();
    assert.ok(files.length > 50, `${files.length} source files`);
    const found: string[] = [];
    for (const file of files) {
      const rel = relative(resolve('.'), file).split('\\').join('/');
      if (rel === 'src/core/documents/kind.ts') continue;
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (decides.some((re) => re.test(line))) found.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(found, []);
  });
});

// Sessions have one writer in the code as on disk: only the session owner calls the store's write
// methods, and only the store's own modules touch the session files.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// Test bundles live in out/test/unit/core/sessions: five levels below the repository.
const ROOT = join(__dirname, '..', '..', '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Lines of `file` matching `pattern`, comments left out. */
function hits(file: string, pattern: RegExp): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && pattern.test(line))
    .map((line) => `${relative(ROOT, file)}: ${line.trim()}`);
}

describe('one writer for sessions, in the code', () => {
  const files = sources(join(ROOT, 'src'));

  it('finds the sources', () => {
    assert.ok(files.some((f) => f.endsWith(join('sessions', 'owner.ts'))), ROOT);
  });

  it('only the session owner calls the store\'s write methods', () => {
    const writes = /\b(store|this\.store|deps\.store)\.(save|append|delete|lock|load|release)\(/;
    const found = files.filter((f) => !f.endsWith(join('sessions', 'owner.ts'))).flatMap((f) => hits(f, writes));
    assert.deepEqual(found, []);
  });

  it('only the store\'s modules write files under the sessions folder', () => {
    const store = ['fileStore.ts', 'lock.ts', 'sessionIndex.ts'].map((n) => join('src', 'core', 'sessions', n));
    const fsWrites = /(?<![\w.])(writeFile|appendFile|rename|truncate|rm|unlink|link|utimes|replaceFile|appendDurable|writeNewFileDurable)\(/;
    const methodDeclaration = /^\S+: (async )?\w+\([^)]*\)(: [^=]+)? \{$/;
    const found = sources(join(ROOT, 'src', 'core', 'sessions'))
      .filter((f) => !store.includes(relative(ROOT, f)))
      .flatMap((f) => hits(f, fsWrites))
      .filter((line) => !methodDeclaration.test(line));
    assert.deepEqual(found, []);
  });
});

// Sessions have one writer in the code as on disk: only the session owner calls the store's write
// methods, and only the store's own modules touch the session files (the panel's pointer to the
// session it showed last lives beside them and writes its one file only; the one-time move of a
// window's sessions into the shared folder runs before the store opens).
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

  const fsWrites = /(?<![\w.])(writeFile|appendFile|rename|truncate|rm|unlink|link|utimes|replaceFile|appendDurable|writeNewFileDurable)\(/;
  const methodDeclaration = /^\S+: (async )?\w+\([^)]*\)(: [^=]+)? \{$/;
  /** The panel's note of the session it showed last: beside the sessions, but not a session (checked below). */
  const pointer = join('src', 'core', 'sessions', 'lastSessionFile.ts');

  it('only the store\'s modules write files under the sessions folder', () => {
    // moveSessions.ts: the one-time move into the folder every window shares, run before the store opens.
    const store = ['fileStore.ts', 'lock.ts', 'sessionIndex.ts', 'moveSessions.ts'].map((n) => join('src', 'core', 'sessions', n));
    const found = sources(join(ROOT, 'src', 'core', 'sessions'))
      .filter((f) => !store.includes(relative(ROOT, f)) && relative(ROOT, f) !== pointer)
      .flatMap((f) => hits(f, fsWrites))
      .filter((line) => !methodDeclaration.test(line));
    assert.deepEqual(found, []);
  });

  it('the last-session pointer writes its own file and nothing else', () => {
    const text = readFileSync(join(ROOT, pointer), 'utf8');
    const writes = hits(join(ROOT, pointer), fsWrites).filter((line) => !methodDeclaration.test(line));
    assert.equal(writes.length, 1, writes.join('\n'));
    assert.match(writes[0] ?? '', /replaceFile\(this\.path, /);
    assert.match(text, /this\.path = join\(dir, LAST_SESSION_FILE\);/);
    assert.match(text, /LAST_SESSION_FILE = 'last-session\.json';/);
    // It names a session; it never reads or writes one.
    assert.doesNotMatch(text, /from '\.\/(fileStore|journal|lock|sessionIndex|schema|owner)'/);
  });
});

// The session owner is the only writer: no module under src/ but sessions/owner.ts (and the store
// it drives) saves or deletes a session (oneWriter.test.ts checks every write method of the store),
// and the types give everyone else a read-only session. The owner's transitions are written in its
// parts (its working copy, the turn's lifecycle, what a turn records, the edits): they hold the
// writable session, and nothing but the owner and its other parts imports them, so every change
// still goes through the one owner that holds the session's lock.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const SRC = join(__dirname, '..', '..', '..', '..', '..', 'src');
const OWNER = 'core/sessions/owner.ts';
const WRITERS = new Set([OWNER, 'core/sessions/fileStore.ts']);
const OWNER_PARTS = new Set([
  'core/sessions/changes.ts',
  'core/sessions/draft.ts',
  'core/sessions/turnLifecycle.ts',
  'core/sessions/turnRecords.ts',
  'core/sessions/editRecords.ts',
  'core/sessions/lineRecords.ts',
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The src-relative paths a module imports from (relative imports only). */
function importsOf(file: { path: string; text: string }): string[] {
  return [...file.text.matchAll(/\bfrom '(\.[^']*)'/g)].map((m) => join(dirname(file.path), `${m[1]}.ts`).split('\\').join('/'));
}

describe('session ownership', () => {
  const files = sources(SRC).map((path) => ({ path: relative(SRC, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));

  it('finds the sources it checks', () => {
    assert.ok(files.length > 40);
    const paths = new Set(files.map((f) => f.path));
    for (const path of [...WRITERS, ...OWNER_PARTS]) assert.ok(paths.has(path), `${path} exists`);
  });

  it('no module but the owner saves or deletes a session through a store', () => {
    const writes = /\b(store|sessions|deps\.store|this\.store)\s*\.\s*(save|delete)\s*\(/;
    const offenders = files.filter((f) => !WRITERS.has(f.path) && writes.test(f.text)).map((f) => f.path);
    assert.deepEqual(offenders, []);
  });

  it("no module but the owner, its parts and the store holds a writable Session, and only the owner imports its parts", () => {
    const mutable = /import (type )?\{[^}]*\b(Session|StoredMessage|TurnRecord|EditRecord)\b[^}]*\} from '(\.\/|[^']*sessions\/)schema'/;
    const allowed = new Set([...WRITERS, ...OWNER_PARTS, 'core/sessions/schema.ts', 'core/sessions/journal.ts', 'core/sessions/migrations.ts', 'core/sessions/newSession.ts', 'core/sessions/pairing.ts', 'core/sessions/types.ts']);
    const offenders = files.filter((f) => !allowed.has(f.path) && mutable.test(f.text)).map((f) => f.path);
    assert.deepEqual(offenders, []);
    // The parts may hold a writable session because no one but the owner can call them.
    const reachers = files
      .filter((f) => f.path !== OWNER && !OWNER_PARTS.has(f.path))
      .flatMap((f) => importsOf(f).filter((path) => OWNER_PARTS.has(path)).map((path) => `${f.path} imports ${path}`));
    assert.deepEqual(reachers, []);
    const owner = files.find((f) => f.path === OWNER);
    assert.ok(owner && importsOf(owner).includes('core/sessions/draft.ts'), 'the check sees the owner import its parts');
  });
});

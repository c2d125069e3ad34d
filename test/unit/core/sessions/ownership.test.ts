// The session owner is the only writer: no module under src/ but sessions/owner.ts (and the store
// it drives) saves or deletes a session, and the types give everyone else a read-only session.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..', '..', '..', '..', '..', 'src');
const WRITERS = new Set(['core/sessions/owner.ts', 'core/sessions/fileStore.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('session ownership', () => {
  const files = sources(SRC).map((path) => ({ path: relative(SRC, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));

  it('finds the sources it checks', () => {
    assert.ok(files.length > 40);
    assert.ok(files.some((f) => f.path === 'core/sessions/owner.ts'));
  });

  it('no module but the owner saves or deletes a session through a store', () => {
    const writes = /\b(store|sessions|deps\.store|this\.store)\s*\.\s*(save|delete)\s*\(/;
    const offenders = files.filter((f) => !WRITERS.has(f.path) && writes.test(f.text)).map((f) => f.path);
    assert.deepEqual(offenders, []);
  });

  it('no module but the owner and the store holds a writable Session: the rest import ReadonlySession', () => {
    const mutable = /import (type )?\{[^}]*\b(Session|StoredMessage|TurnRecord|EditRecord)\b[^}]*\} from '[^']*sessions\/schema'/;
    const allowed = new Set([...WRITERS, 'core/sessions/schema.ts', 'core/sessions/migrations.ts', 'core/sessions/newSession.ts', 'core/sessions/pairing.ts', 'core/sessions/types.ts']);
    const offenders = files.filter((f) => !allowed.has(f.path) && mutable.test(f.text)).map((f) => f.path);
    assert.deepEqual(offenders, []);
  });
});

// An old window's sessions folder as earlier versions left it, for the move's tests: journals (one
// written on after its first snapshot), a file of the first releases, a session that cannot be
// read, a part of one set aside earlier, a stale lock, a dead writer's temp file and the pointer
// to the session shown last.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { emptySession } from '../../../../src/core/sessions/newSession';
import { SessionOwner } from '../../../../src/core/sessions/owner';
import type { Session } from '../../../../src/core/sessions/schema';
import fixtureV1 from './fixtures/session-v1.json';

export const LEGACY_ID = fixtureV1.id;
/** The readable sessions, by id, as the old folder's store reads them. */
export type Sessions = Map<string, Session>;

function session(id: string, updatedAt: number): Session {
  return { ...emptySession({ id, now: updatedAt - 10, title: `Session ${id}` }), updatedAt };
}

export async function makeOldFolder(dir: string): Promise<Sessions> {
  const store = new FileSessionStore(dir);
  for (const [id, at] of [['s-a', 1000], ['s-b', 2000], ['s-c', 3000]] as const) await store.save(session(id, at));
  // A journal with more than its snapshot: a change appended after it.
  const owner = await SessionOwner.open(store, 's-b', { now: () => 2500, newId: (p) => `${p}-1` });
  owner.rename('Verbs, week 3');
  await owner.save();
  await owner.close();
  const sessions = join(dir, 'sessions');
  await writeFile(join(sessions, `${LEGACY_ID}.json`), JSON.stringify(fixtureV1), 'utf8');
  await writeFile(join(sessions, 's-broken.jsonl'), '{"v":3,"c":"00000000","r":{"kind":"snap', 'utf8');
  await writeFile(join(sessions, 's-old.damaged-1700000000000.jsonl'), 'the damaged end of a session\n', 'utf8');
  const dead = { pid: 2_000_000_000, host: hostname(), since: 0, holder: 'Lesson Agent in another VS Code window', token: 'gone' };
  await writeFile(join(sessions, 's-a.lock'), JSON.stringify(dead), 'utf8');
  await writeFile(join(sessions, 's-c.jsonl.2000000000.0badcafe.tmp'), 'half of a snapshot', 'utf8');
  await writeFile(join(dir, 'last-session.json'), JSON.stringify({ version: 1, sessionId: 's-a' }), 'utf8');
  const out: Sessions = new Map();
  for (const id of ['s-a', 's-b', 's-c', LEGACY_ID]) out.set(id, await store.get(id));
  return out;
}

/** Every file under `dir` with its bytes, by path relative to it. */
export async function filesIn(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const names = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const d of names.filter((n) => n.isFile())) {
    const path = join(d.parentPath, d.name);
    out.set(path.slice(dir.length + 1), await readFile(path, 'utf8'));
  }
  return out;
}

/** The files of the old folder that are parts of sessions (what must have moved). */
export function sessionFiles(files: Map<string, string>): string[] {
  return [...files.keys()].filter((f) => f.startsWith('sessions/') && !/\.(lock|tmp)$/.test(f)).sort();
}

// Moves the sessions a window kept in the folder VS Code gave that window alone (its workspace
// storage: a second window on the same folder got another one, and saw none of them) into the
// folder every window of the workspace shares (workspaceKey.ts). Each session file is copied as
// it is, byte for byte (a damaged one arrives damaged, and the store sets it aside when it reads
// it, as it does anywhere), whole or not at all (a synced temp file linked to its name, never over
// another file); the copies are synced; then the old folder is marked as moved (a synced note of
// the files moved), and only then are the old files removed. A crash at any point is finished by
// the next start: a noted file is only removed, a file not noted yet is copied again or found
// there already. So no session is lost, and none is listed twice.
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { fsyncDir, isNotFound, openFile, publishNewFile, replaceFile, type FileOpener } from '../durableFs';
import { readJsonFile } from '../jsonFile';
import { LAST_SESSION_FILE } from './lastSessionFile';
import { lockHolder } from './lock';

/** The note left in the old folder once its sessions are safely in the shared one. */
export const MOVED_NOTE = 'moved-sessions.json';
const NOTE_VERSION = 1;
const noteSchema = z.object({ version: z.literal(NOTE_VERSION), movedTo: z.string(), movedAt: z.number(), files: z.array(z.string()) });
type MovedNote = z.infer<typeof noteSchema>;

/** A step of the move made durable (tests stop there, as a crash would). */
export type MoveStep = { kind: 'copied'; file: string } | { kind: 'noted' } | { kind: 'removed'; file: string };

export interface MoveOptions {
  /** Something the user should know: a session found in both folders with different contents. */
  readonly onProblem?: (message: string) => void;
  readonly opener?: FileOpener;
  readonly afterStep?: (step: MoveStep) => void | Promise<void>;
  readonly now?: () => number;
}

export interface MoveResult {
  /** Ids of the sessions moved by this call. */
  readonly moved: readonly string[];
  /** Sessions left where they were because a live process is writing them (moved on a later start). */
  readonly inUse: readonly string[];
}

/** Locks, temp files and moved-aside stale locks belong to a process, not to a session. */
const NOT_MOVED = /\.(lock|tmp)$|\.lock\.stale-/;
/** A session's own file (the others are parts of it set aside: damaged, unreadable, clashing). */
const SESSION_FILE = /^[^.]+\.jsonl?$/;

/** The session a file in the sessions folder belongs to: `<id>.jsonl`, `<id>.corrupt-<time>.json`... */
function sessionOf(name: string): string {
  return name.split('.')[0] ?? name;
}

async function readIfThere(path: string): Promise<Buffer | undefined> {
  return readFile(path).catch((err: unknown) => {
    if (isNotFound(err)) return undefined;
    throw err;
  });
}

async function readNote(dir: string): Promise<MovedNote | undefined> {
  const note = await readJsonFile(join(dir, MOVED_NOTE), noteSchema);
  // A note that cannot be read names nothing to remove: every file left is checked again.
  return note.status === 'found' ? note.value : undefined;
}

/** The files to move, by session; a session a live process holds stays for now. */
async function filesToMove(sessionsDir: string): Promise<{ files: string[]; inUse: string[] }> {
  let names: string[];
  try {
    names = (await readdir(sessionsDir)).sort();
  } catch (err) {
    if (isNotFound(err)) return { files: [], inUse: [] };
    throw err;
  }
  const inUse = new Set<string>();
  for (const name of names.filter((n) => n.endsWith('.lock'))) {
    if (await lockHolder(join(sessionsDir, name))) inUse.add(sessionOf(name));
  }
  const files: string[] = [];
  for (const name of names) {
    if (NOT_MOVED.test(name) || inUse.has(sessionOf(name))) continue;
    if ((await stat(join(sessionsDir, name))).isFile()) files.push(name);
  }
  return { files, inUse: [...inUse] };
}

/** The same session's file in the other form (`.json` of the first releases, `.jsonl` since). */
function otherForm(name: string): string | undefined {
  if (name.endsWith('.jsonl')) return name.slice(0, -1);
  if (name.endsWith('.json') && !name.slice(0, -5).includes('.')) return `${name}l`;
  return undefined;
}

class Mover {
  constructor(
    private readonly fromDir: string,
    private readonly toDir: string,
    private readonly opener: FileOpener,
    private readonly options: MoveOptions,
  ) {}

  /** Copies one file into the shared folder, unless it is there already; a different file of that name stays, and this one goes beside it. */
  async copy(name: string): Promise<void> {
    const bytes = await readFile(join(this.fromDir, name));
    const target = join(this.toDir, name);
    const there = await readIfThere(target);
    // A journal only grows: one that starts with these bytes is this one, written on since (by
    // another window, after a move that was cut short).
    if (there && (there.equals(bytes) || (name.endsWith('.jsonl') && there.subarray(0, bytes.length).equals(bytes)))) return;
    const other = otherForm(name);
    const clash = there !== undefined || (other !== undefined && (await readIfThere(join(this.toDir, other))) !== undefined);
    if (!clash) {
      try {
        await publishNewFile(target, bytes, this.opener);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        return this.copy(name);
      }
    }
    // Never written over, never dropped: kept beside it under a name the list does not read.
    const dot = name.indexOf('.');
    const aside = `${name.slice(0, dot)}.before-move-${(this.options.now ?? Date.now)()}${name.slice(dot)}`;
    await publishNewFile(join(this.toDir, aside), bytes, this.opener);
    this.options.onProblem?.(
      `Session ${sessionOf(name)} was in both this window's folder and the workspace's sessions folder, with different contents. ` +
        `The one in the sessions folder is kept; the other copy is beside it as ${aside}.`,
    );
  }

  /** Removes moved files from the old folder, and its list, which names sessions no longer there. */
  async remove(files: readonly string[]): Promise<void> {
    for (const name of files) {
      await rm(join(this.fromDir, name), { force: true });
      await this.options.afterStep?.({ kind: 'removed', file: name });
    }
    await rm(join(this.fromDir, '..', 'index.json'), { force: true });
    await fsyncDir(this.fromDir).catch(() => undefined);
  }
}

/** Which session the panel showed last comes along, unless the shared folder has its own already. */
async function carryLastShown(from: string, to: string): Promise<void> {
  const bytes = await readIfThere(join(from, LAST_SESSION_FILE));
  if (!bytes || (await readIfThere(join(to, LAST_SESSION_FILE)))) return;
  await replaceFile(join(to, LAST_SESSION_FILE), bytes.toString('utf8'), { durable: false });
}

/**
 * Moves the sessions under `from` (a store's folder: `sessions/`, `index.json`...) into the store
 * folder `to`. Safe to call on every start: once moved, there is nothing left to move.
 */
export async function moveSessions(from: string, to: string, options: MoveOptions = {}): Promise<MoveResult> {
  if (resolve(from) === resolve(to)) return { moved: [], inUse: [] };
  const opener = options.opener ?? openFile;
  const mover = new Mover(join(from, 'sessions'), join(to, 'sessions'), opener, options);
  const noted = await readNote(from);
  // A move cut short after its note: those copies were safe; only the removals remain.
  if (noted) await mover.remove(noted.files);
  const { files, inUse } = await filesToMove(join(from, 'sessions'));
  if (files.length === 0) return { moved: [], inUse };
  await mkdir(join(to, 'sessions'), { recursive: true });
  for (const name of files) {
    await mover.copy(name);
    await options.afterStep?.({ kind: 'copied', file: name });
  }
  await fsyncDir(join(to, 'sessions'));
  await carryLastShown(from, to);
  const note: MovedNote = { version: NOTE_VERSION, movedTo: to, movedAt: (options.now ?? Date.now)(), files };
  await replaceFile(join(from, MOVED_NOTE), JSON.stringify(note), { opener });
  await options.afterStep?.({ kind: 'noted' });
  await mover.remove(files);
  return { moved: [...new Set(files.filter((f) => SESSION_FILE.test(f)).map(sessionOf))], inUse };
}

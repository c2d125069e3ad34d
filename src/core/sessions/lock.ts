// One writer per session, across processes: a lock file created exclusively that names its holder
// (pid, host, since when, which surface) and what recognises that process again: the machine's
// boot and the process's start time. A lock whose holder is gone (its process died on this host,
// the machine restarted since, its pid now belongs to another process, or no heartbeat from
// another host for a minute) is taken over; the takeover moves the stale file aside by rename, so
// of two processes racing for it only one wins. A teacher may also take a lock over by hand
// (`force`), warned that the other writer's later changes are then not saved.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { link, rename, rm, stat, utimes } from 'node:fs/promises';
import { bootId, processStart } from './processIdentity';
import * as z from 'zod';
import { isNotFound, isProcessAlive, openFile, tempPathFor, writeAll, writeNewFile, type FileOpener } from '../durableFs';
import { readJsonFile } from '../jsonFile';
import { displayLanguage, l10n, languageOf } from '../../shared/l10n';

export const lockHolderSchema = z.object({
  pid: z.number().int(),
  host: z.string(),
  /** When the lock was taken (ms since the epoch). */
  since: z.number(),
  /** Who holds it, in the user's words: "Lesson Agent in VS Code", "the lesson-agent command line". */
  holder: z.string(),
  token: z.string(),
  /** This boot of the holder's machine (Linux's boot id), to see a restart since. */
  boot: z.string().optional(),
  /** When the holder's process started (Linux: clock ticks since boot), to see its pid reused. */
  started: z.string().optional(),
});
export type LockHolder = z.infer<typeof lockHolderSchema>;

const HEARTBEAT_MS = 20_000;
/** A lock from another host with no heartbeat for this long is stale. */
const FOREIGN_STALE_MS = 60_000;

/** Tokens of the locks this process holds: a lock with our pid and an unknown token was leaked. */
const held = new Set<string>();

export class LockBusyError extends Error {
  constructor(readonly holder: LockHolder) {
    super(`held by ${describeHolder(holder)}`);
    this.name = 'LockBusyError';
  }
}

/**
 * Who holds a lock, as each writer names itself in the file. Written in English: the file is read
 * by other processes, whose teacher may read another language; each reader says it in its own.
 */
export const HOLDERS = {
  window: 'Lesson Agent in another VS Code window',
  commandLine: 'the lesson-agent command line',
  other: 'another Lesson Agent',
  unknown: 'another process',
} as const;

/** A holder in the teacher's language, as "in use by …" names it; one that named itself otherwise, as it did. */
function holderWords(holder: string): string {
  switch (holder) {
    case HOLDERS.window:
      return l10n.t('Lesson Agent in another VS Code window');
    case HOLDERS.commandLine:
      return l10n.t('the lesson-agent command line');
    case HOLDERS.other:
      return l10n.t('another Lesson Agent');
    case HOLDERS.unknown:
      return l10n.t('another process');
    default:
      return holder;
  }
}

/** The locale a date is written in: the display language's, where the runtime knows it (English as in Britain: day, month, year). */
function dateLocale(): string {
  const language = displayLanguage();
  if (languageOf(language) === 'en' || Intl.DateTimeFormat.supportedLocalesOf([language]).length === 0) return 'en-GB';
  return language;
}

/** "the lesson-agent command line (process 4242 on school-laptop, since 3 Mar 2026, 14:02:11)", in the teacher's language. */
export function describeHolder(h: LockHolder): string {
  const locale = dateLocale();
  // A language the runtime does not know gets the date in figures: no month name in another language.
  const month = locale === 'en-GB' && languageOf(displayLanguage()) !== 'en' ? 'numeric' : 'short';
  const since = new Date(h.since).toLocaleString(locale, { day: 'numeric', month, year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  return l10n.t('{0} (process {1} on {2}, since {3})', holderWords(h.holder), h.pid, h.host, since);
}

/** A file system without hard links: the lock is created empty, then written. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Creates the lock with its content in one step: written whole to a temp file, then hard-linked
 * to the lock's name (which fails if a lock exists). So a lock file is never seen empty or half
 * written, even when the disk is full: then the temp file fails, and no lock file is left behind.
 * Not synced: after a power cut the holder's pid is dead anyway, and the lock is taken over.
 */
async function createExclusive(path: string, data: string, opener: FileOpener): Promise<void> {
  const temp = tempPathFor(path, true);
  try {
    await writeNewFile(temp, data, { opener });
    await link(temp, path);
    return;
  } catch (err) {
    if (!NO_LINKS.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
  } finally {
    await rm(temp, { force: true });
  }
  const handle = await opener(path, 'wx');
  try {
    await writeAll(handle, data);
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(path, { force: true });
    throw err;
  }
  await handle.close();
}

type Seen = { holder: LockHolder | undefined; mtimeMs: number; size: number } | undefined;

async function readHolder(path: string): Promise<Seen> {
  try {
    const [file, info] = await Promise.all([readJsonFile(path, lockHolderSchema), stat(path)]);
    if (file.status === 'missing') return undefined;
    // An empty or damaged lock holds nobody (see isStale).
    return { holder: file.status === 'found' ? file.value : undefined, mtimeMs: info.mtimeMs, size: info.size };
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

function isStale(seen: NonNullable<Seen>, now: number): boolean {
  const h = seen.holder;
  // Locks are created whole (createExclusive): an empty or unreadable one was left by a failed
  // write (a full disk), a crash or damage, and blocks nobody.
  if (!h) return true;
  if (h.host !== hostname()) return now - seen.mtimeMs > FOREIGN_STALE_MS;
  // The machine restarted since: no process of that boot runs any more (its pid may be reused).
  const boot = bootId();
  if (h.boot !== undefined && boot !== undefined && h.boot !== boot) return true;
  if (h.pid === process.pid) return !held.has(h.token);
  if (!isProcessAlive(h.pid)) return true;
  // Alive, but another process that got the same pid: it is not the holder.
  const started = h.started === undefined ? undefined : processStart(h.pid);
  return started !== undefined && started !== h.started;
}

function newHolder(label: string): LockHolder {
  const boot = bootId();
  const started = processStart(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    since: Date.now(),
    holder: label,
    token: randomBytes(8).toString('hex'),
    ...(boot !== undefined ? { boot } : {}),
    ...(started !== undefined ? { started } : {}),
  };
}

const UNKNOWN_HOLDER = (since: number): LockHolder => ({ pid: 0, host: 'unknown', since, holder: HOLDERS.unknown, token: '' });

/** The live holder of the lock at `path`, if any (a stale lock counts as free). */
export async function lockHolder(path: string): Promise<LockHolder | undefined> {
  const seen = await readHolder(path);
  if (!seen || isStale(seen, Date.now())) return undefined;
  return seen.holder ?? UNKNOWN_HOLDER(seen.mtimeMs);
}

export class FileLock {
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private released = false;

  private constructor(
    readonly path: string,
    readonly holder: LockHolder,
  ) {
    held.add(holder.token);
    this.heartbeat = setInterval(() => {
      const now = new Date();
      utimes(path, now, now).catch(() => undefined);
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Takes the lock, or throws LockBusyError naming its live holder. `force` takes it from a live
   * holder too (the teacher chose to, warned): that holder's next write finds its lock gone and fails.
   */
  static async acquire(path: string, label: string, opener: FileOpener = openFile, options: { force?: boolean } = {}): Promise<FileLock> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const holder = newHolder(label);
      try {
        await createExclusive(path, JSON.stringify(holder), opener);
        return new FileLock(path, holder);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const seen = await readHolder(path);
      if (!seen) continue;
      if (!options.force && !isStale(seen, Date.now())) throw new LockBusyError(seen.holder ?? UNKNOWN_HOLDER(seen.mtimeMs));
      await takeOver(path, seen);
    }
    const seen = await readHolder(path);
    throw new LockBusyError(seen?.holder ?? UNKNOWN_HOLDER(Date.now()));
  }

  /** Still ours? (Checked before every write: a lock lost to a takeover must not be written through.) */
  async holds(): Promise<boolean> {
    if (this.released) return false;
    const seen = await readHolder(this.path);
    return seen?.holder?.token === this.holder.token;
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    clearInterval(this.heartbeat);
    held.delete(this.holder.token);
    const seen = await readHolder(this.path).catch(() => undefined);
    if (seen?.holder?.token === this.holder.token) await rm(this.path, { force: true });
  }
}

/**
 * Moves a stale lock aside. If what was moved turns out not to be the stale lock we judged (another
 * process took it over and locked anew in between), it is put back (link fails if yet another
 * lock appeared meanwhile, which then stands).
 */
async function takeOver(path: string, stale: NonNullable<Seen>): Promise<void> {
  const aside = `${path}.stale-${randomBytes(4).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch (err) {
    if (isNotFound(err)) return;
    throw err;
  }
  const moved = await readHolder(aside);
  const same = moved?.holder?.token === stale.holder?.token && (stale.holder !== undefined || moved?.mtimeMs === stale.mtimeMs);
  if (!same) await link(aside, path).catch(() => undefined);
  await rm(aside, { force: true });
}

// Sessions on disk, in a directory the caller gives (the workspace's sessions folder in the
// extension's global storage, or the CLI's --session-dir): `sessions/<id>.jsonl`, an append-only journal per session (journal.ts);
// `sessions/<id>.lock` while a process writes it (lock.ts); `index.json`, the list (sessionIndex.ts).
// Every checkpoint is appended and synced to disk; past a threshold the journal is compacted into
// one snapshot, written to a synced temp file and renamed over it. A damaged journal keeps every
// record before the damage; the rest is set aside and reported. Files of the first releases
// (`sessions/<id>.json`, one snapshot) are read as they are and become journals on their first write.
import { l10n } from '../../shared/l10n';
import { mkdir, readdir, readFile, rename, rm, stat, truncate } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { appendDurable, fsyncDir, isDiskFull, isNotFound, openFile, removeStaleTemps, replaceFile, writeNewFileDurable, type FileOpener } from '../durableFs';
import type { SessionSummary } from '../../shared/view';
import { changesLine, readJournal, snapshotLine, type JournalContents, type SessionChange } from './journal';
import { FileLock, HOLDERS, LockBusyError, lockHolder, type LockHolder } from './lock';
import { migrateSession, SessionFormatError } from './migrations';
import type { ReadonlySession, Session } from './schema';
import { SessionIndex } from './sessionIndex';
import { sessionSummary } from './summary';
import { SessionCorruptError, SessionInUseError, SessionNotFoundError, type SessionLease, type SessionStore } from './types';

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
/** Compaction: when the records after the snapshot outweigh it (and at least this much), or are this many. */
const COMPACT_MIN_BYTES = 1 << 20;
const COMPACT_MAX_RECORDS = 2_000;

export interface FileSessionStoreOptions {
  /** Who this process is, in the user's words, for "this session is in use by ..." elsewhere. */
  readonly holder?: string;
  /** Compaction thresholds (tests make them small). */
  readonly compactMinBytes?: number;
  readonly compactMaxRecords?: number;
  /** How files are opened for writing (tests give one that plays a full disk). */
  readonly opener?: FileOpener;
}

/** A writer's hold on one session: its lock and what it knows of the journal's size. */
interface FileLease extends SessionLease {
  readonly lock: FileLock;
  journalBytes: number;
  snapshotBytes: number;
  records: number;
  /** The number the next record takes. */
  nextSeq: number;
  /** No journal yet (a new session, or a file of the first releases): the next write is a snapshot. */
  needsSnapshot: boolean;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export class FileSessionStore implements SessionStore {
  private readonly sessionsDir: string;
  private readonly index: SessionIndex;
  private readonly holder: string;
  private readonly compactMinBytes: number;
  private readonly compactMaxRecords: number;
  private readonly opener: FileOpener;

  constructor(
    readonly dir: string,
    private readonly onProblem: (message: string) => void = () => {},
    options: FileSessionStoreOptions = {},
  ) {
    this.sessionsDir = join(dir, 'sessions');
    this.holder = options.holder ?? HOLDERS.other;
    this.compactMinBytes = options.compactMinBytes ?? COMPACT_MIN_BYTES;
    this.compactMaxRecords = options.compactMaxRecords ?? COMPACT_MAX_RECORDS;
    this.opener = options.opener ?? openFile;
    this.index = new SessionIndex(dir, { ids: () => this.ids(), summary: (id) => this.summaryOf(id) }, this.holder, onProblem, this.opener);
  }

  private journalOf(id: string): string {
    if (!ID_PATTERN.test(id)) throw new SessionNotFoundError(id);
    return join(this.sessionsDir, `${id}.jsonl`);
  }

  private legacyOf(id: string): string {
    return join(this.sessionsDir, `${id}.json`);
  }

  private lockOf(id: string): string {
    return join(this.sessionsDir, `${id}.lock`);
  }

  // ---- reading ---------------------------------------------------------------------------------

  async get(id: string): Promise<Session> {
    return (await this.read(id)).session;
  }

  async list(): Promise<SessionSummary[]> {
    const list = await this.index.list();
    return [...list].sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async writer(id: string): Promise<LockHolder | undefined> {
    return lockHolder(this.lockOf(id));
  }

  /** The journal (or a first-release file) read and checked; damage is reported to the caller. */
  private async read(id: string): Promise<JournalContents & { legacy: boolean }> {
    const path = this.journalOf(id);
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (err) {
      if (isNotFound(err)) return { ...(await this.readLegacy(id)), legacy: true };
      throw err;
    }
    try {
      const contents = readJournal(bytes);
      if (contents.session.id !== id) throw new SessionFormatError(`the file holds session ${contents.session.id}`);
      return { ...contents, legacy: false };
    } catch (err) {
      throw await this.unreadable(id, path, err, '.jsonl');
    }
  }

  private async readLegacy(id: string): Promise<JournalContents> {
    const path = this.legacyOf(id);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (err) {
      if (isNotFound(err)) throw new SessionNotFoundError(id);
      throw err;
    }
    try {
      const session = migrateSession(JSON.parse(text));
      if (session.id !== id) throw new SessionFormatError(`the file holds session ${session.id}`);
      return { session, goodBytes: 0, snapshotBytes: 0, records: 0, nextSeq: 0, duplicates: 0 };
    } catch (err) {
      throw await this.unreadable(id, path, err, '.json');
    }
  }

  /**
   * A file with nothing to keep: set aside (unless a newer Lesson Agent wrote it) and reported. The
   * teacher reads it in the panel and on the command line, in their language, with the session
   * named by the title the list last gave it (its own file cannot say).
   */
  private async unreadable(id: string, path: string, err: unknown, ext: string): Promise<unknown> {
    if (!(err instanceof SyntaxError) && !(err instanceof SessionFormatError)) return err;
    const title = await this.index.cachedTitle(id);
    if (err instanceof SessionFormatError && err.newerVersion) {
      const message =
        title === undefined
          ? l10n.t('A session was saved by a newer version of Lesson Agent; it is left as it is. Update Lesson Agent to open it.')
          : l10n.t('The session “{0}” was saved by a newer version of Lesson Agent; it is left as it is. Update Lesson Agent to open it.', title);
      this.onProblem(message);
      return new SessionCorruptError(id, undefined, message);
    }
    const aside = join(this.sessionsDir, `${id}.corrupt-${Date.now()}${ext}`);
    const moved = await rename(path, aside).then(
      () => true,
      () => false,
    );
    const message = unreadableMessage(title, err.message, moved ? basename(aside) : undefined);
    // The list drops it by itself: it is reconciled with the files present when read.
    this.onProblem(message);
    return new SessionCorruptError(id, moved ? aside : undefined, message);
  }

  private async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.sessionsDir);
    } catch (err) {
      if (isNotFound(err)) return [];
      throw err;
    }
    const ids = new Set<string>();
    for (const name of names) {
      const m = /^(.+)\.jsonl?$/.exec(name);
      if (m?.[1] && ID_PATTERN.test(m[1])) ids.add(m[1]);
    }
    return [...ids];
  }

  private async summaryOf(id: string): Promise<SessionSummary | undefined> {
    try {
      return sessionSummary((await this.read(id)).session);
    } catch (err) {
      // One that cannot be read was reported as it was found; one gone since the folder was listed is no loss.
      if (!(err instanceof SessionCorruptError) && !(err instanceof SessionNotFoundError)) {
        this.onProblem(l10n.t('A session could not be read ({0}); it is left out of the list.', describe(err)));
      }
      return undefined;
    }
  }

  // ---- writing (the session owner's) -----------------------------------------------------------

  private leaseOf(lease: SessionLease): FileLease {
    return lease as FileLease;
  }

  async lock(id: string, options: { create?: boolean; takeOver?: boolean } = {}): Promise<SessionLease> {
    const journal = this.journalOf(id);
    const exists = async (): Promise<boolean> =>
      (await stat(journal).then(() => true, () => false)) || stat(this.legacyOf(id)).then(() => true, () => false);
    if (!options.create && !(await exists())) throw new SessionNotFoundError(id);
    await this.ensureDir();
    let lock: FileLock;
    try {
      lock = await FileLock.acquire(this.lockOf(id), this.holder, this.opener, { force: options.takeOver === true });
    } catch (err) {
      if (err instanceof LockBusyError) throw new SessionInUseError(id, err.holder);
      throw err;
    }
    // A delete may have won the race for the lock: the session is gone then.
    if (!options.create && !(await exists())) {
      await lock.release();
      throw new SessionNotFoundError(id);
    }
    const lease: FileLease = { sessionId: id, lock, journalBytes: 0, snapshotBytes: 0, records: 0, nextSeq: 0, needsSnapshot: true };
    return lease;
  }

  async load(lease: SessionLease): Promise<Session> {
    const l = this.leaseOf(lease);
    const contents = await this.read(l.sessionId);
    Object.assign(l, { journalBytes: contents.goodBytes, snapshotBytes: contents.snapshotBytes, records: contents.records, nextSeq: contents.nextSeq, needsSnapshot: contents.legacy });
    if (contents.damage) await this.repair(l, contents);
    if (contents.duplicates > 0) {
      // Written again without them, so they are reported once.
      await this.writeSnapshot(l, snapshotLine(contents.session));
      this.onProblem(
        contents.duplicates === 1
          ? l10n.t('Session “{0}”: A line was written twice in its file; the copies were dropped and nothing was lost.', contents.session.title)
          : l10n.t('Session “{0}”: {1} lines were written twice in its file; the copies were dropped and nothing was lost.', contents.session.title, contents.duplicates),
      );
    }
    return contents.session;
  }

  /** Sets the damaged tail aside in a file of its own, cuts the journal back to its good records, and says so. */
  private async repair(lease: FileLease, contents: JournalContents): Promise<void> {
    const damage = contents.damage;
    if (!damage) return;
    const path = this.journalOf(lease.sessionId);
    const bytes = await readFile(path);
    let aside: string | undefined = join(this.sessionsDir, `${lease.sessionId}.damaged-${Date.now()}.jsonl`);
    try {
      await writeNewFileDurable(aside, bytes.subarray(damage.offset), undefined, this.opener);
    } catch (err) {
      // A last record cut off in the middle was never confirmed to anyone (its write failed or
      // never finished): on a full disk it is cut without a copy. Anything else stays until there is room.
      if (!isDiskFull(err) || !damage.torn) throw err;
      aside = undefined;
    }
    await truncate(path, damage.offset);
    await fsyncDir(this.sessionsDir);
    this.onProblem(
      // The panel shows this to a teacher: no record numbers, no machine paths.
      aside
        ? l10n.t('Session “{0}” was damaged ({1}). Everything before the damage was kept; the rest was set aside in {2}, in the sessions folder.', contents.session.title, damage.reason, basename(aside))
        : l10n.t('Session “{0}” ended in a change that was cut off while it was written (the disk was full). Everything before it was kept.', contents.session.title),
    );
  }

  async append(lease: SessionLease, session: ReadonlySession, changes: readonly SessionChange[]): Promise<void> {
    const l = this.leaseOf(lease);
    const due = l.needsSnapshot || l.journalBytes - l.snapshotBytes > Math.max(this.compactMinBytes, l.snapshotBytes) || l.records > this.compactMaxRecords;
    if (!due && changes.length === 0) return;
    // Serialised before anything is awaited: the record is the state at this checkpoint.
    const line = due ? snapshotLine(session) : changesLine(l.nextSeq, session.updatedAt, changes);
    if (!(await l.lock.holds())) throw new Error('Another process took this session over; the change was not saved.');
    const path = this.journalOf(l.sessionId);
    if (due) {
      await this.writeSnapshot(l, line);
    } else {
      try {
        // Every byte on disk and synced, or none: a failed append is cut back to the size it found.
        const before = await appendDurable(path, line, this.opener);
        l.journalBytes = before + Buffer.byteLength(line);
        l.records++;
        l.nextSeq++;
      } catch (err) {
        // Should the cut have failed too, the next write replaces the journal whole.
        l.needsSnapshot = true;
        throw err;
      }
    }
    // The list is a cache rebuilt from the journals: it is updated behind the append (in order, and
    // flushed before the lock is released), so a message costs one synced append, not an index write.
    void this.index.put(sessionSummary(session)).catch((err: unknown) => this.onProblem(l10n.t('The sessions list could not be updated: {0}', describe(err))));
  }

  /** Compaction: the whole session as one snapshot, atomically replacing the journal. */
  private async writeSnapshot(lease: FileLease, line: string): Promise<void> {
    await replaceFile(this.journalOf(lease.sessionId), line, { opener: this.opener });
    const bytes = Buffer.byteLength(line);
    Object.assign(lease, { journalBytes: bytes, snapshotBytes: bytes, records: 1, nextSeq: 1 });
    if (lease.needsSnapshot) {
      // A file of the first releases is now a journal.
      await rm(this.legacyOf(lease.sessionId), { force: true });
      lease.needsSnapshot = false;
    }
  }

  async delete(lease: SessionLease): Promise<void> {
    const id = lease.sessionId;
    await rm(this.journalOf(id), { force: true });
    await rm(this.legacyOf(id), { force: true });
    await fsyncDir(this.sessionsDir).catch(() => undefined);
    await this.index.remove(id);
  }

  async release(lease: SessionLease): Promise<void> {
    await this.index.flush();
    await this.leaseOf(lease).lock.release();
  }

  /** Writes a whole session as a fresh journal, under its lock: for importing and test fixtures. */
  async save(session: ReadonlySession): Promise<void> {
    const lease = this.leaseOf(await this.lock(session.id, { create: true }));
    try {
      await this.writeSnapshot(lease, snapshotLine(session));
      await this.index.put(sessionSummary(session));
    } finally {
      await this.release(lease);
    }
  }

  /** Removes temp files a killed process left (their writer is gone); call once at start. */
  async removeStaleTemps(): Promise<string[]> {
    return [...(await removeStaleTemps(this.dir)), ...(await removeStaleTemps(this.sessionsDir))];
  }

  private async ensureDir(): Promise<void> {
    await mkdir(this.sessionsDir, { recursive: true });
  }
}

/** What the teacher is told of a session file that cannot be read: which session, why, where it went. */
function unreadableMessage(title: string | undefined, reason: string, asideName: string | undefined): string {
  if (title === undefined) {
    return asideName === undefined
      ? l10n.t('A session could not be read ({0}); its file could not be moved aside.', reason)
      : l10n.t('A session could not be read ({0}); its file was set aside as {1}, in the sessions folder.', reason, asideName);
  }
  return asideName === undefined
    ? l10n.t('The session “{0}” could not be read ({1}); its file could not be moved aside.', title, reason)
    : l10n.t('The session “{0}” could not be read ({1}); its file was set aside as {2}, in the sessions folder.', title, reason, asideName);
}

// The session store contract and its errors. The persisted shapes themselves are zod schemas
// (schema.ts); only the session owner (owner.ts) changes a session or writes one to a store.
import type { SessionSummary } from '../../shared/view';
import type { SessionChange } from './journal';
import { describeHolder, type LockHolder } from './lock';
import type { ReadonlySession, Session } from './schema';
import { l10n } from '../../shared/l10n';

export type { LockHolder };

export class SessionCorruptError extends Error {
  constructor(
    readonly sessionId: string,
    readonly setAsidePath: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'SessionCorruptError';
  }
}

export class SessionNotFoundError extends Error {
  constructor(readonly sessionId: string) {
    super(l10n.t('Session {0} was not found.', sessionId));
    this.name = 'SessionNotFoundError';
  }
}

/** Another writer (a window, the command line) holds the session: nothing was changed. */
export class SessionInUseError extends Error {
  constructor(
    readonly sessionId: string,
    readonly holder: LockHolder,
  ) {
    super(l10n.t('This session is in use by {0}. Nothing was changed; try again when it has finished.', describeHolder(holder)));
    this.name = 'SessionInUseError';
  }
}

export const DISK_FULL_MESSAGE = 'The disk is full: nothing was changed. Free some space on the disk, then try again.';

/** The disk holding the sessions is full: what was asked was not recorded, so it was not done either. */
export class DiskFullError extends Error {
  constructor() {
    // DISK_FULL_MESSAGE in the teacher's language (the bundle test reads l10n.t's text as a literal).
    super(l10n.t('The disk is full: nothing was changed. Free some space on the disk, then try again.'));
    this.name = 'DiskFullError';
  }
}

/** What everyone may do with stored sessions: list and read them. */
export interface SessionReader {
  list(): Promise<SessionSummary[]>;
  /**
   * Reads a session as it is on disk (a damaged tail is left out, but only its writer repairs it).
   * Throws SessionCorruptError or SessionNotFoundError.
   */
  get(id: string): Promise<ReadonlySession>;
  /** Who is writing the session right now, if anyone. */
  writer(id: string): Promise<LockHolder | undefined>;
}

/** The right to write one session, held from `lock` to `release`. */
export interface SessionLease {
  readonly sessionId: string;
}

/** The storage behind the session owner; only owner.ts calls the methods below `get`. */
export interface SessionStore extends SessionReader {
  get(id: string): Promise<Session>;
  /**
   * Takes the session's write lock (or, for a new session, reserves its id). Throws SessionInUseError,
   * unless `takeOver`: then the lock is taken from its holder, whose next write fails.
   */
  lock(id: string, options?: { create?: boolean; takeOver?: boolean }): Promise<SessionLease>;
  /** The session for its writer; a damaged journal is repaired (the damage set aside and reported). */
  load(lease: SessionLease): Promise<Session>;
  /** Records one checkpoint's changes durably; `session` is the state after them. */
  append(lease: SessionLease, session: ReadonlySession, changes: readonly SessionChange[]): Promise<void>;
  delete(lease: SessionLease): Promise<void>;
  release(lease: SessionLease): Promise<void>;
}

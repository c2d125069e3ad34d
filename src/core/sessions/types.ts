// The session store contract and its errors. The persisted shapes themselves are zod schemas
// (schema.ts); only the session owner (owner.ts) changes a session or writes one to a store.
import type { SessionSummary } from '../../shared/view';
import type { ReadonlySession, Session } from './schema';

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
    super(`Session ${sessionId} was not found.`);
    this.name = 'SessionNotFoundError';
  }
}

/** What everyone may do with stored sessions: list and read them. */
export interface SessionReader {
  list(): Promise<SessionSummary[]>;
  /** Throws SessionCorruptError (after setting the file aside) or SessionNotFoundError. */
  get(id: string): Promise<ReadonlySession>;
}

/** The storage behind the session owner; only owner.ts calls `save` and `delete`. */
export interface SessionStore extends SessionReader {
  get(id: string): Promise<Session>;
  save(session: Session): Promise<void>;
  delete(id: string): Promise<void>;
}

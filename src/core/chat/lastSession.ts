// Which session the panel opens when it starts, and remembering the one it shows. The pointer is
// kept with the sessions (sessions/lastSessionFile.ts); VS Code's workspaceState, where earlier
// versions kept it, is read once to carry its value over and then cleared.
import type { SessionSummary } from '../../shared/view';
import type { LastShown, LastShownStore } from '../sessions/lastSessionFile';
import type { LogLevel } from '../agent/context';

/** The old place of the pointer (the extension's workspaceState in VS Code). */
export interface LegacyLastSession {
  get(): string | undefined;
  clear(): PromiseLike<void> | void;
}

/** What the chat controller asks at start and tells whenever the panel shows another session. */
export interface LastSessionTracker {
  /** Sessions to try opening at start, best first; when none opens, the panel starts a new session. */
  candidates(sessions: readonly SessionSummary[]): Promise<readonly string[]>;
  /** The panel shows this session now (undefined: a new one, not started yet). */
  set(sessionId: string | undefined): Promise<void>;
}

export interface LastSessionDeps {
  store: LastShownStore;
  legacy?: LegacyLastSession;
  log(level: LogLevel, message: string): void;
}

function same(a: LastShown | undefined, b: LastShown): boolean {
  if (a?.kind !== b.kind) return false;
  return a.kind === 'new' || (b.kind === 'session' && a.sessionId === b.sessionId);
}

function newest(sessions: readonly SessionSummary[]): SessionSummary | undefined {
  return sessions.reduce<SessionSummary | undefined>((best, s) => (!best || s.updatedAt > best.updatedAt ? s : best), undefined);
}

export class LastSession implements LastSessionTracker {
  /**
   * What this window last read or wrote. Showing it again (a refresh after a turn, a read-only
   * session reopening) is not a switch and is not written, so another window's later switch wins.
   */
  private known: LastShown | undefined;
  /** Writes land in the order the panel switched. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: LastSessionDeps) {}

  async candidates(sessions: readonly SessionSummary[]): Promise<readonly string[]> {
    const shown = await this.remembered();
    this.known = shown;
    if (shown?.kind === 'new') return [];
    const latest = newest(sessions)?.id;
    if (!shown) return latest ? [latest] : [];
    // A session deleted since (here or in another window) is simply not there: the newest stands in.
    if (!sessions.some((s) => s.id === shown.sessionId)) {
      this.deps.log('info', `The session shown last (${shown.sessionId}) is no longer there; the newest is shown instead.`);
      return latest ? [latest] : [];
    }
    // The one shown last may still fail to open (a damaged file): then the newest other one.
    return latest && latest !== shown.sessionId ? [shown.sessionId, latest] : [shown.sessionId];
  }

  set(sessionId: string | undefined): Promise<void> {
    const shown: LastShown = sessionId ? { kind: 'session', sessionId } : { kind: 'new' };
    if (same(this.known, shown)) return this.writing;
    this.known = shown;
    this.writing = this.writing.then(() =>
      // Remembering is a convenience: a failure must never keep a session from opening.
      this.deps.store.write(shown).catch((err: unknown) => {
        this.deps.log('warn', `Which session is open could not be saved for next time: ${err instanceof Error ? err.message : String(err)}`);
      }),
    );
    return this.writing;
  }

  /** The pointer on disk; without one, the old workspaceState value, moved to disk once. */
  private async remembered(): Promise<LastShown | undefined> {
    const onDisk = await this.deps.store.read();
    if (onDisk) return onDisk;
    const old = this.deps.legacy?.get();
    if (!old) return undefined;
    const shown: LastShown = { kind: 'session', sessionId: old };
    try {
      await this.deps.store.write(shown);
      await this.deps.legacy?.clear();
    } catch (err) {
      // Kept where it was: the next start tries again.
      this.deps.log('warn', `The session shown last could not be moved next to the sessions: ${err instanceof Error ? err.message : String(err)}`);
    }
    return shown;
  }
}

// Sessions on disk: one JSON file per session (`sessions/<id>.json`) plus an index of summaries
// (`index.json`) in a directory the caller gives (the extension's workspace storage, or the CLI's
// --session-dir). Every write is atomic (temp file + rename), so a crash never leaves half a file.
// A file that cannot be read is moved aside and reported; it never blocks the other sessions.
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SessionSummary } from '../../shared/view';
import { migrateSession, SessionFormatError } from './migrations';
import { sessionSummary } from './summary';
import type { Session } from './schema';
import { SessionCorruptError, SessionNotFoundError, type SessionStore } from './types';

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const INDEX_VERSION = 1;

interface IndexFile {
  version: number;
  sessions: SessionSummary[];
}

function isNotFound(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'ENOENT';
}

/** Writes `data` to `path` through a temp file in the same directory and a rename. */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, data, 'utf8');
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

export class FileSessionStore implements SessionStore {
  private readonly sessionsDir: string;
  private readonly indexPath: string;
  /** Index updates are serialised so two saves never lose each other's entry. */
  private indexQueue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    private readonly onProblem: (message: string) => void = () => {},
  ) {
    this.sessionsDir = join(dir, 'sessions');
    this.indexPath = join(dir, 'index.json');
  }

  private fileOf(id: string): string {
    if (!ID_PATTERN.test(id)) throw new SessionNotFoundError(id);
    return join(this.sessionsDir, `${id}.json`);
  }

  async get(id: string): Promise<Session> {
    const path = this.fileOf(id);
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
      return session;
    } catch (err) {
      if (!(err instanceof SyntaxError) && !(err instanceof SessionFormatError)) throw err;
      if (err instanceof SessionFormatError && err.newerVersion) {
        throw new SessionCorruptError(id, undefined, `Session ${id} was saved by a newer Lesson Agent (${err.message}); it is left as it is.`);
      }
      const aside = await this.setAside(id, path);
      const message = `Session ${id} could not be read (${err.message}); the file was moved to ${aside ?? 'nowhere (move failed)'}.`;
      this.onProblem(message);
      await this.updateIndex((list) => list.filter((s) => s.id !== id));
      throw new SessionCorruptError(id, aside, message);
    }
  }

  private async setAside(id: string, path: string): Promise<string | undefined> {
    const aside = join(this.sessionsDir, `${id}.corrupt-${Date.now()}.json`);
    try {
      await rename(path, aside);
      return aside;
    } catch {
      return undefined;
    }
  }

  async save(session: Session): Promise<void> {
    const path = this.fileOf(session.id);
    await mkdir(this.sessionsDir, { recursive: true });
    await writeFileAtomic(path, JSON.stringify(session));
    const summary = sessionSummary(session);
    await this.updateIndex((list) => [...list.filter((s) => s.id !== session.id), summary]);
  }

  async list(): Promise<SessionSummary[]> {
    const list = await this.enqueue(() => this.readIndex());
    return [...list].sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async delete(id: string): Promise<void> {
    await rm(this.fileOf(id), { force: true });
    await this.updateIndex((list) => list.filter((s) => s.id !== id));
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = this.indexQueue.then(task, task);
    this.indexQueue = next.catch(() => undefined);
    return next;
  }

  private updateIndex(change: (list: SessionSummary[]) => SessionSummary[]): Promise<void> {
    return this.enqueue(async () => {
      const list = change(await this.readIndex());
      await mkdir(this.dir, { recursive: true });
      const file: IndexFile = { version: INDEX_VERSION, sessions: list };
      await writeFileAtomic(this.indexPath, JSON.stringify(file));
    });
  }

  /** The index, or one rebuilt from the session files when it is missing or unreadable. */
  private async readIndex(): Promise<SessionSummary[]> {
    try {
      const parsed = JSON.parse(await readFile(this.indexPath, 'utf8')) as Partial<IndexFile>;
      if (parsed.version === INDEX_VERSION && Array.isArray(parsed.sessions)) return parsed.sessions;
      this.onProblem('The sessions index had an unknown format; it was rebuilt from the session files.');
    } catch (err) {
      if (!isNotFound(err)) this.onProblem('The sessions index could not be read; it was rebuilt from the session files.');
    }
    return this.rebuildIndex();
  }

  private async rebuildIndex(): Promise<SessionSummary[]> {
    let names: string[];
    try {
      names = await readdir(this.sessionsDir);
    } catch (err) {
      if (isNotFound(err)) return [];
      throw err;
    }
    const out: SessionSummary[] = [];
    for (const name of names) {
      const m = /^(.+)\.json$/.exec(name);
      if (!m?.[1] || name.includes('.corrupt-') || !ID_PATTERN.test(m[1])) continue;
      try {
        out.push(sessionSummary(migrateSession(JSON.parse(await readFile(join(this.sessionsDir, name), 'utf8')))));
      } catch {
        // Reported when the session itself is opened (and set aside then); the list stays usable.
        this.onProblem(`Session file ${name} could not be read; it is left out of the list.`);
      }
    }
    return out;
  }
}

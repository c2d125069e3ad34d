// The sessions list on disk (`index.json`): one summary per session, a cache the store keeps beside
// the journals. It is parsed entry by entry with the same schema the panel uses; a bad entry (or an
// unreadable file) is reported and the list rebuilt from the session files, so one bad entry never
// leaves the panel waiting. A good index is still reconciled with the files present: a session
// whose entry never made it (a crash between its first write and the index's) is listed, one whose
// file is gone is not. Updates from several processes take a short lock of their own.
import { l10n } from '../../shared/l10n';
import { join } from 'node:path';
import * as z from 'zod';
import { openFile, replaceFile, type FileOpener } from '../durableFs';
import { readJsonFile } from '../jsonFile';
import { sessionSummarySchema, type SessionSummary } from '../../shared/view';
import { FileLock, LockBusyError } from './lock';

const INDEX_VERSION = 1;
const indexFileSchema = z.object({ version: z.literal(INDEX_VERSION), sessions: z.array(z.unknown()) });
/** How long an index update waits for another process's update to finish. */
const INDEX_LOCK_WAIT_MS = 2_000;

export interface IndexSource {
  /** Ids of every session with a file. */
  ids(): Promise<string[]>;
  /** A session's summary from its file, or undefined when it cannot be read (the source reports why). */
  summary(id: string): Promise<SessionSummary | undefined>;
}

export class SessionIndex {
  private readonly path: string;
  /** Updates in this process are serialised so two saves never lose each other's entry. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly source: IndexSource,
    private readonly label: string,
    private readonly onProblem: (message: string) => void,
    private readonly opener: FileOpener = openFile,
  ) {
    this.path = join(dir, 'index.json');
  }

  list(): Promise<SessionSummary[]> {
    return this.enqueue(() => this.read());
  }

  put(summary: SessionSummary): Promise<void> {
    return this.update((list) => [...list.filter((s) => s.id !== summary.id), summary]);
  }

  /**
   * The title the list last gave a session, read from the file as it is (never rebuilt): a session
   * whose own file cannot be read is named to the teacher by it.
   */
  async cachedTitle(id: string): Promise<string | undefined> {
    const file = await readJsonFile(this.path, indexFileSchema).catch(() => undefined);
    if (file?.status !== 'found') return undefined;
    for (const entry of file.value.sessions) {
      const summary = sessionSummarySchema.safeParse(entry);
      if (summary.success && summary.data.id === id) return summary.data.title;
    }
    return undefined;
  }

  /** Resolves once every update queued so far is written. */
  flush(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  remove(id: string): Promise<void> {
    return this.update((list) => list.filter((s) => s.id !== id));
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private update(change: (list: SessionSummary[]) => SessionSummary[]): Promise<void> {
    return this.enqueue(async () => {
      const lock = await this.lockIndex();
      try {
        await this.write(change(await this.read()));
      } finally {
        await lock?.release();
      }
    });
  }

  /** The index's own lock; after waiting too long the update goes ahead (the index is only a cache). */
  private async lockIndex(): Promise<FileLock | undefined> {
    const deadline = Date.now() + INDEX_LOCK_WAIT_MS;
    for (;;) {
      try {
        return await FileLock.acquire(join(this.dir, 'index.lock'), this.label, this.opener);
      } catch (err) {
        if (!(err instanceof LockBusyError) || Date.now() > deadline) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }

  private async write(list: SessionSummary[]): Promise<void> {
    // Not synced: a lost or torn index is rebuilt from the session files.
    await replaceFile(this.path, JSON.stringify({ version: INDEX_VERSION, sessions: list }), { durable: false, opener: this.opener });
  }

  /** The index, or one rebuilt from the session files when it is missing, unreadable or has a bad entry. */
  private async read(): Promise<SessionSummary[]> {
    const file = await readJsonFile(this.path, indexFileSchema);
    if (file.status === 'missing') return this.rebuild(false);
    if (file.status === 'damaged') {
      this.onProblem(
        file.problem === 'not-json'
          ? l10n.t('The sessions list could not be read; it was rebuilt from the session files.')
          : l10n.t('The sessions list had an unknown format; it was rebuilt from the session files.'),
      );
      return this.rebuild(true);
    }
    const entries = file.value.sessions.map((e) => sessionSummarySchema.safeParse(e));
    const bad = entries.filter((e) => !e.success).length;
    if (bad === 0) return this.reconcile(entries.flatMap((e) => (e.success ? [e.data] : [])));
    this.onProblem(
      bad === 1
        ? l10n.t('The sessions list had 1 unreadable entry; it was rebuilt from the session files.')
        : l10n.t('The sessions list had {0} unreadable entries; it was rebuilt from the session files.', bad),
    );
    return this.rebuild(true);
  }

  /** The list with an entry for each session file, and none for a file that is gone; saved when it changed. */
  private async reconcile(list: SessionSummary[]): Promise<SessionSummary[]> {
    const ids = new Set(await this.source.ids());
    const listed = new Set(list.map((s) => s.id));
    const missing = [...ids].filter((id) => !listed.has(id));
    const kept = list.filter((s) => ids.has(s.id));
    if (missing.length === 0 && kept.length === list.length) return list;
    for (const id of missing) {
      const summary = await this.source.summary(id);
      if (summary) kept.push(summary);
    }
    await this.write(kept).catch(() => undefined);
    return kept;
  }

  private async rebuild(save: boolean): Promise<SessionSummary[]> {
    const out: SessionSummary[] = [];
    for (const id of await this.source.ids()) {
      const summary = await this.source.summary(id);
      // One that cannot be read was reported by the source (set aside, or why it is left out).
      if (summary) out.push(summary);
    }
    if (save) await this.write(out).catch(() => undefined);
    return out;
  }
}

// Which session the chat panel showed last, on disk beside the sessions (`last-session.json` in
// the store's folder). VS Code for the web keeps an extension's workspaceState in the browser
// (IndexedDB), so a new browser profile, a cleared browser or another computer lost it; the
// sessions themselves were on disk all along. This is a pointer, not a session: it names one and
// never reads or writes a session's files. Several windows may write it; the last write wins.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as z from 'zod';
import { replaceFile } from '../durableFs';
import { readJsonFile, type JsonFileRead } from '../jsonFile';

/** What the panel showed last: a session, or a new one not started yet (the teacher chose New Session). */
export type LastShown = { readonly kind: 'session'; readonly sessionId: string } | { readonly kind: 'new' };

/** Where the panel's last session is kept. */
export interface LastShownStore {
  /** Undefined when nothing is remembered: no file yet, or one that cannot be read (reported through onUnreadable). */
  read(): Promise<LastShown | undefined>;
  write(shown: LastShown): Promise<void>;
}

export const LAST_SESSION_FILE = 'last-session.json';
const VERSION = 1;

const fileSchema = z.object({
  version: z.literal(VERSION),
  // null: a new session. The store's own rules say what an id may be; a bad one just fails to open.
  sessionId: z.string().min(1).max(200).nullable(),
});

export class LastSessionFile implements LastShownStore {
  readonly path: string;

  constructor(
    dir: string,
    private readonly onUnreadable: (reason: string) => void = () => {},
  ) {
    this.path = join(dir, LAST_SESSION_FILE);
  }

  private get dir(): string {
    return dirname(this.path);
  }

  async read(): Promise<LastShown | undefined> {
    let file: JsonFileRead<z.infer<typeof fileSchema>>;
    try {
      file = await readJsonFile(this.path, fileSchema);
    } catch (err) {
      this.onUnreadable(err instanceof Error ? err.message : String(err));
      return undefined;
    }
    if (file.status === 'missing') return undefined;
    if (file.status === 'damaged') {
      this.onUnreadable(file.problem === 'not-json' ? 'it is not JSON' : `it has an unknown format (${file.detail})`);
      return undefined;
    }
    const id = file.value.sessionId;
    return id === null ? { kind: 'new' } : { kind: 'session', sessionId: id };
  }

  async write(shown: LastShown): Promise<void> {
    const sessionId = shown.kind === 'session' ? shown.sessionId : null;
    // The folder appears with the first session; New Session may come before any.
    await mkdir(this.dir, { recursive: true });
    // Atomic (a temp file renamed over it) but not synced: a pointer lost in a power cut only means
    // the panel opens the newest session, and a switch should not wait for the disk.
    await replaceFile(this.path, JSON.stringify({ version: VERSION, sessionId }), { durable: false });
  }
}

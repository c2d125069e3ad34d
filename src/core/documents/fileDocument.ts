// A document on disk, for the CLI and the tests: the same contract as the live editor buffer.
// Writes are atomic and durable (a synced temp file renamed over the file, then the folder synced)
// and follow the editor's rules: edits computed against an older text are rebased over changes
// made since, overlapping ones are refused. A symlinked path is edited through its target, so the
// link stays a link; a file with other hard links is written in place, so they all still share it;
// the owner and the permissions stay. Only UTF-8 text is edited, its line ends kept (textFile.ts);
// a read-only file, binary data, another encoding or a file over the size limit is refused.
import { l10n } from '../../shared/l10n';
import { createHash } from 'node:crypto';
import { access, chmod, chown, constants, open, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { fsyncDir, isNotFound, removeStaleTemps, tempPathFor, writeAll, writeNewFileDurable } from '../durableFs';
import { decodeText, encodeText, readOnlyProblem, readOnlySummary, tooLarge, type LineEnds } from './textFile';
import { pathToFileURL } from 'node:url';
import { applyTextEdits } from './diff';
import { documentKindForPath } from './kind';
import { rebaseEdits } from './rebase';
import { documentGone, type ApplyResult, type DocumentAccess, type DocumentKind, type DocumentSnapshot, type TextEdit } from './types';

/** How often a write is planned again when the file changes under it. */
const MAX_ATTEMPTS = 3;

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export class FileDocument implements DocumentAccess {
  readonly uri: string;
  readonly name: string;
  readonly kind: DocumentKind;
  /** A counter that moves whenever the content seen on disk changes (files have no version). */
  private version = 0;
  private lastHash: string | undefined;
  /** The file's line ends as last read: the text given out always uses "\n". */
  private lineEnds: LineEnds = 'lf';

  constructor(
    readonly path: string,
    options: { name?: string; kind?: DocumentKind } = {},
  ) {
    this.uri = pathToFileURL(path).href;
    this.name = options.name ?? basename(path);
    this.kind = options.kind ?? documentKindForPath(path);
  }

  async read(): Promise<DocumentSnapshot> {
    return this.snapshot(await this.readText(this.path));
  }

  /** Why this file must not be worked on (not a file, too large, not UTF-8 text), before anything reads it whole. */
  async check(limits: { maxBytes: number }): Promise<string | undefined> {
    let info;
    try {
      info = await stat(this.path);
    } catch {
      // A document that is gone is the loop's to report (the model is told, as for any read).
      return undefined;
    }
    if (!info.isFile()) return l10n.t('{0} is not a regular file (it is a folder, a pipe or a device).', this.name);
    if (info.size > limits.maxBytes) return tooLarge(this.name, info.size, limits.maxBytes, 'the maxDocumentMegabytes setting, --max-document-mb');
    const decoded = decodeText(await readFile(this.path), this.name);
    return decoded.ok ? undefined : decoded.shown;
  }

  private async readText(path: string): Promise<string> {
    let bytes: Buffer;
    try {
      // A pipe or a device would block or never end: only regular files are read.
      if (!(await stat(path)).isFile()) throw new Error(`${this.name} is not a regular file (it is a folder, a pipe or a device).`);
      bytes = await readFile(path);
    } catch (error) {
      if (isNotFound(error)) throw documentGone(this.name);
      throw error;
    }
    const decoded = decodeText(bytes, this.name);
    if (!decoded.ok) throw new Error(decoded.problem);
    this.lineEnds = decoded.lineEnds;
    return decoded.text;
  }

  async applyEdits(edits: readonly TextEdit[], base: DocumentSnapshot, _label: string): Promise<ApplyResult> {
    if (await this.readOnly()) return { ok: false, reason: 'failed', message: readOnlyProblem(this.name), summary: readOnlySummary(this.name) };
    let rebased = false;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      let current: DocumentSnapshot;
      try {
        current = await this.read();
      } catch (error) {
        return { ok: false, reason: 'missing', message: describe(error) };
      }
      let planned: readonly TextEdit[] = edits;
      if (current.text !== base.text) {
        const result = rebaseEdits(base.text, current.text, edits);
        if (!result.ok) return { ok: false, reason: 'conflict', message: result.message, current };
        planned = result.edits;
        rebased = true;
      }
      let next: string;
      try {
        next = applyTextEdits(current.text, planned);
      } catch (error) {
        return { ok: false, reason: 'failed', message: describe(error), current };
      }
      const written = await this.writeIfUnchanged(current.text, next).catch((error: unknown) => describe(error));
      if (typeof written === 'string') return { ok: false, reason: 'failed', message: written, current };
      if (written) return { ok: true, before: current, after: this.snapshot(next), rebased };
    }
    const current = await this.read().catch(() => undefined);
    return {
      ok: false,
      reason: 'failed',
      message: `${this.name} kept changing on disk; the edit was not applied after ${MAX_ATTEMPTS} attempts.`,
      ...(current ? { current } : {}),
    };
  }

  private snapshot(text: string): DocumentSnapshot {
    const h = hash(text);
    if (h !== this.lastHash) {
      this.version++;
      this.lastHash = h;
    }
    return { text, version: this.version };
  }

  /** No write permission for anyone (root could still write it: it is read-only all the same), or none for us. */
  private async readOnly(): Promise<boolean> {
    try {
      const info = await stat(this.path);
      if ((info.mode & 0o222) === 0) return true;
      await access(this.path, constants.W_OK);
      return false;
    } catch (error) {
      return !isNotFound(error);
    }
  }

  /**
   * Writes `next` through a temp file and a rename, unless the file no longer holds `expected`
   * (then returns false and the caller plans again). The check and the rename are not one atomic
   * step, but the window is a few microseconds, against a whole model turn without it. The file's
   * owner and permissions are given to the new file; a file with other hard links is written in
   * place instead (once the temp file showed the disk has room), so the links keep sharing it.
   */
  private async writeIfUnchanged(expected: string, next: string): Promise<boolean> {
    const target = await realpath(this.path);
    const info = await stat(target);
    const lineEnds = this.lineEnds;
    const bytes = Buffer.from(encodeText(next, lineEnds), 'utf8');
    const temp = tempPathFor(target, true);
    try {
      await writeNewFileDurable(temp, bytes);
      await chmod(temp, info.mode & 0o7777);
      if (typeof process.getuid === 'function' && info.uid !== process.getuid()) await chown(temp, info.uid, info.gid).catch(() => undefined);
      if ((await this.readText(target)) !== expected) return false;
      this.lineEnds = lineEnds;
      if (info.nlink > 1) await writeInPlace(target, bytes);
      else {
        await rename(temp, target);
        await fsyncDir(dirname(target));
      }
      return true;
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** Removes temp files of this document that a killed process left, beside the path and its target. */
  async removeStaleTemps(): Promise<string[]> {
    const prefix = (path: string): ((name: string) => boolean) => (name) => name.startsWith(`.${basename(path)}.`);
    const removed = await removeStaleTemps(dirname(this.path), prefix(this.path));
    const target = await realpath(this.path).catch(() => this.path);
    if (target !== this.path) removed.push(...(await removeStaleTemps(dirname(target), prefix(target))));
    return removed;
  }
}

async function writeInPlace(path: string, bytes: Buffer): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await writeAll(handle, bytes);
    await handle.truncate(bytes.length);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

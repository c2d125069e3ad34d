// A document on disk, for the CLI and the tests: the same contract as the live editor buffer.
// Writes are atomic and durable (a synced temp file renamed over the file, then the folder synced)
// and follow the editor's rules: edits computed against an older text are rebased over changes
// made since, overlapping ones are refused. A symlinked path is edited through its target, so the
// link stays a link.
import { createHash } from 'node:crypto';
import { chmod, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { fsyncDir, removeStaleTemps, tempPathFor, writeNewFileDurable } from '../durableFs';
import { pathToFileURL } from 'node:url';
import { applyTextEdits } from './diff';
import { documentKindForPath } from './kind';
import { rebaseEdits } from './rebase';
import type { ApplyResult, DocumentAccess, DocumentKind, DocumentSnapshot, TextEdit } from './types';

/** How often a write is planned again when the file changes under it. */
const MAX_ATTEMPTS = 3;

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

export class FileDocument implements DocumentAccess {
  readonly uri: string;
  readonly name: string;
  readonly kind: DocumentKind;
  /** A counter that moves whenever the content seen on disk changes (files have no version). */
  private version = 0;
  private lastHash: string | undefined;

  constructor(
    readonly path: string,
    options: { name?: string; kind?: DocumentKind } = {},
  ) {
    this.uri = pathToFileURL(path).href;
    this.name = options.name ?? basename(path);
    this.kind = options.kind ?? documentKindForPath(path);
  }

  async read(): Promise<DocumentSnapshot> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (isMissing(error)) throw new Error(`${this.name} no longer exists (it was deleted or moved).`);
      throw error;
    }
    return this.snapshot(text);
  }

  async applyEdits(edits: readonly TextEdit[], base: DocumentSnapshot, _label: string): Promise<ApplyResult> {
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

  /**
   * Writes `next` through a temp file and a rename, unless the file no longer holds `expected`
   * (then returns false and the caller plans again). The check and the rename are not one atomic
   * step, but the window is a few microseconds, against a whole model turn without it.
   */
  private async writeIfUnchanged(expected: string, next: string): Promise<boolean> {
    const target = await realpath(this.path);
    const info = await stat(target);
    const temp = tempPathFor(target, true);
    try {
      await writeNewFileDurable(temp, next);
      await chmod(temp, info.mode & 0o7777);
      if ((await readFile(target, 'utf8')) !== expected) return false;
      await rename(temp, target);
      await fsyncDir(dirname(target));
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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

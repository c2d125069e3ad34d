// Writes that survive a crash or a power cut: data reaches the disk (fsync) before a rename makes
// it visible, and the directory is synced after a rename so the new name survives too. Temp files
// carry the writer's pid, so a later start can tell a dead writer's leftovers from a live one's.
// A write is complete only when every byte is written: a full disk takes what fits and says so
// only on the next write, so a short write is finished or fails here, never taken as done.
import { randomBytes } from 'node:crypto';
import { link, lstat, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The part of an open file the durable writes use (node's FileHandle has it). */
export interface WriteHandle {
  write(buffer: Uint8Array, offset: number, length: number, position: number | null): Promise<{ bytesWritten: number }>;
  datasync(): Promise<void>;
  stat(): Promise<{ size: number }>;
  truncate(length?: number): Promise<void>;
  close(): Promise<void>;
}

/** Opens a file for writing: node's open, or (in tests) one that plays a full disk. */
export type FileOpener = (path: string, flags: string, mode?: number) => Promise<WriteHandle>;

export const openFile: FileOpener = (path, flags, mode) => open(path, flags, mode);

/** The file (or a folder on its path) does not exist. */
export function isNotFound(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** The disk (or the user's quota) is full. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Writes every byte of `data` at the handle's position, or throws: a short write is carried on, never taken as complete. */
export async function writeAll(handle: WriteHandle, data: string | Uint8Array): Promise<void> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (let done = 0; done < bytes.length; ) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, null);
    if (bytesWritten <= 0) throw Object.assign(new Error('no space left on device: nothing more could be written'), { code: 'ENOSPC' });
    done += bytesWritten;
  }
}

/** `<name>.<pid>.<random>.tmp`, next to the file it will replace. */
export function tempPathFor(path: string, hidden = false): string {
  const name = `${hidden ? '.' : ''}${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  return join(dirname(path), name);
}

/** Makes a rename or a new file in `dir` durable. Some platforms cannot sync a directory: skipped there. */
export async function fsyncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw err;
  } finally {
    await handle?.close();
  }
}

/**
 * Writes `data` to a new file and syncs it to disk (fails if the file exists). A file that could
 * not be written whole (a full disk) is removed, not left short.
 */
export async function writeNewFileDurable(path: string, data: string | Uint8Array, mode?: number, opener: FileOpener = openFile): Promise<void> {
  await writeNewFile(path, data, { mode, opener, durable: true });
}

/** Writes a new file whole or not at all (synced when `durable`). */
export async function writeNewFile(path: string, data: string | Uint8Array, options: { mode?: number | undefined; opener?: FileOpener; durable?: boolean } = {}): Promise<void> {
  const handle = await (options.opener ?? openFile)(path, 'wx', options.mode);
  try {
    await writeAll(handle, data);
    if (options.durable) await handle.datasync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(path, { force: true });
    throw err;
  }
  await handle.close();
}

/**
 * Replaces `path` with `data`: a synced temp file renamed over it, then the directory synced.
 * `durable: false` skips the syncs, for files that are only caches (they are rebuilt when lost).
 */
export async function replaceFile(path: string, data: string, options: { durable?: boolean; hiddenTemp?: boolean; opener?: FileOpener } = {}): Promise<void> {
  const durable = options.durable ?? true;
  const tmp = tempPathFor(path, options.hiddenTemp);
  try {
    await writeNewFile(tmp, data, { durable, ...(options.opener ? { opener: options.opener } : {}) });
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  if (durable) await fsyncDir(dirname(path));
}

/**
 * Appends `data` and syncs it before returning; returns the file's size before the append. An
 * append that fails (a full disk takes part of it, then refuses) is cut off again, back to the
 * size measured before it: the file never keeps half a record, and is never padded.
 */
export async function appendDurable(path: string, data: string, opener: FileOpener = openFile): Promise<number> {
  const handle = await opener(path, 'a');
  try {
    const { size } = await handle.stat();
    try {
      await writeAll(handle, data);
      await handle.datasync();
    } catch (err) {
      await handle.truncate(size).then(() => handle.datasync()).catch(() => undefined);
      throw err;
    }
    return size;
  } finally {
    await handle.close();
  }
}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const TEMP_NAME = /\.(\d+)\.[0-9a-f]+\.tmp$/;

/**
 * Removes temp files in `dir` left by processes that no longer run (a kill in the middle of a
 * write). `matches` narrows them to one file's temps. Returns the names removed.
 */
export async function removeStaleTemps(dir: string, matches: (name: string) => boolean = () => true): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = TEMP_NAME.exec(name)?.[1];
    if (pid === undefined || !matches(name) || isProcessAlive(Number(pid))) continue;
    await rm(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** A file system without hard links (some network and FAT drives). */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Creates `path` with `data`, whole or not at all, and never over an existing file (EEXIST then):
 * a synced temp file beside it is hard-linked to the name, so no reader ever sees it half written
 * and a crash leaves either nothing or the whole file (plus a temp `removeStaleTemps` clears).
 * Where hard links are not supported it is renamed to the name after checking it is free. The
 * caller syncs the directory (once, after several).
 */
export async function publishNewFile(path: string, data: Uint8Array, opener: FileOpener = openFile): Promise<void> {
  const temp = tempPathFor(path);
  try {
    await writeNewFileDurable(temp, data, undefined, opener);
    try {
      await link(temp, path);
    } catch (err) {
      if (!NO_LINKS.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
      const taken = await lstat(path).then(() => true, () => false);
      if (taken) throw Object.assign(new Error(`${basename(path)} exists already`), { code: 'EEXIST' });
      await rename(temp, path);
    }
  } finally {
    await rm(temp, { force: true });
  }
}

// Writes that survive a crash or a power cut: data reaches the disk (fsync) before a rename makes
// it visible, and the directory is synced after a rename so the new name survives too. Temp files
// carry the writer's pid, so a later start can tell a dead writer's leftovers from a live one's.
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

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

/** Writes `data` to a new file and syncs it to disk (fails if the file exists). */
export async function writeNewFileDurable(path: string, data: string | Uint8Array, mode?: number): Promise<void> {
  const handle = await open(path, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `path` with `data`: a synced temp file renamed over it, then the directory synced.
 * `durable: false` skips the syncs, for files that are only caches (they are rebuilt when lost).
 */
export async function replaceFile(path: string, data: string, options: { durable?: boolean; hiddenTemp?: boolean } = {}): Promise<void> {
  const durable = options.durable ?? true;
  const tmp = tempPathFor(path, options.hiddenTemp);
  try {
    if (durable) await writeNewFileDurable(tmp, data);
    else {
      const handle = await open(tmp, 'wx');
      await handle.writeFile(data).finally(() => handle.close());
    }
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  if (durable) await fsyncDir(dirname(path));
}

/** Appends `data` and syncs it before returning; returns the file's size before the append. */
export async function appendDurable(path: string, data: string): Promise<number> {
  const handle = await open(path, 'a');
  try {
    const { size } = await handle.stat();
    await handle.write(data);
    await handle.datasync();
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

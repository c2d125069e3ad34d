// New files inside a folder on disk (the CLI's and the tests' workspace): never outside the
// folder (no absolute paths, no "..", no escape through a symlinked folder), never over a file.
// Files read (a quiz to import) follow the same rule.
import { mkdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkRelativePath, fileRefusal, type PathRefusal } from './paths';
import type { ReadFileResult, WorkspaceAccess } from './types';
import { MAX_READ_BYTES } from './types';

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The real path of the deepest existing ancestor: where the new file would really land. */
async function realAncestor(path: string): Promise<string> {
  let current = path;
  for (;;) {
    try {
      return await realpath(current);
    } catch {
      const parent = dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
}

export class FileWorkspace implements WorkspaceAccess {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async resolveNewFile(relativePath: string): Promise<{ ok: true; uri: string; name: string } | PathRefusal> {
    const checked = checkRelativePath(relativePath);
    if (!checked.ok) return checked;
    const target = join(this.root, ...checked.path.split('/'));
    const realRoot = await realpath(this.root).catch(() => this.root);
    if (!inside(this.root, target) || !inside(realRoot, await realAncestor(target))) {
      return fileRefusal.outside(relativePath);
    }
    if (await exists(target)) {
      return fileRefusal.exists(checked.path);
    }
    return { ok: true, uri: pathToFileURL(target).href, name: checked.path };
  }

  async readFile(relativePath: string): Promise<ReadFileResult> {
    const checked = checkRelativePath(relativePath);
    if (!checked.ok) return checked;
    const target = join(this.root, ...checked.path.split('/'));
    const realRoot = await realpath(this.root).catch(() => this.root);
    const real = await realpath(target).catch(() => undefined);
    if (!inside(this.root, target) || (real !== undefined && !inside(realRoot, real))) {
      return fileRefusal.outside(relativePath);
    }
    const info = await stat(target).catch(() => undefined);
    if (!info) return fileRefusal.missing(checked.path);
    if (!info.isFile()) return fileRefusal.folder(checked.path);
    if (info.size > MAX_READ_BYTES) return fileRefusal.tooLarge(checked.path, MAX_READ_BYTES / 1024 / 1024);
    return { ok: true, data: new Uint8Array(await readFile(target)), name: checked.path };
  }

  async createFile(uri: string, content: string): Promise<void> {
    const path = fileURLToPath(uri);
    if (!inside(this.root, path)) throw new Error('New files can only be created inside the workspace folder.');
    await mkdir(dirname(path), { recursive: true });
    // 'wx' fails if the file appeared since resolveNewFile: nothing is ever overwritten.
    await writeFile(path, content, { encoding: 'utf8', flag: 'wx' });
  }
}

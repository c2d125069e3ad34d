// Packs the extension with @vscode/vsce's API: no node_modules (everything is bundled), the
// file list from .vscodeignore. Shared by `npm run package` and `npm start`.
import { statSync } from 'node:fs';
import vsce from '@vscode/vsce';
import { repoRoot } from '../test/harness/config.ts';

const options = {
  cwd: repoRoot,
  dependencies: false,
  // No public repository yet: README links stay as written instead of being rewritten.
  allowMissingRepository: true,
  rewriteRelativeLinks: false,
};

/** Files the VSIX will hold, relative to the repo. */
export function vsixFiles() {
  return vsce.listFiles(options);
}

/**
 * Writes the VSIX to `packagePath`; returns its size in bytes. `quiet` keeps vsce's file tree off
 * the console (npm start prints its own summary).
 */
export async function packageVsix(packagePath, { quiet = false } = {}) {
  const saved = { log: console.log, info: console.info };
  if (quiet) console.log = console.info = () => {};
  try {
    await vsce.createVSIX({ ...options, packagePath });
  } finally {
    Object.assign(console, saved);
  }
  return statSync(packagePath).size;
}

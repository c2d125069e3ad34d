// Bundles a TypeScript test program (esbuild.mjs --tests bundles only test files and entry
// points) under out/ and runs it with the given arguments, exiting with its status.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';

export async function runScript(entry: string, args: readonly string[] = []): Promise<never> {
  const outfile = `out/${entry.replace(/\.ts$/, '.js')}`;
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'linked',
    external: ['playwright-core'],
    logLevel: 'warning',
  });
  const run = spawnSync(process.execPath, ['--enable-source-maps', outfile, ...args], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

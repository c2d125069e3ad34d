// Bundles and runs screenshots.ts (esbuild.mjs --tests bundles only test files and entry points).
// Usage: node esbuild.mjs && node test/webview/screenshots.mjs [scene...]
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';

await esbuild.build({
  entryPoints: ['test/webview/screenshots.ts'],
  outfile: 'out/test/webview/screenshots.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'linked',
  external: ['playwright-core'],
  logLevel: 'warning',
});
const run = spawnSync(process.execPath, ['--enable-source-maps', 'out/test/webview/screenshots.js', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);

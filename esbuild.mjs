// One build file, three products: the extension host bundle, the headless CLI and the webviews
// (the chat, `main`, and the lesson preview, `preview`).
// `--tests` also builds the test bundles under out/ (unit, integration, fake model, benchmarks).
// `--watch` rebuilds on change; `--production` minifies and drops source maps.
import * as esbuild from 'esbuild';
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const watch = args.has('--watch');
const tests = args.has('--tests');

/** @type {esbuild.Plugin} */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onEnd((result) => {
      for (const { text, location } of [...result.errors, ...result.warnings]) {
        const where = location ? `${location.file}:${location.line}:${location.column}` : '';
        console.error(`✘ ${where} ${text}`);
      }
    });
  },
};

const shared = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  loader: { '.md': 'text' },
  plugins: [problemMatcher],
};

const node = { ...shared, platform: 'node', format: 'cjs', target: 'node20' };

/** @type {esbuild.BuildOptions[]} */
const builds = [
  { ...node, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  {
    ...node,
    entryPoints: ['src/cli.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    ...shared,
    entryPoints: { main: 'webview-ui/src/main.tsx', preview: 'webview-ui/src/preview/main.tsx' },
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    jsx: 'automatic',
    loader: { ...shared.loader, '.ttf': 'file', '.woff': 'file', '.woff2': 'file' },
    define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
  },
];

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

if (tests) {
  const entries = walk('test').filter(
    (f) =>
      f.endsWith('.test.ts') ||
      f.endsWith('.test.tsx') ||
      // Programs a test runs in a process of their own (to kill it at a chosen moment).
      f.endsWith('.child.ts') ||
      ['test/integration/index.ts', 'test/fake/main.ts', 'test/bench/index.ts'].includes(f),
  );
  builds.push({
    ...node,
    entryPoints: entries,
    outdir: 'out',
    outbase: '.',
    jsx: 'automatic',
    // mocha, the browser driver, esbuild (a test reads what a build takes in) and dpdm (it loads
    // its own TypeScript compiler) stay in node_modules; vscode only exists inside the host.
    external: ['vscode', 'mocha', 'playwright-core', 'esbuild', 'dpdm'],
  });
}

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('[watch] build started');
} else {
  const results = await Promise.allSettled(builds.map((b) => esbuild.build(b)));
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) process.exit(1);
}

// The QTI player the tests use (@citolab/qti-components) is GPL-3.0: a test-only dependency that
// must never reach what we ship. What each shipped bundle is built from is read from esbuild's
// metafile, and the bundles themselves are searched for the player's marks.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const SHIPPED = [
  { entry: 'src/extension.ts', platform: 'node' as const, external: ['vscode'] },
  { entry: 'src/cli.ts', platform: 'node' as const, external: [] },
  { entry: 'webview-ui/src/main.tsx', platform: 'browser' as const, external: [] },
  { entry: 'webview-ui/src/preview/main.tsx', platform: 'browser' as const, external: [] },
];

/** Strings only the player's code holds (its element registry, its event, its package name). */
const MARKS = ['customElements.define(', '@citolab', 'qti-item-context-updated', 'qti-components'];

describe('the GPL QTI player stays out of what ships', () => {
  it('is a devDependency only', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string> | undefined>;
    assert.ok(pkg['devDependencies']?.['@citolab/qti-components']);
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) assert.equal(pkg[field]?.['@citolab/qti-components'], undefined, field);
  });

  for (const { entry, platform, external } of SHIPPED) {
    it(`${entry} is built from nothing of the player's (nor of lit, which it runs on)`, async function () {
      this.timeout(60_000);
      const result = await esbuild.build({ entryPoints: [entry], bundle: true, write: false, outdir: 'out/gpl-check', metafile: true, platform, external, jsx: 'automatic', loader: { '.md': 'text', '.ttf': 'file', '.woff': 'file', '.woff2': 'file' }, logLevel: 'silent' });
      const inputs = Object.keys(result.metafile.inputs);
      assert.ok(inputs.some((i) => i.startsWith('src/') || i.startsWith('webview-ui/')), 'the metafile lists the sources');
      assert.deepEqual(inputs.filter((i) => /node_modules\/(@citolab|lit|lit-html|lit-element|@lit)\//.test(i)), []);
    });
  }

  it('dist/extension.js, dist/cli.js and the webview bundles hold none of its marks', () => {
    const webview = existsSync('dist/webview') ? readdirSync('dist/webview').filter((f) => f.endsWith('.js')).map((f) => join('dist/webview', f)) : [];
    const files = ['dist/extension.js', 'dist/cli.js', ...webview];
    for (const file of files.slice(0, 2)) assert.ok(existsSync(file), `${file} is built before the unit tests (node esbuild.mjs --tests)`);
    const player = readFileSync('node_modules/@citolab/qti-components/cdn/index.global.js', 'utf8');
    for (const mark of MARKS) assert.ok(player.includes(mark), `the player's code holds ${mark}, so its absence below means something`);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      assert.deepEqual(MARKS.filter((m) => text.includes(m)), [], file);
    }
  });
});

// No import circle among the extension's and the webview's modules, type imports included: in a
// circle, load order decides what a module sees at start, and two modules that need each other
// are one module in two files. dpdm reads the imports with the TypeScript compiler.
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';

const ROOT = join(__dirname, '..', '..', '..');
const FOLDERS = ['src', 'webview-ui/src'];

/** Every module's imports under `folders` of `root`, type-only ones included. */
function importTree(root: string, folders: readonly string[]): Promise<DependencyTree> {
  return parseDependencyTree(
    folders.map((f) => `${f}/**/*.{ts,tsx}`),
    { context: root, cwd: root, transform: false, skipDynamicImports: false, tsconfig: undefined },
  );
}

function circlesOf(tree: DependencyTree): string[] {
  return parseCircular(tree).map((circle) => [...circle, circle[0]].join(' -> '));
}

async function sourceFiles(folder: string): Promise<string[]> {
  const names = await readdir(folder, { recursive: true });
  return names.filter((n) => /\.tsx?$/.test(n) && !n.includes('node_modules')).map((n) => join(folder, n));
}

describe('import circles', function () {
  this.timeout(120_000);

  it('src and webview-ui/src import each other in no circle', async () => {
    const tree = await importTree(ROOT, FOLDERS);
    const files = (await Promise.all(FOLDERS.map((f) => sourceFiles(join(ROOT, f))))).flat().map((f) => relative(ROOT, f));
    // A module left out of the walk, or an import it could not follow, would hide a circle.
    assert.deepEqual(files.filter((f) => !(f in tree)), [], 'every module was read');
    const unresolved = Object.values(tree).flatMap((deps) => deps ?? []).filter((d) => d.id === null && d.request.startsWith('.'));
    assert.deepEqual(unresolved.map((d) => `${d.issuer}: ${d.request}`), [], 'every relative import was followed');
    assert.deepEqual(circlesOf(tree), [], 'import circles');
  });

  it('finds a circle closed by a type-only import', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'circles-'));
    try {
      await writeFile(join(dir, 'a.ts'), "import { b } from './b';\nexport interface A { n: number }\nexport const a = b + 1;\n");
      await writeFile(join(dir, 'b.ts'), "import type { A } from './a';\nexport const b = 1;\nexport type B = A;\n");
      await writeFile(join(dir, 'c.ts'), "import { a } from './a';\nexport const c = a;\n");
      assert.deepEqual(circlesOf(await importTree(dir, ['.'])), ['a.ts -> b.ts -> a.ts']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// One supported Node range, said the same way everywhere a newcomer looks: package.json's engines,
// .nvmrc, the README's "Try it", and .ci/run's check; and every installed package accepts the
// lowest version of each supported line, so `npm ci` on them prints no engine warning (EBADENGINE).
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import * as semver from 'semver';

// Test bundles live in out/test/unit/harness: four levels below the repository.
const ROOT = join(__dirname, '..', '..', '..', '..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };

/** The lowest release of each supported major line, read off the engines range. */
function lowestSupported(range: string): string[] {
  return range.split('||').map((part) => {
    const lowest = semver.minVersion(part.trim());
    assert.ok(lowest, `engines part "${part}"`);
    return lowest.version;
  });
}

/** Every package.json under node_modules (scoped and nested), with its engines.node. */
function installedEngines(dir: string, out: Array<{ name: string; node: string }> = []): Array<{ name: string; node: string }> {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (entry.startsWith('@')) {
      installedEngines(path, out);
      continue;
    }
    const manifest = join(path, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, engines } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; engines?: { node?: unknown } };
    if (typeof engines?.node === 'string') out.push({ name: name ?? entry, node: engines.node });
    installedEngines(join(path, 'node_modules'), out);
  }
  return out;
}

describe('the supported Node versions', () => {
  const lowest = lowestSupported(pkg.engines.node);

  it('are the same in engines, .nvmrc, the README and .ci/run', () => {
    assert.deepEqual(lowest, ['20.19.0', '22.13.0', '24.0.0']);
    const nvmrc = read('.nvmrc').trim();
    assert.equal(nvmrc, String(semver.major(lowest[0] ?? '')), '.nvmrc names the lowest supported line');
    assert.match(read('README.md'), /Needs Node\.js 20 \(20\.19 or newer; `\.nvmrc` says 20\), 22 \(22\.13 or newer\) or 24 and newer/);
    assert.match(read('.ci/run'), /\(major === 20 && minor >= 19\) \|\| \(major === 22 && minor >= 13\) \|\| major >= 24/);
  });

  it('satisfy every installed package, so npm ci has no engine warning', () => {
    const packages = installedEngines(join(ROOT, 'node_modules'));
    assert.ok(packages.length > 50, `engines read from ${packages.length} packages`);
    const refused = packages.flatMap(({ name, node }) =>
      lowest.filter((version) => !semver.satisfies(version, node)).map((version) => `${name} (engines.node "${node}") refuses Node ${version}`),
    );
    assert.deepEqual(refused, []);
  });
});

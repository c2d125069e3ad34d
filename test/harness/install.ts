// The offline test runtime: Node 24 (from the npm package that ships its binary and headers) and
// code-server (VS Code's server build, from npm). Both are cached outside the clone, keyed by
// version, installed under a lock so concurrent runs never see half an install, and marked
// complete only once they have been checked to run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CODE_SERVER_VERSION,
  NODE_VERSION,
  artifactsRoot,
  cacheRoot,
  installTimeoutMs,
} from './config';
import { withLock } from './lock';
import { runLogged } from './processes';
import { ensureSystemPackages, onPath } from './system';

const MARKER = '.complete';
const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
const nodeDir = join(cacheRoot, `node-v${NODE_VERSION}-linux-${arch}`);
const codeServerDir = join(cacheRoot, `code-server-${CODE_SERVER_VERSION}-node${NODE_VERSION.split('.')[0]}-${arch}`);

export interface RuntimePaths {
  nodeDir: string;
  nodeBin: string;
  codeServerDir: string;
  codeServerEntry: string;
}

export const runtimePaths: RuntimePaths = {
  nodeDir,
  nodeBin: join(nodeDir, 'bin', 'node'),
  codeServerDir,
  codeServerEntry: join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
};

function installLog(): string {
  mkdirSync(artifactsRoot, { recursive: true });
  return join(artifactsRoot, 'install.log');
}

/** npm's own CLI script, so it can be run by Node 24 (code-server's postinstall checks the version). */
function npmCliPath(): string {
  const fromNpm = process.env.npm_execpath;
  if (fromNpm && /npm-cli\.js$/.test(fromNpm)) return fromNpm;
  for (const dir of (process.env.PATH || '').split(delimiter)) {
    const candidate = join(dir, 'npm');
    if (dir && existsSync(candidate)) return realpathSync(candidate);
  }
  throw new Error('npm was not found on PATH: install Node.js 20.19+ (or 22.13+, or 24+) with npm.');
}

async function installOnce(dir: string, label: string, install: () => Promise<void>): Promise<void> {
  if (existsSync(join(dir, MARKER))) return;
  mkdirSync(cacheRoot, { recursive: true });
  await withLock(`${dir}.lock`, installTimeoutMs(), async () => {
    if (existsSync(join(dir, MARKER))) return; // another run finished it while we waited
    const started = Date.now();
    console.log(`[harness] installing ${label} into ${dir} (once per machine; log: ${installLog()})`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await install();
    writeFileSync(join(dir, MARKER), new Date().toISOString());
    console.log(`[harness] ${label} installed in ${Math.round((Date.now() - started) / 1000)} s`);
  });
}

async function ensureNode(): Promise<void> {
  await installOnce(nodeDir, `Node ${NODE_VERSION}`, async () => {
    const logPath = installLog();
    const env = { ...process.env, npm_config_update_notifier: 'false' };
    await runLogged(process.execPath, [npmCliPath(), 'pack', `node-linux-${arch}@${NODE_VERSION}`, '--pack-destination', nodeDir], {
      env,
      cwd: nodeDir,
      logPath,
    });
    const tarball = readdirSync(nodeDir).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack left no tarball in ${nodeDir}`);
    await runLogged('tar', ['xzf', tarball, '--strip-components=1'], { cwd: nodeDir, logPath });
    rmSync(join(nodeDir, tarball));
    const version = execFileSync(runtimePaths.nodeBin, ['--version'], { encoding: 'utf8' }).trim();
    if (version !== `v${NODE_VERSION}`) throw new Error(`${runtimePaths.nodeBin} reports ${version}, expected v${NODE_VERSION}`);
  });
}

/**
 * What an enclosing `npm run` (such as `npm test`) tells its scripts about itself: its npm, its
 * Node, its package. The runtime's npm must work these out afresh: code-server's install script
 * reads the Node version from npm_config_user_agent and refuses anything but Node 24.
 */
const OUTER_NPM = /^npm_(config_(user_agent|node_gyp|npm_version|local_prefix|global_prefix|prefix)|command|lifecycle_\w+|package_\w+|execpath|node_execpath)$/i;

/** Environment in which npm, node-gyp and code-server itself see Node 24 and its headers. */
export function node24Env(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(base).filter(([key]) => !OUTER_NPM.test(key)));
  return {
    ...inherited,
    PATH: `${join(nodeDir, 'bin')}${delimiter}${base.PATH ?? ''}`,
    // The machine's npmrc may point node-gyp at another Node's headers.
    npm_config_nodedir: nodeDir,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
}

async function ensureCodeServer(): Promise<void> {
  await installOnce(codeServerDir, `code-server ${CODE_SERVER_VERSION}`, async () => {
    const logPath = installLog();
    writeFileSync(join(codeServerDir, 'package.json'), JSON.stringify({ name: 'lesson-agent-test-runtime', private: true }));
    const args = [npmCliPath(), 'install', '--no-package-lock', `code-server@${CODE_SERVER_VERSION}`];
    await runLogged(runtimePaths.nodeBin, args, { env: node24Env(), cwd: codeServerDir, logPath });
    const version = execFileSync(runtimePaths.nodeBin, [runtimePaths.codeServerEntry, '--version'], {
      encoding: 'utf8',
      env: node24Env(),
    });
    if (!version.includes(CODE_SERVER_VERSION)) throw new Error(`code-server --version printed: ${version}`);
  });
}

/** The apt part only: what the runtime install and the browser need from the system. */
export async function ensureSystemForRuntime(): Promise<void> {
  const needsInstall = !existsSync(join(codeServerDir, MARKER));
  await ensureSystemPackages({ forInstall: needsInstall, logPath: installLog() });
  if (!onPath('tar')) throw new Error('tar is missing: install it (apt-get install tar).');
}

/** Everything the offline route needs, installed if missing. Returns the runtime's paths. */
export async function ensureRuntime(): Promise<RuntimePaths> {
  await ensureSystemForRuntime();
  await ensureNode();
  await ensureCodeServer();
  return runtimePaths;
}

// `tsx test/harness/install.ts [--system-only]`: prepares the runtime ahead of a test run
// (.ci/run starts it in the background; a test run that needs it waits on the install lock).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const systemOnly = process.argv.includes('--system-only');
  (systemOnly ? ensureSystemForRuntime() : ensureRuntime()).then(
    () => {
      const what = systemOnly ? 'system packages' : `test runtime (${codeServerDir})`;
      console.log(`[harness] ${what} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
    (error: Error) => {
      console.error(`[harness] ${error.message}`);
      process.exit(1);
    },
  );
}

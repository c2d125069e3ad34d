// `npm test` starts with `node test/harness/install.mjs --system-only`: on a machine without the
// system packages the tests need, a user who is not root gets one message naming the exact
// `apt-get install` line, and nothing else runs (the npm script chains it with &&). As root it would
// apt-install them, which a unit test must not do to the machine: the root case is proven by
// `.ci/fresh-debian` (a fresh Debian chroot). When these tests run as root, the child drops to
// `nobody` so the non-root path is the one exercised.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Test bundles live in out/test/unit/harness: four levels below the repository.
const ROOT = join(__dirname, '..', '..', '..', '..');
const INSTALL = join(ROOT, 'test', 'harness', 'install.mjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function systemOnly(env: Record<string, string>): Promise<Run> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = [process.execPath, INSTALL, '--system-only'];
  const [file, ...args] = isRoot ? ['runuser', '-u', 'nobody', '--', ...command] : command;
  return new Promise((resolve) => {
    execFile(file as string, args, { cwd: ROOT, env: { ...process.env, ...env }, timeout: 15_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

describe('npm test on a machine without the system packages', () => {
  let cache: string;

  beforeEach(() => {
    // The clone's own run folder, which a user who owns the clone can always create.
    mkdirSync(join(ROOT, '.test-artifacts'), { recursive: true });
    // An empty runtime cache, as on a fresh machine (readable by `nobody`).
    cache = mkdtempSync(join(tmpdir(), 'lesson-agent-no-runtime-'));
    chmodSync(cache, 0o755);
  });

  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  it('stops before any test, not as root, with the apt-get line for what is missing', async () => {
    const missing = join(cache, 'no-chromium-here');
    const run = await systemOnly({ LESSON_AGENT_CHROMIUM: missing, LESSON_AGENT_TEST_CACHE: cache });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stderr, /only root can install them/);
    assert.match(run.stderr, new RegExp(`- Chromium at ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.match(run.stderr, /^Install them \(Debian\/Ubuntu\): sudo apt-get install -y chromium\b/m);
    assert.doesNotMatch(run.stdout, /ready/, 'nothing claims to be ready');
  });

  it('goes on when everything is there', async () => {
    const run = await systemOnly({ LESSON_AGENT_CHROMIUM: process.execPath, LESSON_AGENT_TEST_CACHE: cache });
    // The build tools are checked too (the runtime is not installed in this empty cache); a machine
    // that lacks them gets the same stop, naming them.
    if (run.code !== 0) assert.match(run.stderr, /sudo apt-get install -y (?!chromium)/);
    else assert.match(run.stdout, /system packages ready/);
  });
});

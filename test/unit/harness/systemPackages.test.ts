// `npm test` starts with `node --import tsx test/harness/install.ts --system-only`: on a machine
// without the system packages the tests need, a user who is not root gets one message naming the
// exact `apt-get install` line, and nothing else runs (the npm script chains it with &&). As root it would
// apt-install them, which a unit test must not do to the machine (the root case is proven by
// `.ci/fresh-debian`, a fresh Debian chroot): run as root, these tests set LESSON_AGENT_NO_APT=1,
// which takes the same path.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Test bundles live in out/test/unit/harness: four levels below the repository.
const ROOT = join(__dirname, '..', '..', '..', '..');
const INSTALL = join(ROOT, 'test', 'harness', 'install.ts');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function systemOnly(env: Record<string, string>): Promise<Run> {
  const noApt = isRoot ? { LESSON_AGENT_NO_APT: '1' } : {};
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', INSTALL, '--system-only'], { cwd: ROOT, env: { ...process.env, ...noApt, ...env }, timeout: 15_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

describe('npm test on a machine without the system packages', () => {
  let cache: string;

  beforeEach(() => {
    // An empty runtime cache, as on a fresh machine.
    cache = mkdtempSync(join(tmpdir(), 'lesson-agent-no-runtime-'));
  });

  afterEach(() => rmSync(cache, { recursive: true, force: true }));

  it('stops before any test, when it may not install, with the apt-get line for what is missing', async () => {
    const missing = join(cache, 'no-chromium-here');
    const run = await systemOnly({ LESSON_AGENT_CHROMIUM: missing, LESSON_AGENT_TEST_CACHE: cache });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stderr, isRoot ? /LESSON_AGENT_NO_APT=1 says not to install them/ : /only root can install them/);
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

// `npm start`: builds, installs the extension (as a VSIX, the way users get it) into a private
// code-server, and serves VS Code with a working copy of samples/ on http://127.0.0.1:3000.
// Without an API key (ANTHROPIC_API_KEY) the chat talks to the project's fake Anthropic server
// with the offline demo scenario, clearly labelled in the panel. Ctrl+C stops everything.
//
//   npm start [-- --port 3001] [-- --fresh] [-- --check] [-- --locale fr]
//   --port N   (or PORT=N) where to serve; 3000 by default
//   --fresh    forget the previous run's settings, sessions and sample edits
//   --check    open the workbench in headless Chromium, check the chat view, save a screenshot, stop
//   --locale L VS Code's display language (fr, de, es...): the extension's words in it; VS Code's
//              own menus stay English (no language pack offline: test/harness/displayLanguage.ts)
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { artifactsRoot, repoRoot, samplesDir } from '../test/harness/config.ts';
import { runLogged } from '../test/harness/processes.ts';
import { node24Env, ensureRuntime } from '../test/harness/install.ts';
import { startCodeServer } from '../test/harness/codeServer.ts';
import { isLanguageTag } from '../test/harness/displayLanguage.ts';
import { startFakeModel } from './fakeModel.mjs';
import { packageVsix } from './vsix.mjs';
import { checkWorkbench } from './workbenchCheck.mjs';

const EXTENSION_ID = 'lesson-agent.lesson-agent';
const DEMO_SCENARIO = join(repoRoot, 'test', 'fake', 'scenarios', 'demo.json');

function options() {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, fresh: { type: 'boolean' }, check: { type: 'boolean' }, locale: { type: 'string' } },
  });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`not a port: ${values.port ?? process.env.PORT}`);
  if (values.locale !== undefined && !isLanguageTag(values.locale)) throw new Error(`not a language tag: ${values.locale} (try fr, de or es)`);
  return { port, fresh: Boolean(values.fresh), check: Boolean(values.check), locale: values.locale };
}

function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`127.0.0.1:${port} is in use: try PORT=${port + 1} npm start`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** The extension goes in as a VSIX, so `npm start` also proves the package installs and loads. */
async function installExtension(runtime, dirs) {
  const vsix = join(dirs.root, 'lesson-agent-dev.vsix');
  await packageVsix(vsix, { quiet: true });
  rmSync(dirs.extensions, { recursive: true, force: true });
  const args = [runtime.codeServerEntry, '--extensions-dir', dirs.extensions, '--user-data-dir', dirs.userData];
  await runLogged(runtime.nodeBin, [...args, '--install-extension', vsix, '--force'], {
    env: node24Env(),
    logPath: join(dirs.root, 'install-extension.log'),
  });
  const listed = execFileSync(runtime.nodeBin, [...args, '--list-extensions'], { env: node24Env(), encoding: 'utf8' });
  if (!listed.split('\n').includes(EXTENSION_ID)) throw new Error(`${EXTENSION_ID} is not listed after installing ${vsix}`);
}

function prepareDirs(fresh) {
  const root = join(artifactsRoot, 'start');
  if (fresh) rmSync(root, { recursive: true, force: true });
  const dirs = {
    root,
    data: join(root, 'code-server'),
    userData: join(root, 'code-server', 'user-data'),
    extensions: join(root, 'code-server', 'extensions'),
    samples: join(root, 'samples'),
  };
  mkdirSync(dirs.data, { recursive: true });
  // A working copy, kept between runs: the agent's edits never touch the tracked samples.
  if (!existsSync(dirs.samples)) cpSync(samplesDir, dirs.samples, { recursive: true });
  return dirs;
}

async function main() {
  const opts = options();
  await assertPortFree(opts.port);
  console.log('[start] building');
  execFileSync(process.execPath, ['esbuild.mjs', '--tests'], { cwd: repoRoot, stdio: 'inherit' });
  if (!existsSync(samplesDir)) throw new Error(`${samplesDir} is missing`);
  const dirs = prepareDirs(opts.fresh);
  const runtime = await ensureRuntime();
  console.log('[start] packaging and installing the extension');
  await installExtension(runtime, dirs);

  const stoppers = [];
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    for (const stop of stoppers.reverse()) await stop().catch(() => {});
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.log('\n[start] stopping');
      stopAll().finally(() => process.exit(0));
    });
  }

  const demo = !process.env.ANTHROPIC_API_KEY;
  const env = {};
  if (demo) {
    const fake = await startFakeModel(DEMO_SCENARIO, join(dirs.root, 'fake-model.log'));
    stoppers.push(fake.stop);
    Object.assign(env, { LESSON_AGENT_BASE_URL: fake.url, LESSON_AGENT_DEMO: '1' });
  }
  const server = await startCodeServer({
    runtime,
    dataDir: dirs.data,
    extensionsDir: dirs.extensions,
    folder: dirs.samples,
    port: opts.port,
    env,
    // A new user (first run, or --fresh) starts on the Welcome page, where the getting-started
    // walkthrough is (in the demo, with "Try the offline demo" in place of "Set API key").
    settings: { 'workbench.startupEditor': 'welcomePage' },
    logPath: join(dirs.root, 'code-server.log'),
    // A teacher's VS Code: notifications pop up (the tests' driver hides them all).
    testDriver: false,
    ...(opts.locale ? { locale: opts.locale } : {}),
  });
  stoppers.push(server.stop);
  server.child.once('exit', (code) => {
    if (stopping) return;
    console.error(`[start] code-server exited (${code}); log: ${relative(repoRoot, join(dirs.root, 'code-server.log'))}`);
    stopAll().finally(() => process.exit(1));
  });

  console.log(`\n  Lesson Agent in VS Code: ${server.url}/`);
  console.log(`  workspace: ${relative(repoRoot, dirs.samples)} (a working copy of samples/; --fresh resets it)`);
  console.log(demo ? '  model: offline demo (no ANTHROPIC_API_KEY; start with one set to talk to Claude)' : '  model: Claude (ANTHROPIC_API_KEY)');
  if (!opts.check) {
    console.log('  Ctrl+C stops.\n');
    return;
  }
  try {
    await check(server.url, dirs, demo);
  } finally {
    await stopAll();
  }
  process.exit(0);
}

async function check(url, dirs, demo) {
  const seen = await checkWorkbench({
    url: `${url}/`,
    dataDir: join(dirs.root, 'check'),
    screenshot: join(dirs.root, 'workbench.png'),
    message: demo ? 'What can you do?' : undefined,
  });
  for (const line of seen) console.log(`[check] ${line}`);
}

main().catch((error) => {
  console.error(`[start] ${error.message}`);
  process.exit(1);
});

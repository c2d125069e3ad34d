// Starts the project's fake Anthropic server (out/test/fake/main.js) with a scenario, for the
// offline demo: it prints {"url":...} on its first line, then serves until its group is stopped.
import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { repoRoot } from '../test/harness/config.ts';
import { spawnGroup, stopGroup } from '../test/harness/processes.ts';

export async function startFakeModel(scenario, logPath) {
  const main = join(repoRoot, 'out', 'test', 'fake', 'main.js');
  const log = createWriteStream(logPath, { flags: 'a' });
  const child = spawnGroup(process.execPath, [main, scenario, '--port', '0', '--log'], { env: process.env, capture: true });
  child.stderr.pipe(log, { end: false });
  const firstLine = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`the fake model exited (${code}) before printing its URL; log: ${logPath}`)));
  });
  let url;
  try {
    url = JSON.parse(firstLine).url;
  } catch {
    await stopGroup(child);
    throw new Error(`the fake model printed "${firstLine}" instead of {"url":...}`);
  }
  return {
    url,
    async stop() {
      await stopGroup(child);
      log.end();
    },
  };
}

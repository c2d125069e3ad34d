// Runs the fake Anthropic server on its own: `node out/test/fake/main.js scenario.json [--port N]`
// prints {"url":...} on one line, then serves until killed (npm start's offline demo uses it).
import { parseArgs } from 'node:util';
import { startFakeAnthropic } from './fakeAnthropic';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { port: { type: 'string' }, log: { type: 'boolean' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file) {
    process.stderr.write('usage: node out/test/fake/main.js scenario.json [--port N] [--log]\n');
    process.exit(2);
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`invalid --port ${values.port}\n`);
    process.exit(2);
  }
  const fake = await startFakeAnthropic(file, { port });
  process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
  if (values.log) {
    // One line per request on stderr: which step answered and how (never the headers: they hold the key).
    let logged = 0;
    setInterval(() => {
      for (; logged < fake.requests.length; logged++) {
        const r = fake.requests[logged];
        if (r) process.stderr.write(`#${r.index} ${r.method} ${r.path} -> ${r.step ?? '-'} (${r.outcome})\n`);
      }
    }, 200).unref();
  }
  const stop = (): void => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

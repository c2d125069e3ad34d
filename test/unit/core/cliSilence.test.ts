// Silence has a limit: against a server that accepts the connection and never answers, the CLI
// says it is waiting (`status` events of kind "waiting") and gives up after the response timeout,
// instead of three stall timeouts of silence; a --base-url that is not an http(s) address is bad
// usage (exit 2) and creates no session.
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCliOutput, ofType, requireBuiltCli, runCli } from './cliProcess';

const KEY = 'sk-ant-cli-silence-0a1b2c3d4e';

describe('CLI: silence has a limit', function () {
  this.timeout(60_000);
  let dir: string;
  let doc: string;
  let sessions: string;
  let server: Server;
  const sockets: Socket[] = [];

  before(requireBuiltCli);
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-silence-'));
    doc = join(dir, 'notes.md');
    sessions = join(dir, 'sessions');
    await writeFile(doc, '# Notes\n', 'utf8');
    // Accepts every connection and never sends a byte.
    server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  const url = (): string => `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  it('says it is waiting, then gives up after --response-timeout with a clear error; the session takes the next message', async () => {
    const started = Date.now();
    const r = await runCli(['run', '--doc', doc, '--prompt', 'hello', '--session-dir', sessions, '--base-url', url(), '--api-key', KEY, '--response-timeout', '7'], {}, 45_000);
    const elapsed = Date.now() - started;
    checkCliOutput(r, KEY);
    assert.equal(r.code, 1, r.stderr);
    const waiting = ofType(r.events, 'status');
    assert.ok(waiting.length >= 1, 'a waiting status event');
    for (const w of waiting) {
      assert.equal(w.kind, 'waiting');
      assert.equal(w.limitMs, 7000);
      assert.ok(w.waitedMs >= 4000 && w.waitedMs < 7000, `${w.waitedMs} ms`);
    }
    const error = r.events.at(-1);
    assert.ok(error?.type === 'error');
    assert.equal(error.code, 'network');
    assert.match(error.message, /^Claude did not answer within 7 s \(no response at all\)\. Check the network connection and the base URL, or try again later\. \(Tried http:\/\/127\.0\.0\.1:\d+\/?\.\)$/);
    assert.ok(elapsed < 20_000, `gave up after ${elapsed} ms`);
    const next = await runCli(['run', '--doc', doc, '--prompt', 'again', '--session', error.sessionId, '--session-dir', sessions, '--base-url', url(), '--api-key', KEY, '--response-timeout', '5'], {}, 45_000);
    const last = next.events.at(-1);
    assert.ok(last?.type === 'error' && last.code === 'network', 'the session is not left locked or broken');
  });

  it('a --base-url (or ANTHROPIC_BASE_URL) that is not an http(s) address is bad usage, exit 2, and no session is created', async () => {
    for (const [base, env] of [['ftp://example.org', {}], ['api.anthropic.com', {}], ['file:///etc/passwd', {}], [undefined, { ANTHROPIC_BASE_URL: 'localhost:8080' }]] as const) {
      const args = ['run', '--doc', doc, '--prompt', 'hello', '--session-dir', sessions, '--api-key', KEY, ...(base ? ['--base-url', base] : [])];
      const r = await runCli(args, env);
      assert.equal(r.code, 2, `${base ?? env.ANTHROPIC_BASE_URL}: ${r.stderr}`);
      const error = r.events.at(-1);
      assert.ok(error?.type === 'error' && error.code === 'usage');
      assert.match(error.message, /must be an http:\/\/ or https:\/\/ address/);
    }
    assert.deepEqual(await readdir(sessions).catch(() => []), [], 'no session was created');
  });
});

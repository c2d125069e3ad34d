// Sessions that cannot be lost, through the built CLI in its own processes: two writers on one
// session, a damaged session file, how much a small edit costs on disk, the CLI's contract in its
// corners (every failure an error event, a server that never answers, SDK debug logging, retries),
// a symlinked document and the temp files a killed process leaves behind.
import * as assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSessionStore } from '../../../src/core/sessions/fileStore';
import type { AgentEvent } from '../../../src/shared/events';
import { bigLesson } from './lesson/bigLesson';
import { checkCliOutput, ROOT, runCli, useCliWorkspace, type CliResult } from './cliProcess';

const KEY = 'sk-ant-cli-sessions-5e6f7a8b9c0d';
const LESSON = '<lesson title="Verbs" lang="fr">\n  <h1>Les verbes</h1>\n  <p>Bonjour à tous.</p>\n</lesson>\n';
const reply = (text: string, delayMs = 0) => ({ blocks: [{ type: 'text' as const, text }], ...(delayMs ? { delayMs } : {}) });

/** A pid that surely belongs to no running process: one that just ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function errorEvent(r: CliResult): Extract<AgentEvent, { type: 'error' }> | undefined {
  const last = r.events.at(-1);
  return last?.type === 'error' ? last : undefined;
}

async function sessionBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(join(dir, 'sessions'))) total += (await stat(join(dir, 'sessions', name))).size;
  return total;
}

describe('CLI sessions that cannot be lost (dist/cli.js)', function () {
  this.timeout(60_000);
  const cli = useCliWorkspace({ prefix: 'la-cli-sessions-', file: 'verbs.lesson.xml', lesson: LESSON, key: KEY });
  const { serve, run, resume } = cli;

  it('two runs on one session at once: one runs, the other is refused with an error event, and no answer is lost', async () => {
    const f = await serve({ steps: [], fallback: reply('A slow and careful answer, streamed over a good second.', 30) });
    const first = await run(f.url, 'first');
    assert.equal(first.code, 0, first.stderr);
    const id = first.events[0]?.sessionId ?? '';
    for (let trial = 0; trial < 3; trial++) {
      const [a, b] = await Promise.all([run(f.url, `left ${trial}`, ['--session', id]), run(f.url, `right ${trial}`, ['--session', id])]);
      const codes = [a.code, b.code].sort();
      assert.deepEqual(codes, [0, 1], `trial ${trial}: one ran, one was refused (${a.stderr} ${b.stderr})`);
      const refused = a.code === 1 ? a : b;
      assert.match(errorEvent(refused)?.message ?? '', /in use by/, 'the refusal says who holds the session');
      const session = await new FileSessionStore(cli.sessions).get(id);
      const prompts = session.messages.flatMap((m) => (m.role === 'user' ? m.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])) : []));
      for (const [r, prompt] of [[a, `left ${trial}`], [b, `right ${trial}`]] as const) {
        if (r.code === 0) assert.ok(prompts.includes(prompt), `trial ${trial}: the answered "${prompt}" is in the session`);
      }
    }
  });

  it('two approvals of one create_document at once: the file is created once and the session records it', async () => {
    const f = await serve({
      steps: [
        { blocks: [{ type: 'tool_use', name: 'create_document', input: { path: 'worksheet.md', content: '# Worksheet\n' } }] },
        reply('Created your worksheet, and this answer streams slowly so that the two approvals overlap.', 60),
      ],
      fallback: reply('A second continuation that must never be asked for.'),
    });
    const first = await run(f.url, 'make a worksheet');
    assert.equal(first.code, 3, first.stderr);
    const id = first.events[0]?.sessionId ?? '';
    const [a, b] = await Promise.all([resume(f.url, id, ['--approve']), resume(f.url, id, ['--approve'])]);
    // The other one is refused: the session is in use (1), or, if it came late, nothing waits any more (2).
    const codes = [a.code, b.code].sort();
    assert.ok(codes[0] === 0 && (codes[1] === 1 || codes[1] === 2), `${codes.join(', ')}: ${a.stderr} ${b.stderr}`);
    assert.equal(f.requests.length, 2, 'one continuation only');
    assert.equal(await readFile(join(cli.dir, 'worksheet.md'), 'utf8'), '# Worksheet\n');
    const session = await new FileSessionStore(cli.sessions).get(id);
    const call = Object.values(session.toolCalls).find((c) => c.tool === 'create_document');
    assert.equal(call?.status, 'success');
    assert.equal(session.turns.at(-1)?.status, 'completed');
  });

  it('continues a session the previous version saved paused on a question: the API refuses its thinking once, the retry goes on', async () => {
    const f = await serve({ steps: [], fallback: { blocks: [{ type: 'thinking', thinking: 'A2.' }, { type: 'text', text: 'An A2 exercise, then.' }] } });
    const fixture = await readFile(join(ROOT, 'test', 'fixtures', 'session-v3-paused-thinking.jsonl'), 'utf8');
    const id = /"id":"(s-[^"]+)"/.exec(fixture)?.[1] ?? '';
    await mkdir(join(cli.sessions, 'sessions'), { recursive: true });
    await writeFile(join(cli.sessions, 'sessions', `${id}.jsonl`), fixture, 'utf8');
    const r = await resume(f.url, id, ['--answer', '["A2"]', '--model', 'claude-sonnet-5-5']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.events.at(-1)?.type, 'done');
    assert.deepEqual(f.requests.map((q) => q.outcome), ['refused:400', 'stream']);
    assert.match(r.stderr, /bound to a different conversation; sending the request again/);
  });

  it('keeps every message before the damage in a damaged session file, and goes on', async () => {
    const f = await serve({ steps: [], fallback: reply('Noted.') });
    const first = await run(f.url, 'the first message');
    const id = first.events[0]?.sessionId ?? '';
    for (const prompt of ['the second message', 'the third message']) assert.equal((await run(f.url, prompt, ['--session', id])).code, 0);
    const file = (await readdir(join(cli.sessions, 'sessions'))).find((n) => n.startsWith(id) && !n.endsWith('.lock'));
    assert.ok(file);
    const path = join(cli.sessions, 'sessions', file);
    // A torn write at the end of the file (a power cut): the last few bytes are gone.
    await truncate(path, (await stat(path)).size - 40);
    const next = await run(f.url, 'after the damage', ['--session', id]);
    assert.equal(next.code, 0, next.stderr);
    const sent = JSON.stringify(f.requests.at(-1)?.body.messages);
    for (const prompt of ['the first message', 'the second message', 'after the damage']) assert.ok(sent.includes(prompt), `${prompt} is still there`);
  });

  it('grows by far less than the document per small edit on a 1 MB lesson', async function () {
    this.timeout(150_000);
    const { text } = bigLesson(1_000_000);
    await writeFile(cli.doc, text, 'utf8');
    const edits = Array.from({ length: 10 }, (_, i) => ({
      blocks: [{ type: 'tool_use' as const, name: 'edit_text', input: { edits: [{ find: `Unit ${i + 10}: au marché`, replace: `Unit ${i + 10}: à la gare` }], summary: `Rename unit ${i + 10}` } }],
    }));
    const f = await serve({ steps: [reply('Ready.'), ...edits, reply('Ten small changes made.')] });
    const before = await run(f.url, 'warm up', ['--max-steps', '12']);
    assert.equal(before.code, 0, before.stderr);
    const id = before.events[0]?.sessionId ?? '';
    const start = await sessionBytes(cli.sessions);
    // Each edit of a 1 MB lesson is checked whole (lesson rules, students' work): slow on a loaded machine.
    const r = await runCli(['run', '--doc', cli.doc, '--prompt', 'rename ten units', '--session-dir', cli.sessions, '--base-url', f.url, '--api-key', KEY, '--session', id, '--max-steps', '12'], {}, 90_000);
    assert.equal(r.code, 0, r.stderr + r.stdout.slice(-3000));
    assert.equal(r.events.filter((e) => e.type === 'tool_end' && e.editId).length, 10);
    const perEdit = ((await sessionBytes(cli.sessions)) - start) / 10;
    assert.ok(perEdit < 10_000, `${Math.round(perEdit)} bytes per small edit`);
  });

  it('prints an error event for every failure: a damaged, a newer and an unwritable session', async () => {
    const f = await serve({ steps: [], fallback: reply('Noted.') });
    const first = await run(f.url, 'hello');
    const id = first.events[0]?.sessionId ?? '';
    const file = (await readdir(join(cli.sessions, 'sessions'))).find((n) => n.startsWith(id) && !n.endsWith('.lock')) ?? '';
    // What a newer Lesson Agent would write, in whichever format this version keeps sessions (a
    // journal line's checksum covers its version: a bad one would be damage, not a newer version).
    const record = '{"kind":"future"}';
    const line = `{"v":99,"c":"${crc32(record, crc32('99|')).toString(16).padStart(8, '0')}","r":${record}}\n`;
    const future = file.endsWith('.jsonl') ? line : '{"version": 99, "future": true}\n';
    await writeFile(join(cli.sessions, 'sessions', file), future, 'utf8');
    const newer = await run(f.url, 'again', ['--session', id]);
    assert.equal(newer.code, 1, newer.stderr);
    assert.match(errorEvent(newer)?.message ?? '', /newer/);
    await writeFile(join(cli.sessions, 'sessions', file), 'garbage', 'utf8');
    const damaged = await run(f.url, 'again', ['--session', id]);
    assert.equal(damaged.code, 1, damaged.stderr);
    assert.equal(errorEvent(damaged)?.code, 'session');
    const blocked = join(cli.dir, 'not-a-folder');
    await writeFile(blocked, 'a file where the sessions folder should be', 'utf8');
    const unwritable = await runCli(['run', '--doc', cli.doc, '--prompt', 'hi', '--session-dir', blocked, '--base-url', f.url, '--api-key', KEY]);
    assert.equal(unwritable.code, 1, unwritable.stderr);
    assert.equal(errorEvent(unwritable)?.code, 'session');
    checkCliOutput(unwritable, KEY);
  });

  it('gives up on a server that never sends headers, from the stall timeout setting', async () => {
    const f = await serve({ steps: [], fallback: { fault: { kind: 'hang' } } });
    const started = Date.now();
    const r = await run(f.url, 'hello', ['--stall-timeout', '1']);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(errorEvent(r)?.code, 'network');
    assert.ok(Date.now() - started < 12_000, `${Date.now() - started} ms`);
  });

  it('logs the SDK to stderr only, with the key redacted, under ANTHROPIC_LOG=debug', async () => {
    const f = await serve({ steps: [], fallback: reply('Hello.') });
    const r = await run(f.url, 'hello', [], { ANTHROPIC_LOG: 'debug' });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /anthropic/i, 'the debug log went to stderr');
  });

  it('prints a discard event when a retry withdraws text it had printed', async () => {
    const broken = { ...reply('This first attempt will break half way through.'), fault: { kind: 'error_event' as const, afterEvents: 6 } };
    const f = await serve({ chunk: 5, steps: [broken, reply('Hello again.')] });
    const r = await run(f.url, 'hello');
    assert.equal(r.code, 0, r.stderr);
    const at = r.events.findIndex((e) => e.type === 'discard');
    const discard = r.events[at];
    assert.ok(discard?.type === 'discard', r.stdout);
    const printed = r.events.slice(0, at).map((e) => (e.type === 'text' ? e.delta : '')).join('');
    assert.ok(printed.length > 0);
    assert.deepEqual([discard.chars, discard.code, discard.attempt], [printed.length, 'overloaded', 1]);
    const kept = printed.slice(0, printed.length - discard.chars) + r.events.slice(at).map((e) => (e.type === 'text' ? e.delta : '')).join('');
    assert.equal(kept, 'Hello again.', 'what a consumer keeps after the discard is the answer, once');
  });

  it('names its own options, not VS Code commands or settings, in its messages', async () => {
    const f = await serve({ steps: [{ fault: { kind: 'http', status: 401, errorType: 'authentication_error', message: 'invalid x-api-key' } }] });
    const r = await run(f.url, 'hello');
    const message = errorEvent(r)?.message ?? '';
    assert.match(message, /--api-key/);
    assert.doesNotMatch(message, /Lesson Agent:|setting/);
  });

  it('edits a symlinked document through its target and removes stale temp files at start', async () => {
    const real = join(cli.dir, 'real');
    await mkdir(real);
    const target = join(real, 'verbs.lesson.xml');
    await writeFile(target, LESSON, 'utf8');
    await rm(cli.doc);
    await symlink(target, cli.doc);
    const pid = deadPid();
    const stale = [join(cli.dir, `.verbs.lesson.xml.${pid}.0a1b2c.tmp`), join(real, `.verbs.lesson.xml.${pid}.0a1b2d.tmp`)];
    await mkdir(join(cli.sessions, 'sessions'), { recursive: true });
    stale.push(join(cli.sessions, `index.json.${pid}.0a1b2e.tmp`), join(cli.sessions, 'sessions', `s-x.jsonl.${pid}.0a1b2f.tmp`));
    for (const path of stale) await writeFile(path, 'left by a killed process', 'utf8');
    const f = await serve({
      steps: [
        { blocks: [{ type: 'tool_use', name: 'edit_text', input: { edits: [{ find: 'Bonjour à tous.', replace: 'Bonsoir à tous.' }], summary: 'Evening' } }] },
        reply('Done.'),
      ],
    });
    const r = await run(f.url, 'say good evening');
    assert.equal(r.code, 0, r.stderr);
    assert.ok((await lstat(cli.doc)).isSymbolicLink(), 'the link is still a link');
    assert.match(await readFile(target, 'utf8'), /Bonsoir à tous\./);
    for (const path of stale) assert.ok(!existsSync(path), `${path} was removed`);
  });
});

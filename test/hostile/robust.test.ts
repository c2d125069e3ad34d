// What a teacher's machine does to the journal and the files (issue 22), through the built CLI:
// a full disk at every size of room left (a real, small tmpfs where mounting is allowed, else the
// same through the store's file interface, said in the figures); journals damaged in every way;
// stale locks of every kind; files that cannot be edited safely; a server that never answers; and
// under approval "never", requests that must not unlock students' answers. Each part prints its
// trials, how many survived (ended as they must) and how many lost something: none may.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, rm, statfs, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { FileDocument } from '../../src/core/documents/fileDocument';
import { FileSessionStore } from '../../src/core/sessions/fileStore';
import { SessionOwner } from '../../src/core/sessions/owner';
import { bootId } from '../../src/core/sessions/processIdentity';
import { startFakeAnthropic } from '../fake/fakeAnthropic';
import { ANSWERED } from '../unit/core/lesson/fixtures';
import { fullDisk } from '../unit/core/sessions/fullDisk';
import { cli, figure, tempDir, useSuiteFake } from './kit';

const DOC = '# Weather words\n\n- sun\n- rain\nEND\n';
const ADDED = '- added by the agent';
const EDIT = { blocks: [{ type: 'tool_use' as const, name: 'edit_text', input: { edits: [{ find: 'END', replace: `${ADDED}\nEND` }], summary: 'Add a line' } }] };
const SCENARIO = { rules: [{ when: { userText: 'edit' }, respond: EDIT }, { when: { toolResultFor: 'edit_text' }, respond: { blocks: [{ type: 'text' as const, text: 'Done.' }] } }], fallback: { blocks: [{ type: 'text' as const, text: 'Noted.' }] } };

interface Tally {
  trials: number;
  survived: number;
  lost: string[];
}

function report(part: string, t: Tally, note = ''): void {
  figure(`${part}: ${t.trials} trials, ${t.survived} survived, ${t.lost.length} lost${note}`);
  for (const l of t.lost) figure(`  lost: ${l}`);
}

/** Mounts a small tmpfs at `dir` (root only); false when this machine does not allow it. */
function mountTmpfs(dir: string, size: string): boolean {
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' }).status === 0;
}

describe('hostile: full disks, damaged journals, stale locks, odd files, silence, students\' answers', function () {
  this.timeout(300_000);
  const suiteFake = useSuiteFake(SCENARIO);

  const run = (doc: string, sessions: string, prompt: string, extra: string[] = []) =>
    cli(['run', '--doc', doc, '--prompt', prompt, '--session-dir', sessions, '--base-url', suiteFake().url, '--approval', 'never', ...extra]);

  it('a full disk at every size of room left: an edit lands only with its record, the teacher is told, nothing is padded or locked', async () => {
    const tally: Tally = { trials: 0, survived: 0, lost: [] };
    const dir = await tempDir('disk');
    const mnt = join(dir, 'mnt');
    await mkdir(mnt);
    const mounted = mountTmpfs(mnt, '256k');
    try {
      if (mounted) {
        // Room left from nothing to a few records, in steps that land the end of the disk inside each write.
        for (const room of [0, 64, 200, 420, 700, 1000, 1500, 2200, 3100, 4096, 6000, 9000]) {
          tally.trials++;
          const sessions = join(mnt, `s${room}`);
          const doc = join(dir, `doc-${room}.md`);
          await writeFile(doc, DOC, 'utf8');
          const first = await run(doc, sessions, 'hello');
          const id = first.events[0]?.sessionId ?? '';
          const { bavail, bsize } = await statfs(mnt);
          await writeFile(join(mnt, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - room)));
          const second = await run(doc, sessions, 'edit it', ['--session', id]);
          await rm(join(mnt, 'filler'), { force: true });
          const problem = await afterFullDisk(doc, sessions, id, second);
          if (problem) tally.lost.push(`room ${room}: ${problem}`);
          else tally.survived++;
          await rm(sessions, { recursive: true, force: true });
        }
      } else {
        await injectedFullDisk(dir, tally);
      }
    } finally {
      if (mounted) spawnSync('umount', [mnt]);
    }
    report('full disk', tally, mounted ? ' (a 256 KB tmpfs filled to each room left)' : ' (mounting is not allowed here: ENOSPC injected through the store\'s file interface)');
    assert.deepEqual(tally.lost, []);
  });

  /** What must hold after an edit met a full disk: returns what was lost, if anything. */
  async function afterFullDisk(doc: string, sessions: string, id: string, r: Awaited<ReturnType<typeof cli>>): Promise<string | undefined> {
    const last = r.events.at(-1);
    const inDoc = (await readFile(doc, 'utf8')).includes(ADDED);
    const journal = await readFile(join(sessions, 'sessions', `${id}.jsonl`));
    if (journal.includes(0)) return 'the journal was padded with zeros';
    const locks = (await readdir(join(sessions, 'sessions'))).filter((n) => n.includes('.lock'));
    if (locks.length > 0) return `a lock was left behind (${locks.join(', ')})`;
    let session;
    try {
      const owner = await SessionOwner.open(new FileSessionStore(sessions), id, { now: () => Date.now(), newId: (p) => `${p}-${Date.now()}` });
      session = owner.session;
      await owner.close();
    } catch (err) {
      return `the session does not load: ${String(err)}`;
    }
    const recorded = session.edits.some((e) => e.status !== 'not_applied');
    if (inDoc && !recorded) return 'the edit is in the document but not in the session';
    if (r.code === 0) return inDoc ? undefined : 'the turn said it was done, but the edit is not in the document';
    if (last?.type !== 'error' || last.code !== 'disk_full' || !/^The disk is full: /.test(last.message)) return `ended without the disk-full error: ${JSON.stringify(last)}`;
    if (inDoc && /nothing was changed/.test(last.message)) return 'said nothing was changed, but the document was';
    const next = await run(doc, sessions, 'and now?', ['--session', id]);
    return next.code === 0 ? undefined : `the next message failed: ${JSON.stringify(next.events.at(-1))}`;
  }

  /** Without a mount: the same trials in this process, the disk filling at each byte count of the edit's turn. */
  async function injectedFullDisk(dir: string, tally: Tally): Promise<void> {
    const { Agent } = await import('../../src/core/agent/agent');
    const { DEFAULT_SETTINGS } = await import('../../src/core/settings');
    const { editTextTool } = await import('../../src/core/tools/editText');
    const Anthropic = (await import('@anthropic-ai/sdk')).default;
    for (const room of [0, 64, 200, 420, 700, 1000, 1500, 2200, 3100, 4096, 6000, 9000]) {
      tally.trials++;
      const docPath = join(dir, `doc-${room}.md`);
      await writeFile(docPath, DOC, 'utf8');
      const disk = fullDisk();
      const store = new FileSessionStore(join(dir, `s${room}`), () => undefined, { opener: disk.opener });
      const document = new FileDocument(docPath);
      const agent = new Agent({
        store,
        createClient: () => new Anthropic({ apiKey: 'sk-ant-injected-0000000000', baseURL: suiteFake().url, maxRetries: 0 }),
        tools: () => [editTextTool],
        skills: () => ({ list: () => [], get: () => undefined }),
        document: () => document,
        workspace: () => undefined,
        settings: () => ({ ...DEFAULT_SETTINGS, approvalEdits: 'never' }),
      });
      const session = await agent.createSession({ document: { uri: document.uri, name: document.name, kind: document.kind } });
      disk.room = room;
      const events: { type: string; code?: string }[] = [];
      await agent.run({ kind: 'message', sessionId: session.id, text: 'edit it' }, (e) => events.push(e)).catch(() => undefined);
      disk.room = Number.POSITIVE_INFINITY;
      const inDoc = (await readFile(docPath, 'utf8')).includes(ADDED);
      const reopened = await agent.openSession(session.id).catch(() => undefined);
      const last = events.at(-1);
      if (!reopened) tally.lost.push(`room ${room}: the session does not load`);
      else if (inDoc && !reopened.edits.some((e) => e.status === 'applied')) tally.lost.push(`room ${room}: the edit is not recorded`);
      else if (last?.type === 'error' && last.code !== 'disk_full') tally.lost.push(`room ${room}: ${last.code}`);
      else tally.survived++;
    }
  }

  it('journals damaged in every way open with everything before the damage, and take the next message', async () => {
    const tally: Tally = { trials: 0, survived: 0, lost: [] };
    const flipUp = (l: string): string => l.replace(/^\{"v":(\d)/, (_, d: string) => `{"v":${String.fromCharCode(d.charCodeAt(0) | ([1, 2, 4].find((b) => (d.charCodeAt(0) & b) === 0) ?? 8))}`);
    const DAMAGE: Record<string, (lines: string[]) => string[]> = {
      'a bad byte in a version': (l) => l.map((x, i) => (i === 2 ? flipUp(x) : x)),
      'a bad byte in a record': (l) => l.map((x, i) => (i === 2 ? x.replace('message', 'massage') : x)),
      'a line written twice': (l) => [...l.slice(0, 3), l[2] ?? '', ...l.slice(3)],
      'every line written twice': (l) => l.flatMap((x) => (x ? [x, x] : [x])),
      'two lines swapped': (l) => [...l.slice(0, 2), l[3] ?? '', l[2] ?? '', ...l.slice(4)],
      'a line missing': (l) => [...l.slice(0, 2), ...l.slice(3)],
      'cut off mid-line': (l) => [...l.slice(0, 3), (l[3] ?? '').slice(0, 40)],
      'a tail of zeros': (l) => [...l, '\0'.repeat(512)],
      'garbage appended': (l) => [...l, 'not a journal record at all'],
    };
    async function damageOne(kind: string, damage: (lines: string[]) => string[]): Promise<void> {
      tally.trials++;
      const dir = await tempDir('damage');
      const doc = join(dir, 'doc.md');
      const sessions = join(dir, 'sessions');
      await writeFile(doc, DOC, 'utf8');
      let id = '';
      for (let i = 0; i < 3; i++) id = (await run(doc, sessions, `message ${i}`, id ? ['--session', id] : [])).events[0]?.sessionId ?? id;
      const path = join(sessions, 'sessions', `${id}.jsonl`);
      const lines = (await readFile(path, 'utf8')).split('\n');
      await writeFile(path, damage(lines).join('\n'), 'utf8');
      const next = await run(doc, sessions, 'after the damage', ['--session', id]);
      const session = await new FileSessionStore(sessions).get(id).catch(() => undefined);
      const texts = (session?.messages ?? []).filter((m) => m.role === 'user').map((m) => JSON.stringify(m.content));
      if (next.code !== 0) tally.lost.push(`${kind}: the next message failed: ${JSON.stringify(next.events.at(-1))}`);
      else if (!texts.some((t) => t.includes('message 0')) || !texts.some((t) => t.includes('after the damage'))) tally.lost.push(`${kind}: messages before the damage are gone`);
      else tally.survived++;
    }
    // Three at a time: each kind is a few CLI runs of its own.
    const queue = Object.entries(DAMAGE);
    await Promise.all(Array.from({ length: 3 }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await damageOne(...next);
    }));
    report('damaged journals', tally);
    assert.deepEqual(tally.lost, []);
  });

  it('stale locks of every kind block nobody; a live one is respected until the teacher takes it over', async () => {
    const tally: Tally = { trials: 0, survived: 0, lost: [] };
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    const live = spawnSync('sh', ['-c', 'sleep 60 >/dev/null 2>&1 & echo $!'], { encoding: 'utf8' });
    const livePid = Number(live.stdout.trim());
    const holder = (extra: object) => JSON.stringify({ pid: livePid, host: hostname(), since: Date.now() - 86_400_000, holder: 'a window', token: 'stale', ...extra });
    const STALE: Record<string, string> = {
      'an empty lock (a full disk)': '',
      'half a lock': '{"pid":12',
      'a dead process': holder({ pid: dead }),
      ...(bootId() !== undefined ? { 'a lock from before a restart': holder({ boot: 'another-boot' }), 'a reused pid': holder({ started: '1' }) } : {}),
    };
    try {
      for (const [kind, content] of [...Object.entries(STALE), ['a live process', holder({})] as const]) {
        tally.trials++;
        const dir = await tempDir('lock');
        const doc = join(dir, 'doc.md');
        const sessions = join(dir, 'sessions');
        await writeFile(doc, DOC, 'utf8');
        const id = (await run(doc, sessions, 'hello')).events[0]?.sessionId ?? '';
        await writeFile(join(sessions, 'sessions', `${id}.lock`), content, 'utf8');
        const r = await run(doc, sessions, 'again', ['--session', id]);
        if (kind !== 'a live process') {
          if (r.code === 0) tally.survived++;
          else tally.lost.push(`${kind}: blocked: ${JSON.stringify(r.events.at(-1))}`);
          continue;
        }
        const last = r.events.at(-1);
        const respected = r.code === 1 && last?.type === 'error' && last.code === 'in_use' && /since \d{1,2} [A-Z][a-z]{2} \d{4}, /.test(last.message);
        const taken = await run(doc, sessions, 'taken over', ['--session', id, '--take-over']);
        if (respected && taken.code === 0 && /Took session .* over from a window/.test(taken.stderr)) tally.survived++;
        else tally.lost.push(`${kind}: ${JSON.stringify(last)} / ${taken.code} ${taken.stderr.slice(-200)}`);
      }
    } finally {
      if (livePid > 0) process.kill(livePid);
    }
    report('stale locks', tally);
    assert.deepEqual(tally.lost, []);
  });

  it('files that cannot be edited safely are refused or kept as they are; silence has a limit', async () => {
    const tally: Tally = { trials: 0, survived: 0, lost: [] };
    const dir = await tempDir('files');
    const sessions = join(dir, 'sessions');
    const fifo = join(dir, 'pipe.md');
    spawnSync('mkfifo', [fifo]);
    const FILES: Record<string, { bytes?: Buffer; path?: string; mode?: number; expect: (after: Buffer, code: number) => boolean }> = {
      'Latin-1 text': { bytes: Buffer.from(`${DOC}été\n`, 'latin1'), expect: (a, c) => c === 1 && a.equals(Buffer.from(`${DOC}été\n`, 'latin1')) },
      'UTF-16 text': { bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(DOC, 'utf16le')]), expect: (a, c) => c === 1 && a.length === DOC.length * 2 + 2 },
      'a PNG': { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), expect: (a, c) => c === 1 && a.length === 12 },
      'a read-only file': { bytes: Buffer.from(DOC), mode: 0o444, expect: (a) => a.toString() === DOC },
      'a CRLF file': { bytes: Buffer.from(DOC.replace(/\n/g, '\r\n')), expect: (a, c) => c === 0 && !/[^\r]\n/.test(a.toString()) && a.toString().includes(ADDED) },
      'a 6 MB file': { bytes: Buffer.from(`${DOC}${'x'.repeat(6 * 1024 * 1024)}`), expect: (a, c) => c === 1 && !a.includes(ADDED) },
      'a named pipe': { path: fifo, expect: (_a, c) => c === 2 },
      'a folder': { path: dir, expect: (_a, c) => c === 2 },
      'a device': { path: '/dev/zero', expect: (_a, c) => c === 2 },
    };
    for (const [kind, f] of Object.entries(FILES)) {
      tally.trials++;
      const path = f.path ?? join(dir, `${kind.replace(/\W+/g, '-')}.md`);
      if (f.bytes) await writeFile(path, f.bytes);
      if (f.mode !== undefined) await chmod(path, f.mode);
      const r = await run(path, sessions, 'edit it');
      const after = f.bytes ? await readFile(path) : Buffer.alloc(0);
      if (f.expect(after, r.code)) tally.survived++;
      else tally.lost.push(`${kind}: exit ${r.code}, ${JSON.stringify(r.events.at(-1))?.slice(0, 200)}`);
    }
    // A server that accepts the connection and never says anything.
    tally.trials++;
    const sockets: Socket[] = [];
    const silent = createServer((s) => void sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const doc = join(dir, 'silent.md');
      await writeFile(doc, DOC, 'utf8');
      const started = Date.now();
      const r = await cli(['run', '--doc', doc, '--prompt', 'hello', '--session-dir', sessions, '--base-url', `http://127.0.0.1:${(silent.address() as { port: number }).port}`, '--response-timeout', '6']);
      const waited = r.events.some((e) => e.type === 'status' && e.kind === 'waiting');
      if (r.code === 1 && waited && Date.now() - started < 20_000) tally.survived++;
      else tally.lost.push(`a silent server: exit ${r.code} after ${Date.now() - started} ms, waiting shown: ${waited}`);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
    report('odd files and a silent server', tally);
    assert.deepEqual(tally.lost, []);
  });

  it("under approval never, ordinary wording changes no student's answer", async () => {
    const tally: Tally = { trials: 0, survived: 0, lost: [] };
    const clear = (text: string, value: string): string => text.replace(`student-answer="${value}"`, 'student-answer=""');
    const swapped = ANSWERED.replace('student-answer="va"', 'student-answer="@@"').replace('student-answer="achete"', 'student-answer="va"').replace('student-answer="@@"', 'student-answer="achete"');
    const CASES: [string, string][] = [
      ['Tidy up the lesson', swapped],
      ['Mark the correct answers in bold', ['va', 'achete', 'true', 'Mon marché est grand.'].reduce(clear, ANSWERED)],
      ['update the answer key in exercise 2', clear(ANSWERED.replace('answer="true" student-answer', 'answer="false" student-answer'), 'va')],
      ["clear the students' answers in exercise 1", ['va', 'achete', 'Mon marché est grand.'].reduce(clear, ANSWERED)],
      ['Add a hint to ex-1', ANSWERED.replace('id="ex-1"', 'id="verbs-1"')],
    ];
    for (const [request, proposed] of CASES) {
      tally.trials++;
      const dir = await tempDir('answers');
      const doc = join(dir, 'market.lesson.xml');
      await writeFile(doc, ANSWERED, 'utf8');
      const model = await startFakeAnthropic({ steps: [{ blocks: [{ type: 'tool_use', name: 'edit_document', input: { documentXml: proposed, summary: 'Edited' } }] }, { blocks: [{ type: 'text', text: 'Done.' }] }] });
      try {
        await cli(['run', '--doc', doc, '--prompt', request, '--session-dir', join(dir, 'sessions'), '--base-url', model.url, '--approval', 'never']);
        if ((await readFile(doc, 'utf8')) === ANSWERED) tally.survived++;
        else tally.lost.push(`"${request}" changed students' answers`);
      } finally {
        await model.close();
      }
    }
    report("students' answers under approval never", tally);
    assert.deepEqual(tally.lost, []);
  });
});

// `lesson-agent export` and `lesson-agent import` in their own process (node dist/cli.js): one JSON
// event on stdout (`exported` / `imported` with the counts and what was not carried, or `error`),
// exit 0 done, 1 failed (a lesson or a quiz that cannot be read, a file that cannot be written),
// 2 bad usage (an existing --out without --force included); nothing is ever overwritten unasked.
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'gift-pegjs';
import { unzipSync } from 'fflate';
import { validateLesson } from '../../../src/core/lesson/validate';
import { cliEventSchema } from '../../../src/shared/events';
import { exchangeEventSchema, type ExchangeEvent } from '../../../src/shared/exchangeEvents';
import { ROOT, requireBuiltCli, runCli, type CliResult } from './cliProcess';

const SAMPLE = join(ROOT, 'samples', 'french-verbs.lesson.xml');
const GIFT_FIXTURE = join(ROOT, 'test', 'unit', 'core', 'exchange', 'fixtures', 'moodle-examples.gift');

/** The one event a successful run prints. */
function succeeded(r: CliResult): ExchangeEvent {
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n').filter((l) => l !== '');
  assert.equal(lines.length, 1, 'one JSON line');
  const parsed = exchangeEventSchema.safeParse(JSON.parse(lines[0] ?? ''));
  assert.ok(parsed.success, lines[0]);
  return parsed.data;
}

/** The error event a failed run ends with: its exit code, its code and its message. */
function failed(r: CliResult, exit: 1 | 2, code: 'usage' | 'document', message: RegExp): void {
  assert.equal(r.code, exit, r.stdout + r.stderr);
  const last = r.events.at(-1);
  assert.ok(last && cliEventSchema.safeParse(last).success, r.stdout);
  assert.equal(last.type, 'error');
  assert.ok(last.type === 'error' && last.code === code, JSON.stringify(last));
  assert.match(last.type === 'error' ? last.message : '', message);
}

describe('CLI: export and import (dist/cli.js)', function () {
  this.timeout(60_000);
  let dir = '';
  before(requireBuiltCli);
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-cli-exchange-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('exports a lesson as GIFT that gift-pegjs reads, with the counts and what GIFT could not carry', async () => {
    const out = join(dir, 'verbs.gift.txt');
    const event = succeeded(await runCli(['export', '--doc', SAMPLE, '--format', 'gift', '--out', out]));
    assert.deepEqual({ ...event, notCarried: event.notCarried.length }, { type: 'exported', format: 'gift', doc: SAMPLE, out, exercises: 3, questions: 8, notCarried: 7 });
    assert.ok(event.notCarried.some((n) => n.place === 'The lesson' && /Its level \(A2\)/.test(n.message)));
    assert.equal(parse(await readFile(out, 'utf8')).filter((q) => q.type === 'Short').length, 5);
  });

  it('exports a QTI 3.0 package, and the student and teacher copies as HTML', async () => {
    const qti = succeeded(await runCli(['export', '--doc', SAMPLE, '--format', 'qti', '--out', join(dir, 'verbs.qti.zip')]));
    assert.equal(qti.type === 'exported' && qti.format, 'qti');
    assert.ok(Object.keys(unzipSync(await readFile(join(dir, 'verbs.qti.zip')))).includes('imsmanifest.xml'));
    for (const format of ['html-student', 'html-teacher'] as const) {
      const out = join(dir, `${format}.html`);
      const html = succeeded(await runCli(['export', '--doc', SAMPLE, '--format', format, '--out', out]));
      assert.deepEqual(html.notCarried, [], 'a printed page carries everything');
      const text = await readFile(out, 'utf8');
      assert.equal(/regardez/.test(text.replace(/<[^>]+>/g, '')), format === 'html-teacher', 'the key only in the teacher copy');
    }
  });

  it('imports a GIFT file into a lesson that validates, saying what came in differently', async () => {
    const out = join(dir, 'grant.lesson.xml');
    const event = succeeded(await runCli(['import', '--in', GIFT_FIXTURE, '--out', out]));
    assert.equal(event.type, 'imported');
    assert.equal(event.questions, 12);
    assert.ok(event.notCarried.some((n) => /Not carried: a picture/.test(n.message)));
    assert.ok(validateLesson(await readFile(out, 'utf8')).ok);
  });

  it('round trip through the CLI: an exported QTI package imports back with its level', async () => {
    succeeded(await runCli(['export', '--doc', SAMPLE, '--format', 'qti', '--out', join(dir, 'verbs.qti.zip')]));
    succeeded(await runCli(['import', '--in', join(dir, 'verbs.qti.zip'), '--out', join(dir, 'back.lesson.xml')]));
    assert.match(await readFile(join(dir, 'back.lesson.xml'), 'utf8'), /<lesson title="Le présent des verbes en -er" level="A2" lang="fr">/);
  });

  it('never overwrites without --force (exit 2, the file as it was); with --force it does', async () => {
    const out = join(dir, 'mine.gift.txt');
    await writeFile(out, 'my own questions');
    failed(await runCli(['export', '--doc', SAMPLE, '--format', 'gift', '--out', out]), 2, 'usage', /already exists: add --force to overwrite it/);
    assert.equal(await readFile(out, 'utf8'), 'my own questions');
    const lesson = join(dir, 'mine.lesson.xml');
    await writeFile(lesson, '<lesson/>');
    failed(await runCli(['import', '--in', GIFT_FIXTURE, '--out', lesson]), 2, 'usage', /already exists/);
    assert.equal(await readFile(lesson, 'utf8'), '<lesson/>');
    succeeded(await runCli(['export', '--doc', SAMPLE, '--format', 'gift', '--out', out, '--force']));
    assert.match(await readFile(out, 'utf8'), /exported by Lesson Agent as GIFT/);
  });

  // Paths starting with D/ are in the test's folder.
  for (const [name, args, message] of [
    ['no --out', ['export', '--doc', 'D/x.lesson.xml', '--format', 'gift'], /export needs --doc FILE and --out PATH/],
    ['an unknown format', ['export', '--doc', 'D/x.lesson.xml', '--format', 'pdf', '--out', 'D/x.pdf'], /--format must be one of: gift, qti, html-student, html-teacher/],
    ['an unknown option', ['export', '--doc', 'D/x.lesson.xml', '--format', 'gift', '--out', 'D/x', '--colour', 'red'], /Unknown option '--colour'/],
    ['a document that does not exist', ['export', '--doc', 'D/nowhere.lesson.xml', '--format', 'gift', '--out', 'D/x.gift.txt'], /nowhere\.lesson\.xml does not exist/],
    ['no --in', ['import', '--out', 'D/x.lesson.xml'], /import needs --in PATH and --out FILE\.lesson\.xml/],
    ['an --out that is not a lesson', ['import', '--in', 'D/quiz.gift', '--out', 'D/quiz.xml'], /--out must name a lesson file ending in \.lesson\.xml/],
    ['a quiz that does not exist', ['import', '--in', 'D/nowhere.gift', '--out', 'D/x.lesson.xml'], /nowhere\.gift does not exist/],
  ] as const) {
    it(`bad usage, ${name}: exit 2 with the reason, nothing written`, async () => {
      const r = await runCli(args.map((a) => (a.startsWith('D/') ? join(dir, a.slice(2)) : a)));
      failed(r, 2, 'usage', message);
      assert.match(r.stderr, /Usage:/, 'the usage is printed on stderr');
      assert.deepEqual(await readdir(dir), []);
    });
  }

  it('a lesson that cannot be read fails (exit 1) with its line, writing nothing', async () => {
    const broken = join(dir, 'broken.lesson.xml');
    await writeFile(broken, '<lesson>\n  <p>unclosed\n</lesson>\n');
    const out = join(dir, 'broken.gift.txt');
    failed(await runCli(['export', '--doc', broken, '--format', 'gift', '--out', out]), 1, 'document', /broken\.lesson\.xml cannot be exported: line \d+/);
    await assert.rejects(readFile(out));
  });

  it('a file that is not a quiz fails (exit 1) with where gift-pegjs stopped; QTI 1.2 is named as such', async () => {
    const notGift = join(dir, 'notes.gift');
    await writeFile(notGift, 'Dear class, {= see you on Monday');
    failed(await runCli(['import', '--in', notGift, '--out', join(dir, 'notes.lesson.xml')]), 1, 'document', /notes\.gift cannot be imported: line 1, column \d+: This is not GIFT that can be read/);
    const v12 = join(dir, 'canvas.xml');
    await writeFile(v12, '<?xml version="1.0"?><questestinterop><item/></questestinterop>');
    failed(await runCli(['import', '--in', v12, '--out', join(dir, 'canvas.lesson.xml')]), 1, 'document', /QTI 1\.2/);
  });

  it('an --out that cannot be written fails (exit 1), naming the file', async () => {
    const out = join(dir, 'no-such-folder', 'verbs.gift.txt');
    failed(await runCli(['export', '--doc', SAMPLE, '--format', 'gift', '--out', out]), 1, 'document', /verbs\.gift\.txt could not be written: ENOENT/);
  });
});

// The CLI edits a file by the same rules as the editor: a change made to the file during the turn
// is kept (the agent's edit is rebased over it) or, when it overlaps, the edit is refused and the
// model gets the fresh text; create_document and large removals wait for --approve and write
// nothing on --deny; paths stay inside the folder; a deleted document is a clear error.
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { validateLesson } from '../../../src/core/lesson/validate';
import type { FakeAnthropic } from '../../fake/fakeAnthropic';
import { ofType, toolResults, useCliWorkspace, type CliResult } from './cliProcess';

const KEY = 'sk-ant-cli-editing-3b7c1d9e2f40';
const LESSON = [
  '<lesson title="Weather" lang="en">',
  '  <h1>Talking about the weather</h1>',
  '  <p>Today we learn words for the weather: sun, rain, wind and clouds.</p>',
  '  <p>Homework: write three sentences about the weather today.</p>',
  '</lesson>',
  '',
].join('\n');
const NOTE = '  <note><p>Bring pictures of clouds.</p></note>\n';
const WITH_NOTE = LESSON.replace('</h1>\n', `</h1>\n${NOTE}`);
const SHORT = '<lesson title="Weather" lang="en">\n  <h1>Weather</h1>\n</lesson>\n';
const DENIED = 'The user denied this action; nothing was changed.';

const reply = (text: string) => ({ blocks: [{ type: 'text' as const, text }] });
const toolStep = (name: string, input: unknown, slow = false) => ({
  blocks: [{ type: 'tool_use' as const, name, input, ...(slow ? { chunk: 8 } : {}) }],
  // Slow enough (about two seconds) for the test to change the file while the answer streams.
  ...(slow ? { delayMs: 40 } : {}),
});

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('CLI editing rules (dist/cli.js)', function () {
  this.timeout(30_000);
  const cli = useCliWorkspace({ prefix: 'la-cli-edit-', file: 'weather.lesson.xml', lesson: LESSON, key: KEY });
  const { serve, run, resume } = cli;

  /** Runs a turn and, once the model has the request, changes the file as another editor would. */
  async function runWhileEditing(f: FakeAnthropic, prompt: string, edit: (text: string) => string): Promise<CliResult> {
    const running = run(f.url, prompt);
    await until(() => f.requests.length === 1, 'the request to reach the model');
    await writeFile(cli.doc, edit(await readFile(cli.doc, 'utf8')), 'utf8');
    assert.equal(f.requests.length, 1, 'the file changed while the answer was still streaming');
    return running;
  }

  it('keeps a change made to the file during the turn and applies the edit around it', async () => {
    const f = await serve({ steps: [toolStep('edit_document', { documentXml: WITH_NOTE, summary: 'Added a note' }, true), reply('Done.')] });
    const r = await runWhileEditing(f, 'Add a note under the title', (text) => text.replace('weather today.', 'weather today. Due Friday.'));
    assert.equal(r.code, 0, r.stderr);

    assert.equal(await readFile(cli.doc, 'utf8'), WITH_NOTE.replace('weather today.', 'weather today. Due Friday.'));
    const [result] = toolResults(f, 1);
    assert.ok(result && !result.isError, result?.content);
    assert.match(result.content, /their changes were kept/);
  });

  it('refuses an edit that overlaps a change made during the turn: the file keeps it and the model gets the fresh text', async () => {
    const rewritten = LESSON.replace('write three sentences about the weather today', 'describe the weather in your town');
    const f = await serve({ steps: [toolStep('edit_document', { documentXml: rewritten, summary: 'Rewrote the homework' }, true), reply('I left it.')] });
    const userVersion = LESSON.replace('the weather today.', 'the weather today and tomorrow.');
    const r = await runWhileEditing(f, 'Make the homework personal', () => userVersion);
    assert.equal(r.code, 0, r.stderr);

    assert.equal(await readFile(cli.doc, 'utf8'), userVersion, 'nothing the user wrote is lost, and the edit was not applied');
    const end = ofType(r.events, 'tool_end')[0];
    assert.equal(end?.status, 'error');
    const [result] = toolResults(f, 1);
    assert.ok(result?.isError);
    assert.match(result.content, /Current document:\n[\s\S]*today and tomorrow\./);
  });

  it('create_document waits for approval: --deny writes nothing, --approve writes the file', async () => {
    const f = await serve({
      steps: [
        toolStep('create_document', { path: 'worksheets/one.lesson.xml', content: SHORT }),
        reply('No file, then.'),
        toolStep('create_document', { path: 'worksheets/two.lesson.xml', content: SHORT }),
        reply('Created.'),
      ],
    });
    const denied = join(cli.dir, 'worksheets', 'one.lesson.xml');
    const first = await run(f.url, 'Make a worksheet');
    assert.equal(first.code, 3, first.stderr);
    const card = ofType(first.events, 'confirmation')[0];
    assert.equal(card?.request.title, 'Create worksheets/one.lesson.xml?');
    assert.equal(existsSync(denied), false, 'nothing is written while waiting');
    const deny = await resume(f.url, card.sessionId, ['--deny']);
    assert.equal(deny.code, 0, deny.stderr);
    assert.equal(existsSync(denied), false, 'nothing is written on --deny');
    assert.deepEqual(toolResults(f, 1), [{ content: DENIED, isError: true }]);

    const second = await run(f.url, 'Make another', ['--session', card.sessionId]);
    assert.equal(second.code, 3, second.stderr);
    const approve = await resume(f.url, card.sessionId, ['--approve']);
    assert.equal(approve.code, 0, approve.stderr);
    assert.equal(await readFile(join(cli.dir, 'worksheets', 'two.lesson.xml'), 'utf8'), SHORT);
    assert.equal(await readFile(cli.doc, 'utf8'), LESSON, 'the bound document is untouched');
  });

  it('create_document refuses paths outside the folder and existing files, without asking', async () => {
    const f = await serve({
      steps: [
        {
          blocks: [
            { type: 'tool_use', name: 'create_document', input: { path: '../escape.lesson.xml', content: SHORT } },
            { type: 'tool_use', name: 'create_document', input: { path: 'weather.lesson.xml', content: SHORT } },
          ],
        },
        reply('Neither was created.'),
      ],
    });
    const r = await run(f.url, 'Make two worksheets');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(ofType(r.events, 'confirmation').length, 0, 'no confirmation was asked');
    const results = toolResults(f, 1);
    assert.match(results[0]?.content ?? '', /^Nothing was created\. .*must stay inside the workspace folder/);
    assert.match(results[1]?.content ?? '', /^Nothing was created\. .*already exists/);
    assert.ok(results.every((x) => x.isError));
    assert.equal(existsSync(join(dirname(cli.dir), 'escape.lesson.xml')), false);
    assert.equal(await readFile(cli.doc, 'utf8'), LESSON);
  });

  it('applies a large removal only after --approve', async () => {
    const f = await serve({ steps: [toolStep('edit_document', { documentXml: SHORT, summary: 'Shortened' }), reply('Shortened.')] });
    const first = await run(f.url, 'Make it much shorter');
    assert.equal(first.code, 3, first.stderr);
    assert.match(ofType(first.events, 'confirmation')[0]?.request.reason ?? '', /removes or rewrites \d+% of the document/);
    assert.equal(await readFile(cli.doc, 'utf8'), LESSON, 'nothing changes while waiting');
    const second = await resume(f.url, first.events[0]?.sessionId ?? '', ['--approve']);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(await readFile(cli.doc, 'utf8'), SHORT);
  });

  it('refuses an approved edit when the file was changed in the same place while it waited', async () => {
    const f = await serve({ steps: [toolStep('edit_document', { documentXml: SHORT, summary: 'Shortened' }), reply('I left it.')] });
    const first = await run(f.url, 'Make it much shorter');
    assert.equal(first.code, 3, first.stderr);
    const userVersion = LESSON.replace('<h1>Talking about the weather</h1>', '<h1>Talking about the weather in spring</h1>');
    await writeFile(cli.doc, userVersion, 'utf8');
    const second = await resume(f.url, first.events[0]?.sessionId ?? '', ['--approve']);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(await readFile(cli.doc, 'utf8'), userVersion, 'the change made while waiting is kept');
    const [result] = toolResults(f, 1);
    assert.ok(result?.isError);
    assert.match(result.content, /Current document:\n[\s\S]*weather in spring/);
  });

  it('reports a document deleted while an edit waited for approval, and does not recreate it', async () => {
    const f = await serve({ steps: [toolStep('edit_document', { documentXml: SHORT, summary: 'Shortened' }), reply('The file is gone.')] });
    const first = await run(f.url, 'Make it much shorter');
    assert.equal(first.code, 3, first.stderr);
    await unlink(cli.doc);
    const second = await resume(f.url, first.events[0]?.sessionId ?? '', ['--approve']);
    assert.equal(second.code, 0, second.stderr);
    const end = ofType(second.events, 'tool_end')[0];
    assert.equal(end?.status, 'error');
    assert.match(end.error ?? '', /weather\.lesson\.xml no longer exists \(it was deleted or moved\)/);
    assert.equal(existsSync(cli.doc), false);
  });

  it('edits Markdown with targeted edits and no XML validation; an ambiguous find changes nothing', async () => {
    cli.doc = join(cli.dir, 'notes.md');
    const markdown = '# Weather <words>\n\nsun & rain\n\nsun & wind\n';
    await writeFile(cli.doc, markdown, 'utf8');
    const f = await serve({
      steps: [
        toolStep('edit_text', { edits: [{ find: 'sun & ', replace: 'the sun & ' }], summary: 'Ambiguous' }),
        toolStep('edit_text', { edits: [{ find: 'sun & rain', replace: 'sun & rain & snow' }], summary: 'Added snow' }),
        reply('Added snow.'),
      ],
    });
    const r = await run(f.url, 'Add snow');
    assert.equal(r.code, 0, r.stderr);
    const [ambiguous] = toolResults(f, 1);
    assert.ok(ambiguous?.isError);
    assert.match(ambiguous.content, /occurs 2 times \(lines 3, 5\)/);
    assert.equal(await readFile(cli.doc, 'utf8'), '# Weather <words>\n\nsun & rain & snow\n\nsun & wind\n');
    assert.ok(!validateLesson(markdown).ok, 'the text is not XML, and was edited anyway');
  });
});

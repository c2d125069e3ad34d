// The headless CLI end to end: `node dist/cli.js` in its own process (built by `npm run build`),
// the real SDK against the fake server, the real skills and editing tools on a real file.
import * as assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { callCost } from '../../../src/core/agent/cost';
import { DEFAULT_MODEL } from '../../../src/core/agent/models';
import { validateLesson } from '../../../src/core/lesson/validate';
import { FileSessionStore } from '../../../src/core/sessions/fileStore';
import { checkCliOutput, eventTypes, runCli, SCENARIOS, useCliWorkspace } from './cliProcess';

const KEY = 'sk-ant-cli-test-9f8e7d6c5b4a';
const LESSON = '<lesson title="Verbs" lang="fr">\n  <h1>Les verbes</h1>\n  <p>Bonjour à tous.</p>\n</lesson>\n';

describe('CLI (dist/cli.js)', function () {
  this.timeout(30_000);
  const cli = useCliWorkspace({ prefix: 'la-cli-', file: 'verbs.lesson.xml', lesson: LESSON, key: KEY });
  const { serve, run, resume } = cli;

  it('answers "hello" without any tool, exit 0, and leaves the file untouched', async () => {
    const f = await serve(join(SCENARIOS, 'hello.json'));
    const r = await run(f.url, 'hello');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(eventTypes(r.events), ['text', 'usage', 'done']);
    assert.equal(await readFile(cli.doc, 'utf8'), LESSON);
    assert.equal(f.requests[0]?.headers.authorization, `Bearer ${KEY}`);
  });

  it('gives each usage event the call\'s cost in US dollars from the model table, and none for a model it does not know', async () => {
    const f = await serve(join(SCENARIOS, 'hello.json'));
    const r = await run(f.url, 'hello');
    assert.equal(r.code, 0, r.stderr);
    const priced = r.events.find((e) => e.type === 'usage');
    assert.ok(priced?.type === 'usage');
    assert.equal(priced.model, DEFAULT_MODEL);
    assert.equal(typeof priced.cost, 'number');
    assert.equal(priced.cost, callCost(priced.usage, DEFAULT_MODEL));
    assert.ok((priced.cost ?? 0) > 0);
    const g = await serve({ model: 'my-gateway-model', steps: [{ blocks: [{ type: 'text', text: 'Hi.' }] }] });
    const unknown = await run(g.url, 'hello', ['--model', 'my-gateway-model']);
    assert.equal(unknown.code, 0, unknown.stderr);
    const tokensOnly = unknown.events.find((e) => e.type === 'usage');
    assert.ok(tokensOnly?.type === 'usage');
    assert.equal(tokensOnly.model, 'my-gateway-model');
    assert.equal('cost' in tokensOnly, false, 'no cost field for an unknown model');
    assert.ok(tokensOnly.usage.inputTokens + tokensOnly.usage.cacheCreationTokens > 0);
  });

  it('prints the model\'s progress notes as thinking events and sends every thinking block of the turn back unchanged', async () => {
    const f = await serve({
      steps: [
        { blocks: [{ type: 'thinking', thinking: 'The fill-blanks rules first.' }, { type: 'redacted_thinking' }, { type: 'tool_use', name: 'load_skill', input: { skill: 'fill-blanks' } }] },
        { blocks: [{ type: 'thinking', thinking: 'Rules read; answering.' }, { type: 'text', text: 'I know the rules now.' }] },
      ],
    });
    const r = await run(f.url, 'Check the fill-blanks rules', ['--model', 'claude-sonnet-5-5']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(eventTypes(r.events), ['thinking', 'usage', 'tool_start', 'tool_end', 'thinking', 'text', 'usage', 'done']);
    const notes = r.events.flatMap((e) => (e.type === 'thinking' ? [e.text] : []));
    assert.equal(notes.join(''), 'The fill-blanks rules first.Rules read; answering.');
    assert.ok(r.events.every((e) => e.sessionId === r.events[0]?.sessionId));
    assert.deepEqual(f.requests.map((q) => q.outcome), ['stream', 'stream'], 'the fake accepted the continuation');
    const body = f.requests[0]?.body as { thinking?: unknown; model?: string };
    assert.deepEqual(body.thinking, { type: 'adaptive', display: 'summarized' });
    const stored = await new FileSessionStore(cli.sessions).get(r.events[0]?.sessionId ?? '');
    // Sent back as stored, but for the digest of its prefix, which is the agent's own.
    const kept = stored.messages
      .find((m) => m.role === 'assistant')
      ?.content.filter((b) => b.type.includes('thinking'))
      .map((b) => Object.fromEntries(Object.entries(b).filter(([key]) => key !== 'prefix')));
    const sent = (f.requests[1]?.body as { messages: Array<{ role: string; content: Array<{ type: string }> }> }).messages
      .find((m) => m.role === 'assistant')
      ?.content.filter((b) => b.type.includes('thinking'));
    assert.equal(kept?.length, 2);
    assert.deepEqual(sent, kept);
  });

  it('exits 1 with an error event when Claude declines, leaving the file untouched', async () => {
    const f = await serve({ steps: [{ blocks: [{ type: 'text', text: 'I cannot help with that.' }], stopReason: 'refusal' }] });
    const r = await run(f.url, 'something declined');
    assert.equal(r.code, 1);
    const error = r.events.at(-1);
    assert.equal(error?.type === 'error' && error.code, 'refusal');
    assert.equal(await readFile(cli.doc, 'utf8'), LESSON);
  });

  it('loads the skill then edits the document in one turn, writing a valid lesson', async () => {
    const f = await serve(join(SCENARIOS, 'fillBlanks.json'));
    const r = await run(f.url, 'Add a fill-in-the-blank exercise about French verbs');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(eventTypes(r.events), ['text', 'usage', 'tool_start', 'tool_end', 'usage', 'tool_start', 'tool_end', 'text', 'usage', 'done']);
    const starts = r.events.filter((e) => e.type === 'tool_start');
    assert.deepEqual(starts.map((e) => e.type === 'tool_start' && [e.tool, e.displayText]), [
      ['load_skill', 'Checking the “Fill in the blanks” rules'],
      ['edit_document', 'Editing document'],
    ]);
    assert.ok(r.events.filter((e) => e.type === 'tool_end').every((e) => e.type === 'tool_end' && e.status === 'success'));
    const text = await readFile(cli.doc, 'utf8');
    assert.ok(validateLesson(text).ok);
    assert.match(text, /<exercise id="verbs-1" type="fill-blanks">/);
    assert.ok(text.startsWith('<lesson title="Verbs" lang="fr">\n  <h1>Les verbes</h1>\n  <p>Bonjour à tous.</p>'));
    // The skill's own text reached the model as the load_skill result.
    const skillResult = JSON.stringify(f.requests[1]?.body.messages);
    assert.match(skillResult, /Fill-in-the-blank exercises/);
  });

  it('pauses on a question (exit 3) and a resume in a new process continues with the answers', async () => {
    const f = await serve(join(SCENARIOS, 'question.json'));
    const first = await run(f.url, 'Add an exercise');
    assert.equal(first.code, 3, first.stderr);
    const question = first.events.find((e) => e.type === 'question');
    assert.ok(question?.type === 'question');
    assert.deepEqual(question.questions.map((q) => q.header), ['Level', 'Topic']);
    assert.equal(first.events.at(-1)?.type === 'done' && first.events.at(-1)?.type, 'done');
    const sessionId = question.sessionId;
    const second = await resume(f.url, sessionId, ['--answer', '["B1", "food vocabulary"]']);
    assert.equal(second.code, 0, second.stderr);
    const text = second.events.map((e) => (e.type === 'text' ? e.delta : '')).join('');
    assert.match(text, /a B1 exercise about food vocabulary it is/);
    const sent = f.requests[1]?.body.messages as Array<{ content: Array<{ type: string; tool_use_id?: string; content?: string }> }>;
    const result = sent.at(-1)?.content[0];
    assert.equal(result?.tool_use_id, question.toolCallId);
    assert.equal(result?.content, 'Level: What level are your students? -> B1\nTopic: What should it practise? -> food vocabulary');
  });

  it('refuses an invalid edit with an is_error result and leaves the file untouched', async () => {
    const f = await serve({
      steps: [
        { blocks: [{ type: 'tool_use', name: 'edit_document', input: { documentXml: '<lesson><p>unclosed</lesson>', summary: 'broken' } }] },
        { blocks: [{ type: 'text', text: 'That edit failed; the document is unchanged.' }] },
      ],
    });
    const r = await run(f.url, 'break it');
    assert.equal(r.code, 0, r.stderr);
    const end = r.events.find((e) => e.type === 'tool_end');
    assert.ok(end?.type === 'tool_end' && end.status === 'error' && typeof end.error === 'string');
    assert.equal(await readFile(cli.doc, 'utf8'), LESSON);
    const sent = JSON.stringify(f.requests[1]?.body.messages);
    assert.match(sent, /"is_error":true/);
    assert.match(sent, /line 1/);
  });

  it('asks before a large removal: --deny changes nothing, and the denial reaches the model', async () => {
    const f = await serve({
      steps: [
        { blocks: [{ type: 'tool_use', name: 'edit_document', input: { documentXml: '<lesson>\n</lesson>\n', summary: 'Empty the lesson' } }] },
        { blocks: [{ type: 'text', text: 'Understood, I left it as it is.' }] },
      ],
    });
    const first = await run(f.url, 'remove everything');
    assert.equal(first.code, 3, first.stderr);
    const card = first.events.find((e) => e.type === 'confirmation');
    assert.ok(card?.type === 'confirmation' && card.request.hasDiff);
    const second = await resume(f.url, card.sessionId, ['--deny', '--feedback', 'Keep the title']);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(await readFile(cli.doc, 'utf8'), LESSON);
    assert.match(JSON.stringify(f.requests[1]?.body.messages), /denied this action; nothing was changed. Their feedback: Keep the title/);
  });

  it('fails a 401 with exit 1 and an auth error; the session still takes the next message', async () => {
    const f = await serve({
      steps: [
        { fault: { kind: 'http', status: 401, errorType: 'authentication_error', message: 'invalid x-api-key' } },
        { blocks: [{ type: 'text', text: 'Now it works.' }] },
      ],
    });
    const first = await run(f.url, 'hello');
    assert.equal(first.code, 1);
    const error = first.events.at(-1);
    assert.ok(error?.type === 'error' && error.code === 'auth', JSON.stringify(error));
    const second = await run(f.url, 'hello again', ['--session', error.sessionId]);
    assert.equal(second.code, 0, second.stderr);
    const sent = f.requests[1]?.body.messages as Array<{ content: Array<{ text?: string }> }>;
    // The first attempt's message carries the document; the two messages go as one, in order.
    assert.deepEqual(sent[0]?.content.map((b) => b.text?.slice(0, 11)), ['<document n', 'hello', 'hello again']);
  });

  it('continues a session with --session and keeps the key out of the session files', async () => {
    const f = await serve({ steps: [], fallback: { blocks: [{ type: 'text', text: 'Noted.' }] } });
    const first = await run(f.url, 'first message');
    const sessionId = first.events[0]?.sessionId ?? '';
    const second = await run(f.url, 'second message', ['--session', sessionId]);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.events[0]?.sessionId, sessionId);
    const sent = f.requests[1]?.body.messages as unknown[];
    assert.equal(sent.length, 3);
    for (const name of await readdir(join(cli.sessions, 'sessions'))) {
      assert.ok(!(await readFile(join(cli.sessions, 'sessions', name), 'utf8')).includes(KEY));
    }
  });

  it('reports a missing key as a no_api_key error event with exit 1', async () => {
    const f = await serve(join(SCENARIOS, 'hello.json'));
    const r = await runCli(['run', '--doc', cli.doc, '--prompt', 'hello', '--session-dir', cli.sessions, '--base-url', f.url]);
    assert.equal(r.code, 1);
    const error = r.events.at(-1);
    assert.ok(error?.type === 'error' && error.code === 'no_api_key');
    assert.equal(f.requests.length, 0);
  });

  it('takes the key from ANTHROPIC_API_KEY', async () => {
    const f = await serve(join(SCENARIOS, 'hello.json'));
    const r = await runCli(['run', '--doc', cli.doc, '--prompt', 'hello', '--session-dir', cli.sessions, '--base-url', f.url], { ANTHROPIC_API_KEY: KEY });
    checkCliOutput(r, KEY);
    assert.equal(r.code, 0, r.stderr);
  });

  it('exits 2 on bad usage', async () => {
    const cases: string[][] = [
      [],
      ['launch'],
      ['run', '--prompt', 'x', '--session-dir', cli.sessions],
      ['run', '--doc', cli.doc, '--prompt', 'x', '--session-dir', cli.sessions, '--max-steps', 'many'],
      ['run', '--doc', join(cli.dir, 'missing.xml'), '--prompt', 'x', '--session-dir', cli.sessions],
      ['resume', '--session-dir', cli.sessions, '--session', 's1', '--approve', '--deny'],
      ['resume', '--session-dir', cli.sessions, '--session', 's1', '--answer', 'not json'],
      ['resume', '--session-dir', cli.sessions, '--session', 'nope', '--approve'],
      ['run', '--doc', cli.doc, '--prompt', 'x', '--session-dir', cli.sessions, '--bogus'],
    ];
    const help = await runCli(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /lesson-agent resume --session-dir DIR --session ID/);
    for (const args of cases) {
      const r = await runCli(args);
      assert.equal(r.code, 2, `${args.join(' ')} -> ${r.code} ${r.stderr}`);
    }
  });
});

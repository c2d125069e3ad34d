// The chat controller with the real agent, the real SDK over HTTP against the fake model, and a
// file session store. A small stand-in for the webview applies what the host posts exactly as the
// webview does (snapshot resets, event batches with a higher seq go through the shared reducer).
import * as assert from 'node:assert/strict';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionView } from '../../../../src/shared/view';
import type { ScenarioInput } from '../../../fake/scenario';
import { assertSameView, messagesOf } from '../agent/harness';
import { META, setup, storedView, type Setup } from './controllerKit';

const HELLO: ScenarioInput = { steps: [{ blocks: [{ type: 'text', text: 'Hello! I can help you write lessons and exercises.' }] }] };
const SLOW: ScenarioInput = {
  steps: [{ chunk: 2, delayMs: 3, blocks: [{ type: 'text', text: 'A long answer that streams slowly, '.repeat(8) }] }],
};

describe('chat controller', () => {
  let s: Setup | undefined;
  afterEach(async () => {
    s?.controller.dispose();
    await s?.harness.close();
    s = undefined;
  });

  it('answers ready with a snapshot of a blank session bound to the active document', async () => {
    s = await setup(HELLO);
    await s.controller.handle({ type: 'ready' });
    const snapshot = s.webview.posts.at(-1);
    assert.equal(snapshot?.type, 'snapshot');
    if (snapshot?.type !== 'snapshot') return;
    assert.equal(snapshot.session.sessionId, '');
    assert.equal(snapshot.session.document?.name, 'lesson.lesson.xml');
    assert.deepEqual(snapshot.meta, META);
  });

  it('sends a message in a new session and the webview ends with exactly the stored conversation', async () => {
    s = await setup(HELLO);
    await s.controller.handle({ type: 'send', text: 'hello' });
    const stored = await storedView(s);
    assert.ok(s.webview.view);
    assertSameView(s.webview.view, stored);
    const assistant = stored.items[1];
    assert.equal(assistant?.kind === 'assistant' ? assistant.text : '', 'Hello! I can help you write lessons and exercises.');
    assert.deepEqual(await s.lastSession.read(), { kind: 'session', sessionId: s.controller.currentSessionId }, 'the open session is remembered for the next reload');
    assert.equal(s.webview.view.title, 'hello', 'the header shows the title taken from the first message');
    assert.ok(s.webview.posts.some((p) => p.type === 'sessions' && p.sessions.length === 1), 'the sessions list is refreshed');
  });

  it('says which session the panel shows as it changes: none, the one the first message made, none after New session', async () => {
    const shown: Array<string | undefined> = [];
    s = await setup(HELLO, { deps: { onSessionShown: (id) => shown.push(id) } });
    assert.equal(s.controller.currentSessionId, undefined, 'a new user starts with no session');
    await s.controller.handle({ type: 'send', text: 'hello' });
    const made = s.controller.currentSessionId;
    assert.ok(made);
    assert.equal(shown.at(-1), made, 'the session the message made is said at once (Export Chat is offered)');
    await s.controller.handle({ type: 'newSession' });
    assert.equal(shown.at(-1), undefined, 'after New session nothing is shown (Export Chat is not offered)');
  });

  it('coalesces a stream of deltas into far fewer posts', async () => {
    s = await setup({ steps: [{ chunk: 1, blocks: [{ type: 'text', text: 'x'.repeat(600) }] }] });
    await s.controller.handle({ type: 'send', text: 'hello' });
    const deltas = 600;
    assert.ok(s.webview.count('events') < deltas / 4, `posted ${s.webview.count('events')} batches for ${deltas} deltas`);
    assert.equal(s.webview.resyncs, 0, `the webview saw no gap: ${s.webview.warnings.join('; ')}`);
    assert.deepEqual(s.webview.warnings, []);
    const item = s.webview.view?.items[1];
    assert.equal(item?.kind === 'assistant' ? item.text.length : 0, 600);
  });

  it('a webview reloaded mid-stream shows the whole reply once, with nothing lost or doubled', async () => {
    s = await setup(SLOW);
    const setupRef = s;
    let reloaded = false;
    s.webview.onEvents = () => {
      if (reloaded) return;
      reloaded = true;
      setupRef.webview.reset();
      void setupRef.controller.handle({ type: 'ready' });
    };
    await s.controller.handle({ type: 'send', text: 'tell me a lot' });
    assert.ok(reloaded, 'the reload happened while the reply streamed');
    assert.equal(s.webview.resyncs, 0, `no gap after the reload: ${s.webview.warnings.join('; ')}`);
    assert.ok(s.webview.view);
    assertSameView(s.webview.view, await storedView(s));
  });

  it('pauses on a question and resumes with the answer as the tool result', async () => {
    s = await setup({
      rules: [
        {
          when: { toolResultFor: 'AskUserQuestion', toolResultText: 'Level:[^\\n]*-> ([^\\n]*)' },
          respond: { blocks: [{ type: 'text', text: 'A {{1}} exercise it is.' }] },
        },
        {
          when: { userText: 'exercise' },
          respond: {
            blocks: [
              {
                type: 'tool_use',
                name: 'AskUserQuestion',
                input: { questions: [{ header: 'Level', question: 'Which level?', multiSelect: false, options: [{ label: 'A2', description: 'Elementary' }, { label: 'B1', description: 'Intermediate' }] }] },
              },
            ],
          },
        },
      ],
    });
    await s.controller.handle({ type: 'send', text: 'Add an exercise' });
    const turn = s.webview.view?.items[1];
    assert.ok(turn?.kind === 'assistant');
    const card = turn.questions[0];
    assert.equal(card?.status, 'pending');
    assert.ok(card);

    await s.controller.handle({ type: 'answer', toolCallId: card.toolCallId, answers: ['B1'] });
    const last = messagesOf(s.harness.fake, s.harness.fake.requests.length - 1).at(-1);
    const result = last?.content[0];
    assert.equal(result?.type, 'tool_result');
    assert.equal(result?.tool_use_id, card.toolCallId);
    assert.match(String(result?.content), /Which level\?.*B1/);
    const after = s.webview.view?.items[1];
    assert.equal(after?.kind === 'assistant' ? after.questions[0]?.status : '', 'answered');
    assert.match(after?.kind === 'assistant' ? after.text : '', /A B1 exercise it is\./);
    assertSameView(s.webview.view as SessionView, await storedView(s));
  });

  it('Stop halts the turn at once and keeps the partial text, marked', async () => {
    s = await setup(SLOW);
    const setupRef = s;
    s.webview.onEvents = () => {
      const item = setupRef.webview.view?.items[1];
      if (item?.kind === 'assistant' && item.text.length > 0) void setupRef.controller.handle({ type: 'stop' });
    };
    await s.controller.handle({ type: 'send', text: 'tell me a lot' });
    const item = s.webview.view?.items[1];
    assert.ok(item?.kind === 'assistant');
    assert.equal(item.status, 'stopped');
    assert.equal(item.partial, true);
    assert.ok(item.text.length > 0 && item.text.length < SLOW_TEXT_LENGTH, 'some of the text, not all of it');
    assert.equal(s.controller.busy, false);
    assertSameView(s.webview.view as SessionView, await storedView(s));
  });

  it('refuses a second message while a turn runs, and says so', async () => {
    s = await setup(SLOW);
    const first = s.controller.handle({ type: 'send', text: 'one' });
    while (!s.controller.busy) await new Promise((resolve) => setTimeout(resolve, 5));
    await s.controller.handle({ type: 'send', text: 'two' });
    await first;
    assert.match(s.notices.join('\n'), /still working/);
    assert.equal(s.harness.fake.requests.length, 1, 'only one model call was made');
  });

  it('a session left and reopened while its turn streams shows the whole reply once the turn ends', async () => {
    s = await setup(SLOW);
    const running = s.controller.handle({ type: 'send', text: 'tell me a lot' });
    while (!s.controller.busy) await new Promise((resolve) => setTimeout(resolve, 5));
    const id = s.controller.currentSessionId;
    assert.ok(id);
    await s.controller.newSession();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await s.controller.open(id);
    await running;
    assert.ok(s.webview.view);
    assertSameView(s.webview.view, await storedView(s));
    const item = s.webview.view.items[1];
    assert.equal(item?.kind === 'assistant' ? item.text.length : 0, SLOW_TEXT_LENGTH);
  });

  it('two sends in a row before the first turn starts make one session and one turn', async () => {
    s = await setup(HELLO);
    await Promise.all([s.controller.handle({ type: 'send', text: 'one' }), s.controller.handle({ type: 'send', text: 'two' })]);
    assert.equal((await s.harness.store.list()).length, 1);
    assert.equal(s.harness.fake.requests.length, 1);
    assert.match(s.notices.join('\n'), /still working/);
  });

  it('an answer to a question that is not pending is refused with the reason, and nothing runs', async () => {
    s = await setup(HELLO);
    await s.controller.handle({ type: 'send', text: 'hello' });
    const calls = s.harness.fake.requests.length;
    await s.controller.handle({ type: 'answer', toolCallId: 'toolu_nothing', answers: ['B1'] });
    assert.equal(s.harness.fake.requests.length, calls);
    assert.match(s.notices.at(-1) ?? '', /^warn: /);
    assert.doesNotMatch(s.notices.at(-1) ?? '', /unexpectedly/);
    assert.equal(s.controller.busy, false);
  });

  it('ignores hostile or malformed webview messages with a logged warning and posts nothing', async () => {
    s = await setup(HELLO);
    const before = s.webview.posts.length;
    const hostile: unknown[] = [
      null,
      'send',
      {},
      { type: 'send' },
      { type: 'send', text: '   ' },
      { type: 'send', text: 'x'.repeat(200_000) },
      { type: 'answer', toolCallId: 'x', answers: 'B1' },
      { type: 'decide', toolCallId: 'x', approved: 'yes' },
      { type: '__proto__' },
      { type: 'openSession', sessionId: '' },
    ];
    for (const message of hostile) await s.controller.handle(message);
    assert.equal(s.webview.posts.length, before);
    assert.equal(s.logs.filter((l) => l.startsWith('warn: Ignored an invalid message')).length, hostile.length);
    assert.equal(s.harness.fake.requests.length, 0);
  });

  it('a corrupt session file is set aside and reported; the panel opens blank', async () => {
    s = await setup(HELLO);
    await s.controller.handle({ type: 'send', text: 'hello' });
    const id = s.controller.currentSessionId;
    assert.ok(id);
    const files = await readdir(s.harness.dir, { recursive: true });
    const file = files.find((f) => f.endsWith(`${id}.jsonl`));
    assert.ok(file, 'the session has a journal');
    await writeFile(join(s.harness.dir, file), '{ not json');

    await s.controller.open(id);
    assert.equal(s.controller.currentSessionId, undefined);
    // Said once, naming the session by its title: not wrapped in a second sentence around its id.
    assert.deepEqual(
      s.notices.map((n) => n.replace(/\(.*\)/, '(…)').replace(/corrupt-\d+/, 'corrupt-N')),
      [`error: The session “hello” could not be read (…); its file was set aside as ${id}.corrupt-N.jsonl, in the sessions folder.`],
    );
    const snapshot = s.webview.posts.at(-1);
    assert.equal(snapshot?.type === 'snapshot' ? snapshot.session.sessionId : 'x', '');
  });
});

const SLOW_TEXT_LENGTH = 'A long answer that streams slowly, '.length * 8;

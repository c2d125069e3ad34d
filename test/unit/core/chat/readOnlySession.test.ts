// The panel's side of one writer per session, with the real agent and file store: a session another
// process writes opens read-only with a notice naming it; a damaged one opens with what came before
// the damage, and the panel says so.
import * as assert from 'node:assert/strict';
import { readdir, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import type { SessionView } from '../../../../src/shared/view';
import { assertSameView } from '../agent/harness';
import { setup, storedView, type Setup } from './controllerKit';

describe('chat controller: sessions in use elsewhere or damaged', () => {
  let s: Setup | undefined;
  afterEach(async () => {
    s?.controller.dispose();
    await s?.harness.close();
    s = undefined;
  });

  async function until(check: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('a session another program writes opens read-only, naming its holder; nothing is sent; it opens writable when that finishes', async () => {
    s = await setup({ steps: [], fallback: { blocks: [{ type: 'text', text: 'Noted.' }] } }, { deps: { writerPollMs: 20 } });
    await s.controller.handle({ type: 'send', text: 'hello' });
    const id = s.controller.currentSessionId;
    assert.ok(id);
    const cli = new FileSessionStore(s.harness.store.dir, () => {}, { holder: 'the lesson-agent command line' });
    const lease = await cli.lock(id);
    await s.controller.newSession();
    await s.controller.open(id);
    assert.match(s.webview.view?.readOnly ?? '', /^This session is in use by the lesson-agent command line \(process \d+ on .+, since \d{1,2} [A-Z][a-z]{2} \d{4}, [\d:]+\)\. It is shown read-only/);
    assert.equal(s.webview.view?.items.length, 2, 'the conversation is shown');
    const calls = s.harness.fake.requests.length;
    await s.controller.handle({ type: 'send', text: 'one more' });
    assert.equal(s.harness.fake.requests.length, calls, 'nothing was sent');
    assert.match(s.notices.at(-1) ?? '', /^warn: This session is in use by the lesson-agent command line/);

    await cli.release(lease);
    const setupRef = s;
    await until(() => setupRef.webview.view?.sessionId === id && setupRef.webview.view.readOnly === undefined, 'the session to open writable');
    await s.controller.handle({ type: 'send', text: 'one more' });
    assert.equal(s.harness.fake.requests.length, calls + 1);
    assertSameView(s.webview.view as SessionView, await storedView(s));
  });

  it('a session whose lock is stuck can be taken over from the panel: it opens writable, the other writer can no longer save', async () => {
    s = await setup({ steps: [], fallback: { blocks: [{ type: 'text', text: 'Noted.' }] } }, { deps: { writerPollMs: 60_000 } });
    await s.controller.handle({ type: 'send', text: 'hello' });
    const id = s.controller.currentSessionId;
    assert.ok(id);
    const stuck = new FileSessionStore(s.harness.store.dir, () => {}, { holder: 'Lesson Agent in another VS Code window' });
    const lease = await stuck.lock(id);
    await s.controller.newSession();
    await s.controller.open(id);
    assert.ok(s.webview.view?.readOnly);
    await s.controller.handle({ type: 'takeOverSession', sessionId: id });
    assert.equal(s.webview.view?.sessionId, id);
    assert.equal(s.webview.view?.readOnly, undefined, 'writable now');
    const session = await stuck.get(id);
    await assert.rejects(stuck.append(lease, { ...session, title: 'Late' }, [{ op: 'title', title: 'Late' }]), /took this session over/);
    const calls = s.harness.fake.requests.length;
    await s.controller.handle({ type: 'send', text: 'one more' });
    assert.equal(s.harness.fake.requests.length, calls + 1, 'the next message goes out');
    await stuck.release(lease);
    assertSameView(s.webview.view as SessionView, await storedView(s));
  });

  it('a damaged session opens with every message before the damage, and the panel says so', async () => {
    s = await setup({ steps: [], fallback: { blocks: [{ type: 'text', text: 'Noted.' }] } });
    for (const text of ['the first message', 'the second message', 'the third message']) await s.controller.handle({ type: 'send', text });
    const id = s.controller.currentSessionId;
    assert.ok(id);
    const file = (await readdir(s.harness.dir, { recursive: true })).find((f) => f.endsWith(`${id}.jsonl`));
    assert.ok(file);
    const path = join(s.harness.dir, file);
    // A torn write at the end (a power cut): the last record loses its end.
    await truncate(path, (await stat(path)).size - 40);
    await s.controller.newSession();
    await s.controller.open(id);
    assert.equal(s.controller.currentSessionId, id, 'the session opens');
    const texts = (s.webview.view?.items ?? []).map((i) => (i.kind === 'user' ? i.text : ''));
    assert.ok(texts.includes('the first message') && texts.includes('the second message'), texts.join(' | '));
    const meta = s.webview.state.meta;
    assert.ok(
      meta.notices.some((n) => /was damaged .*Everything before the damage was kept/.test(n)),
      meta.notices.join(' | '),
    );
    assertSameView(s.webview.view as SessionView, await storedView(s));
  });
});


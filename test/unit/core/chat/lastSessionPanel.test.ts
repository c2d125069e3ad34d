// The panel of a new window (or of the same workspace in a new browser profile) opens the session
// the teacher used last, found on disk beside the sessions: with the real agent, the real file
// store and the pointer file. A pointer to a deleted or damaged session opens the newest instead,
// and a new session when nothing is left, without an error for the teacher.
import * as assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LAST_SESSION_FILE } from '../../../../src/core/sessions/lastSessionFile';
import type { ChatController } from '../../../../src/core/chat/chatController';
import { anotherWindow, setup, type Setup, type WebviewStandIn } from './controllerKit';

const REPLY = { steps: [], fallback: { blocks: [{ type: 'text' as const, text: 'Noted.' }] } };

describe('chat controller: the session shown last, in a new window', () => {
  let s: Setup | undefined;
  const others: ChatController[] = [];
  afterEach(async () => {
    for (const c of others.splice(0)) c.dispose();
    s?.controller.dispose();
    await s?.harness.close();
    s = undefined;
  });

  async function open(): Promise<{ controller: ChatController; webview: WebviewStandIn }> {
    assert.ok(s);
    const other = await anotherWindow(s);
    others.push(other.controller);
    await other.controller.handle({ type: 'ready' });
    return other;
  }

  /** Two conversations, "Verbs" then "Seasons" (the newest), and the teacher back on "Verbs". */
  async function twoSessions(): Promise<{ verbs: string; seasons: string }> {
    s = await setup(REPLY);
    await s.controller.handle({ type: 'send', text: 'Verbs' });
    const verbs = s.controller.currentSessionId ?? '';
    await s.controller.newSession();
    await s.controller.handle({ type: 'send', text: 'Seasons' });
    const seasons = s.controller.currentSessionId ?? '';
    await s.controller.open(verbs);
    return { verbs, seasons };
  }

  it('opens the session shown last, not the newest, with its conversation', async () => {
    const { verbs } = await twoSessions();
    const other = await open();
    assert.equal(other.controller.currentSessionId, verbs);
    assert.equal(other.webview.view?.title, 'Verbs');
    assert.equal(other.webview.view?.items.length, 2);
  });

  it('a teacher who chose New Session last gets a new session', async () => {
    await twoSessions();
    await s?.controller.newSession();
    const other = await open();
    assert.equal(other.controller.currentSessionId, undefined);
    assert.equal(other.webview.view?.sessionId, '');
  });

  it('the last window to switch wins', async () => {
    const { verbs, seasons } = await twoSessions();
    const other = await open();
    await other.controller.open(seasons);
    // The first window shows "Verbs" again, as it does when a turn ends or a read-only session's
    // other writer finishes: a refresh, not a switch.
    await s?.controller.open(verbs, { quiet: true });
    assert.equal(s?.controller.currentSessionId, verbs);
    const third = await open();
    assert.equal(third.controller.currentSessionId, seasons);
  });

  it('a pointer to a session deleted since opens the newest, without an error', async () => {
    const { seasons } = await twoSessions();
    await writeFile(join(s?.harness.store.dir ?? '', LAST_SESSION_FILE), JSON.stringify({ version: 1, sessionId: 's-deleted-since' }));
    const other = await open();
    assert.equal(other.controller.currentSessionId, seasons);
    assert.deepEqual(s?.notices, []);
    assert.deepEqual(other.webview.state.ready ? other.webview.state.meta.notices : ['not ready'], []);
  });

  it('a pointer to a damaged session opens the newest; the damaged file is set aside as the store always does', async () => {
    const { verbs, seasons } = await twoSessions();
    await writeFile(join(s?.harness.store.dir ?? '', 'sessions', `${verbs}.jsonl`), 'this is not a journal\n');
    const other = await open();
    assert.equal(other.controller.currentSessionId, seasons);
    assert.equal(other.webview.view?.title, 'Seasons');
    assert.deepEqual(s?.notices, [], 'no error dialog');
    assert.ok(
      s?.logs.some((l) => l.startsWith('error: ') && l.includes(verbs)),
      'the log says which session could not be opened',
    );
  });

  it('a damaged pointer file opens the newest session', async () => {
    const { seasons } = await twoSessions();
    await writeFile(join(s?.harness.store.dir ?? '', LAST_SESSION_FILE), '{"version":1,"sessionId":"s-');
    const other = await open();
    assert.equal(other.controller.currentSessionId, seasons);
    assert.deepEqual(s?.notices, []);
  });

  it('when every candidate fails, a new session, still without an error', async () => {
    const { verbs, seasons } = await twoSessions();
    for (const id of [verbs, seasons]) await writeFile(join(s?.harness.store.dir ?? '', 'sessions', `${id}.jsonl`), '{"broken"\n');
    const other = await open();
    assert.equal(other.controller.currentSessionId, undefined);
    assert.equal(other.webview.view?.sessionId, '');
    assert.deepEqual(s?.notices, []);
  });
});

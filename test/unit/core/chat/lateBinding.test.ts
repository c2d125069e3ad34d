// A chat started before any lesson was open (the empty chat's "What can you do?") takes the first
// lesson or Markdown file open in the editor when the teacher next writes to it: the session's
// owner stores the binding with the message that took it, the panel's live view and the stored
// one agree (the header names the lesson, the message says so), and a bound chat never changes
// its document again. Other files (settings, scripts) are not taken.
import * as assert from 'node:assert/strict';
import type { BoundDocumentView } from '../../../../src/shared/view';
import type { ScenarioInput } from '../../../fake/scenario';
import { assertSameView } from '../agent/harness';
import { setup, storedView, type Setup } from './controllerKit';

const REPLY: ScenarioInput = { rules: [], fallback: { blocks: [{ type: 'text', text: 'Here you are.' }] } };
const LESSON: BoundDocumentView = { uri: 'memory:///french-verbs.lesson.xml', name: 'french-verbs.lesson.xml', kind: 'lesson' };
const NOTES: BoundDocumentView = { uri: 'memory:///notes.md', name: 'notes.md', kind: 'text' };
const SETTINGS: BoundDocumentView = { uri: 'memory:///settings.json', name: '.vscode/settings.json', kind: 'text' };

describe('chat controller: a chat without a document takes the lesson the teacher opens', () => {
  let s: Setup | undefined;
  afterEach(async () => {
    s?.controller.dispose();
    await s?.harness.close();
    s = undefined;
  });

  async function send(text: string): Promise<void> {
    assert.ok(s);
    await s.controller.handle({ type: 'send', text });
  }

  it('binds with the next message after a lesson is opened, stores it with that message, and keeps it', async () => {
    let active: BoundDocumentView | undefined;
    s = await setup(REPLY, { deps: { activeDocument: () => active } });
    await send('What can you do?');
    assert.equal((await storedView(s)).document, undefined, 'no lesson open: the chat has none');

    active = SETTINGS;
    await send('hello');
    assert.equal((await storedView(s)).document, undefined, 'a settings file is not what the chat works on');

    active = LESSON;
    await send('Add a fill-in-the-blank exercise');
    const stored = await storedView(s);
    assert.deepEqual(stored.document, LESSON, 'the session is bound to the lesson');
    const users = stored.items.flatMap((i) => (i.kind === 'user' ? [i] : []));
    assert.deepEqual(
      users.map((u) => [u.text, u.bound?.name]),
      [
        ['What can you do?', undefined],
        ['hello', undefined],
        ['Add a fill-in-the-blank exercise', LESSON.name],
      ],
      'the message that took the lesson says so',
    );
    assert.ok(s.webview.view);
    assertSameView(s.webview.view, stored);
    assert.deepEqual(s.webview.view.document, LESSON, 'the header names the lesson from that message on, live as stored');

    // Bound for good: another file in the editor does not take the chat over.
    active = NOTES;
    await send('And one more');
    const after = await storedView(s);
    assert.deepEqual(after.document, LESSON);
    assert.equal(after.items.filter((i) => i.kind === 'user' && i.bound).length, 1);
    const session = await s.harness.store.get(s.controller.currentSessionId ?? '');
    assert.deepEqual(
      session.messages.flatMap((m) => (m.bound ? [m.bound.uri] : [])),
      [LESSON.uri],
      'the binding is stored with the message that made it',
    );
  });

  it('takes a Markdown file the same way', async () => {
    const editor: { active?: BoundDocumentView } = {};
    s = await setup(REPLY, { deps: { activeDocument: () => editor.active } });
    await send('What can you do?');
    editor.active = NOTES;
    await send('Tidy the headings');
    assert.deepEqual((await storedView(s)).document, NOTES);
  });
});

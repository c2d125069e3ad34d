// A teacher's first hour: the empty chat's "What can you do?" asked before any lesson is open,
// then the lesson opened beside the chat and an exercise asked for. The chat takes the lesson with
// that message (the panel offers it first, then says so above the message), the exercise lands
// in the lesson, the header names it, and the binding is stored with the session: opened again
// from the store, the chat shows the same. The model's earlier messages are sent unchanged.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ScenarioInput } from '../fake/scenario';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { waitUntil } from './helpers';
import { ASSISTANT, SHORT_LESSON, report, typeAndSend, usePanelTests } from './panelKit';
import { openFreshDocument, uniqueName, waitForTurnEnd } from './fakeModel';

const EXERCISE = [
  '  <exercise id="late-binding-verbs" type="fill-blanks">',
  '    <h3>Complete with the present tense</h3>',
  '    <p>Je <blank answer="parle" hint="parler" student-answer=""/> trois langues.</p>',
  '  </exercise>',
].join('\n');
const EDITED = SHORT_LESSON.replace('</lesson>', `${EXERCISE}\n</lesson>`);

const SCENARIO: ScenarioInput = {
  rules: [
    { when: { toolResultFor: 'edit_document', isError: false }, respond: { blocks: [{ type: 'text', text: 'Done: the exercise is at the end of the lesson.' }] } },
    {
      when: { toolResultFor: 'load_skill', isError: false },
      respond: { blocks: [{ type: 'tool_use', name: 'edit_document', input: { documentXml: EDITED, summary: 'Added a fill-in-the-blank exercise' } }] },
    },
    {
      when: { userText: 'exercise', documentKind: 'lesson' },
      respond: { blocks: [{ type: 'tool_use', name: 'load_skill', input: { skill: 'fill-blanks' } }] },
    },
    {
      when: { userText: 'exercise', documentKind: 'none' },
      respond: { blocks: [{ type: 'text', text: 'No document is open for this chat, so nothing was changed. Start a new chat.' }] },
    },
  ],
  fallback: { blocks: [{ type: 'text', text: 'I add exercises to your lessons and check them.' }] },
};

const USER = `${byTestId(TEST_IDS.message)}[data-kind="user"]`;

interface SentMessage {
  role: string;
  content: unknown;
}

/** A request's messages without their cache breakpoints (those move to the newest block by design). */
function messagesOf(request: { body: unknown } | undefined): SentMessage[] {
  const messages = (request?.body as { messages?: SentMessage[] } | undefined)?.messages ?? [];
  return JSON.parse(JSON.stringify(messages, (key, value: unknown) => (key === 'cache_control' ? undefined : value))) as SentMessage[];
}

describe('a chat started before any lesson was open', function () {
  this.timeout(90_000);
  const startPanelTest = usePanelTests();

  it('takes the lesson opened beside it with the next message, says so in the chat, edits it, and keeps the binding in the session', async () => {
    const t = await startPanelTest(SCENARIO);
    // No lesson open: the header says so in a teacher's words.
    await ui.waitFor(byTestId(TEST_IDS.noDocument), { text: 'No lesson open yet' });

    // The empty chat's suggestion sends at once, as a reply's suggestions do.
    await ui.click(byTestId(TEST_IDS.example), { text: 'What can you do?' });
    await waitForTurnEnd(t.model, 1);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
    const sessionId = t.model.api.controller.currentSessionId;
    assert.ok(sessionId, 'the suggestion started a session');
    assert.equal(await ui.count(byTestId(TEST_IDS.noDocument)), 1, 'the chat still has no lesson');

    // The lesson opened beside the chat: the panel says its next message will work on it.
    const editor = await openFreshDocument(uniqueName('french-verbs', '.lesson.xml'), SHORT_LESSON);
    const name = vscode.workspace.asRelativePath(editor.document.uri);
    await ui.waitFor(byTestId(TEST_IDS.bindOffer), { text: `This chat has no lesson yet. Your next message works on ${name}: its edits go there.` });

    await typeAndSend('Add a fill-in-the-blank exercise about French verbs');
    await waitForTurnEnd(t.model, 4);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`, { nth: -1 });
    await waitUntil(() => editor.document.getText() === EDITED, 'the exercise to land in the lesson');
    const notice = `This chat now works on ${name}: its edits go there.`;
    assert.equal((await ui.text(`${USER} ${byTestId(TEST_IDS.boundNotice)}`)).trim(), notice);
    assert.equal(await ui.count(`${USER} ${byTestId(TEST_IDS.boundNotice)}`), 1, 'said once, above the message that took the lesson');
    await ui.waitFor(byTestId(TEST_IDS.boundDocument), { text: name.split('/').pop() ?? name });
    assert.equal(await ui.count(byTestId(TEST_IDS.bindOffer)), 0, 'nothing more to offer');

    // Append-only: the first request's messages go out again byte for byte; the lesson comes after them.
    const first = messagesOf(t.fake.requests[0]);
    const opening = messagesOf(t.fake.requests[1]);
    assert.deepEqual(opening.slice(0, first.length), first, 'the earlier conversation is sent unchanged');
    assert.match(JSON.stringify(opening.at(-1)?.content), /<document name=\\"[^"\\]*french-verbs[^"\\]*\\" kind=\\"lesson\\"/);

    // Stored with the session: opened again from the store, the chat shows the same.
    const stored = await t.model.api.controller.loadSession(sessionId);
    assert.equal(stored.document?.uri, editor.document.uri.toString());
    assert.deepEqual(
      stored.messages.flatMap((m) => (m.bound ? [m.bound.name] : [])),
      [name],
    );
    await t.model.api.controller.newSession();
    await ui.waitFor(byTestId(TEST_IDS.emptyChat));
    await t.model.api.controller.open(sessionId);
    await ui.waitFor(`${USER} ${byTestId(TEST_IDS.boundNotice)}`, { text: notice });
    await ui.waitFor(byTestId(TEST_IDS.boundDocument), { text: name.split('/').pop() ?? name });
    report(`late binding: ${t.fake.requests.length} requests; notice "${notice}"`);
  });
});

// Long conversations with the current models' preserved thinking, in the real VS Code: the strict
// fake checks every thinking block sent back against what preceded it, as the API does, and refuses
// the request otherwise. A 12-turn conversation with the teacher typing in the lesson between turns
// keeps answering, and the Lesson Agent log names each request that left earlier thinking out; a
// session the previous version saved, paused on a question, goes on after one automatic retry.
import * as assert from 'node:assert/strict';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { uniqueName, waitForTurnEnd } from './fakeModel';
import { EXTENSION_ID, filesUnder, waitUntil } from './helpers';
import { ASSISTANT, LAST, SHORT_LESSON, typeAndSend, usePanelTests } from './panelKit';

const USER = `${byTestId(TEST_IDS.message)}[data-kind="user"]`;

const think = (thinking: string) => ({ type: 'thinking' as const, thinking });

const CONVERSATION = {
  rules: [
    { when: { toolResultFor: 'load_skill' }, respond: { blocks: [think('The rules are clear.'), { type: 'text' as const, text: 'I have the rules for gap-fills at hand.' }] } },
    { when: { userText: '.' }, respond: { blocks: [think('I should read the rules first.'), { type: 'tool_use' as const, name: 'load_skill', input: { skill: 'fill-blanks' } }] } },
  ],
};

const LEFT_OUT = /Request \d+ of turn (turn-[\w-]+): the thinking of \d+ earlier turns? \(\d+ blocks?\) is left out from now on/g;

async function logText(logUri: vscode.Uri): Promise<string> {
  const files = await filesUnder(logUri.fsPath);
  const texts = await Promise.all(files.map((f) => readFile(f, 'utf8')));
  return texts.join('\n');
}

function thinkingSentBack(body: Record<string, unknown>): number {
  const messages = (body.messages ?? []) as { content: { type: string }[] }[];
  return messages.reduce((n, m) => n + m.content.filter((b) => b.type === 'thinking').length, 0);
}

describe('long conversations with preserved thinking', function () {
  this.timeout(240_000);
  const startPanelTest = usePanelTests();

  it('a 12-turn conversation with the teacher typing between turns keeps answering; the log names each request that left earlier thinking out', async () => {
    const t = await startPanelTest(CONVERSATION, { name: uniqueName('long', '.lesson.xml'), content: SHORT_LESSON });
    const editor = t.editor;
    assert.ok(editor);
    for (let turn = 1; turn <= 12; turn++) {
      if (turn > 1) {
        // The teacher types a line in the lesson before asking again.
        const end = editor.document.lineAt(editor.document.lineCount - 3).range.end;
        await editor.edit((b) => b.insert(end, `\n  <p>Note ${turn} from the teacher.</p>`));
      }
      await typeAndSend(`Question ${turn}: what makes a good gap-fill?`);
      await waitForTurnEnd(t.model, turn * 2, 30_000);
      // The list keeps only what is near the view: the newest reply is the last one shown.
      await ui.waitFor(USER, { text: `Question ${turn}:`, ...LAST });
      await ui.waitFor(ASSISTANT, { text: 'I have the rules for gap-fills at hand.', ...LAST });
    }
    // Every request was accepted by the fake's prefix check (the per-test check asserts it too).
    assert.deepEqual([...new Set(t.fake.requests.map((r) => r.outcome))], ['stream']);
    const sentBack = t.fake.requests.map((r) => thinkingSentBack(r.body));
    assert.ok(sentBack.filter((n) => n > 1).length >= 8, `earlier thinking went back in most requests: ${sentBack.join(' ')}`);

    // Each time earlier thinking had to be left out (at the cuts of the history), the log says so.
    const session = await t.model.api.controller.loadSession(t.model.api.controller.currentSessionId ?? '');
    const turns = new Set(session.turns.map((x) => x.id));
    let named: string[] = [];
    await waitUntil(async () => {
      named = [...(await logText(t.model.api.logUri)).matchAll(LEFT_OUT)].map((m) => m[1] ?? '').filter((id) => turns.has(id));
      return named.length >= 1;
    }, 'the log to name a request that left earlier thinking out');
    const drops = sentBack.filter((n, i) => i > 0 && n < (sentBack[i - 1] ?? 0)).length;
    assert.equal(named.length, drops, `one log line per request that sent back less thinking than the one before (${sentBack.join(' ')})`);
  });

  it('a session the previous version saved, paused on a question, goes on after one automatic retry', async () => {
    const t = await startPanelTest({ steps: [], fallback: { blocks: [think('A2 then.'), { type: 'text', text: 'An A2 exercise about the weather, then.' }] } });
    const api = t.model.api;
    const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath;
    assert.ok(root);
    const fixture = path.join(root, 'test', 'fixtures', 'session-v3-paused-thinking.jsonl');
    const id = /"id":"(s-[^"]+)"/.exec(await readFile(fixture, 'utf8'))?.[1];
    assert.ok(id);
    await mkdir(path.join(api.host.store.dir, 'sessions'), { recursive: true });
    await copyFile(fixture, path.join(api.host.store.dir, 'sessions', `${id}.jsonl`));
    await api.controller.open(id);
    const pending = `${byTestId(TEST_IDS.questionCard)}[data-status="pending"]`;
    await ui.waitFor(pending);
    // A single question is answered by its option.
    await ui.click(`${pending} ${byTestId(TEST_IDS.questionOption)}[data-label="A2"]`);
    await ui.waitFor(ASSISTANT, { text: 'An A2 exercise about the weather, then.' });
    assert.deepEqual(
      t.fake.requests.map((r) => r.outcome),
      ['refused:400', 'stream'],
    );
    // The refused request is the API's word on the old session, not a fault of this one: let the per-test check see the rest.
    t.fake.requests.splice(0, 1);
    assert.match(await logText(api.logUri), /bound to a different conversation; sending the request again, asking the API to drop the thinking it cannot accept/);
  });
});

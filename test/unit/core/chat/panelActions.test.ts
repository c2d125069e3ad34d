// What the panel asks of the host besides turns, with the real agent behind the controller:
// Revert answers the request with its outcome and the step then shows "Reverted" (a second
// Revert is refused), decided proposals and reverted edits close their diffs, an export is said
// in the panel and only that file may be opened from it, and Open Chat's focus request survives
// a webview that is still loading.
import * as assert from 'node:assert/strict';
import { editKey, proposalKey } from '../../../../src/core/chat/panelActions';
import { editTextTool } from '../../../../src/core/tools/editText';
import type { HostMessage } from '../../../../src/shared/protocol';
import { MemoryDocument } from '../agent/harness';
import { setup, storedView, type Setup } from './controllerKit';

const LESSON = '<lesson title="Weather" lang="en">\n  <h1>Weather</h1>\n  <p>Sun and rain.</p>\n</lesson>\n';
const NOTE = '  <note><p>Bring pictures of clouds.</p></note>\n';
const addNote = { type: 'tool_use' as const, id: 'toolu_note', name: 'edit_text', input: { edits: [{ find: '</h1>\n', replace: `</h1>\n${NOTE}` }], summary: 'Added a note' } };
const thanks = { blocks: [{ type: 'text' as const, text: 'Done.' }] };

function responses(s: Setup): Extract<HostMessage, { type: 'response' }>[] {
  return s.webview.posts.filter((p): p is Extract<HostMessage, { type: 'response' }> => p.type === 'response');
}

describe('chat controller: panel actions', () => {
  let s: Setup | undefined;
  afterEach(async () => {
    s?.controller.dispose();
    await s?.harness.close();
    s = undefined;
  });

  it('Revert answers with its outcome, marks the step reverted, closes its diff, and refuses a second time', async () => {
    s = await setup({ steps: [{ blocks: [addNote] }, thanks] }, { document: new MemoryDocument(LESSON), tools: [editTextTool] });
    await s.controller.handle({ type: 'send', text: 'Add a note' });
    const editId = (await s.harness.store.get(s.controller.currentSessionId ?? '')).edits[0]?.id;
    assert.ok(editId, 'the edit was recorded');

    await s.controller.handle({ type: 'reviewEdit', editId });
    await s.controller.handle({ type: 'revertEdit', editId, requestId: 'r1' });
    assert.deepEqual(responses(s).at(-1), { type: 'response', requestId: 'r1', ok: true, result: { ok: true } });
    assert.deepEqual(s.calls, [`openEditDiff ${editKey(editId)}`, `revertEdit ${editId}`, `closeDiffs ${editKey(editId)}`]);
    const step = s.webview.view?.items[1]?.kind === 'assistant' ? s.webview.view.items[1].steps[0] : undefined;
    assert.equal(step?.reverted, true, 'the panel shows the edit as reverted');
    assert.deepEqual(s.webview.view?.items, (await storedView(s)).items, 'and so does the stored session after a reload');
    assert.deepEqual(s.notices, [], 'no notification: the panel says it');

    await s.controller.handle({ type: 'revertEdit', editId, requestId: 'r2' });
    assert.deepEqual(responses(s).at(-1)?.result, { ok: false, message: 'This edit was already reverted.' });
    assert.equal(s.calls.filter((c) => c.startsWith('revertEdit')).length, 1, 'nothing was reverted twice');
  });

  it('follows the document: Ctrl+Z reads "undone" (Revert refused, its diff closed), Apply again makes it again, and a reload shows the same', async () => {
    const document = new MemoryDocument(LESSON);
    s = await setup({ steps: [{ blocks: [addNote] }, thanks] }, { document, tools: [editTextTool] });
    await s.controller.handle({ type: 'send', text: 'Add a note' });
    const editId = (await s.harness.store.get(s.controller.currentSessionId ?? '')).edits[0]?.id ?? '';
    const step = () => (s?.webview.view?.items[1]?.kind === 'assistant' ? s.webview.view.items[1].steps[0] : undefined);
    assert.equal(step()?.editState, undefined, 'applied');
    await s.controller.handle({ type: 'reviewEdit', editId });

    // Ctrl+Z in the editor: the document is as before the edit.
    document.text = LESSON;
    document.version++;
    await s.controller.documentChanged(document.uri);
    assert.equal(step()?.editState, 'undone', 'the step reads undone');
    assert.ok(s.calls.includes(`closeDiffs ${editKey(editId)}`), 'the diff of the edit as applied closes');
    assert.deepEqual(s.webview.view?.items, (await storedView(s)).items, 'saved: a reload shows the same');
    await s.controller.handle({ type: 'revertEdit', editId, requestId: 'r1' });
    assert.match(JSON.stringify(responses(s).at(-1)?.result), /already undone/);

    await s.controller.handle({ type: 'applyEditAgain', editId, requestId: 'r2' });
    assert.deepEqual(responses(s).at(-1)?.result, { ok: true });
    assert.equal(document.text, LESSON.replace('</h1>\n', `</h1>\n${NOTE}`), 'made again');
    assert.equal(step()?.editState, undefined, 'applied again');
    assert.equal(step()?.reverted, undefined);

    await s.controller.handle({ type: 'revertEdit', editId, requestId: 'r3' });
    assert.equal(step()?.reverted, true, 'reverted from the panel');
    await s.controller.handle({ type: 'applyEditAgain', editId, requestId: 'r4' });
    assert.equal(step()?.reverted, undefined, 'a Revert is over once the edit is made again');
    assert.equal((await s.harness.store.get(s.controller.currentSessionId ?? '')).edits[0]?.revertedAt, undefined);
  });

  it('a decided proposal closes its diff before the turn goes on', async () => {
    s = await setup({ steps: [{ blocks: [addNote] }, thanks] }, { document: new MemoryDocument(LESSON), tools: [editTextTool], settings: { approvalEdits: 'always' } });
    await s.controller.handle({ type: 'send', text: 'Add a note' });
    await s.controller.handle({ type: 'reviewProposal', toolCallId: 'toolu_note' });
    await s.controller.handle({ type: 'decide', toolCallId: 'toolu_note', approved: false });
    assert.deepEqual(s.calls, [`openProposalDiff ${proposalKey('toolu_note')}`, `closeDiffs ${proposalKey('toolu_note')}`]);
  });

  it('a new message instead of a decision closes the waiting proposal\'s diff', async () => {
    s = await setup({ steps: [{ blocks: [addNote] }, thanks] }, { document: new MemoryDocument(LESSON), tools: [editTextTool], settings: { approvalEdits: 'always' } });
    await s.controller.handle({ type: 'send', text: 'Add a note' });
    await s.controller.handle({ type: 'send', text: 'Never mind' });
    assert.ok(s.calls.includes(`closeDiffs ${proposalKey('toolu_note')}`), s.calls.join('; '));
  });

  it('says where an export went, and opens that file (and no other) when asked', async () => {
    s = await setup({ steps: [thanks] });
    await s.controller.handle({ type: 'send', text: 'hello' });
    const sessionId = s.controller.currentSessionId ?? '';
    s.exportTo.file = undefined;
    await s.controller.handle({ type: 'exportSession', sessionId });
    assert.equal(s.webview.count('exported'), 0, 'a cancelled save dialog says nothing');

    s.exportTo.file = { uri: 'file:///home/t/Documents/hello.md', name: 'hello.md', folder: 'Documents', path: '/home/t/Documents/hello.md' };
    await s.controller.handle({ type: 'exportSession', sessionId });
    assert.deepEqual(s.webview.posts.at(-1), { type: 'exported', sessionId, name: 'hello.md', folder: 'Documents', path: '/home/t/Documents/hello.md', uri: 'file:///home/t/Documents/hello.md' });
    await s.controller.handle({ type: 'openFile', uri: 'file:///etc/passwd' });
    await s.controller.handle({ type: 'openFile', uri: 'file:///home/t/Documents/hello.md' });
    assert.deepEqual(s.calls, ['showDocument file:///home/t/Documents/hello.md']);
  });

  it('asks a webview that loads after Open Chat to focus its input, once', async () => {
    s = await setup({ steps: [thanks] });
    s.controller.detach();
    s.controller.focusInput();
    s.controller.attach(s.webview.receive);
    await s.controller.handle({ type: 'ready' });
    assert.deepEqual(s.webview.posts.slice(-2).map((p) => p.type), ['snapshot', 'focusInput']);
    await s.controller.handle({ type: 'ready' });
    assert.equal(s.webview.posts.at(-1)?.type, 'snapshot', 'a later reload does not take the focus again');
  });
});

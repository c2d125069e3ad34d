// The panel's requests to the host get the answer the protocol declares, or say why not. In Node:
// request() resolves with the typed value, or with `{ ok: false, reason }` for an answer of the
// wrong shape, a host that failed, or a failure without a reason, and never rejects. In the real
// bundle (headless Chromium): where the teacher asked (the file picker, Revert, Restore to here),
// an answer of the wrong shape is said in the teacher's words and nothing is filled in or changed.
import * as assert from 'node:assert/strict';
import type { HostMessage } from '../../../src/shared/protocol';
import { en } from '../../../webview-ui/src/l10n';
import type { VsCodeApi } from '../../../webview-ui/src/hostApi';
import { request, settleResponse } from '../../../webview-ui/src/requests';
import { TurnEvents, finishedTurn, sessionFrom } from '../../webview/fixtures';
import type { WebviewPage } from '../../webview/harness';
import { byTestId, previewSuite } from '../../webview/suite';

/** What the webview posted, through VS Code's handle as the webview gets it (acquireVsCodeApi). */
const posted: Array<{ type: string; requestId?: string; message?: string }> = [];
const api: VsCodeApi = { postMessage: (m) => void posted.push(m as (typeof posted)[number]), getState: () => undefined, setState: () => undefined };
Object.assign(globalThis, { acquireVsCodeApi: () => api });

/** The id of the last request of this kind the webview posted. */
function lastId(type: string): string {
  const id = posted.filter((m) => m.type === type).at(-1)?.requestId;
  assert.ok(id, `a ${type} request was posted`);
  return id;
}

const answer = (requestId: string, fields: Partial<Extract<HostMessage, { type: 'response' }>>): Extract<HostMessage, { type: 'response' }> => ({
  type: 'response',
  requestId,
  ok: true,
  ...fields,
});

describe('webview requests: the declared answer, or why not', () => {
  it('resolves with the answer the protocol declares, checked', async () => {
    const picked = request('pickFile', {});
    settleResponse(answer(lastId('pickFile'), { result: 'texts/le-renard.md' }));
    assert.deepEqual(await picked, { ok: true, value: 'texts/le-renard.md' });
    const cancelled = request('pickFile', {});
    settleResponse(answer(lastId('pickFile'), { result: null }));
    assert.deepEqual(await cancelled, { ok: true, value: null });
    const preview = request('previewRewind', { target: { kind: 'redo' } });
    settleResponse(answer(lastId('previewRewind'), { result: { ok: true, setAside: 0, broughtBack: 3 } }));
    assert.deepEqual(await preview, { ok: true, value: { ok: true, setAside: 0, broughtBack: 3 } });
  });

  it('an answer of the wrong shape comes back as { ok: false } in the teacher\'s words, and the host\'s log hears why', async () => {
    const guessed = request('pickFile', {});
    settleResponse(answer(lastId('pickFile'), { result: { path: 'texts/le-renard.md' } }));
    assert.deepEqual(await guessed, { ok: false, reason: en.errAnswerUnreadable });
    assert.match(posted.at(-1)?.message ?? '', /the answer to pickFile does not fit its schema/);

    const revert = request('revertEdit', { editId: 't1-e1' });
    settleResponse(answer(lastId('revertEdit'), { result: { ok: 'yes' } }));
    assert.deepEqual(await revert, { ok: false, reason: en.errAnswerUnreadable });
  });

  it('a host that failed comes back as { ok: false } with its reason, or a plain one when it gave none', async () => {
    const failed = request('rewind', { target: { kind: 'redo' }, keepTyping: false });
    settleResponse(answer(lastId('rewind'), { ok: false, error: 'The session could not be saved.' }));
    assert.deepEqual(await failed, { ok: false, reason: 'The session could not be saved.' });
    const silent = request('applyEditAgain', { editId: 't1-e1' });
    settleResponse(answer(lastId('applyEditAgain'), { ok: false }));
    assert.deepEqual(await silent, { ok: false, reason: en.errRequestFailed });
  });

  it('a request the host would refuse is not sent, and says so at once instead of waiting for its timeout', async () => {
    const before = posted.filter((m) => m.type === 'revertEdit').length;
    assert.deepEqual(await request('revertEdit', { editId: '' }), { ok: false, reason: en.errRequestFailed });
    assert.equal(posted.filter((m) => m.type === 'revertEdit').length, before, 'nothing was sent');
    assert.match(posted.at(-1)?.message ?? '', /refused to send revertEdit/);
  });

  it('an answer nobody waits for (a second one, an unknown id) is dropped', async () => {
    const once = request('pickFile', {});
    const id = lastId('pickFile');
    settleResponse(answer(id, { result: 'a.md' }));
    settleResponse(answer(id, { result: 'b.md' }));
    settleResponse(answer('r-unknown', { result: 'c.md' }));
    assert.deepEqual(await once, { ok: true, value: 'a.md' });
  });
});

describe('webview requests in the panel: a wrong answer is said where the teacher asked', function () {
  this.timeout(30_000);
  const preview = previewSuite();

  /** Answers the last request of this kind the page posted. */
  async function respond(w: WebviewPage, type: string, fields: Partial<Extract<HostMessage, { type: 'response' }>>): Promise<void> {
    const [asked] = (await w.waitForPosted(type)).slice(-1);
    await w.push(answer(String(asked?.requestId), fields));
  }

  async function hostLogs(w: WebviewPage): Promise<string[]> {
    return (await w.postedOfType('log')).map((m) => String(m.message));
  }

  it('the file picker: an answer of the wrong shape fills in nothing and says so; the next one is taken', async () => {
    const events = new TurnEvents('t1')
      .start('Add an exercise')
      .question('q1', [{ header: 'Source', question: 'Which text should the exercise use?', options: [], multiSelect: false, inputType: 'file' }])
      .done('awaiting_user').events;
    const w = await preview.openWith(sessionFrom(events), events.length);
    await w.page.click(byTestId('question-pick-file'));
    await respond(w, 'pickFile', { result: { path: 'texts/le-renard.md' } });
    const notice = w.page.locator('.file-input [role="alert"]');
    await notice.waitFor();
    assert.equal((await notice.innerText()).trim(), `Could not choose a file: ${en.errAnswerUnreadable}`);
    assert.equal((await w.page.innerText(byTestId('question-input'))).trim(), en.noFile, 'nothing was filled in');
    assert.ok((await hostLogs(w)).some((l) => l.includes('the answer to pickFile does not fit its schema')), 'the host log says why');

    await w.page.click(byTestId('question-pick-file'));
    await respond(w, 'pickFile', { result: 'texts/le-renard.md' });
    await w.page.waitForFunction(() => window.document.querySelector('[data-testid="question-input"]')?.textContent === 'texts/le-renard.md');
    assert.equal(await notice.count(), 0, 'the notice went with the retry');
  });

  it('Revert and Restore to here: a host that failed and an answer of the wrong shape are said on the spot', async () => {
    const events = finishedTurn().events;
    const w = await preview.openWith(sessionFrom(events), events.length);
    const row = w.page.locator(byTestId('edit-row'));
    await row.locator(byTestId('edit-revert')).click();
    await w.page.click(byTestId('edit-revert-confirm'));
    await respond(w, 'revertEdit', { ok: false, error: 'The lesson could not be changed: it is open read-only.' });
    const problem = w.page.locator(byTestId('edit-revert-problem'));
    await w.page.waitForFunction(() => window.document.querySelector('[data-testid="edit-revert-problem"]')?.textContent?.includes('read-only') === true);

    await row.locator(byTestId('edit-revert')).click();
    await w.page.click(byTestId('edit-revert-confirm'));
    await w.waitForPosted('revertEdit', 2);
    await respond(w, 'revertEdit', { result: 'reverted' });
    await w.page.waitForFunction((said) => window.document.querySelector('[data-testid="edit-revert-problem"]')?.textContent?.trim() === said, en.errAnswerUnreadable);
    assert.equal(await problem.count(), 1);
    assert.equal(await row.getAttribute('data-reverted'), 'false', 'the row does not claim the edit was reverted');

    await w.page.click(byTestId('restore-here'));
    await respond(w, 'previewRewind', { result: { setAside: 'two' } });
    const rewindProblem = w.page.locator(byTestId('rewind-problem'));
    await rewindProblem.waitFor();
    assert.equal((await rewindProblem.innerText()).trim(), en.errAnswerUnreadable);
    assert.equal(await w.page.locator(byTestId('rewind-confirm')).evaluate((b: HTMLElement & { disabled: boolean }) => b.disabled), true, 'nothing can be restored from an answer that could not be read');
  });
});

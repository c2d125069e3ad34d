// A chat without a document, in the real bundle: the header says "No lesson open yet"; with a
// lesson (or a Markdown file) in the editor the panel says its next message will work on it (not
// for other files, whose edits a teacher does not mean); the message that took it says so above
// it, live and from a snapshot alike, and the header names the lesson from then on.
import * as assert from 'node:assert/strict';
import type { BoundDocumentView, SessionView } from '../../../src/shared/view';
import { emptySessionView } from '../../../src/shared/view';
import { applyAgentEvents } from '../../../src/shared/viewReducer';
import { META, SESSION_ID, TurnEvents, snapshot } from '../../webview/fixtures';
import { ScriptedHost } from '../../webview/scriptedHost';
import { byTestId, previewSuite } from '../../webview/suite';

const LESSON: BoundDocumentView = { uri: 'file:///w/french-verbs.lesson.xml', name: 'units/french-verbs.lesson.xml', kind: 'lesson' };
const SETTINGS: BoundDocumentView = { uri: 'file:///w/.vscode/settings.json', name: '.vscode/settings.json', kind: 'text' };
const NOW = 'This chat now works on units/french-verbs.lesson.xml: its edits go there.';

const asked = new TurnEvents('t1').start('What can you do?').text('I write and check exercises in your lessons.').done().events;
const took = new TurnEvents('t2').start('Add a fill-in-the-blank exercise', undefined, LESSON).text('Done.').done().events;

function unbound(): SessionView {
  return applyAgentEvents(emptySessionView(SESSION_ID, 'What can you do?'), asked);
}

describe('webview: a chat started before any lesson was open', function () {
  this.timeout(30_000);
  const preview = previewSuite();

  it('says "No lesson open yet", and which lesson the next message will work on once one is open', async () => {
    const w = await preview.openWith(unbound(), asked.length, { activeDocument: SETTINGS });
    assert.equal((await w.page.innerText(byTestId('no-document'))).trim(), 'No lesson open yet');
    assert.equal(await w.page.locator(byTestId('bind-offer')).count(), 0, 'a settings file is not offered');
    await w.push({ type: 'meta', meta: { ...META, activeDocument: LESSON } });
    const offer = w.page.locator(byTestId('bind-offer'));
    await offer.waitFor();
    assert.equal(
      (await offer.innerText()).trim(),
      'This chat has no lesson yet. Your next message works on units/french-verbs.lesson.xml: its edits go there.',
    );
  });

  it('says above the message that took the lesson that the chat now works on it, live and after a reload', async () => {
    const w = await preview.openWith(unbound(), asked.length, { activeDocument: LESSON });
    const host = new ScriptedHost(w, unbound());
    host.seq = asked.length;
    await host.emit(...took);
    const notice = w.page.locator(`${byTestId('message')}[data-kind="user"] ${byTestId('bound-notice')}`);
    await notice.waitFor();
    assert.equal((await notice.innerText()).trim(), NOW);
    assert.equal(await notice.count(), 1, 'said once, at the message that took it');
    assert.match(await w.page.innerText(byTestId('bound-document')), /french-verbs\.lesson\.xml/);
    assert.equal(await w.page.locator(byTestId('no-document')).count(), 0);
    assert.equal(await w.page.locator(byTestId('bind-offer')).count(), 0, 'nothing left to offer');

    // The same from a snapshot (the host rebuilds it from the stored session after a reload).
    const stored = applyAgentEvents(emptySessionView(SESSION_ID, 'What can you do?'), [...asked, ...took]);
    await w.push(snapshot(stored, 0, { activeDocument: LESSON }));
    await w.page.locator(byTestId('bound-notice')).waitFor();
    assert.equal((await w.page.locator(byTestId('bound-notice')).innerText()).trim(), NOW);
  });
});

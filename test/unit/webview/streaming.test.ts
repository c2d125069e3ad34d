// The real webview bundle in headless Chromium: a reply streams in place, its steps collapse and
// expand, the input behaves, and a panel reloaded mid-stream shows the text complete.
import * as assert from 'node:assert/strict';
import { META, TurnEvents, sessionFrom } from '../../webview/fixtures';
import { ScriptedHost } from '../../webview/scriptedHost';
import { byTestId, previewSuite } from '../../webview/suite';

const assistantSel = `${byTestId('message')}[data-kind="assistant"]`;

describe('webview: streaming replies and steps', function () {
  this.timeout(30_000);
  const preview = previewSuite();

  it('shows the agent\'s progress notes between its steps while it works, folds them away with the steps, never in the answer', async () => {
    const w = await preview.openWith(sessionFrom([]), 0);
    const host = new ScriptedHost(w);
    const t = new TurnEvents('t1');
    await host.emit(...t.start('Add a fill-in-the-blank exercise').thinking('Checking the level ').thinking('first.').events.splice(0));
    const note = w.page.locator(byTestId('step-note'));
    await note.first().waitFor();
    assert.equal(await note.first().innerText(), 'Checking the level first.');
    await host.emit(...t.tool('c1', 'load_skill', 'Checking the “Fill in the blanks” rules').toolEnd('c1').thinking('Now writing five sentences.').tool('c2', 'edit_document', 'Editing document').events.splice(0));
    await note.nth(1).waitFor();
    const order = await w.page
      .locator(`${byTestId('step')}, ${byTestId('step-note')}`)
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-testid') ?? ''}:${(e.textContent ?? '').trim().slice(0, 12)}`));
    assert.deepEqual(order, ['step-note:Checking the', 'step:Checking the', 'step-note:Now writing ', 'step:Editing docu']);
    await host.emit(...t.toolEnd('c2').text('Done: five sentences.').done().events.splice(0));
    const toggle = w.page.locator(byTestId('steps-toggle'));
    await toggle.waitFor();
    assert.equal(await note.count(), 0, 'collapsed with the steps');
    assert.doesNotMatch(await w.page.locator(byTestId('message-text')).innerText(), /Checking the level|Now writing/);
    await toggle.click();
    assert.equal(await note.count(), 2, 'expanded again with the steps');
  });

  it('sends on Enter, streams the reply in place, then collapses the steps to "Done (2 steps)" and expands them', async () => {
    const w = await preview.openWith(sessionFrom([]), 0);
    const host = new ScriptedHost(w);
    const input = w.page.locator(byTestId('chat-input'));
    await input.fill('Add a fill-in-the-blank exercise');
    await input.press('Shift+Enter');
    await input.pressSequentially('about French verbs');
    await input.press('Enter');
    const sends = await w.waitForPosted('send');
    assert.deepEqual(sends, [{ type: 'send', text: 'Add a fill-in-the-blank exercise\nabout French verbs' }]);
    assert.equal(await input.inputValue(), '', 'the input is cleared once sent');

    const t = new TurnEvents('t1');
    await host.emit(...t.start('Add a fill-in-the-blank exercise\nabout French verbs').events.splice(0));
    await host.emit(...t.tool('c1', 'load_skill', 'Checking the “Fill in the blanks” rules').events.splice(0));
    const step = w.page.locator(byTestId('step'));
    await step.first().waitFor();
    assert.equal(await step.first().getAttribute('data-status'), 'running');
    assert.match(await step.first().innerText(), /Checking the “Fill in the blanks” rules/);
    assert.equal(await w.page.locator(byTestId('stop')).count(), 1, 'Stop is offered while the agent works');

    await host.emit(...t.toolEnd('c1').tool('c2', 'edit_document', 'Editing document').events.splice(0));
    await host.emit(...t.text('Done: five ').events.splice(0));
    await host.emit(...t.text('sentences on **-er** verbs.').events.splice(0));
    const text = w.page.locator(`${assistantSel} ${byTestId('message-text')}`);
    await w.page.waitForFunction(() => window.document.querySelector('[data-testid="message-text"]')?.textContent?.includes('-er verbs.'));
    assert.equal(await text.locator('strong').innerText(), '-er');
    assert.equal(await w.page.locator(byTestId('streaming-cursor')).count(), 1);
    assert.equal(await w.page.locator(byTestId('steps-toggle')).count(), 0, 'no toggle while the steps are live');

    await host.emit(...t.toolEnd('c2').done().events.splice(0));
    const toggle = w.page.locator(byTestId('steps-toggle'));
    await toggle.waitFor();
    assert.equal((await toggle.innerText()).trim(), 'Done (2 steps)');
    assert.equal(await w.page.locator(assistantSel).getAttribute('data-status'), 'done');
    assert.equal(await w.page.locator(byTestId('streaming-cursor')).count(), 0);
    assert.equal(await step.count(), 0, 'collapsed: no step rows');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');

    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(await step.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), ['success', 'success']);
    assert.match(await step.nth(1).innerText(), /Editing document/);
    await toggle.press('Enter');
    assert.equal(await step.count(), 0, 'collapsed again by keyboard');
    assert.equal(await w.page.locator(byTestId('send')).count(), 1, 'Send is back once the turn is done');
  });

  it('keeps a failed step visible while the steps are collapsed', async () => {
    const t = new TurnEvents('t1')
      .start('Fix the exercise')
      .tool('c1', 'load_skill', 'Checking the “Fill in the blanks” rules')
      .toolEnd('c1')
      .tool('c2', 'edit_document', 'Editing document')
      .toolEnd('c2', 'error', { error: 'Line 4, column 9: <blank> needs an answer attribute' })
      .text('The edit failed validation.')
      .done();
    const w = await preview.openWith(sessionFrom(t.events), t.events.length);
    const toggle = w.page.locator(byTestId('steps-toggle'));
    assert.match(await toggle.innerText(), /Done \(2 steps\)\s*1 failed/);
    const rows = w.page.locator(byTestId('step'));
    assert.equal(await rows.count(), 1);
    assert.equal(await rows.getAttribute('data-status'), 'error');
    assert.match(await rows.innerText(), /needs an answer attribute/);
  });

  it('Stop posts stop; a stopped turn keeps its partial text', async () => {
    const t = new TurnEvents('t1').start('Write a long text');
    const w = await preview.openWith(sessionFrom(t.events), t.events.length);
    const host = new ScriptedHost(w, sessionFrom(t.events));
    host.seq = t.events.length;
    await host.emit(...new TurnEvents('t1').text('Once upon a time').events);
    await w.page.click(byTestId('stop'));
    assert.deepEqual(await w.waitForPosted('stop'), [{ type: 'stop' }]);
    await host.emit(...new TurnEvents('t1').error('cancelled', 'Stopped by the user', false).events);
    await w.page.waitForSelector(`${assistantSel}[data-status="stopped"]`);
    assert.match(await w.page.locator(assistantSel).innerText(), /Once upon a time[\s\S]*Stopped: nothing in the document was changed\./);
    assert.equal(await w.page.locator(byTestId('error-banner')).count(), 0, 'a stop is not an error');
  });

  it('a stop after a reply that promised an exercise says what was and was not done', async () => {
    const w = await preview.openWith(sessionFrom([]), 0);
    const host = new ScriptedHost(w);
    const t = new TurnEvents('t1').start('Add two exercises').text('I will add a true/false exercise, then a short-answer one.');
    t.tool('c1', 'edit_document', 'Editing document').toolEnd('c1', 'success', { resultSummary: 'added an exercise', editId: 'e1' });
    await host.emit(...t.tool('c2', 'edit_document', 'Editing document').error('cancelled', 'Stopped.', true).events);
    await w.page.waitForSelector(`${assistantSel}[data-status="stopped"]`);
    const text = await w.page.locator(assistantSel).innerText();
    assert.match(text, /Stopped: the change made before that is kept in the document; nothing after it was done\./);
    assert.doesNotMatch(text, /Stopped\.$/m, 'not a bare "Stopped." that reads as if all was done');

    const w2 = await preview.openWith(sessionFrom([]), 0);
    const host2 = new ScriptedHost(w2);
    await host2.emit(...new TurnEvents('t1').start('Add an exercise').text('I will add a true/false exercise.').tool('c1', 'edit_document', 'Editing document').error('cancelled', 'Stopped.', true).events);
    await w2.page.waitForSelector(`${assistantSel}[data-status="stopped"]`);
    assert.match(await w2.page.locator(assistantSel).innerText(), /Stopped: nothing in the document was changed\./);
  });

  it('a panel reloaded mid-stream shows the whole text once: nothing lost, nothing doubled', async () => {
    const w = await preview.openWith(sessionFrom([]), 0);
    const host = new ScriptedHost(w);
    const pieces = Array.from({ length: 30 }, (_, i) => `w${i} `);
    const t = () => new TurnEvents('t1');
    await host.emit(...t().start('Tell me a story').events);
    for (const p of pieces.slice(0, 10)) await host.emit(...t().text(p).events);
    // Hidden: the webview is gone; the host keeps applying events.
    await w.reload();
    for (const p of pieces.slice(10, 20)) host.record(...t().text(p).events);
    // Shown again: `ready` gets the host's current view...
    assert.equal((await w.postedOfType('ready')).length, 1);
    await host.sendSnapshot();
    await w.waitReady();
    // ...a batch the host had already queued before the snapshot arrives late and is dropped...
    await w.push({ type: 'events', seq: host.seq, events: t().text(pieces[19] as string).events });
    // ...and the stream goes on.
    for (const p of pieces.slice(20)) await host.emit(...t().text(p).events);
    await host.emit(...t().done().events);
    await w.page.waitForSelector(`${assistantSel}[data-status="done"]`);
    assert.equal((await w.page.locator(byTestId('message-text')).innerText()).trim(), pieces.join('').trim());
    const warnings = (await w.postedOfType('log')).map((m) => String(m.message));
    assert.ok(warnings.some((m) => m.includes('stale batch')), 'the late batch was dropped with a logged warning');
  });

  it('asks for a fresh snapshot when it sees a gap in the event sequence', async () => {
    const w = await preview.openWith(sessionFrom([]), 0);
    await w.clearPosted();
    await w.push({ type: 'events', seq: 5, events: new TurnEvents('t1').text('x').events });
    const ready = await w.waitForPosted('ready');
    assert.equal(ready.length, 1);
  });

  it('ignores a malformed message and an event for an unknown turn, logging both, and keeps working', async () => {
    const w = await preview.openWith(sessionFrom([]), 0);
    await w.pushRaw({ type: 'events', seq: 'one', events: 'nope' });
    await w.pushRaw({ type: 'no-such-message' });
    await w.push({ type: 'events', seq: 1, events: new TurnEvents('ghost').text('boo').events });
    const logs = await w.waitForPosted('log', 3);
    assert.ok(logs.every((l) => l.level === 'warn'));
    assert.ok(logs.some((l) => String(l.message).includes('unknown turn')));
    assert.equal(await w.page.locator(byTestId('empty-chat')).count(), 1, 'the panel is intact');
  });

  it('prefill puts text in the input; prefill with send sends it', async () => {
    const w = await preview.openWith(sessionFrom([]), 0);
    await w.push({ type: 'prefill', text: 'Explain this selection' });
    await w.page.waitForFunction(() => (window.document.querySelector('[data-testid="chat-input"]') as HTMLElement & { value: string }).value === 'Explain this selection');
    assert.equal(await w.page.evaluate(() => window.document.activeElement?.getAttribute('data-testid')), 'chat-input');
    await w.push({ type: 'prefill', text: 'Create an exercise', send: true });
    assert.deepEqual(await w.waitForPosted('send'), [{ type: 'send', text: 'Create an exercise' }]);
  });

  it('keeps the draft across a reload', async () => {
    const w = await preview.openWith(sessionFrom([]), 0);
    await w.page.fill(byTestId('chat-input'), 'half a thought');
    await w.reload();
    await w.push({ type: 'snapshot', seq: 0, session: sessionFrom([]), sessions: [], meta: META });
    await w.waitReady();
    assert.equal(await w.page.inputValue(byTestId('chat-input')), 'half a thought');
  });
});

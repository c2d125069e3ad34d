// Flow 6 in the real chat webview: an overloaded API. A 529 is retried by the SDK before any
// text; an overload in the middle of the stream is retried by the agent loop, with a "retrying"
// notice in the panel; when retries run out the panel shows an error banner with Retry, the
// partial text is kept and marked, and Retry works. The conversation stays valid throughout.
import * as assert from 'node:assert/strict';
import type { ScenarioInput } from '../fake/scenario';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import type { PanelTest } from './panelKit';
import { ASSISTANT, INPUT, LAST, lastAssistantText, recorded, report, startRecorder, typeAndSend, usePanelTests } from './panelKit';
import { waitForTurnEnd } from './fakeModel';

const OVERLOADED_529 = { kind: 'http' as const, status: 529, errorType: 'overloaded_error', message: 'Overloaded', retryAfterMs: 20 };
/** message_start, content_block_start, ping, then 9 deltas of 4 characters: 36 characters, then the error. */
const MIDSTREAM = { kind: 'error_event' as const, afterEvents: 12, errorType: 'overloaded_error', message: 'Overloaded' };
const ANSWER = 'Stem-changing verbs such as *préférer* and *acheter* change an accent in the singular and in the third person plural.';
const SHOWN = ANSWER.replace(/\*/g, '');
/** What a cut-short attempt streamed before the overload (an unclosed emphasis shows as typed). */
const CUT = ANSWER.slice(0, 36);
/** Words that open every attempt: shown once however many attempts streamed them. */
const OPENING = 'Stem-changing verbs';
const BANNER = byTestId(TEST_IDS.errorBanner);
const RETRYING = byTestId(TEST_IDS.retrying);

// A real model's retry streams the same answer again: so does the fake.
const cutShort = { delayMs: 25, blocks: [{ type: 'text' as const, text: ANSWER, chunk: 4 }], fault: MIDSTREAM };
const answer = { delayMs: 5, blocks: [{ type: 'text' as const, text: ANSWER }] };

function outcomes(t: PanelTest): string[] {
  return t.fake.requests.map((r) => r.outcome);
}

describe('panel errors: overload, retrying, error banner, Retry', function () {
  this.timeout(60_000);
  const startPanelTest = usePanelTests();

  async function startErrorTest(scenario: ScenarioInput): Promise<PanelTest> {
    const t = await startPanelTest(scenario);
    await startRecorder();
    await typeAndSend('Which French verbs change their stem?');
    return t;
  }

  it('a 529 then a mid-stream overload: the panel shows retrying, then the answer completes without an error', async () => {
    const t = await startErrorTest({ steps: [{ fault: OVERLOADED_529 }, cutShort, answer] });
    await ui.waitFor(`${RETRYING}[data-code="overloaded"]`, { text: 'attempt 1' });
    assert.match(await ui.text(RETRYING), /The model is overloaded\. Retrying in 1s \(attempt 1\)/);
    await waitForTurnEnd(t.model, 3);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);

    assert.deepEqual(outcomes(t), ['fault:http:529', 'fault:error_event', 'stream'], 'the SDK retried the 529, the loop the broken stream');
    assert.equal(await ui.count(BANNER), 0, 'no error banner');
    assert.equal(await ui.count(RETRYING), 0, 'the notice is gone');
    const text = await lastAssistantText();
    assert.ok(text.endsWith(SHOWN), `the answer is complete: ${JSON.stringify(text)}`);
    assert.equal(text.split(OPENING).length - 1, 1, `the broken attempt's start is not shown again: ${JSON.stringify(text)}`);
    await ui.screenshot('panel-retried-answer');
    report(`shown after the retry: ${JSON.stringify(text)}`);
  });

  it('when the retries run out: an error banner with Retry, the partial text kept and marked; Retry completes the answer', async () => {
    const t = await startErrorTest({ steps: [cutShort, cutShort, cutShort, answer] });
    await ui.waitFor(`${RETRYING}[data-code="overloaded"]`, { text: 'attempt 2', timeout: 15_000 });
    await ui.waitFor(`${BANNER}[data-code="overloaded"]`, { timeout: 15_000 });
    await waitForTurnEnd(t.model, 3);

    assert.equal(await ui.attribute(ASSISTANT, 'data-status', LAST), 'error');
    assert.match(await ui.text(BANNER), /The model is overloaded: retries did not help\./);
    const partial = await lastAssistantText();
    assert.ok(partial.startsWith(CUT), `the partial text is kept: ${JSON.stringify(partial)}`);
    assert.equal(partial.split(OPENING).length - 1, 1, `only the last attempt's text is kept: ${JSON.stringify(partial)}`);
    report(`shown after the retries ran out: ${JSON.stringify(partial)}`);
    assert.match(await ui.text(ASSISTANT, LAST), /Partial reply: the turn ended before the text was complete\./, 'and marked');
    assert.equal(await ui.attribute(INPUT, 'disabled'), null, 'the user can type again');
    await ui.screenshot('panel-error-banner');

    await ui.click(`${BANNER} ${byTestId(TEST_IDS.retry)}`);
    await waitForTurnEnd(t.model, 4);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
    assert.equal(await ui.count(BANNER), 0, 'the banner is gone after a good retry');
    const after = await lastAssistantText();
    assert.ok(after.endsWith(SHOWN));
    report(`shown after Retry: ${JSON.stringify(after)}`);
    assert.deepEqual(outcomes(t), ['fault:error_event', 'fault:error_event', 'fault:error_event', 'stream']);
    const retried = JSON.stringify(t.fake.requests[3]?.body);
    assert.ok(!retried.includes('Stem-changing'), 'partial text is shown, never sent back to the model');
  });

  it('a 529 the SDK cannot get past shows the error banner at once; Retry works', async () => {
    const t = await startErrorTest({ steps: [{ fault: OVERLOADED_529 }, { fault: OVERLOADED_529 }, { fault: OVERLOADED_529 }, answer] });
    await ui.waitFor(`${BANNER}[data-code="overloaded"]`);
    await waitForTurnEnd(t.model, 3);
    assert.deepEqual(outcomes(t), ['fault:http:529', 'fault:http:529', 'fault:http:529'], 'the SDK tried three times');
    assert.equal(await ui.count(`${ASSISTANT} ${byTestId(TEST_IDS.messageText)}`), 0, 'no text, so nothing is marked partial');
    const states = await recorded();
    assert.ok(!states.some((s) => s.status === 'streaming' && s.length > 0));

    await ui.click(`${BANNER} ${byTestId(TEST_IDS.retry)}`);
    await waitForTurnEnd(t.model, 4);
    await ui.waitFor(`${ASSISTANT}[data-status="done"]`);
    assert.equal(await ui.count(BANNER), 0);
    assert.equal(await lastAssistantText(), SHOWN);
  });
});

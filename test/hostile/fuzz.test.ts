// 10,000 fuzzed messages through each layer that reads messages: the host's parser of webview
// messages, the webview's parser and the shared reducers, the chat controller (real agent, real
// store, fake model), and the real webview bundle in headless Chromium under its CSP.
import * as assert from 'node:assert/strict';
import { parseHostMessage, parseWebviewMessage } from '../../src/shared/protocol';
import { agentEventSchema } from '../../src/shared/events';
import { applyAgentEvent } from '../../src/shared/viewReducer';
import { applyHostMessages, initialHostState, type HostState } from '../../webview-ui/src/state/hostState';
import { setup } from '../unit/core/chat/controllerKit';
import { narratedTurn, sessionFrom } from '../webview/fixtures';
import { previewSuite } from '../webview/suite';
import { Fuzzer, HOST_TYPES, hostBases, WEBVIEW_TYPES, webviewBases } from './fuzzer';
import { captured, figure, seededRandom } from './kit';

const COUNT = 10_000;
const SEED = Number(process.env.LESSON_AGENT_HOSTILE_SEED ?? 4242);

describe('hostile: 10,000 fuzzed messages per layer', function () {
  this.timeout(240_000);
  const preview = previewSuite();

  it('the parsers and the shared reducers: no throw, every message either applied or refused', () => {
    const fuzz = new Fuzzer(seededRandom(SEED));
    const hostBase = hostBases();
    const webBase = webviewBases('s1');
    const events = narratedTurn('t1').events;
    let state: HostState = initialHostState;
    let view = sessionFrom([]);
    const tally = { host: 0, hostValid: 0, webview: 0, webviewValid: 0, events: 0, eventsValid: 0 };
    for (let i = 0; i < COUNT; i++) {
      const hostMessage = fuzz.mutate(fuzz.pick(hostBase), HOST_TYPES);
      const parsed = parseHostMessage(hostMessage);
      tally.host += 1;
      if (parsed.ok) {
        tally.hostValid += 1;
        state = applyHostMessages(state, [parsed.value]).state;
      }
      tally.webview += 1;
      if (parseWebviewMessage(fuzz.mutate(fuzz.pick(webBase), WEBVIEW_TYPES)).ok) tally.webviewValid += 1;
      const event = agentEventSchema.safeParse(fuzz.mutate(fuzz.pick(events), ['text', 'tool_start', 'tool_end', 'done', 'error', 'usage']));
      tally.events += 1;
      if (event.success) {
        tally.eventsValid += 1;
        view = applyAgentEvent(view, event.data);
      }
    }
    figure(
      `fuzz, parsers and reducers (seed ${SEED}): ${tally.host} host messages (${tally.hostValid} valid, applied), ` +
        `${tally.webview} webview messages (${tally.webviewValid} valid), ${tally.events} agent events (${tally.eventsValid} valid, reduced); 0 throws`,
    );
    assert.ok(state.ready !== undefined && view.sessionId.length > 0);
  });

  it('the chat controller: no throw, nothing sent to the model, every invalid message logged', async () => {
    const s = await setup({ steps: [], fallback: { blocks: [{ type: 'text', text: 'Noted.' }] } });
    try {
      await s.controller.handle({ type: 'send', text: 'hello' });
      const id = s.controller.currentSessionId ?? 's1';
      const fuzz = new Fuzzer(seededRandom(SEED + 1));
      const bases = webviewBases(id);
      const calls = s.harness.fake.requests.length;
      let valid = 0;
      for (let i = 0; i < COUNT; i++) {
        const message = fuzz.mutate(fuzz.pick(bases), WEBVIEW_TYPES.filter((t) => t !== 'send' && t !== 'retry' && t !== 'deleteSession'));
        if (parseWebviewMessage(message).ok) valid += 1;
        await s.controller.handle(message);
      }
      const ignored = s.logs.filter((l) => l.startsWith('warn: Ignored an invalid message')).length;
      captured(s.logs.join('\n'));
      figure(`fuzz, chat controller: ${COUNT} messages (${valid} valid, ${ignored} refused and logged); 0 throws, ${s.harness.fake.requests.length - calls} model calls`);
      assert.equal(ignored, COUNT - valid);
      assert.equal(s.harness.fake.requests.length, calls, 'no fuzzed message reached the model');
    } finally {
      s.controller.dispose();
      await s.harness.close();
    }
  });

  it('the real webview in headless Chromium: no uncaught error, no CSP violation, still working', async () => {
    const w = await preview.open();
    const fuzz = new Fuzzer(seededRandom(SEED + 2));
    const bases = hostBases();
    for (let done = 0; done < COUNT; done += 500) {
      const batch = Array.from({ length: 500 }, () => fuzz.mutate(fuzz.pick(bases), HOST_TYPES));
      await w.page.evaluate((ms) => {
        for (const m of ms) window.__harness.push(m);
      }, batch);
    }
    // Still alive: a valid snapshot renders.
    await w.push(...(hostBases().slice(0, 1) as Parameters<typeof w.push>));
    await w.waitReady();
    const { violations, errors } = await w.problems();
    const pwned = await w.page.evaluate(() => window.__pwned ?? null);
    const logged = (await w.postedOfType('log')).length;
    figure(`fuzz, real webview: ${COUNT} messages; ${errors.length} uncaught errors, ${violations.length} CSP violations, ${logged} refused and logged, payloads run: ${pwned === null ? 0 : 1}`);
    assert.deepEqual(errors, []);
    assert.deepEqual(violations, []);
    assert.equal(pwned, null);
  });
});

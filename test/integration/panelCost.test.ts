// What a reply cost, in the real VS Code: each reply shows its cost in money (the figure the saved
// session's model calls add up to, priced from the model table), the tokens only in its tooltip,
// and the session's total in the header's tooltip.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { callCost } from '../../src/core/agent/cost';
import { formatCost, usageLine } from '../../src/shared/format';
import { totalSpend } from '../../src/shared/spend';
import { TEST_IDS } from '../../webview-ui/src/testIds';
import { byTestId, ui } from './driver';
import { ASSISTANT, SHORT_LESSON, report, scenarioFile, typeAndSend, usePanelTests } from './panelKit';
import { uniqueName, waitForTurnEnd } from './fakeModel';

const FOOT = `${ASSISTANT} ${byTestId(TEST_IDS.usage)}`;

describe('panel cost: a reply\'s cost in money', function () {
  this.timeout(60_000);
  const startPanelTest = usePanelTests();

  it('each reply shows its cost and the header\'s tooltip the session\'s total, with the tokens only in tooltips', async () => {
    // The scenario's replies name the model the request asked for (the default, a priced one).
    const { model: _unpriced, ...priced } = scenarioFile('panelFlows.json');
    const t = await startPanelTest(priced, { name: uniqueName('cost', '.lesson.xml'), content: SHORT_LESSON });
    await typeAndSend('hello');
    await waitForTurnEnd(t.model, 1);
    await ui.waitFor(FOOT);
    await typeAndSend('hello');
    await waitForTurnEnd(t.model, 2);
    await ui.waitFor(FOOT, { nth: 1 });

    const controller = t.model.api.controller;
    const session = await controller.loadSession(controller.currentSessionId ?? '');
    const locale = vscode.env.language;
    assert.equal(session.turns.length, 2);
    for (const [i, turn] of session.turns.entries()) {
      // The turn's cost is its model calls', each priced by the model that answered it.
      const calls = session.messages.filter((m) => m.turnId === turn.id && m.role === 'assistant' && m.usage);
      assert.ok(calls.length > 0);
      const expected = calls.reduce((sum, m) => sum + (callCost(m.usage ?? { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 }, m.model ?? '') ?? NaN), 0);
      assert.ok(turn.cost !== undefined && Math.abs(turn.cost - expected) < 1e-12, `turn ${i + 1} cost ${turn.cost}, its calls ${expected}`);
      const shown = (await ui.text(FOOT, { nth: i })).trim();
      assert.equal(shown, `Cost: ${formatCost(turn.cost, locale)}`);
      const tooltip = await ui.attribute(FOOT, 'title', { nth: i });
      assert.ok(turn.usage);
      assert.equal(tooltip, `${turn.model}. Tokens: ${usageLine(turn.usage, locale)}`);
      report(`reply ${i + 1}: "${shown}" (${calls.length} call, ${tooltip})`);
    }
    const total = totalSpend(session.turns);
    assert.ok(total?.cost !== undefined);
    const header = await ui.attribute(byTestId(TEST_IDS.sessionTitle), 'title');
    assert.equal(header, `${session.title}\nThis session so far: ${formatCost(total.cost, locale)}. Tokens: ${usageLine(total.usage, locale)}`);
    report(`header tooltip: ${JSON.stringify(header)}`);
    // What a teacher reads, without hovering: no token jargon anywhere in the panel.
    const panel = await ui.text(byTestId(TEST_IDS.root));
    assert.doesNotMatch(panel, /tokens|cached/i, panel);
  });

  it('a reply from a model without a known price says its cost is not known, with why and its tokens in the tooltip', async () => {
    const scenario = scenarioFile('panelFlows.json');
    assert.equal(scenario.model, 'claude-fake-panel', 'the scenario names a model the table does not know');
    const t = await startPanelTest(scenario, { name: uniqueName('tokens', '.lesson.xml'), content: SHORT_LESSON });
    await typeAndSend('hello');
    await waitForTurnEnd(t.model, 1);
    await ui.waitFor(FOOT);
    const controller = t.model.api.controller;
    const turn = (await controller.loadSession(controller.currentSessionId ?? '')).turns[0];
    assert.ok(turn?.usage);
    assert.equal(turn.cost, undefined);
    const locale = vscode.env.language;
    assert.equal((await ui.text(FOOT)).trim(), 'Cost not known');
    assert.equal(await ui.attribute(FOOT, 'data-priced'), 'false');
    assert.equal(await ui.attribute(FOOT, 'title'), `No price is known for claude-fake-panel. Tokens: ${usageLine(turn.usage, locale)}`);
    assert.match((await ui.attribute(byTestId(TEST_IDS.sessionTitle), 'title')) ?? '', /\nThis session so far: cost not known\. Tokens: /);
  });
});

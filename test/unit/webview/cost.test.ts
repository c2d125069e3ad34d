// What a reply cost, in the real bundle: the money in the reply's foot, the tokens only in its
// tooltip, the session's total in the header's tooltip, tokens for a model without a price, and
// the figures in the panel's language.
import * as assert from 'node:assert/strict';
import { callCost } from '../../../src/core/agent/cost';
import { formatCost, usageLine } from '../../../src/shared/format';
import { DEMO_MODEL, addUsage } from '../../../src/shared/spend';
import { META, SESSIONS, TurnEvents, USAGE, finishedTurn, sessionFrom } from '../../webview/fixtures';
import { byTestId, previewSuite } from '../../webview/suite';

describe('webview: what a reply cost', function () {
  this.timeout(30_000);
  const preview = previewSuite();
  const title = (w: { page: { getAttribute(s: string, a: string): Promise<string | null> } }, selector: string): Promise<string | null> =>
    w.page.getAttribute(selector, 'title');

  it('shows a reply\'s cost in money, with the tokens and the model only in its tooltip', async () => {
    const w = await preview.openWith(sessionFrom(finishedTurn().events), 9);
    const cost = callCost(USAGE, META.model);
    assert.ok(cost !== undefined && cost > 0.01);
    const foot = byTestId('usage');
    assert.equal((await w.page.innerText(foot)).trim(), `Cost: ${formatCost(cost, 'en-US')}`);
    assert.equal((await w.page.innerText(foot)).trim(), 'Cost: $0.021');
    assert.equal(await title(w, foot), `${META.model}. Tokens: ${usageLine(USAGE, 'en-US')}`);
    assert.doesNotMatch(await w.page.innerText(`${byTestId('message')}[data-kind="assistant"]`), /tokens|cached|\bin ·/i, 'no token jargon in the reply');
  });

  it('adds up the calls of a reply, each at its own model\'s price, and the session\'s replies in the header\'s tooltip', async () => {
    const small = { inputTokens: 300, outputTokens: 40, cacheReadTokens: 2_000, cacheCreationTokens: 0 };
    const second = new TurnEvents('t2')
      .start('Thanks! Can you check the hints?', Date.UTC(2026, 1, 6, 9, 40))
      .usage(USAGE, 'claude-opus-4-5')
      .text('The hints are all infinitives, as the guide asks.')
      .usage(small, 'claude-haiku-4-5')
      .done();
    const w = await preview.openWith(sessionFrom([...finishedTurn().events, ...second.events]), 9);
    const replyCost = (callCost(USAGE, 'claude-opus-4-5') ?? 0) + (callCost(small, 'claude-haiku-4-5') ?? 0);
    const feet = w.page.locator(byTestId('usage'));
    assert.equal(await feet.count(), 2);
    assert.equal((await feet.nth(1).innerText()).trim(), `Cost: ${formatCost(replyCost, 'en-US')}`);
    const total = replyCost + (callCost(USAGE, META.model) ?? 0);
    const tokens = addUsage(addUsage(USAGE, USAGE), small);
    assert.equal(await title(w, byTestId('session-title')), `${SESSIONS[0]?.title}\nThis session so far: ${formatCost(total, 'en-US')}. Tokens: ${usageLine(tokens, 'en-US')}`);
    assert.equal((await w.page.innerText(byTestId('session-title'))).trim(), SESSIONS[0]?.title, 'the total is in the tooltip, not the header');
  });

  it('says "less than $0.01" for a cheap reply', async () => {
    const tiny = { inputTokens: 20, outputTokens: 10, cacheReadTokens: 3_000, cacheCreationTokens: 0 };
    const w = await preview.openWith(sessionFrom(new TurnEvents('t1').start('hello').text('Hello!').usage(tiny).done().events), 9);
    assert.equal((await w.page.innerText(byTestId('usage'))).trim(), 'Cost: less than $0.01');
  });

  it('says the cost is not known for a model without a known price, with why and the tokens in the tooltip', async () => {
    const w = await preview.openWith(sessionFrom(new TurnEvents('t1').start('hello').text('Hello!').usage(USAGE, 'my-gateway-model').done().events), 9);
    const foot = byTestId('usage');
    assert.equal((await w.page.innerText(foot)).trim(), 'Cost not known');
    assert.equal(await w.page.getAttribute(foot, 'data-priced'), 'false');
    assert.equal(await title(w, foot), `No price is known for my-gateway-model. Tokens: ${usageLine(USAGE, 'en-US')}`);
    assert.match((await title(w, byTestId('session-title'))) ?? '', /\nThis session so far: cost not known\. Tokens: /);
  });

  it("says the offline demo's replies cost nothing", async () => {
    const w = await preview.openWith(sessionFrom(new TurnEvents('t1').start('hello').text('Hello!').usage(USAGE, DEMO_MODEL).done().events), 9);
    const foot = byTestId('usage');
    assert.equal((await w.page.innerText(foot)).trim(), 'No charge: offline demo');
    assert.equal(await w.page.getAttribute(foot, 'data-priced'), 'demo');
    assert.match((await title(w, foot)) ?? '', /^Scripted replies cost nothing\. Tokens: /);
    assert.match((await title(w, byTestId('session-title'))) ?? '', /\nThis session so far: no charge \(offline demo\)\. Tokens: /);
  });

  it('writes the figures in VS Code\'s display language', async () => {
    const w = await preview.openWith(sessionFrom(finishedTurn().events), 9, { locale: 'de' });
    const cost = callCost(USAGE, META.model) ?? 0;
    const german = formatCost(cost, 'de');
    assert.match(german, /^0,021\s\$$/);
    assert.equal((await w.page.innerText(byTestId('usage'))).trim(), `Cost: ${german}`);
    assert.match((await title(w, byTestId('usage'))) ?? '', /Tokens: 13\.280 in · 520 out · 10\.240 cached$/);
  });
});

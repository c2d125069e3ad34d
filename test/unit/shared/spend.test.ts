// A reply's and a session's spend, added up call by call: tokens always, money only when every
// call had a price.
import * as assert from 'node:assert/strict';
import { DEMO_MODEL, addCall, chargeOf, spendOf, totalSpend } from '../../../src/shared/spend';

const u = (n: number) => ({ inputTokens: n, outputTokens: n, cacheReadTokens: n, cacheCreationTokens: n });

describe('spend', () => {
  it('sums the tokens and the costs of a reply\'s calls', () => {
    const spent = addCall(addCall(undefined, spendOf(u(10), 0.01)), spendOf(u(5), 0.002));
    assert.deepEqual(spent.usage, u(15));
    assert.ok(Math.abs((spent.cost ?? 0) - 0.012) < 1e-12);
  });

  it('has no cost once one call had no price, first or later, but keeps counting tokens', () => {
    const later = addCall(addCall(undefined, spendOf(u(10), 0.01)), spendOf(u(5), undefined));
    assert.deepEqual(later, { usage: u(15) });
    const first = addCall(addCall(undefined, spendOf(u(10), undefined)), spendOf(u(5), 0.01));
    assert.deepEqual(first, { usage: u(15) });
  });

  it('totals a session over the replies that made a call', () => {
    const total = totalSpend([{ usage: u(1), cost: 0.5 }, {}, { usage: u(2), cost: 0.25 }]);
    assert.deepEqual(total, { usage: u(3), cost: 0.75 });
    assert.equal(totalSpend([{}, {}]), undefined);
    assert.deepEqual(totalSpend([{ usage: u(1), cost: 0.5 }, { usage: u(2) }]), { usage: u(3) });
  });

  it('reads a spend as a teacher does: a cost, no charge when only the offline demo answered, else not known', () => {
    assert.deepEqual(chargeOf([{ usage: u(1), cost: 0.5, model: 'claude-opus-4-7' }, { usage: u(2), cost: 0.25 }]), { kind: 'cost', usd: 0.75 });
    assert.deepEqual(chargeOf([{ usage: u(1), model: DEMO_MODEL }, {}, { usage: u(2), model: DEMO_MODEL }]), { kind: 'free' });
    assert.deepEqual(chargeOf([{ usage: u(1), model: DEMO_MODEL }, { usage: u(2), model: 'my-gateway-model' }]), { kind: 'unknown' });
    assert.deepEqual(chargeOf([{ usage: u(1) }]), { kind: 'unknown' });
    assert.equal(chargeOf([{}, { model: DEMO_MODEL }]), undefined);
  });
});

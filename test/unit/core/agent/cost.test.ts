// A model call's cost from the model table: each kind of token at its own price, the long-context
// tier decided by the call's own prompt, and no figure at all for a model the table does not know.
import * as assert from 'node:assert/strict';
import { callCost } from '../../../../src/core/agent/cost';
import { MODELS, modelInfo } from '../../../../src/core/agent/models';
import { sessionToView } from '../../../../src/core/sessions/view';
import type { Usage } from '../../../../src/shared/events';
import { echoTool, useHarnesses } from './harness';

const usage = (u: Partial<Usage>): Usage => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0, ...u });
const close = (actual: number | undefined, expected: number): void => {
  assert.ok(actual !== undefined, 'a known model has a cost');
  assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} ≈ ${expected}`);
};

describe('the cost of a model call', () => {
  it('prices a million tokens of each kind at the table\'s price for it (Sonnet 5.5: 2, 10, 2.5, 0.1 dollars, cache reads as cut on 2026-10-07)', () => {
    close(callCost(usage({ inputTokens: 1_000_000 }), 'claude-sonnet-5-5'), 2);
    close(callCost(usage({ outputTokens: 1_000_000 }), 'claude-sonnet-5-5'), 10);
    close(callCost(usage({ cacheCreationTokens: 1_000_000 }), 'claude-sonnet-5-5'), 2.5);
    close(callCost(usage({ cacheReadTokens: 1_000_000 }), 'claude-sonnet-5-5'), 0.1);
    close(callCost(usage({ cacheReadTokens: 1_000_000 }), 'claude-opus-5-5'), 0.2);
  });

  it('adds up a call with every kind of token: cache reads and writes priced apart from new input', () => {
    const u = usage({ inputTokens: 1_200, cacheCreationTokens: 3_000, cacheReadTokens: 40_000, outputTokens: 800 });
    // Opus 5.5: 4 input, 20 output, 5 cache write, 0.2 cache read (per million).
    close(callCost(u, 'claude-opus-5-5'), (1_200 * 4 + 3_000 * 5 + 40_000 * 0.2 + 800 * 20) / 1e6);
    // The same tokens read from the cache cost a twentieth of their price as new input on the 5.5 models.
    const fresh = callCost(usage({ inputTokens: 40_000 }), 'claude-opus-5-5');
    const cached = callCost(usage({ cacheReadTokens: 40_000 }), 'claude-opus-5-5');
    close(cached, (fresh ?? 0) / 20);
  });

  it('prices every model of the table, dated ids included', () => {
    for (const m of MODELS) {
      close(callCost(usage({ inputTokens: 1_000, outputTokens: 100 }), m.id), (1_000 * m.prices.input + 100 * m.prices.output) / 1e6);
    }
    assert.equal(callCost(usage({ inputTokens: 10 }), 'claude-opus-4-5-20251101'), callCost(usage({ inputTokens: 10 }), 'claude-opus-4-5'));
  });

  it('bills a prompt past the long-context threshold at the higher tier, whatever part of it came from the cache', () => {
    const info = modelInfo('claude-haiku-5-5');
    const tier = info.longContext;
    assert.ok(tier, 'Haiku 5.5 has a long-context tier');
    const at = usage({ inputTokens: 1_000, cacheReadTokens: tier.threshold - 1_000, outputTokens: 500 });
    close(callCost(at, 'claude-haiku-5-5'), (1_000 * info.prices.input + (tier.threshold - 1_000) * info.prices.cacheRead + 500 * info.prices.output) / 1e6);
    const past = usage({ inputTokens: 1_001, cacheReadTokens: tier.threshold - 1_000, outputTokens: 500 });
    close(callCost(past, 'claude-haiku-5-5'), (1_001 * tier.prices.input + (tier.threshold - 1_000) * tier.prices.cacheRead + 500 * tier.prices.output) / 1e6);
    // A model without a tier keeps its prices at any length.
    close(callCost(usage({ inputTokens: 500_000 }), 'claude-sonnet-5-5'), 1);
  });

  it('has no cost for a model the table does not know, rather than a zero that would look free', () => {
    assert.equal(callCost(usage({ inputTokens: 5_000, outputTokens: 300 }), 'my-gateway-alias'), undefined);
    assert.equal(callCost(usage({ inputTokens: 5_000 }), 'claude-future-9'), undefined);
  });
});

describe('a reply\'s cost through the agent (real SDK, fake server)', () => {
  const startHarness = useHarnesses();

  it('prices each call by the model that answered and keeps their sum with the turn', async () => {
    const lookup = echoTool();
    const h = await startHarness({
      settings: { model: 'claude-opus-5-5' },
      scenario: {
        steps: [
          { blocks: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { query: 'verbs' } }], usage: { output_tokens: 400 } },
          { blocks: [{ type: 'text', text: 'Done.' }], usage: { output_tokens: 200 } },
        ],
      },
      tools: [lookup],
    });
    const id = await h.newSession();
    const { outcome, events } = await h.run({ kind: 'message', sessionId: id, text: 'find verbs' });
    assert.equal(outcome.status, 'completed');
    const usages = events.flatMap((e) => (e.type === 'usage' ? [e] : []));
    assert.equal(usages.length, 2);
    const p = modelInfo('claude-opus-5-5').prices;
    for (const e of usages) {
      assert.equal(e.model, 'claude-opus-5-5');
      const u = e.usage;
      assert.ok(u.inputTokens + u.cacheReadTokens + u.cacheCreationTokens > 0, 'the fake counted the prompt');
      close(e.cost, (u.inputTokens * p.input + u.cacheReadTokens * p.cacheRead + u.cacheCreationTokens * p.cacheWrite + u.outputTokens * p.output) / 1e6);
    }
    // The second call read the first one's prefix from the cache: priced lower than it would be as new input.
    assert.ok((usages[1]?.usage.cacheReadTokens ?? 0) > 0, 'the follow-up call read from the cache');
    const total = (usages[0]?.cost ?? 0) + (usages[1]?.cost ?? 0);
    const session = await h.session(id);
    close(session.turns[0]?.cost, total);
    const reply = sessionToView(session).items.find((i) => i.kind === 'assistant');
    close(reply?.kind === 'assistant' ? reply.cost : undefined, total);
  });

  it('has no cost for a model the table does not know: the events and the turn carry tokens only', async () => {
    const h = await startHarness({ scenario: { model: 'my-gateway-model', steps: [{ blocks: [{ type: 'text', text: 'Hi.' }] }] } });
    const id = await h.newSession();
    const { events } = await h.run({ kind: 'message', sessionId: id, text: 'hello' });
    const u = events.find((e) => e.type === 'usage');
    assert.ok(u?.type === 'usage');
    assert.equal(u.model, 'my-gateway-model');
    assert.equal('cost' in u, false, 'no cost field at all');
    const session = await h.session(id);
    assert.deepEqual(session.turns[0]?.usage, u.usage);
    assert.equal(session.turns[0]?.cost, undefined);
  });
});

// The fake's cache model counts like the API: breakpoints write prefixes, later requests read the
// longest shared prefix at a breakpoint or up to 20 blocks before one, short prefixes are not
// cached, and the three input figures add up to the whole prompt.
import * as assert from 'node:assert/strict';
import { cacheMinimum, LOOKBACK_BLOCKS, PromptCache } from '../../../fake/promptCache';

const BP = { cache_control: { type: 'ephemeral' } };
const SYSTEM = 'Rules of the house. '.repeat(200); // 4,000 characters: 1,000 tokens
const text = (t: string, breakpoint = false) => ({ type: 'text', text: t, ...(breakpoint ? BP : {}) });

function body(model: string, messages: unknown[]) {
  return { model, system: [{ type: 'text', text: SYSTEM, ...BP }], messages };
}

const total = (u: { input_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number }) =>
  u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens;

describe('fake prompt cache', () => {
  it('writes at breakpoints, reads the shared prefix, and the three figures add up to the prompt', () => {
    const cache = new PromptCache();
    const doc = 'x'.repeat(8000);
    const first = cache.usageFor(body('claude-sonnet-5-5', [{ role: 'user', content: [text(doc, true), text('Add an exercise', true)] }]));
    assert.equal(first.cache_read_input_tokens, 0);
    assert.equal(first.input_tokens, 0);
    assert.equal(first.cache_creation_input_tokens, total(first));
    const second = cache.usageFor(
      body('claude-sonnet-5-5', [
        { role: 'user', content: [text(doc, true), text('Add an exercise')] },
        { role: 'assistant', content: [text('Done.')] },
        { role: 'user', content: [text('Thanks', true)] },
      ]),
    );
    // Everything up to "Add an exercise" was written by the first request and found by lookback.
    assert.equal(second.cache_read_input_tokens, first.cache_creation_input_tokens);
    assert.ok(second.cache_creation_input_tokens > 0 && second.cache_creation_input_tokens < 10);
    assert.equal(second.input_tokens, 0);
  });

  it('counts what follows the last breakpoint as input, and a changed prefix as a new write', () => {
    const cache = new PromptCache();
    cache.usageFor(body('claude-sonnet-5-5', [{ role: 'user', content: [text('a'.repeat(4000), true), text('question')] }]));
    const changed = cache.usageFor(body('claude-sonnet-5-5', [{ role: 'user', content: [text('b'.repeat(4000), true), text('question')] }]));
    assert.equal(changed.cache_read_input_tokens, 1000, 'only the system prompt is shared');
    assert.equal(changed.cache_creation_input_tokens, 1000);
    assert.equal(changed.input_tokens, 2);
  });

  it('looks back at most 20 blocks from a breakpoint', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => text(`block ${i}`));
    for (const [extra, hit] of [
      [LOOKBACK_BLOCKS - 1, true],
      [LOOKBACK_BLOCKS + 1, false],
    ] as const) {
      const cache = new PromptCache();
      const head = { role: 'user', content: [text('c'.repeat(4000), true)] };
      const a = cache.usageFor(body('claude-sonnet-5-5', [head]));
      const b = cache.usageFor(body('claude-sonnet-5-5', [{ role: 'user', content: [text('c'.repeat(4000)), ...many(extra), text('end', true)] }]));
      assert.equal(b.cache_read_input_tokens === a.cache_creation_input_tokens, hit, `${extra} blocks added`);
    }
  });

  it('caches nothing shorter than the model minimum, by its own table', () => {
    // The prompt-caching page: 512 tokens for all three 5.5 models.
    for (const model of ['claude-sonnet-5-5', 'claude-opus-5-5', 'claude-haiku-5-5']) assert.equal(cacheMinimum(model), 512, model);
    assert.equal(cacheMinimum('claude-haiku-4-5-20251001'), 4096);
    const cache = new PromptCache();
    const short = { model: 'claude-haiku-4-5', system: [{ type: 'text', text: SYSTEM, ...BP }], messages: [{ role: 'user', content: 'hi' }] };
    const a = cache.usageFor(short);
    const b = cache.usageFor(short);
    assert.deepEqual([a.cache_creation_input_tokens, b.cache_read_input_tokens], [0, 0]);
    assert.equal(b.input_tokens, total(b));
  });

  it('keeps each model its own cache', () => {
    const cache = new PromptCache();
    const messages = [{ role: 'user', content: [text('hello', true)] }];
    cache.usageFor(body('claude-sonnet-5-5', messages));
    assert.equal(cache.usageFor(body('claude-opus-5-5', messages)).cache_read_input_tokens, 0);
  });
});

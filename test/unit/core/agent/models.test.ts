// The model table and the one set of defaults: package.json agrees with DEFAULT_SETTINGS, every
// offered model gets parameters the API takes, and an unknown id gets nothing model-specific.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MODEL, EFFORTS, MODEL_CHOICES, MODELS, modelInfo } from '../../../../src/core/agent/models';
import { modelParams, nearestEffort } from '../../../../src/core/agent/requestParams';
import { parseCommand } from '../../../../src/cliArgs';
import { DEFAULT_SETTINGS, NUMBER_SETTINGS } from '../../../../src/core/settings';
import { APPROVAL_RULES } from '../../../../src/core/tools/types';
import { refusalOf } from '../../../fake/apiRules';

type Property = { default?: unknown; enum?: unknown[]; minimum?: number; maximum?: number };
const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, Property> } };
};
const setting = (name: string): Property => manifest.contributes.configuration.properties[`lessonAgent.${name}`] ?? {};

describe('models and default settings', () => {
  it('package.json\'s defaults, bounds and choices are the core\'s settings table, which the CLI uses too', () => {
    assert.equal(setting('model').default, DEFAULT_SETTINGS.model);
    assert.equal(DEFAULT_SETTINGS.model, DEFAULT_MODEL);
    for (const [key, s] of Object.entries(NUMBER_SETTINGS)) {
      const p = setting(s.setting);
      assert.equal(p.default, DEFAULT_SETTINGS[key as keyof typeof NUMBER_SETTINGS] / s.scale, `${s.setting}: default`);
      assert.equal(p.minimum, s.min, `${s.setting}: minimum`);
      assert.equal(p.maximum, s.max, `${s.setting}: maximum`);
    }
    assert.equal(setting('effort').default, DEFAULT_SETTINGS.effort);
    assert.deepEqual(setting('effort').enum, [...EFFORTS]);
    assert.equal(setting('approval.edits').default, DEFAULT_SETTINGS.approvalEdits);
    assert.deepEqual(setting('approval.edits').enum, [...APPROVAL_RULES]);
    assert.deepEqual(setting('approval.alwaysConfirm').default, DEFAULT_SETTINGS.alwaysConfirm);
    assert.ok(MODEL_CHOICES.includes(DEFAULT_MODEL));
  });

  it('the CLI takes each number flag at its bounds, refuses one past them in the table\'s words, and defaults to the table', () => {
    const base = ['run', '--doc', 'lesson.md', '--prompt', 'hi', '--session-dir', 'sessions'];
    const fields = { maxSteps: 'maxSteps', stallTimeoutMs: 'stallTimeoutMs', responseTimeoutMs: 'responseTimeoutMs', maxDocumentBytes: 'maxDocumentBytes' } as const;
    const defaults = parseCommand(base);
    assert.ok(defaults !== 'help');
    assert.equal(defaults.approval, DEFAULT_SETTINGS.approvalEdits);
    for (const [key, field] of Object.entries(fields)) {
      const s = NUMBER_SETTINGS[key as keyof typeof fields];
      assert.ok(s.flag, key);
      assert.equal(defaults[field], DEFAULT_SETTINGS[field], `${s.flag}: default`);
      for (const ok of [s.min, s.max]) {
        const cmd = parseCommand([...base, `--${s.flag}`, String(ok)]);
        assert.ok(cmd !== 'help');
        assert.equal(cmd[field], ok * s.scale, `--${s.flag} ${ok}`);
      }
      for (const bad of [String(s.min - 1), String(s.max + 1), '2.5', 'ten', '']) {
        assert.throws(() => parseCommand([...base, `--${s.flag}`, bad]), (err: Error) => err.message.includes(`--${s.flag} must be a whole number`) && err.message.includes(`from ${s.min} to ${s.max}`), `--${s.flag} ${bad}`);
      }
    }
  });

  it('every offered model, at every effort, gets a request the API accepts, capped at its output limit', () => {
    for (const model of MODELS) {
      for (const effort of EFFORTS) {
        const params = modelParams({ model: model.id, maxTokens: 200_000, effort });
        assert.equal(params.max_tokens, model.maxOutput, model.id);
        const body = { ...params, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] };
        assert.equal(refusalOf(body), undefined, `${model.id} at ${effort}`);
      }
    }
  });

  it('asks the 5.5 models for summarised adaptive thinking, and the 4.5 models for none', () => {
    assert.deepEqual(modelParams({ model: 'claude-sonnet-5-5', maxTokens: 32_000, effort: 'medium' }), {
      model: 'claude-sonnet-5-5',
      max_tokens: 32_000,
      thinking: { type: 'adaptive', display: 'summarized' },
      output_config: { effort: 'medium' },
    });
    assert.deepEqual(modelParams({ model: 'claude-haiku-4-5', maxTokens: 32_000, effort: 'medium' }), { model: 'claude-haiku-4-5', max_tokens: 32_000 });
  });

  it('gives an unknown model (a gateway alias) safe defaults: no thinking, no effort, a modest output limit', () => {
    const params = modelParams({ model: 'my-gateway/claude', maxTokens: 100_000, effort: 'high' });
    assert.deepEqual(params, { model: 'my-gateway/claude', max_tokens: 32_000 });
    assert.equal(modelInfo('my-gateway/claude').prices.input, 0, 'no prices: cost is not guessed');
  });

  it('knows dated ids of the models it offers', () => {
    assert.equal(modelInfo('claude-opus-4-5-20251101').id, 'claude-opus-4-5');
  });

  it('takes the nearest effort a model offers: the same, else lower, else higher', () => {
    assert.equal(nearestEffort('high', ['low', 'medium', 'high']), 'high');
    assert.equal(nearestEffort('max', ['low', 'medium', 'high']), 'high');
    assert.equal(nearestEffort('low', ['medium', 'high']), 'medium');
    assert.equal(nearestEffort('low', []), undefined);
  });

  it('describes every offered model in one line for Select Model, in words a teacher reads', () => {
    for (const m of MODELS) {
      assert.ok(m.description.length > 10 && m.description.length < 90, m.id);
      assert.doesNotMatch(m.description, /token|MTok|\$/);
    }
  });
});

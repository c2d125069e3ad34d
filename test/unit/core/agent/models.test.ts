import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MODEL, MODEL_CHOICES } from '../../../../src/core/agent/models';

describe('models', () => {
  it('the manifest\'s default model is the one the code falls back to, and is offered by Select Model', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
    };
    assert.equal(manifest.contributes.configuration.properties['lessonAgent.model']?.default, DEFAULT_MODEL);
    assert.ok((MODEL_CHOICES as readonly string[]).includes(DEFAULT_MODEL));
  });
});

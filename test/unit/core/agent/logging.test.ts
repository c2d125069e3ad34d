import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { Agent, createSession } from '../../../../src/core/agent/agent';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { startFakeAnthropic } from '../../../fake/fakeAnthropic';
import { API_KEY, emptyCatalog, TEST_SETTINGS } from './harness';

describe('agent logging', () => {
  it('logs one line per model call with timings and token usage, and no content or key', async () => {
    const fake = await startFakeAnthropic({ steps: [{ blocks: [{ type: 'text', text: 'A private reply about the lesson.' }] }] });
    const dir = await mkdtemp(join(tmpdir(), 'la-log-'));
    const lines: string[] = [];
    try {
      const store = new FileSessionStore(dir);
      const agent = new Agent({
        store,
        createClient: () => new Anthropic({ apiKey: API_KEY, baseURL: fake.url, maxRetries: 0 }),
        tools: () => [],
        skills: () => emptyCatalog,
        document: () => undefined,
        workspace: () => undefined,
        settings: () => TEST_SETTINGS,
        log: (level, message) => lines.push(`${level} ${message}`),
      });
      const session = await createSession(store, {});
      await agent.run({ kind: 'message', sessionId: session.id, text: 'my secret question' }, () => undefined);
      const call = lines.find((l) => l.startsWith('info Model call'));
      assert.ok(call, `a model call line among: ${lines.join(' | ')}`);
      assert.match(call, /\d+ ms/);
      assert.match(call, /tokens in \d+, out \d+, cache read \d+, cache write \d+/);
      const all = lines.join('\n');
      assert.ok(!all.includes('secret question') && !all.includes('private reply'), 'no conversation text at info level');
      assert.ok(!all.includes(API_KEY), 'no key');
    } finally {
      await fake.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

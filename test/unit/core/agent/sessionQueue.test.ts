// A change to a session outside a turn (a rename, an edit marked as changed in the editor since)
// and the next message's turn, started together in one process, take the session's lock in turn:
// the second was refused as if another window held the session ("in use by Lesson Agent in another
// VS Code window"), and the teacher's message was not sent.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { Agent, createSession } from '../../../../src/core/agent/agent';
import type { AgentSettings } from '../../../../src/core/settings';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { startFakeAnthropic, type FakeAnthropic } from '../../../fake/fakeAnthropic';

const settings: AgentSettings = {
  model: 'claude-sonnet-5-5',
  maxSteps: 10,
  historyLength: 20,
  largeDocumentChars: 100_000,
  maxTokens: 16_000,
  effort: 'medium',
  stallTimeoutMs: 30_000,
  responseTimeoutMs: 30_000,
  maxDocumentBytes: 5 * 1024 * 1024,
  approvalEdits: 'never',
  alwaysConfirm: [],
};

describe('one process, one session: openings queue', () => {
  let fake: FakeAnthropic;
  let dir: string;
  beforeEach(async () => {
    fake = await startFakeAnthropic({ steps: [], fallback: { blocks: [{ type: 'text', text: 'Here you are.' }] } });
    dir = await mkdtemp(join(tmpdir(), 'la-queue-'));
  });
  afterEach(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a rename and a message started together both go through', async () => {
    const store = new FileSessionStore(dir);
    const agent = new Agent({
      store,
      createClient: () => new Anthropic({ apiKey: 'sk-test-not-a-key', baseURL: fake.url, maxRetries: 0 }),
      tools: () => [],
      skills: () => ({ list: () => [], get: () => undefined }),
      document: () => undefined,
      workspace: () => undefined,
      settings: () => settings,
    });
    for (let i = 0; i < 5; i++) {
      const session = await createSession(store, {});
      const renamed = agent.renameSession(session.id, `Round ${i}`);
      const outcome = await agent.run({ kind: 'message', sessionId: session.id, text: 'hello' }, () => undefined);
      await renamed;
      assert.equal(outcome.status, 'completed', outcome.error?.message);
      const saved = await store.get(session.id);
      assert.equal(saved.title, `Round ${i}`);
    }
  });
});

// What the model is told after a crash about a call that finished but whose result was never kept:
// in English, the words the model reads, never the step's summary the teacher read in their language.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSessionStore } from '../../../../src/core/sessions/fileStore';
import { SessionOwner } from '../../../../src/core/sessions/owner';
import { recoveredResult } from '../../../../src/core/sessions/recovery';

describe('after a crash: a finished call whose result was not kept', () => {
  let dir: string;
  let owner: SessionOwner | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'la-recovery-'));
  });
  afterEach(async () => {
    await owner?.close();
    owner = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it("tells the model in English, without the teacher's summary in French", async () => {
    let n = 0;
    const o = (owner = await SessionOwner.create(new FileSessionStore(dir, () => {}), { now: () => 1_800_000_000_000 + ++n, newId: (p) => `${p}-${++n}` }, { title: 'Verbes' }));
    const { turn } = o.startTurn({ text: 'Ajoutez un exercice' });
    o.recordReply(turn.id, {
      content: [{ type: 'tool_use', id: 'tu1', name: 'load_skill', input: { skill: 'fill-blanks' } }],
      model: 'claude-test',
      requestedModel: 'claude-test',
      usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheCreationTokens: 0 },
      stopReason: 'tool_use',
    });
    o.startToolCall({ id: 'tu1', tool: 'load_skill', displayText: 'Lecture des règles', status: 'running', turnId: turn.id, startedAt: 1 });
    o.endToolCall('tu1', { status: 'success', resultSummary: 'règles des exercices à trous lues' });
    const told = recoveredResult(o.session, 'tu1');
    assert.ok(told, 'a result for the finished call');
    assert.match(String(told.content), /^This call finished, but the turn was interrupted/);
    assert.doesNotMatch(String(told.content), /règles/);
    assert.equal(told.is_error, undefined);
  });
});

// Model faults through the real agent (the built CLI, in its own process) against the fake server:
// each kind ends in success or a clear error event, and leaves a session that loads, parses with
// the panel's schema, is not left locked or running, so the next message can go on.
import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSessionStore } from '../../src/core/sessions/fileStore';
import { sessionToView } from '../../src/core/sessions/view';
import { sessionViewSchema } from '../../src/shared/view';
import { startFakeAnthropic } from '../fake/fakeAnthropic';
import type { ScenarioInput } from '../fake/scenario';
import { checkCliOutput, requireBuiltCli } from '../unit/core/cliProcess';
import { cli, figure, KEY, tempDir } from './kit';

type Step = NonNullable<ScenarioInput['steps']>[number];

const text = (t: string): Step => ({ blocks: [{ type: 'text', text: t }] });
const DOC = ['# Weather words', '', ...Array.from({ length: 40 }, (_, i) => `- item ${i}`), ''].join('\n');
const editCall = (i: number) => ({ type: 'tool_use' as const, name: 'edit_text', input: { edits: [{ find: `- item ${i}\n`, replace: `- ITEM ${i}\n` }], summary: `Item ${i}` } });

/** Each kind: the fault (as the first reply), and what the document must hold afterwards, if anything. */
const KINDS: Record<string, { steps: Step[]; check?: (doc: string) => void }> = {
  'http 400 invalid request': { steps: [{ fault: { kind: 'http', status: 400, errorType: 'invalid_request_error', message: 'Bad request' } }] },
  'http 401 authentication': { steps: [{ fault: { kind: 'http', status: 401, errorType: 'authentication_error', message: 'invalid x-api-key' } }] },
  'http 403 permission': { steps: [{ fault: { kind: 'http', status: 403, errorType: 'permission_error', message: 'Forbidden' } }] },
  'http 429 rate limit': { steps: [{ fault: { kind: 'http', status: 429, errorType: 'rate_limit_error', message: 'Slow down', retryAfterMs: 50 } }] },
  'http 500 server error': { steps: [{ fault: { kind: 'http', status: 500, message: 'Internal' } }] },
  'http 529 overloaded': { steps: [{ fault: { kind: 'http', status: 529, errorType: 'overloaded_error', message: 'Overloaded' } }] },
  'error event mid-stream': { steps: [{ ...text('Half a reply that '.repeat(4)), fault: { kind: 'error_event', afterEvents: 4 } }] },
  'connection dropped mid-stream': { steps: [{ ...text('Half a reply that '.repeat(4)), fault: { kind: 'drop', afterEvents: 4 } }] },
  'stall before headers': { steps: [{ fault: { kind: 'hang' } }] },
  'stall after headers': { steps: [{ ...text('Half a reply that '.repeat(4)), fault: { kind: 'stall', afterEvents: 3 } }] },
  'stream ends without message_stop': { steps: [{ ...text('Half a reply that '.repeat(4)), fault: { kind: 'truncate', afterEvents: 4 } }] },
  'malformed SSE': { steps: [{ ...text('Half a reply that '.repeat(4)), fault: { kind: 'malformed', afterEvents: 3 } }] },
  'invalid tool input': { steps: [{ blocks: [{ type: 'tool_use', name: 'edit_text', input: { edits: 'all of them', summary: 5 } }] }], check: (d) => assert.equal(d, DOC) },
  'unknown tool': { steps: [{ blocks: [{ type: 'tool_use', name: 'format_disk', input: { now: true } }] }], check: (d) => assert.equal(d, DOC) },
  'huge reply (4 MB)': { steps: [{ blocks: [{ type: 'text', text: 'Très long. '.repeat(370_000), chunk: 65_536 }] }] },
  'many tool calls (40 edits in one reply)': {
    steps: [{ blocks: Array.from({ length: 40 }, (_, i) => editCall(i)) }],
    check: (d) => assert.equal(d, DOC.replace(/- item (\d+)\n/g, '- ITEM $1\n')),
  },
  'stop reason end_turn': { steps: [text('All done.')] },
  'stop reason max_tokens': { steps: [{ ...text('Cut off in the mid'), stopReason: 'max_tokens' }] },
  'stop reason max_tokens inside a tool call': { steps: [{ blocks: [editCall(1)], stopReason: 'max_tokens' }], check: (d) => assert.equal(d, DOC) },
  'stop reason stop_sequence': { steps: [{ ...text('Stopped at a sequence'), stopReason: 'stop_sequence' }] },
  'stop reason pause_turn': { steps: [{ ...text('Thinking it over'), stopReason: 'pause_turn' }] },
  'stop reason refusal': { steps: [{ ...text('I cannot'), stopReason: 'refusal' }], check: (d) => assert.equal(d, DOC) },
  'stop reason model_context_window_exceeded': { steps: [{ ...text('Too much'), stopReason: 'model_context_window_exceeded' }] },
  'stop reason tool_use': { steps: [{ blocks: [editCall(2)] }], check: (d) => assert.ok(d.includes('- ITEM 2\n')) },
  // The key grep at the end of the suite finds it in no session file and no output.
  'a reply echoing the API key': { steps: [{ blocks: [{ type: 'text', text: `Your key is ${KEY}; keep it safe.`, chunk: 4096 }, { type: 'tool_use', name: 'edit_text', input: { edits: [{ find: '- item 3\n', replace: `- ${KEY}\n` }], summary: 'Key' } }] }], check: (d) => assert.ok(!d.includes(KEY) && d.includes('- [redacted]\n')) },
};

async function pool<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: size }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
  }));
}

describe('hostile: model faults', function () {
  this.timeout(240_000);
  before(requireBuiltCli);

  it(`ends each of ${Object.keys(KINDS).length} fault kinds in success or a clear error, with a loadable session free for the next message`, async () => {
    const outcomes: string[] = [];
    const problems: string[] = [];
    let loadable = 0;
    await pool(Object.entries(KINDS), 4, async ([kind, { steps, check }]) => {
      const dir = await tempDir('fault');
      const doc = join(dir, 'weather.md');
      const sessions = join(dir, 'sessions');
      await writeFile(doc, DOC, 'utf8');
      const fake = await startFakeAnthropic({ steps, fallback: text('Recovered.') });
      try {
        const base = ['--doc', doc, '--session-dir', sessions, '--base-url', fake.url, '--stall-timeout', '2', '--max-steps', '45', '--approval', 'never'];
        const r = await cli(['run', '--prompt', `fault: ${kind}`, ...base], 90_000);
        checkCliOutput(r, KEY);
        const last = r.events.at(-1);
        if (r.code === 0) outcomes.push(`${kind}: success`);
        else if (r.code === 1 && last?.type === 'error' && last.code !== 'unknown' && last.message.length > 0) outcomes.push(`${kind}: error ${last.code}`);
        else problems.push(`${kind}: exit ${r.code}, last event ${JSON.stringify(last)?.slice(0, 300)} ${r.stderr.slice(-300)}`);
        check?.(await readFile(doc, 'utf8'));
        const id = r.events.find((e) => e.sessionId)?.sessionId;
        assert.ok(id, `${kind}: a session was made`);
        const store = new FileSessionStore(sessions);
        const session = await store.get(id);
        assert.ok(sessionViewSchema.safeParse(sessionToView(session)).success, `${kind}: the session parses with the panel's schema`);
        // Free for the next writer: the next message (the panel's or the command line's) can take it.
        if ((await store.writer(id)) === undefined && session.turns.every((t) => t.status !== 'running')) loadable += 1;
        else problems.push(`${kind}: the session was left locked or running`);
      } finally {
        await fake.close();
      }
    });
    const errors = outcomes.filter((o) => o.includes(': error')).length;
    figure(`fault kinds: ${Object.keys(KINDS).length}; ${outcomes.length - errors} ended in success, ${errors} in a clear error event; ${loadable} sessions loadable, unlocked and not left running`);
    for (const o of outcomes.sort()) figure(`  ${o}`);
    assert.deepEqual(problems, []);
    assert.equal(loadable, Object.keys(KINDS).length);
  });
});

// The key is never written: a reply that echoes the configured key (or any sk-ant- shaped key), in
// its text or a tool call, is stored, shown and exported with the key replaced; so is a key a
// teacher pastes into a message. (It used to be stored and exported verbatim.)
import * as assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sessionToMarkdown } from '../../../../src/core/sessions/markdown';
import { API_KEY, echoTool, textOf, useHarnesses } from './harness';

const OTHER_KEY = 'sk-ant-api03-Zx9_another-teachers-key-0000';

describe('the API key is never written', () => {
  const startHarness = useHarnesses();

  it('a reply echoing the key, in text and in a tool call, is stored, shown and exported with it redacted', async () => {
    const tool = echoTool();
    const h = await startHarness({
      tools: [tool],
      scenario: {
        steps: [
          { blocks: [{ type: 'text', text: `Your key is ${API_KEY}, right?`, chunk: 4096 }, { type: 'tool_use', name: 'lookup', input: { query: `key ${API_KEY}` } }] },
          { blocks: [{ type: 'text', text: `And the other one is ${OTHER_KEY}.`, chunk: 4096 }] },
        ],
      },
    });
    const id = await h.newSession();
    const { events } = await h.run({ kind: 'message', sessionId: id, text: `My colleague's key is ${OTHER_KEY}; what is mine?` });
    assert.doesNotMatch(textOf(events), /sk-ant-/, 'not in what the panel or the CLI shows');
    assert.match(textOf(events), /Your key is \[redacted\], right\?/);
    assert.deepEqual(tool.runs, ['key [redacted]'], 'the tool never gets it either');
    const files = await readdir(h.dir, { recursive: true });
    for (const f of files.filter((n) => n.endsWith('.jsonl') || n.endsWith('.json'))) {
      const text = await readFile(join(h.dir, f), 'utf8');
      assert.ok(!text.includes(API_KEY) && !text.includes(OTHER_KEY), `${f} holds no key`);
    }
    const markdown = sessionToMarkdown(await h.session(id), { secrets: [API_KEY] });
    assert.doesNotMatch(markdown, /sk-ant-/);
    assert.match(markdown, /\[redacted\]/);
    // A configured key of another shape is redacted where it is known.
    assert.equal(sessionToMarkdown({ ...(await h.session(id)), title: 'plain-secret-key-123' }, { secrets: ['plain-secret-key-123'] }).includes('plain-secret-key-123'), false);
  });
});

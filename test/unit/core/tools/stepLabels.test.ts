// A step's label when the model's input cannot be read: what kind of step it was, in the teacher's
// words ("Creating a file"), never the tool's name, "undefined" or a half-filled sentence. Each
// built-in tool is called with inputs that fail its schema (nothing, wrong types, null), through the
// real loop, the real SDK and the fake model.
import * as assert from 'node:assert/strict';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { askUserQuestionTool } from '../../../../src/core/tools/askUserQuestion';
import type { AnyTool } from '../../../../src/core/tools/types';
import { emptyCatalog, MemoryDocument, useHarnesses } from '../agent/harness';

/** Inputs the model might send; each test takes those its tool's schema refuses. */
const INPUTS: readonly unknown[] = [
  {},
  { path: 42, skill: 7, questions: 'which?', content: null, id: [], heading: 3 },
  { path: '', skill: '', questions: [], summary: '', fromLine: 'one' },
  { fromLine: 0, toLine: -4 },
];

describe('step labels when the input cannot be read', function () {
  this.timeout(60_000);
  const startHarness = useHarnesses();
  const tools: AnyTool[] = [...builtinTools(emptyCatalog), askUserQuestionTool];

  for (const tool of tools) {
    it(`${tool.name}: the kind of step, in the teacher's words`, async () => {
      const BAD_INPUTS = INPUTS.filter((input) => !tool.inputSchema.safeParse(input).success);
      assert.ok(BAD_INPUTS.length >= 2, `${BAD_INPUTS.length} of the inputs fail ${tool.name}'s schema`);
      const h = await startHarness({
        scenario: {
          steps: [
            { blocks: BAD_INPUTS.map((input, i) => ({ type: 'tool_use' as const, id: `toolu_${i}`, name: tool.name, input })) },
            { blocks: [{ type: 'text', text: 'Sorry, that went wrong.' }] },
          ],
        },
        tools,
        document: new MemoryDocument('<lesson title="Verbs">\n</lesson>\n'),
      });
      const id = await h.newSession();
      const { events } = await h.run({ kind: 'message', sessionId: id, text: 'go' });
      const labels = events.flatMap((e) => (e.type === 'tool_start' ? [e.displayText] : []));
      assert.equal(labels.length, BAD_INPUTS.length);
      for (const label of labels) {
        assert.equal(label, tool.genericText());
        assert.doesNotMatch(label, /undefined|null|NaN|\[object|\{\d\}/);
        assert.ok(!label.includes(tool.name), `"${label}" does not name the tool`);
      }
      const ends = events.flatMap((e) => (e.type === 'tool_end' ? [e.status] : []));
      assert.deepEqual(ends, BAD_INPUTS.map(() => 'error'), 'each bad call is refused, with its label kept');
      const stored = Object.values((await h.session(id)).toolCalls).map((c) => c.displayText);
      assert.deepEqual(stored, labels, 'the stored steps keep the same labels');
    });
  }
});

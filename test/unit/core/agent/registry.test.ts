// Tool declarations as the API sees them, input validation, and AskUserQuestion's answer format.
import * as assert from 'node:assert/strict';
import * as z from 'zod';
import { askUserQuestionTool, formatAnswers } from '../../../../src/core/tools/askUserQuestion';
import { createToolRegistry, toApiTool } from '../../../../src/core/tools/registry';
import type { ToolDefinition } from '../../../../src/core/tools/types';
import type { Question } from '../../../../src/shared/questions';

const tool: ToolDefinition<{ skill: 'a' | 'b'; note?: string }> = {
  name: 'pick',
  description: 'Picks a skill.',
  inputSchema: z.object({ skill: z.enum(['a', 'b']).describe('Which one'), note: z.string().optional() }),
  displayText: (i) => `Picking ${i.skill}`,
  genericText: () => 'Picking',
  run: () => Promise.resolve({ content: 'ok' }),
};

const q = (over: Partial<Question>): Question => ({ header: 'H', question: 'Q?', options: [], multiSelect: false, ...over });

describe('tool registry', () => {
  it('turns a zod schema into an object JSON schema, once and identically', () => {
    const api = toApiTool(tool);
    assert.equal(api.name, 'pick');
    assert.deepEqual(api.input_schema.type, 'object');
    assert.deepEqual((api.input_schema.properties as Record<string, { enum?: string[]; description?: string }>).skill, {
      type: 'string',
      enum: ['a', 'b'],
      description: 'Which one',
    });
    assert.deepEqual(api.input_schema.required, ['skill']);
    assert.ok(!('$schema' in api.input_schema));
    assert.equal(toApiTool(tool), api, 'the same object for the same tool');
  });

  it('describes AskUserQuestion with optional defaulted fields', () => {
    const api = toApiTool(askUserQuestionTool);
    const schema = JSON.stringify(api.input_schema);
    assert.match(schema, /"questions"/);
    assert.match(schema, /"multiSelect"/);
    assert.match(api.description ?? '', /Never answer your own questions/);
  });

  it('validates inputs into readable messages and keeps the first of two same-named tools', () => {
    const logs: string[] = [];
    const registry = createToolRegistry([tool, { ...tool, description: 'dup' }], (m) => logs.push(m));
    assert.equal(registry.tools.length, 1);
    assert.equal(registry.get('pick')?.description, 'Picks a skill.');
    assert.equal(logs.length, 1);
    assert.deepEqual(registry.parse(tool, { skill: 'a' }), { ok: true, value: { skill: 'a' } });
    const bad = registry.parse(tool, { skill: 'c', note: 3 });
    assert.equal(bad.ok, false);
    assert.match(bad.ok ? '' : bad.message, /Invalid input for pick:\n- skill: .*\n- note: /);
  });
});

describe('AskUserQuestion answers', () => {
  const level = q({ header: 'Level', question: 'Which level?', options: [{ label: 'A2', description: '' }, { label: 'B1', description: '' }] });
  const skills = q({ header: 'Skills', question: 'Which skills?', multiSelect: true, options: [{ label: 'Reading', description: '' }], allowOther: false });
  const dates = q({ header: 'When', question: 'Which dates?', inputType: 'date_range' });
  const count = q({ header: 'Items', question: 'How many?', inputType: 'number', min: 1, max: 20 });

  it('formats one readable line per question', () => {
    assert.equal(
      formatAnswers([level, skills, dates, count], ['B1', ['Reading'], ['2026-03-01', '2026-03-08'], null]),
      'Level: Which level? -> B1\nSkills: Which skills? -> Reading\nWhen: Which dates? -> 2026-03-01 to 2026-03-08\nItems: How many? -> (skipped)',
    );
  });
});

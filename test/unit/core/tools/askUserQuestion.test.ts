// AskUserQuestion as Claude Code has it (1-4 questions, headers of at most 12 characters, 2-4
// options each with a description, multiSelect on choice questions) plus our typed inputs: input
// beyond a limit is an is_error result naming the limit, never a crash, never cut down silently.
import * as assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { askUserQuestionTool } from '../../../../src/core/tools/askUserQuestion';
import { createToolRegistry, toApiTool } from '../../../../src/core/tools/registry';
import { QUESTION_LIMITS } from '../../../../src/shared/questions';

const registry = createToolRegistry([askUserQuestionTool]);
const parse = (input: unknown) => registry.parse(askUserQuestionTool, input);
const option = (label: string) => ({ label, description: `about ${label}` });
const level = { header: 'Level', question: 'Which level?', multiSelect: false, options: [option('A2'), option('B1')] };

function refusal(input: unknown): string {
  const result = parse(input);
  assert.equal(result.ok, false, 'refused');
  return result.ok ? '' : result.message;
}

/** Every AskUserQuestion input in a scenario file, wherever it sits in the rules or steps. */
function askInputs(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) askInputs(v, found);
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (record.type === 'tool_use' && record.name === 'AskUserQuestion') found.push(record.input);
    else for (const v of Object.values(record)) askInputs(v, found);
  }
  return found;
}

describe('AskUserQuestion input', () => {
  it("takes Claude Code's form and our typed inputs, normalised for the card", () => {
    const result = parse({ questions: [level, { header: 'Topic', question: 'Which topic?', inputType: 'text', placeholder: 'food' }] });
    assert.ok(result.ok);
    assert.deepEqual(result.value, {
      questions: [
        { ...level },
        { header: 'Topic', question: 'Which topic?', inputType: 'text', placeholder: 'food', options: [], multiSelect: false },
      ],
    });
  });

  it('refuses each limit with an error that names it', () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['5 questions', { questions: Array.from({ length: 5 }, () => level) }, /questions: ask at most 4 questions in one call/],
      ['no questions', { questions: [] }, /questions: ask at least 1 question/],
      ['a 13-character header', { questions: [{ ...level, header: 'Student level' }] }, /questions\.0\.header: the header is at most 12 characters/],
      ['1 option', { questions: [{ ...level, options: [option('A2')] }] }, /questions\.0\.options: a choice question has 2-4 options/],
      ['5 options', { questions: [{ ...level, options: ['A1', 'A2', 'B1', 'B2', 'C1'].map(option) }] }, /questions\.0\.options: a choice question has 2-4 options: keep the 4/],
      ['an option without a description', { questions: [{ ...level, options: [option('A2'), { label: 'B1' }] }] }, /questions\.0\.options\.1\.description: /],
      ['a blank description', { questions: [{ ...level, options: [option('A2'), { label: 'B1', description: ' ' }] }] }, /each option needs a description/],
      ['a choice without multiSelect', { questions: [{ header: 'Level', question: 'Which?', options: [option('A2'), option('B1')] }] }, /questions\.0\.multiSelect: multiSelect is required for choice questions/],
      ['options on a text input', { questions: [{ ...level, inputType: 'text' }] }, /inputType "text" takes no options/],
      ['a choice type without options', { questions: [{ header: 'Level', question: 'Which?', inputType: 'single_select', multiSelect: false }] }, /a choice question has 2-4 options/],
      ['multiSelect against inputType', { questions: [{ ...level, inputType: 'multi_select' }] }, /multiSelect false contradicts inputType "multi_select"/],
      ['twice the same label', { questions: [{ ...level, options: [option('A2'), option('A2')] }] }, /option labels must differ/],
      ['min above max', { questions: [{ header: 'Items', question: 'How many?', inputType: 'number', min: 9, max: 1 }] }, /min \(9\) is more than max \(1\)/],
    ];
    for (const [name, input, expected] of cases) assert.match(refusal(input), expected, name);
  });

  it('says the same in its JSON schema and its description', () => {
    const api = toApiTool(askUserQuestionTool);
    const questions = (api.input_schema.properties as Record<string, { minItems: number; maxItems: number; items: { properties: Record<string, Record<string, unknown>> } }>).questions;
    assert.ok(questions);
    assert.deepEqual([questions.minItems, questions.maxItems], [1, QUESTION_LIMITS.questions]);
    assert.equal(questions.items.properties.header?.maxLength, QUESTION_LIMITS.header);
    assert.deepEqual([questions.items.properties.options?.minItems, questions.items.properties.options?.maxItems], [QUESTION_LIMITS.minOptions, QUESTION_LIMITS.maxOptions]);
    assert.match(String(questions.items.properties.multiSelect?.description), /Required for choice questions/);
    const description = api.description ?? '';
    assert.match(description, /Ask 1-4 short questions in one call, each with a header of at most 12 characters\. A choice question has 2-4 options, each with a label and a one-line description, and must set multiSelect/);
    assert.match(description, /"text", "number" \(optionally min\/max\), "date", "date_range" or "file"/);
  });

  it('every question in the fake model scenarios fits the limits', async () => {
    const dir = resolve('test/fake/scenarios');
    let checked = 0;
    for (const name of (await readdir(dir)).filter((f) => f.endsWith('.json'))) {
      for (const input of askInputs(JSON.parse(await readFile(join(dir, name), 'utf8')))) {
        const result = parse(input);
        assert.ok(result.ok, `${name}: ${result.ok ? '' : result.message}`);
        checked++;
      }
    }
    assert.ok(checked >= 4, `${checked} questions checked`);
  });
});

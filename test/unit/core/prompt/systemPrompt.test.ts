// The system prompt asks the model to speak to teachers as teachers: exercises and what changed,
// not attributes, ids or XML (a teacher read "(id fb-er-verbs)" and "byte for byte" in the panel).
import * as assert from 'node:assert/strict';
import { systemPrompt } from '../../../../src/core/prompt/assemble';

describe('system prompt: speaking to teachers', () => {
  const prompt = systemPrompt();
  const section = prompt.slice(prompt.indexOf('## Speaking to teachers'), prompt.indexOf('\n## ', prompt.indexOf('## Speaking to teachers') + 1));

  it('has a section on how to speak to teachers, before the XML reference', () => {
    assert.ok(prompt.includes('## Speaking to teachers'));
    assert.ok(prompt.indexOf('## Speaking to teachers') < prompt.indexOf('## Lesson XML quick reference'));
  });

  it('asks for exercises and what changed, in replies and in progress notes, never attributes, ids or XML', () => {
    assert.match(section, /teachers, not programmers/);
    assert.match(section, /exercises by their number and\s+title/);
    assert.match(section, /what changed for\s+their students/);
    assert.match(section, /progress notes/);
    assert.match(section, /Do not speak of attributes, ids, element or tag names, XML, line numbers/);
  });
});

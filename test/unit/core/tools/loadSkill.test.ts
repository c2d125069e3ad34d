import * as assert from 'node:assert/strict';
import * as z from 'zod';
import { createSkillCatalog } from '../../../../src/core/skills/catalog';
import { builtinTools } from '../../../../src/core/tools/builtin';
import { createLoadSkillTool } from '../../../../src/core/tools/loadSkill';
import { useWorkbench, workbench } from './toolContext';

describe('load_skill', () => {
  const bench = useWorkbench();

  it('builds its enum from the skills found and refuses anything else', () => {
    const tool = createLoadSkillTool(bench.skills);
    const schema = z.toJSONSchema(tool.inputSchema) as unknown as { properties: { skill: { enum: string[] } } };
    assert.deepEqual(schema.properties.skill.enum.sort(), bench.skills.list().map((s) => s.name).sort());
    assert.ok(tool.inputSchema.safeParse({ skill: 'fill-blanks' }).success);
    assert.equal(tool.inputSchema.safeParse({ skill: '../../etc/passwd' }).success, false);
    assert.equal(tool.inputSchema.safeParse({ skill: 'crosswords' }).success, false);
    assert.match(tool.description, /- multiple-choice: /);
  });

  it('returns the skill body and shows its display text', async () => {
    const tool = createLoadSkillTool(bench.skills);
    assert.equal(tool.displayText({ skill: 'fill-blanks' }), 'Checking the “Fill in the blanks” rules');
    const result = await tool.run({ skill: 'fill-blanks' }, bench.context());
    assert.equal(result.isError, undefined);
    assert.equal(result.content, bench.skills.get('fill-blanks')?.body);
    assert.match(result.content, /^# Fill-in-the-blank exercises/);
    assert.equal(result.summary, 'read the Fill in the blanks guide (built in)');
  });

  it('serves the freshest version of a skill from the context', async () => {
    const tool = createLoadSkillTool(bench.skills);
    const updated = createSkillCatalog([
      { name: 'fill-blanks', description: 'd', displayText: 'Checking ours', body: 'House rules v2', source: 'workspace' },
    ]);
    const result = await tool.run({ skill: 'fill-blanks' }, bench.context({ skills: updated }));
    assert.equal(result.content, 'House rules v2');
    const missing = await tool.run({ skill: 'sequencing' }, bench.context({ skills: createSkillCatalog([]) }));
    assert.equal(missing.content, bench.skills.get('sequencing')?.body, 'falls back to the catalog it was built from');
  });

  it('reports an unknown skill with the list of available ones', async () => {
    const tool = createLoadSkillTool(createSkillCatalog([]));
    assert.ok(tool.inputSchema.safeParse({ skill: 'anything-valid' }).success);
    assert.equal(tool.inputSchema.safeParse({ skill: 'Bad/Name' }).success, false);
    const result = await tool.run({ skill: 'anything-valid' }, bench.context());
    assert.equal(result.isError, true);
    assert.match(result.content, /There is no skill "anything-valid"\. Available: fill-blanks, /);
  });
});

describe('built-in tools', () => {
  it('are load_skill, read_document, edit_text, replace_element, edit_document, create_document and import_quiz, each with a JSON schema', async () => {
    const bench = await workbench();
    try {
      const tools = builtinTools(bench.skills);
      assert.deepEqual(tools.map((t) => t.name), ['load_skill', 'read_document', 'edit_text', 'replace_element', 'edit_document', 'create_document', 'import_quiz']);
      for (const tool of tools) {
        const schema = z.toJSONSchema(tool.inputSchema) as { type?: string };
        assert.equal(schema.type, 'object', tool.name);
        assert.ok(tool.description.length > 80, tool.name);
      }
      assert.equal(builtinTools(bench.skills), tools, 'the same catalog gives the same tool objects');
      assert.notEqual(builtinTools(createSkillCatalog([]))[0], tools[0]);
    } finally {
      await bench.dispose();
    }
  });
});

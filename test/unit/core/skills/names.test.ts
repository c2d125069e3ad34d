// Skills as a teacher meets them in Create Exercise...: by name ("Fill in the blanks"), with a
// plain sentence (no XML tags), and only the exercise skills (a house style is guidance).
import * as assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { loadSkillCatalog } from '../../../../src/core/skills/catalog';
import { parseSkillFile } from '../../../../src/core/skills/frontmatter';
import { skillLabel, skillSummary, skillTitle } from '../../../../src/core/skills/names';

describe('skills in a teacher\'s words', () => {
  it('the built-in exercise skills have names and plain sentences; the sample house style is not an exercise', async () => {
    const { catalog, problems } = await loadSkillCatalog({ builtinDir: resolve('skills'), workspaceDir: resolve('samples/.lesson-agent/skills') });
    assert.deepEqual(problems, []);
    const exercises = catalog.list().filter((s) => s.exercise);
    // The built-in ones by the exercise type they write, as the preview and the worksheet name it.
    assert.deepEqual(exercises.map(skillTitle).sort(), ['Fill in the blanks', 'Multiple choice', 'Put in order', 'Short answer', 'True or false', 'Writing']);
    for (const skill of exercises) {
      assert.doesNotMatch(skillSummary(skill), /[<>`]|\bfill-blanks\b/, skill.name);
      assert.match(skillSummary(skill), /^[A-Z].*\.$/, `${skill.name}: one sentence`);
    }
    const house = catalog.get('house-style');
    assert.ok(house, 'the sample workspace skill is loaded');
    assert.notEqual(house.exercise, true, 'a house style is not offered as an exercise');
  });

  it("says a built-in skill's label and sentence as its front matter does (their English is the translations' key), and a teacher's own skill's as it wrote them", async () => {
    const { catalog } = await loadSkillCatalog({ builtinDir: resolve('skills'), workspaceDir: resolve('samples/.lesson-agent/skills') });
    const builtin = catalog.list().filter((s) => s.source === 'builtin');
    assert.ok(builtin.length >= 6);
    for (const skill of builtin) {
      assert.equal(skillLabel(skill), skill.displayText, skill.name);
      assert.equal(skillSummary(skill), skill.summary, skill.name);
    }
    const own = { name: 'sequencing', description: 'Ours.', displayText: 'Checking our ordering rules', body: '', source: 'workspace' as const, title: 'Our ordering', summary: 'Our way.' };
    assert.deepEqual([skillTitle(own), skillSummary(own), skillLabel(own)], ['Our ordering', 'Our way.', 'Checking our ordering rules']);
  });

  it('falls back to a readable title and a tag-free description for a skill that gives neither', () => {
    const skill = { name: 'fill-blanks', description: 'Gap-fill (cloze) exercises with <blank>: format, answer keys, hints.' };
    assert.equal(skillTitle(skill), 'Fill blanks');
    assert.equal(skillSummary(skill), 'Gap-fill (cloze) exercises: format, answer keys, hints.');
    assert.equal(skillSummary({ description: 'Multiple-choice questions with <question>, <prompt>, <option correct="true">: format.' }), 'Multiple-choice questions: format.');
  });

  it('reads title, summary and kind from the frontmatter, and refuses an unknown kind', () => {
    const text = (kind: string) => `---\nname: dialogues\ndescription: Role plays.\ntitle: Dialogues\nsummary: Two speakers act out a scene.\nkind: ${kind}\n---\n# Dialogues\nText.`;
    const parsed = parseSkillFile(text('exercise'));
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.frontmatter, { name: 'dialogues', description: 'Role plays.', display: 'Checking dialogues rules', title: 'Dialogues', summary: 'Two speakers act out a scene.', kind: 'exercise' });
    const bad = parseSkillFile(text('quiz'));
    assert.ok(!bad.ok);
    assert.match(bad.message, /kind "quiz" must be "exercise" or "guidance"/);
  });
});

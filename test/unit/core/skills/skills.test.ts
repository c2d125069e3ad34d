import * as assert from 'node:assert/strict';
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { marked } from 'marked';
import type { Token } from 'marked';
import { loadSkillCatalog } from '../../../../src/core/skills/catalog';
import { parseSkillFile } from '../../../../src/core/skills/frontmatter';
import { formatLessonErrors, validateLesson } from '../../../../src/core/lesson/validate';
import { EXERCISE_TYPES } from '../../../../src/core/lesson/vocabulary';

// Tests run from the repository root (npm scripts and mocha's config both do).
const BUILTIN_DIR = resolve('skills');
const SAMPLE_SKILLS_DIR = resolve('samples/.lesson-agent/skills');
const BUILTIN_NAMES = ['fill-blanks', 'multiple-choice', 'sequencing', 'short-answer', 'true-false', 'writing-exercises'];

/** Every fenced ```xml block of a markdown text, found with the markdown parser. */
function xmlExamples(markdown: string): string[] {
  const found: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token: Token) => {
    if (token.type === 'code' && token.lang === 'xml') found.push(token.text);
  });
  return found;
}

/** Skills say their examples are fragments: wrap those in a lesson, as the document would. */
function asLesson(example: string): string {
  return /^\s*(<\?xml[^>]*>\s*)?<lesson[\s>]/.test(example) ? example : `<lesson>\n${example}\n</lesson>`;
}

const skillText = `---
name: dialogues
description: Role-play dialogues for speaking practice.
display: "Checking dialogue rules"
---
# Dialogues
Write two speakers.`;

describe('built-in skills', () => {
  it('are the six exercise skills, each with a description and a display text', async () => {
    const { catalog, problems } = await loadSkillCatalog({ builtinDir: BUILTIN_DIR });
    assert.deepEqual(problems, []);
    assert.deepEqual(catalog.list().map((s) => s.name).sort(), BUILTIN_NAMES);
    assert.equal(catalog.get('fill-blanks')?.displayText, 'Checking the “Fill in the blanks” rules');
    for (const skill of catalog.list()) {
      assert.equal(skill.source, 'builtin');
      assert.ok(skill.description.length > 20, skill.name);
      assert.ok(!skill.body.startsWith('---'), `${skill.name}: frontmatter stripped`);
    }
  });

  it('every XML example in every skill validates as a lesson', async () => {
    const { catalog } = await loadSkillCatalog({ builtinDir: BUILTIN_DIR, workspaceDir: SAMPLE_SKILLS_DIR });
    let checked = 0;
    for (const skill of catalog.list()) {
      const examples = xmlExamples(skill.body);
      assert.ok(examples.length >= 1, `${skill.name} has no xml example`);
      for (const [i, example] of examples.entries()) {
        const result = validateLesson(asLesson(example));
        assert.ok(result.ok, `${skill.name} example ${i + 1}:\n${formatLessonErrors(result)}`);
        checked++;
      }
    }
    assert.ok(checked >= 12, `only ${checked} examples`);
  });

  it('each exercise skill shows exercises of its own type, with the markup it teaches', async () => {
    const { catalog } = await loadSkillCatalog({ builtinDir: BUILTIN_DIR });
    const typeOf: Record<string, string> = { 'writing-exercises': 'writing' };
    for (const skill of catalog.list()) {
      const type = typeOf[skill.name] ?? skill.name;
      assert.ok((EXERCISE_TYPES as readonly string[]).includes(type), type);
      const examples = xmlExamples(skill.body).map((e) => validateLesson(asLesson(e)));
      assert.ok(examples.every((v) => v.exercises.length > 0 && v.exercises.every((e) => e.type === type)), skill.name);
    }
  });

  it('the validator catches a broken example (the check above can fail)', async () => {
    const body = await readFile(join(BUILTIN_DIR, 'fill-blanks.md'), 'utf8');
    const [first] = xmlExamples(body);
    assert.ok(first);
    const broken = first.replace(' student-answer=""', '');
    assert.equal(validateLesson(asLesson(broken)).ok, false);
  });
});

describe('skill frontmatter', () => {
  it('reads name, description and a quoted display text', () => {
    const parsed = parseSkillFile(skillText);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.frontmatter, {
      name: 'dialogues',
      description: 'Role-play dialogues for speaking practice.',
      display: 'Checking dialogue rules',
    });
    assert.equal(parsed.body, '# Dialogues\nWrite two speakers.');
  });

  it('defaults the display text and accepts CRLF line ends', () => {
    const parsed = parseSkillFile('---\r\nname: x1\r\ndescription: d\r\n---\r\nbody');
    assert.ok(parsed.ok);
    assert.equal(parsed.frontmatter.display, 'Checking x1 rules');
  });

  for (const [label, text, expected] of [
    ['no frontmatter', '# Just markdown', /missing frontmatter/],
    ['unclosed', '---\nname: a\n', /unclosed frontmatter/],
    ['bad line', '---\nname a\n---\nbody', /line 2 is not "key: value"/],
    ['unknown key', '---\nname: a\nauthor: me\n---\nbody', /unknown key "author"/],
    ['traversal name', '---\nname: ../../etc/passwd\ndescription: d\n---\nbody', /must be lowercase letters/],
    ['uppercase name', '---\nname: Fill\ndescription: d\n---\nbody', /must be lowercase letters/],
    ['no description', '---\nname: a\n---\nbody', /description is missing/],
    ['empty body', '---\nname: a\ndescription: d\n---\n  \n', /no content/],
  ] as const) {
    it(`rejects ${label}`, () => {
      const parsed = parseSkillFile(text);
      assert.equal(parsed.ok, false);
      if (!parsed.ok) assert.match(parsed.message, expected);
    });
  }
});

describe('skill discovery', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skills-'));
    await mkdir(join(dir, 'builtin'));
    await mkdir(join(dir, 'workspace'));
    await writeFile(join(dir, 'builtin', 'fill-blanks.md'), '---\nname: fill-blanks\ndescription: built in\n---\nBuilt-in body');
    await writeFile(join(dir, 'builtin', 'README.md'), 'Not a skill.');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('adds workspace skills and lets them override a built-in', async () => {
    await writeFile(join(dir, 'workspace', 'dialogues.md'), skillText);
    await writeFile(join(dir, 'workspace', 'fill-blanks.md'), '---\nname: fill-blanks\ndescription: ours\n---\nOur house rules');
    const { catalog, problems } = await loadSkillCatalog({ builtinDir: join(dir, 'builtin'), workspaceDir: join(dir, 'workspace') });
    assert.deepEqual(problems, []);
    assert.deepEqual(catalog.list().map((s) => `${s.name}:${s.source}`), ['fill-blanks:workspace', 'dialogues:workspace']);
    assert.equal(catalog.get('fill-blanks')?.body, 'Our house rules');
  });

  it('reports broken or misnamed files and keeps the good ones', async () => {
    await writeFile(join(dir, 'workspace', 'broken.md'), 'no frontmatter');
    await writeFile(join(dir, 'workspace', 'other.md'), skillText);
    await writeFile(join(dir, 'workspace', 'notes.txt'), 'ignored');
    const { catalog, problems } = await loadSkillCatalog({ builtinDir: join(dir, 'builtin'), workspaceDir: join(dir, 'workspace') });
    assert.deepEqual(catalog.list().map((s) => s.name), ['fill-blanks']);
    assert.equal(problems.length, 2);
    assert.match(problems[0] ?? '', /broken\.md: missing frontmatter/);
    assert.match(problems[1] ?? '', /other\.md: name "dialogues" must match the file name "other"/);
  });

  it('does not follow symlinks out of the workspace skills folder', async () => {
    await writeFile(join(dir, 'secret.md'), skillText.replace('dialogues', 'linked'));
    await symlink(join(dir, 'secret.md'), join(dir, 'workspace', 'linked.md'));
    const { catalog } = await loadSkillCatalog({ builtinDir: join(dir, 'builtin'), workspaceDir: join(dir, 'workspace') });
    assert.equal(catalog.get('linked'), undefined);
  });

  it('treats a missing workspace folder as no skills, a missing built-in folder as a problem', async () => {
    const ok = await loadSkillCatalog({ builtinDir: join(dir, 'builtin'), workspaceDir: join(dir, 'nope') });
    assert.deepEqual(ok.problems, []);
    const bad = await loadSkillCatalog({ builtinDir: join(dir, 'nope') });
    assert.match(bad.problems[0] ?? '', /built-in skills folder is missing/);
    assert.deepEqual(bad.catalog.list(), []);
  });

  it('finds a workspace skill again after it changes on disk', async () => {
    const path = join(dir, 'workspace', 'dialogues.md');
    await writeFile(path, skillText);
    const options = { builtinDir: join(dir, 'builtin'), workspaceDir: join(dir, 'workspace') };
    assert.equal((await loadSkillCatalog(options)).catalog.get('dialogues')?.body, '# Dialogues\nWrite two speakers.');
    await writeFile(path, skillText.replace('Write two speakers.', 'Write three speakers.'));
    assert.equal((await loadSkillCatalog(options)).catalog.get('dialogues')?.body, '# Dialogues\nWrite three speakers.');
  });
});

// Skill discovery: the built-in skills plus, in trusted workspaces, `.lesson-agent/skills/*.md`.
// A workspace skill with a built-in's name replaces it. A broken file is reported and skipped, it
// never takes the others down. The caller decides the directories (and trust), so the VS Code
// side, the CLI and the tests share this code.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseSkillFile } from './frontmatter';
import type { Skill, SkillCatalog } from './types';

/** The little file access discovery needs; `nodeSkillFs` is the real one. */
export interface SkillFs {
  /** Regular files directly in `dir` (names only); undefined when the directory does not exist. */
  listFiles(dir: string): Promise<string[] | undefined>;
  readFile(path: string): Promise<string>;
}

export const nodeSkillFs: SkillFs = {
  async listFiles(dir) {
    try {
      const entries = await readdir(dir, { withFileTypes: true });
      // Symlinks are not followed: a workspace skill cannot pull in a file from elsewhere.
      return entries.filter((e) => e.isFile()).map((e) => e.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  },
  readFile: (path) => readFile(path, 'utf8'),
};

/** Skills are tool results sent to the model on every load: keep them reasonably small. */
export const MAX_SKILL_CHARS = 64 * 1024;

export interface LoadSkillsOptions {
  readonly builtinDir: string;
  /** `.lesson-agent/skills` of a trusted workspace; omit it in restricted mode. */
  readonly workspaceDir?: string;
  readonly fs?: SkillFs;
}

export interface LoadedSkills {
  readonly catalog: SkillCatalog;
  /** One line per skipped file: "path: what is wrong". */
  readonly problems: string[];
}

export function createSkillCatalog(skills: readonly Skill[]): SkillCatalog {
  const byName = new Map(skills.map((s) => [s.name, s]));
  const list = [...byName.values()];
  return { list: () => list, get: (name) => byName.get(name) };
}

async function readDirectory(
  fs: SkillFs,
  dir: string,
  source: Skill['source'],
  problems: string[],
): Promise<Skill[]> {
  const names = await fs.listFiles(dir).catch((error: unknown) => {
    problems.push(`${dir}: cannot be read (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  });
  if (!names) {
    if (source === 'builtin') problems.push(`${dir}: the built-in skills folder is missing`);
    return [];
  }
  const skills: Skill[] = [];
  for (const file of names.filter((n) => n.endsWith('.md') && n.toLowerCase() !== 'readme.md').sort()) {
    const path = join(dir, file);
    const skill = await readSkill(fs, path, source).catch((error: unknown) => String(error));
    if (typeof skill === 'string') problems.push(`${path}: ${skill}`);
    else skills.push(skill);
  }
  return skills;
}

async function readSkill(fs: SkillFs, path: string, source: Skill['source']): Promise<Skill | string> {
  const text = await fs.readFile(path);
  if (text.length > MAX_SKILL_CHARS) return `too large (${text.length} characters, at most ${MAX_SKILL_CHARS})`;
  const parsed = parseSkillFile(text);
  if (!parsed.ok) return parsed.message;
  const expected = basename(path, '.md');
  if (parsed.frontmatter.name !== expected) {
    return `name "${parsed.frontmatter.name}" must match the file name "${expected}"`;
  }
  const { name, description, display, title, summary, kind } = parsed.frontmatter;
  return {
    name,
    description,
    displayText: display,
    body: parsed.body,
    source,
    ...(title ? { title } : {}),
    ...(summary ? { summary } : {}),
    ...(kind === 'exercise' ? { exercise: true } : {}),
  };
}

/** Reads the built-in and workspace skills; never throws for a bad skill file. */
export async function loadSkillCatalog(options: LoadSkillsOptions): Promise<LoadedSkills> {
  const fs = options.fs ?? nodeSkillFs;
  const problems: string[] = [];
  const builtin = await readDirectory(fs, options.builtinDir, 'builtin', problems);
  const workspace = options.workspaceDir ? await readDirectory(fs, options.workspaceDir, 'workspace', problems) : [];
  // Later entries win in createSkillCatalog's map, so workspace skills override built-ins.
  return { catalog: createSkillCatalog([...builtin, ...workspace]), problems };
}

// Skill files: a small frontmatter of `key: value` lines between `---` fences, then markdown.
// Deliberately not YAML: three flat string fields do not justify a YAML parser, and a strict
// format gives precise errors for a teacher writing their own skill.

export const SKILL_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface SkillFrontmatter {
  readonly name: string;
  readonly description: string;
  /** The step's label; defaults to "Checking <name> rules". */
  readonly display: string;
  /** The name teachers know it by ("Fill in the blanks"); optional. */
  readonly title?: string;
  /** One plain sentence for teachers (no markup); optional, the description stands in. */
  readonly summary?: string;
  /** "exercise": offered by Create Exercise...; anything else (or none) is guidance only. */
  readonly kind?: string;
}

export type ParsedSkillFile =
  | { readonly ok: true; readonly frontmatter: SkillFrontmatter; readonly body: string }
  | { readonly ok: false; readonly message: string };

const KNOWN_KEYS = new Set(['name', 'description', 'display', 'title', 'summary', 'kind']);
const KINDS = new Set(['exercise', 'guidance']);

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v[v.length - 1] === v[0]) return v.slice(1, -1);
  return v;
}

function readFields(lines: readonly string[]): Map<string, string> | string {
  const fields = new Map<string, string>();
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = /^([A-Za-z][\w-]*)\s*:(.*)$/.exec(line);
    if (!match) return `frontmatter line ${i + 2} is not "key: value": ${line.trim()}`;
    const key = (match[1] ?? '').toLowerCase();
    if (!KNOWN_KEYS.has(key)) return `frontmatter line ${i + 2}: unknown key "${key}" (known: ${[...KNOWN_KEYS].join(', ')})`;
    if (fields.has(key)) return `frontmatter line ${i + 2}: "${key}" is given twice`;
    fields.set(key, unquote(match[2] ?? ''));
  }
  return fields;
}

/** Parses a skill file; every failure says what to fix. */
export function parseSkillFile(text: string): ParsedSkillFile {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = normalized.split('\n');
  if (lines[0]?.trim() !== '---') return { ok: false, message: 'missing frontmatter: the file must start with a "---" line' };
  const close = lines.indexOf('---', 1);
  if (close < 0) return { ok: false, message: 'unclosed frontmatter: add a "---" line after the fields' };
  const fields = readFields(lines.slice(1, close));
  if (typeof fields === 'string') return { ok: false, message: fields };
  const name = fields.get('name') ?? '';
  const description = fields.get('description') ?? '';
  if (!SKILL_NAME_PATTERN.test(name)) {
    return { ok: false, message: `name "${name}" must be lowercase letters, digits and "-" (at most 64), e.g. "fill-blanks"` };
  }
  if (description === '') return { ok: false, message: 'description is missing: say in one sentence when to load this skill' };
  const body = lines.slice(close + 1).join('\n').trim();
  if (body === '') return { ok: false, message: 'the skill has no content after the frontmatter' };
  const display = fields.get('display') || `Checking ${name} rules`;
  const kind = fields.get('kind');
  if (kind !== undefined && !KINDS.has(kind)) return { ok: false, message: `kind "${kind}" must be "exercise" or "guidance"` };
  const optional = (key: 'title' | 'summary' | 'kind', value: string | undefined) => (value ? { [key]: value } : {});
  const frontmatter: SkillFrontmatter = {
    name,
    description,
    display,
    ...optional('title', fields.get('title')),
    ...optional('summary', fields.get('summary')),
    ...optional('kind', kind),
  };
  return { ok: true, frontmatter, body };
}

// Skills: markdown files with a small frontmatter (name, description, display text), built in
// (skills/) or from the workspace (.lesson-agent/skills/, trusted workspaces only).

export interface Skill {
  /** The load_skill enum value, e.g. "fill-blanks". */
  readonly name: string;
  readonly description: string;
  /** The step's label, e.g. "Checking the “Fill in the blanks” rules". */
  readonly displayText: string;
  /** The markdown body (without frontmatter): the tool result. */
  readonly body: string;
  readonly source: 'builtin' | 'workspace';
  /** The name teachers know it by ("Fill in the blanks"); see names.ts for the fallback. */
  readonly title?: string;
  /** One plain sentence for teachers. */
  readonly summary?: string;
  /** Offered by Create Exercise... (a guidance skill such as a house style is not). */
  readonly exercise?: boolean;
}

export interface SkillCatalog {
  list(): readonly Skill[];
  get(name: string): Skill | undefined;
}

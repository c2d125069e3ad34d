// Skills: markdown files with a small frontmatter (name, description, display text), built in
// (skills/) or from the workspace (.lesson-agent/skills/, trusted workspaces only).

export interface Skill {
  /** The load_skill enum value, e.g. "fill-blanks". */
  readonly name: string;
  readonly description: string;
  /** The step's label, e.g. "Checking fill-blanks rules". */
  readonly displayText: string;
  /** The markdown body (without frontmatter): the tool result. */
  readonly body: string;
  readonly source: 'builtin' | 'workspace';
}

export interface SkillCatalog {
  list(): readonly Skill[];
  get(name: string): Skill | undefined;
}

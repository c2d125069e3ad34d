// load_skill: returns a skill's markdown as the tool result. Its enum and description list the
// skills found, so the tool is built from a catalog (rebuild it when the skills change).
import * as z from 'zod';
import { SKILL_NAME_PATTERN } from '../skills/frontmatter';
import { skillLabel, skillTitle } from '../skills/names';
import type { SkillCatalog } from '../skills/types';
import { errorResult } from './toolResults';
import type { ToolDefinition } from './types';
import { l10n } from '../../shared/l10n';

export interface LoadSkillInput {
  skill: string;
}

function skillSchema(names: readonly string[]): z.ZodType<LoadSkillInput> {
  const [first, ...rest] = names;
  // z.enum needs at least one value; with no skills at all the name is still validated.
  const skill = first === undefined ? z.string().regex(SKILL_NAME_PATTERN) : z.enum([first, ...rest]);
  return z.object({ skill: skill.describe('The skill to load') });
}

export function createLoadSkillTool(catalog: SkillCatalog): ToolDefinition<LoadSkillInput> {
  const skills = catalog.list();
  const listing = skills.map((s) => `- ${s.name}: ${s.description}`).join('\n');
  return {
    name: 'load_skill',
    description:
      'Load the detailed rules and examples for a kind of content. ALWAYS load the matching skill before creating or ' +
      'reworking an exercise, then follow its format exactly. Not needed for conversation or for small text edits.' +
      (listing ? `\nAvailable skills:\n${listing}` : ''),
    inputSchema: skillSchema(skills.map((s) => s.name)),
    displayText: (input) => {
      const skill = catalog.get(input.skill);
      return skill ? skillLabel(skill) : l10n.t('Checking teaching rules');
    },
    genericText: () => l10n.t('Checking teaching rules'),
    async run(input, ctx) {
      // The context's catalog is the freshest (a workspace skill may have been edited since).
      const skill = ctx.skills.get(input.skill) ?? catalog.get(input.skill);
      if (!skill) {
        const names = ctx.skills.list().map((s) => s.name);
        return errorResult(`There is no skill "${input.skill}". Available: ${names.join(', ') || 'none'}.`, l10n.t('There is no guide named “{0}”', input.skill));
      }
      // Said to the teacher: which guide was read, and whether it is their own (the workspace's).
      const summary =
        skill.source === 'workspace' ? l10n.t('read the {0} guide (from this workspace)', skillTitle(skill)) : l10n.t('read the {0} guide (built in)', skillTitle(skill));
      return { content: skill.body, summary };
    },
  };
}

// How a skill is named to a teacher: its title ("Fill in the blanks", never "fill-blanks") and a
// plain sentence (the model's description carries XML tags a teacher should not have to read).
import type { Skill } from './types';

/** "fill-blanks" -> "Fill blanks": a readable stand-in when a skill gives no title. */
function fromName(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function skillTitle(skill: Pick<Skill, 'name' | 'title'>): string {
  return skill.title ?? fromName(skill.name);
}

/** The teacher's sentence: the summary, else the description with markup and tags taken out. */
export function skillSummary(skill: Pick<Skill, 'description' | 'summary'>): string {
  if (skill.summary) return skill.summary;
  return skill.description
    .replace(/<[^>]*>/g, '')
    .replace(/[`*_]/g, '')
    .replace(/\s+with(?:\s*,)*\s*(?=[:.;,]|$)/g, '')
    .replace(/(?:\s*,)+\s*(?=[:.;])/g, '')
    .replace(/\(\s*[,;]?\s*\)/g, '')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}


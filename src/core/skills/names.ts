// How a skill is named to a teacher: its title ("Fill in the blanks", never "fill-blanks"), a plain
// sentence (the model's description carries XML tags a teacher should not have to read) and its
// step's label. A built-in exercise skill is named in the teacher's language: by the exercise type
// it writes, as the preview and the worksheet name it (worksheetWords.ts), with its label and
// sentence through l10n.t. A teacher's own skill is named as its front matter says.
import { displayLanguage, l10n } from '../../shared/l10n';
import { exerciseTypeName } from '../../shared/worksheetWords';
import type { Skill } from './types';

/** What a built-in exercise skill says in the teacher's language: its front matter's display and summary, translated. */
interface BuiltinWords {
  /** The exercise type it writes. */
  readonly type: string;
  readonly display: string;
  readonly summary: string;
}

function builtinWords(skill: { readonly name: string; readonly source?: Skill['source'] }): BuiltinWords | undefined {
  if (skill.source !== 'builtin') return undefined;
  switch (skill.name) {
    case 'fill-blanks':
      return { type: 'fill-blanks', display: l10n.t('Checking the “Fill in the blanks” rules'), summary: l10n.t('Sentences with gaps for students to fill in, with the answers and hints.') };
    case 'multiple-choice':
      return { type: 'multiple-choice', display: l10n.t('Checking the “Multiple choice” rules'), summary: l10n.t('Questions with one correct answer among plausible wrong ones.') };
    case 'true-false':
      return { type: 'true-false', display: l10n.t('Checking the “True or false” rules'), summary: l10n.t('Statements students judge true or false (or not given), with corrections.') };
    case 'sequencing':
      return { type: 'sequencing', display: l10n.t('Checking the “Put in order” rules'), summary: l10n.t('Steps, events or dialogue lines students put in the right order.') };
    case 'short-answer':
      return { type: 'short-answer', display: l10n.t('Checking the “Short answer” rules'), summary: l10n.t('Open questions answered in a sentence or two, with a model answer and marking guide.') };
    case 'writing-exercises':
      return { type: 'writing', display: l10n.t('Checking the “Writing” rules'), summary: l10n.t('An email, story or opinion text to write, with a word count and an assessment guide.') };
    default:
      return undefined;
  }
}

/** "fill-blanks" -> "Fill blanks": a readable stand-in when a skill gives no title. */
function fromName(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The name a teacher knows the skill by: a built-in exercise's type in the display language, else the skill's title. */
export function skillTitle(skill: Pick<Skill, 'name' | 'title'> & { readonly source?: Skill['source'] }): string {
  const builtin = builtinWords(skill);
  if (builtin) return exerciseTypeName(builtin.type, displayLanguage());
  return skill.title ?? fromName(skill.name);
}

/** The teacher's sentence: the summary, else the description with markup and tags taken out. */
export function skillSummary(skill: Pick<Skill, 'description' | 'summary'> & { readonly name?: string; readonly source?: Skill['source'] }): string {
  const builtin = skill.name === undefined ? undefined : builtinWords({ name: skill.name, ...(skill.source ? { source: skill.source } : {}) });
  if (builtin) return builtin.summary;
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

/** The step's label while the skill is read ("Checking the “Fill in the blanks” rules"), in the teacher's language for a built-in one. */
export function skillLabel(skill: Pick<Skill, 'name' | 'displayText' | 'source'>): string {
  return builtinWords(skill)?.display ?? skill.displayText;
}

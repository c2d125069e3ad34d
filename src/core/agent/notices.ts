// What the model is told at the end of the conversation because it changed after the conversation's
// frame was made: the frame's load_skill lists the skills of its time and may not change (the
// model's thinking is bound to it), so a skill added, removed or described anew in the workspace
// is told in a notice with the newest user message, listing every skill available now.
import type { Notice, ReadonlyFrame, ReadonlyMessage } from '../sessions/schema';
import { attr } from '../prompt/documentBlocks';

export interface SkillLine {
  readonly name: string;
  readonly description: string;
}

/** The skills the model was last told of in the window: the latest notice, else the frame's list. */
export function knownSkills(frame: ReadonlyFrame, windowMessages: readonly ReadonlyMessage[]): readonly SkillLine[] {
  for (let i = windowMessages.length - 1; i >= 0; i--) {
    const notice = windowMessages[i]?.notices?.findLast((n) => n.kind === 'skills');
    if (notice) return notice.skills;
  }
  return frame.skills;
}

const same = (a: readonly SkillLine[], b: readonly SkillLine[]): boolean =>
  a.length === b.length && a.every((s, i) => s.name === b[i]?.name && s.description === b[i]?.description);

/** A notice of the skills available now, when they differ from what the model knows. */
export function skillsNotice(known: readonly SkillLine[], now: readonly SkillLine[]): Notice | undefined {
  if (same(known, now)) return undefined;
  const names = new Set(known.map((s) => s.name));
  const added = now.filter((s) => !names.has(s.name)).map((s) => s.name);
  const lines = now.map((s) => `- ${s.name}: ${s.description}`);
  const rendered = [
    `<skills-update${added.length > 0 ? ` added="${attr(added.join(', '))}"` : ''}>`,
    'The skills you can load with load_skill changed in this workspace. This list replaces the one in the tool\'s description:',
    ...(lines.length > 0 ? lines : ['(no skills are available now)']),
    '</skills-update>',
  ].join('\n');
  return { kind: 'skills', skills: now.map((s) => ({ name: s.name, description: s.description })), rendered };
}

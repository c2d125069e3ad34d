// Students' work is the teacher's to change, not the model's. Before any edit of a lesson, the
// current and the proposed text are compared (lesson/studentWork.ts); a changed or removed
// non-empty student-answer, or a removed or renamed id, needs the teacher's approval on the
// confirmation card. Where nobody can be asked (approval "never"), such an edit is refused unless
// the user asked for exactly that in the message that started this turn (askedFor.ts).
import type { ReadonlyMessage } from '../sessions/schema';
import type { StudentWorkChange, StudentWorkGroup } from '../lesson/studentWork';
import { changeExercise, describeAnsweredWork, describePlace, describeStudentWork, isAnswerChange, studentWorkChanges } from '../lesson/studentWork';
import { askedFor, type RequestScope } from './askedFor';

export { askedFor };
import type { DocumentAccess } from '../documents/types';
import type { ToolContext, ToolResult } from '../tools/types';
import { l10n } from '../../shared/l10n';

export type StudentWorkVerdict =
  /** Nothing of the students' is touched, or the user asked for exactly this: go ahead. */
  | { readonly kind: 'free'; readonly note?: string }
  /** The teacher must approve on the card, which lists `groups` (exercises with answers changed; none when no answer is). */
  | {
      readonly kind: 'confirm';
      readonly groups: readonly StudentWorkGroup[];
      readonly reason: string;
      /** A student's answer would change (else only what marks are linked to). */
      readonly answers: boolean;
    }
  /** Approval "never" and not asked for: the tool answers with this error. */
  | { readonly kind: 'refuse'; readonly result: ToolResult };

/** The text the user typed to start turn `turnId`: the last text block of its first user message. */
export function userRequestOf(messages: readonly ReadonlyMessage[], turnId: string): string | undefined {
  const message = messages.find((m) => m.role === 'user' && m.turnId === turnId && m.content.every((b) => b.type === 'text'));
  const texts = message?.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])) ?? [];
  return texts.at(-1);
}

function countText(changes: readonly StudentWorkChange[]): string {
  const answers = changes.filter(isAnswerChange).length;
  const ids = changes.length - answers;
  const parts = [answers > 0 ? `${answers} student answer${answers === 1 ? '' : 's'}` : '', ids > 0 ? `${ids} id${ids === 1 ? '' : 's'}` : ''];
  return parts.filter(Boolean).join(' and ');
}

/** Whether the edit changes what a student wrote (not only what marks are linked to). */
export function changesAnswers(changes: readonly StudentWorkChange[]): boolean {
  return changes.some(isAnswerChange);
}

/** "2 parts of the lesson", for the card (the teacher's language). */
function parts(n: number): string {
  return n === 1 ? l10n.t('1 part of the lesson') : l10n.t('{0} parts of the lesson', n);
}

/**
 * Why the card asks, in a teacher's words (no ids): answers are students' work; a removed or
 * relabelled exercise is what marks are linked to, which is not work a student did.
 */
export function studentWorkReason(changes: readonly StudentWorkChange[]): string {
  const answers = changes.filter(isAnswerChange).length;
  const removed = changes.filter((c) => c.kind === 'id-removed' && !c.elementKept).length;
  const relabelled = changes.filter((c) => !isAnswerChange(c) && !(c.kind === 'id-removed' && !c.elementKept));
  // The card lists only answers, so a relabelled part is named here (a removed one shows in what the edit does).
  const where = [...new Set(relabelled.map((c) => describePlace(changeExercise(c))))].join('; ');
  const removes = removed > 0 ? l10n.t('removes {0}', parts(removed)) : '';
  const relabels = relabelled.length > 0 ? l10n.t('relabels {0} ({1})', parts(relabelled.length), where) : '';
  const links = removes && relabels ? l10n.t('{0} and {1}', removes, relabels) : removes || relabels;
  if (answers === 0) return l10n.t("It {0} that students' answers and marks are linked to.", links);
  const count = answers === 1 ? l10n.t('1 student answer') : l10n.t('{0} student answers', answers);
  return links
    ? l10n.t("It changes students' work ({0}) and {1} that students' answers and marks are linked to.", count, links)
    : l10n.t("It changes students' work ({0}).", count);
}

function listing(groups: readonly StudentWorkGroup[]): string {
  return groups.map((g) => `${g.place}:\n${g.changes.map((c) => `  - ${c}`).join('\n')}`).join('\n');
}

/** What a refusal names each change by: its exercise's id, else its own id, else the exercise's number. */
function nameOf(change: StudentWorkChange): string {
  if ('element' in change) return change.element.id;
  const exercise = change.field.exercise;
  return exercise?.id ?? change.field.id ?? (exercise ? `exercise ${exercise.number}` : 'the lesson');
}

function refusal(changes: readonly StudentWorkChange[]): ToolResult {
  const groups = describeStudentWork(changes, 'model');
  const ids = [...new Set(changes.map(nameOf))];
  const content = [
    `The document was NOT changed: this edit would change students' work (${countText(changes)}: ${ids.join(', ')}), ` +
      'and the user\'s settings never ask for approval, so such a change happens only when the user asks for it in their message.',
    listing(groups),
    'Keep every non-empty student-answer and every id exactly as they are and call the tool again. If the user wants this ' +
      `work changed, ask them to say so in a message (for example "clear the answers in ${ids[0] ?? 'exercise 1'}").`,
  ].join('\n');
  // The step's words name places, not ids.
  const places = describeStudentWork(changes).map((g) => g.place).join('; ');
  const summary = changesAnswers(changes)
    ? l10n.t("Refused: it would change students' work ({0})", places)
    : l10n.t("Refused: it would remove or relabel parts students' marks are linked to ({0})", places);
  return { content, isError: true, summary };
}

/** What the message could name in this lesson, and which exercises the edit removes whole. */
function requestScope(before: string, changes: readonly StudentWorkChange[]): RequestScope {
  const lessonIds = [...before.matchAll(/\bid\s*=\s*"([^"]+)"/g)].map((m) => m[1] ?? '');
  const removed = changes.flatMap((c) => (c.kind === 'id-removed' && c.element.element === 'exercise' && !c.elementKept ? [c.element.id] : []));
  return { lessonIds, removedExercises: new Set(removed) };
}

/** What an edit from `before` to `after` may do to students' work under the user's settings. */
export function judgeStudentWork(tool: string, ctx: ToolContext, document: DocumentAccess, before: string, after: string): StudentWorkVerdict {
  if (document.kind !== 'lesson' || before === after) return { kind: 'free' };
  const changes = studentWorkChanges(before, after);
  if (changes.length === 0) return { kind: 'free' };
  const canAsk = ctx.settings.approvalEdits !== 'never' || ctx.settings.alwaysConfirm.includes(tool);
  if (canAsk) return { kind: 'confirm', groups: describeAnsweredWork(changes), reason: studentWorkReason(changes), answers: changesAnswers(changes) };
  const unasked = changes.filter((c) => !askedFor(ctx.userRequest, c, requestScope(before, changes)));
  if (unasked.length > 0) return { kind: 'refuse', result: refusal(unasked) };
  return { kind: 'free', note: `As the user asked, this changed students' work:\n${listing(describeStudentWork(changes, 'model'))}` };
}

// What an edit did, in a teacher's words: "added an exercise", "removed 2 paragraphs", "changed
// 3 lines". The panel shows this beside the edit (never "-0 +574 characters"). Whole parts added
// or taken out are named (exercises, headings, paragraphs, notes, lists); anything else is
// counted in lines, which a teacher can find in the editor. Only the teacher reads these (the model
// reads the exact counts), so they are in the teacher's language, each word through l10n.t.
import { diffLines } from 'diff';
import { l10n } from '../../shared/l10n';
import type { DocumentKind } from './types';

interface Part {
  /** "an exercise", "3 exercises", in the teacher's language. */
  readonly amount: (n: number) => string;
  readonly count: (text: string) => number;
}

function occurrences(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** The lesson outside its exercises: a paragraph inside an exercise belongs to the exercise. */
function outsideExercises(xml: string): string {
  return xml.replace(/<exercise\b[\s\S]*?<\/exercise>/g, '');
}

const exercises = (n: number): string => (n === 1 ? l10n.t('an exercise') : l10n.t('{0} exercises', n));
const headings = (n: number): string => (n === 1 ? l10n.t('a heading') : l10n.t('{0} headings', n));
const paragraphs = (n: number): string => (n === 1 ? l10n.t('a paragraph') : l10n.t('{0} paragraphs', n));
const notes = (n: number): string => (n === 1 ? l10n.t('a note') : l10n.t('{0} notes', n));
const lists = (n: number): string => (n === 1 ? l10n.t('a list') : l10n.t('{0} lists', n));
const lines = (n: number): string => (n === 1 ? l10n.t('1 line') : l10n.t('{0} lines', n));

const LESSON_PARTS: readonly Part[] = [
  { amount: exercises, count: (t) => occurrences(t, /<exercise\b/g) },
  { amount: headings, count: (t) => occurrences(outsideExercises(t), /<h[1-6]\b/g) },
  { amount: paragraphs, count: (t) => occurrences(outsideExercises(t).replace(/<note\b[\s\S]*?<\/note>/g, ''), /<p\b/g) },
  { amount: notes, count: (t) => occurrences(outsideExercises(t), /<note\b/g) },
  { amount: lists, count: (t) => occurrences(outsideExercises(t), /<[uo]l\b/g) },
];

/** Markdown and plain text: blocks separated by blank lines. */
function blocks(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((b) => b.trim())
    .filter((b) => b.length > 0);
}

const TEXT_PARTS: readonly Part[] = [
  { amount: headings, count: (t) => blocks(t).filter((b) => /^#{1,6}\s/.test(b)).length },
  { amount: lists, count: (t) => blocks(t).filter((b) => /^([-*+]|\d+[.)])\s/.test(b)).length },
  { amount: paragraphs, count: (t) => blocks(t).filter((b) => !/^(#{1,6}|[-*+]|\d+[.)])\s/.test(b)).length },
];

function lineCount(text: string): number {
  if (text.length === 0) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Lines changed in place, added and removed, from a line diff. */
function lineChanges(before: string, after: string): { changed: number; added: number; removed: number } {
  let changed = 0;
  let added = 0;
  let removed = 0;
  let pendingRemoved = 0;
  for (const change of diffLines(before, after)) {
    const n = lineCount(change.value);
    if (change.removed) {
      pendingRemoved += n;
    } else if (change.added) {
      const paired = Math.min(pendingRemoved, n);
      changed += paired;
      added += n - paired;
      removed += pendingRemoved - paired;
      pendingRemoved = 0;
    } else {
      removed += pendingRemoved;
      pendingRemoved = 0;
    }
  }
  removed += pendingRemoved;
  return { changed, added, removed };
}

/** "a, b and c" ("a, b et c"). */
function join(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return l10n.t('{0} and {1}', parts.slice(0, -1).join(', '), parts.at(-1) ?? '');
}

/** Past for what was done ("added"), present for what a proposal would do ("adds"). */
export type Tense = 'past' | 'present';
type Verbs = Record<'add' | 'remove' | 'change', (what: string) => string>;
/** Each verb whole with its object, so a language puts the object where it goes ("{0} hinzugefügt"). */
const VERBS: Record<Tense, Verbs> = {
  past: { add: (w) => l10n.t('added {0}', w), remove: (w) => l10n.t('removed {0}', w), change: (w) => l10n.t('changed {0}', w) },
  present: { add: (w) => l10n.t('adds {0}', w), remove: (w) => l10n.t('removes {0}', w), change: (w) => l10n.t('changes {0}', w) },
};

/** Whole parts added or removed, when that is all the change is; undefined otherwise. */
function partWords(before: string, after: string, kind: DocumentKind, verb: Verbs): string | undefined {
  const table = kind === 'lesson' ? LESSON_PARTS : TEXT_PARTS;
  const added: string[] = [];
  const removed: string[] = [];
  for (const part of table) {
    const delta = part.count(after) - part.count(before);
    if (delta > 0) added.push(part.amount(delta));
    if (delta < 0) removed.push(part.amount(-delta));
  }
  const said = [...(added.length > 0 ? [verb.add(join(added))] : []), ...(removed.length > 0 ? [verb.remove(join(removed))] : [])];
  return said.length > 0 ? join(said) : undefined;
}

/** "added an exercise", "changed 1 line and added 2 lines", "no change". Lowercase, no full stop. */
export function describeChange(before: string, after: string, kind: DocumentKind, tense: Tense = 'past'): string {
  if (before === after) return l10n.t('no change');
  const verb = VERBS[tense];
  const changes = lineChanges(before, after);
  const parts = partWords(before, after, kind, verb);
  // Parts name a pure addition or removal best; a rewrite in place is better counted in lines.
  if (parts && (changes.changed === 0 || changes.added + changes.removed >= changes.changed)) return parts;
  const said: string[] = [];
  if (changes.changed > 0) said.push(verb.change(lines(changes.changed)));
  if (changes.added > 0) said.push(verb.add(lines(changes.added)));
  if (changes.removed > 0) said.push(verb.remove(lines(changes.removed)));
  if (said.length > 0) return join(said);
  return tense === 'past' ? l10n.t('changed the spacing') : l10n.t('changes the spacing');
}

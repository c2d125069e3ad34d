// What an edit did, in a teacher's words: "added an exercise", "removed 2 paragraphs", "changed
// 3 lines". The panel shows this beside the edit (never "-0 +574 characters"). Whole parts added
// or taken out are named (exercises, headings, paragraphs, notes, lists); anything else is
// counted in lines, which a teacher can find in the editor.
import { diffLines } from 'diff';
import type { DocumentKind } from './types';

interface Part {
  readonly one: string;
  readonly many: string;
  readonly count: (text: string) => number;
}

function occurrences(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** The lesson outside its exercises: a paragraph inside an exercise belongs to the exercise. */
function outsideExercises(xml: string): string {
  return xml.replace(/<exercise\b[\s\S]*?<\/exercise>/g, '');
}

const LESSON_PARTS: readonly Part[] = [
  { one: 'an exercise', many: 'exercises', count: (t) => occurrences(t, /<exercise\b/g) },
  { one: 'a heading', many: 'headings', count: (t) => occurrences(outsideExercises(t), /<h[1-6]\b/g) },
  { one: 'a paragraph', many: 'paragraphs', count: (t) => occurrences(outsideExercises(t).replace(/<note\b[\s\S]*?<\/note>/g, ''), /<p\b/g) },
  { one: 'a note', many: 'notes', count: (t) => occurrences(outsideExercises(t), /<note\b/g) },
  { one: 'a list', many: 'lists', count: (t) => occurrences(outsideExercises(t), /<[uo]l\b/g) },
];

/** Markdown and plain text: blocks separated by blank lines. */
function blocks(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((b) => b.trim())
    .filter((b) => b.length > 0);
}

const TEXT_PARTS: readonly Part[] = [
  { one: 'a heading', many: 'headings', count: (t) => blocks(t).filter((b) => /^#{1,6}\s/.test(b)).length },
  { one: 'a list', many: 'lists', count: (t) => blocks(t).filter((b) => /^([-*+]|\d+[.)])\s/.test(b)).length },
  { one: 'a paragraph', many: 'paragraphs', count: (t) => blocks(t).filter((b) => !/^(#{1,6}|[-*+]|\d+[.)])\s/.test(b)).length },
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

function amount(n: number, one: string, many: string): string {
  return n === 1 ? one : `${n} ${many}`;
}

function join(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Past for what was done ("added"), present for what a proposal would do ("adds"). */
export type Tense = 'past' | 'present';
const VERBS: Record<Tense, Record<'add' | 'remove' | 'change', string>> = {
  past: { add: 'added', remove: 'removed', change: 'changed' },
  present: { add: 'adds', remove: 'removes', change: 'changes' },
};

/** Whole parts added or removed, when that is all the change is; undefined otherwise. */
function partWords(before: string, after: string, kind: DocumentKind, verb: (typeof VERBS)[Tense]): string | undefined {
  const table = kind === 'lesson' ? LESSON_PARTS : TEXT_PARTS;
  const added: string[] = [];
  const removed: string[] = [];
  for (const part of table) {
    const delta = part.count(after) - part.count(before);
    if (delta > 0) added.push(amount(delta, part.one, part.many));
    if (delta < 0) removed.push(amount(-delta, part.one, part.many));
  }
  const said = [...(added.length > 0 ? [`${verb.add} ${join(added)}`] : []), ...(removed.length > 0 ? [`${verb.remove} ${join(removed)}`] : [])];
  return said.length > 0 ? said.join(' and ') : undefined;
}

/** "added an exercise", "changed 1 line and added 2 lines", "no change". Lowercase, no full stop. */
export function describeChange(before: string, after: string, kind: DocumentKind, tense: Tense = 'past'): string {
  if (before === after) return 'no change';
  const verb = VERBS[tense];
  const lines = lineChanges(before, after);
  const parts = partWords(before, after, kind, verb);
  // Parts name a pure addition or removal best; a rewrite in place is better counted in lines.
  if (parts && (lines.changed === 0 || lines.added + lines.removed >= lines.changed)) return parts;
  const said: string[] = [];
  if (lines.changed > 0) said.push(`${verb.change} ${amount(lines.changed, '1 line', 'lines')}`);
  if (lines.added > 0) said.push(`${verb.add} ${amount(lines.added, '1 line', 'lines')}`);
  if (lines.removed > 0) said.push(`${verb.remove} ${amount(lines.removed, '1 line', 'lines')}`);
  return said.length > 0 ? join(said) : `${verb.change} the spacing`;
}

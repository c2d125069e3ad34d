// What an edit would do to students' work: a non-empty `student-answer` changed or removed, an
// element id removed or renamed (ids tie answers and marks to the exercises). The changes are
// described in a teacher's words (the exercise's number and title, the answer quoted), never XML,
// and in the teacher's language; the model is told the same in English, with the ids it acts on.
import { l10n } from '../../shared/l10n';
import type { AnswerField, ExercisePlace, IdentifiedElement, LessonOutline } from './outline';
import { analyseLesson } from './analysis';

export type StudentWorkChange =
  | { readonly kind: 'answer-changed'; readonly field: AnswerField; readonly to: string }
  | { readonly kind: 'answer-removed'; readonly field: AnswerField }
  | { readonly kind: 'id-removed'; readonly element: IdentifiedElement; readonly elementKept: boolean }
  | { readonly kind: 'id-renamed'; readonly element: IdentifiedElement; readonly to: string };

/** The changes of one exercise (or of the lesson outside exercises), as the card lists them. */
export interface StudentWorkGroup {
  readonly place: string;
  readonly changes: readonly string[];
}

/** Whether the change is to what a student wrote (not only to what marks are linked to). */
export function isAnswerChange(change: StudentWorkChange): boolean {
  return change.kind === 'answer-changed' || change.kind === 'answer-removed';
}

function isAnswer(field: AnswerField): boolean {
  return field.value.trim().length > 0;
}

/** How many elements named `name` an exercise (by id, else by number) or the lesson outside exercises holds. */
function countIn(outline: LessonOutline, place: { id: string | undefined; number: number } | undefined, name: string): number {
  if (name === 'exercise' || !place) return outline.outsideCounts.get(name) ?? 0;
  const exercise = place.id === undefined ? outline.exercises[place.number - 1] : outline.ids.get(place.id)?.exercise;
  return exercise?.counts.get(name) ?? 0;
}

/**
 * Removed ids, and renamed ones: an id is renamed when the element of its name that holds its
 * rank among the ids (the third exercise id, say) now has an id the lesson did not have. A
 * removed id's element is taken as kept when its exercise still has as many elements of its name.
 */
function idChanges(before: LessonOutline, after: LessonOutline): StudentWorkChange[] {
  const changes: StudentWorkChange[] = [];
  const renamed = new Map<string, string>();
  for (const element of before.ids.values()) {
    if (after.ids.has(element.id)) continue;
    const there = after.idsByElement.get(element.element)?.[element.idRank];
    if (there !== undefined && !before.ids.has(there)) {
      renamed.set(element.id, there);
      changes.push({ kind: 'id-renamed', element, to: there });
    }
  }
  for (const element of before.ids.values()) {
    if (after.ids.has(element.id) || renamed.has(element.id)) continue;
    const place = element.exercise;
    const followed = place && { id: place.id === undefined ? undefined : (renamed.get(place.id) ?? place.id), number: place.number };
    const kept = countIn(after, followed, element.element) >= countIn(before, place, element.element);
    changes.push({ kind: 'id-removed', element, elementKept: kept });
  }
  return changes;
}

/** The longest run of `a` found in `b` in the same order (an LCS): the pairs of indexes matched. */
function alignInOrder(a: readonly string[], b: readonly string[]): [number, number][] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = table[i] as number[];
      row[j] = a[i] === b[j] ? ((table[i + 1] as number[])[j + 1] ?? 0) + 1 : Math.max((table[i + 1] as number[])[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (((table[i + 1] as number[])[j] ?? 0) >= ((table[i] as number[])[j + 1] ?? 0)) i++;
    else j++;
  }
  return pairs;
}

/**
 * Matches each non-empty answer of `before` to `after`: the same field (by id, else by rank in
 * its exercise) with the same value is kept. When fields of a kind were added to or removed from
 * an exercise, the ranks shift: answers that kept their order among the fields of their kind are
 * the same answers moved (a gap inserted before them). Nothing else moves: two answers that trade
 * places (a swap), or any answer now in another field, is a change of the field it was in; a
 * field that is gone is a removal.
 */
function answerChanges(before: LessonOutline, after: LessonOutline, renamed: ReadonlyMap<string, string>): StudentWorkChange[] {
  const follow = (field: AnswerField): string => {
    const to = renamed.get(field.exerciseKey);
    const prefix = `${field.exerciseKey}|`;
    return to !== undefined && field.identity.startsWith(prefix) ? `${to}|${field.identity.slice(prefix.length)}` : field.identity;
  };
  // Exercises without an id are known by their number, which an inserted exercise shifts.
  const sameExercise = (a: AnswerField, key: string, b: AnswerField): boolean =>
    b.exerciseKey === key || (a.exercise?.id === undefined && b.exercise !== undefined && b.exercise.id === undefined);
  const afterBy = new Map(after.answers.map((f) => [f.identity, f]));
  const used = new Set<AnswerField>();
  const pending: AnswerField[] = [];
  for (const field of before.answers.filter(isAnswer)) {
    const same = afterBy.get(follow(field));
    if (same && same.value === field.value && !used.has(same)) used.add(same);
    else pending.push(field);
  }
  // Pending answers of one kind in one exercise, aligned in order with the fields left after.
  const groups = new Map<string, AnswerField[]>();
  for (const field of pending) {
    const key = `${renamed.get(field.exerciseKey) ?? field.exerciseKey}|${field.element}`;
    groups.set(key, [...(groups.get(key) ?? []), field]);
  }
  const lost: AnswerField[] = [];
  for (const fields of groups.values()) {
    const first = fields[0] as AnswerField;
    const key = renamed.get(first.exerciseKey) ?? first.exerciseKey;
    const kind = (f: AnswerField): boolean => f.element === first.element;
    const countBefore = before.answers.filter((f) => f.exerciseKey === first.exerciseKey && kind(f)).length;
    const countAfter = after.answers.filter((f) => f.exerciseKey === key && kind(f)).length;
    const candidates = after.answers.filter((f) => !used.has(f) && sameExercise(first, key, f) && kind(f));
    if (countBefore === countAfter) {
      // The same fields, each in its place (one may have lost or gained an id): the same value
      // there is kept, another value is a change (swaps included).
      const paired = candidates.length === fields.length;
      for (const [i, field] of fields.entries()) {
        const there = candidates[i];
        if (paired && there && there.value === field.value) used.add(there);
        else lost.push(field);
      }
      continue;
    }
    const matched = new Set<number>();
    for (const [i, j] of alignInOrder(fields.map((f) => f.value), candidates.map((f) => f.value))) {
      matched.add(i);
      used.add(candidates[j] as AnswerField);
    }
    lost.push(...fields.filter((_, i) => !matched.has(i)));
  }
  const order = new Map(before.answers.map((f, i) => [f, i]));
  lost.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return lost.map((field): StudentWorkChange => {
    const same = afterBy.get(follow(field));
    if (!same || used.has(same)) return { kind: 'answer-removed', field };
    used.add(same);
    return { kind: 'answer-changed', field, to: same.value };
  });
}

/** Every change to students' work from `before` to `after` (both lesson XML), in document order. */
export function studentWorkChanges(before: string, after: string): StudentWorkChange[] {
  const a = analyseLesson(before).outline;
  const b = analyseLesson(after).outline;
  const ids = idChanges(a, b);
  const renamed = new Map(ids.flatMap((c) => (c.kind === 'id-renamed' ? [[c.element.id, c.to] as const] : [])));
  return [...answerChanges(a, b, renamed), ...ids];
}

export function changeExercise(change: StudentWorkChange): ExercisePlace | undefined {
  return 'field' in change ? change.field.exercise : change.element.exercise;
}

/** The model's words for an element (English: what the model reads stays English). */
const ELEMENT_WORDS: Readonly<Record<string, string>> = {
  exercise: 'the exercise',
  p: 'a paragraph',
  li: 'a list item',
  ul: 'a list',
  ol: 'a list',
  h1: 'a heading',
  h2: 'a heading',
  h3: 'a heading',
  note: 'a teacher note',
  blank: 'a gap',
  question: 'a question',
  statement: 'a statement',
  sequence: 'the ordering task',
  'short-answer': 'a short-answer question',
  'writing-area': 'the writing space',
  'word-bank': 'the word bank',
  rubric: 'the marking rubric',
};

/** The teacher's words for an element, as the subject of a sentence, in their language. */
function teacherSubject(element: string): string {
  switch (element) {
    case 'exercise':
      return l10n.t('The exercise');
    case 'p':
      return l10n.t('A paragraph');
    case 'li':
      return l10n.t('A list item');
    case 'ul':
    case 'ol':
      return l10n.t('A list');
    case 'h1':
    case 'h2':
    case 'h3':
      return l10n.t('A heading');
    case 'note':
      return l10n.t('A teacher note');
    case 'blank':
      return l10n.t('A gap');
    case 'question':
      return l10n.t('A question');
    case 'statement':
      return l10n.t('A statement');
    case 'sequence':
      return l10n.t('The ordering task');
    case 'short-answer':
      return l10n.t('A short-answer question');
    case 'writing-area':
      return l10n.t('The writing space');
    case 'word-bank':
      return l10n.t('The word bank');
    case 'rubric':
      return l10n.t('The marking rubric');
    default:
      return l10n.t('A part of the lesson');
  }
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > 80 ? `${flat.slice(0, 79)}…` : flat}”`;
}

function fieldName(field: AnswerField, reader: StudentWorkReader): string {
  if (reader === 'teacher') {
    if (field.element === 'sequence') return l10n.t('The order the student chose');
    if (field.element === 'writing-area') return l10n.t("The student's text");
    return field.label ? l10n.t('The answer to {0}', quote(field.label)) : l10n.t("A student's answer");
  }
  if (field.element === 'sequence') return 'The order the student chose';
  if (field.element === 'writing-area') return "The student's text";
  return field.label ? `The answer to ${quote(field.label)}` : "A student's answer";
}

/** Who reads the line: the teacher (on the card, never an id) or the model (ids named, to act on). */
export type StudentWorkReader = 'teacher' | 'model';

function elementSubject(change: { readonly element: IdentifiedElement }): string {
  const what = ELEMENT_WORDS[change.element.element] ?? `a <${change.element.element}> element`;
  return what.charAt(0).toUpperCase() + what.slice(1);
}

function describeIdChange(change: Extract<StudentWorkChange, { element: IdentifiedElement }>, reader: StudentWorkReader): string {
  if (reader === 'teacher') {
    const subject = teacherSubject(change.element.element);
    if (change.kind === 'id-renamed') return l10n.t('{0} would be relabelled: answers and marks already recorded for it would no longer match.', subject);
    if (!change.elementKept) return l10n.t('{0} would be removed.', subject);
    return l10n.t("{0} would lose the label that links students' answers and marks to it.", subject);
  }
  const subject = elementSubject(change);
  const id = change.element.id;
  if (change.kind === 'id-renamed') return `The id ${id} would become ${change.to}: answers and marks recorded under ${id} would no longer match.`;
  if (!change.elementKept) return `${subject} (id ${id}) would be removed.`;
  return `${subject} would lose its id ${id}, which links students' answers and marks to it.`;
}

function describeAnswerChange(change: Extract<StudentWorkChange, { field: AnswerField }>, reader: StudentWorkReader): string {
  const name = fieldName(change.field, reader);
  const was = quote(change.field.value);
  if (reader === 'teacher') {
    if (change.kind === 'answer-removed') return l10n.t('{0}: {1} would be deleted.', name, was);
    return change.to.trim() === '' ? l10n.t('{0}: {1} would be cleared.', name, was) : l10n.t('{0}: {1} would become {2}.', name, was, quote(change.to));
  }
  if (change.kind === 'answer-removed') return `${name}: ${was} would be deleted.`;
  return change.to.trim() === '' ? `${name}: ${was} would be cleared.` : `${name}: ${was} would become ${quote(change.to)}.`;
}

/** One line in a teacher's words, e.g. 'The answer to “The cat ___ on the sofa.”: “sleeps” would be deleted.' */
export function describeChange(change: StudentWorkChange, reader: StudentWorkReader = 'teacher'): string {
  return 'field' in change ? describeAnswerChange(change, reader) : describeIdChange(change, reader);
}

/** "Exercise 2, “Choose the correct form.”": in the teacher's language, or in English for the model. */
export function describePlace(exercise: ExercisePlace | undefined, reader: StudentWorkReader = 'teacher'): string {
  if (reader === 'teacher') {
    if (!exercise) return l10n.t('Outside the exercises');
    return exercise.title ? l10n.t('Exercise {0}, {1}', exercise.number, quote(exercise.title)) : l10n.t('Exercise {0}', exercise.number);
  }
  if (!exercise) return 'Outside the exercises';
  return exercise.title ? `Exercise ${exercise.number}, ${quote(exercise.title)}` : `Exercise ${exercise.number}`;
}

/**
 * The changes grouped by exercise, in words. Ids inside an exercise that is itself removed are
 * not listed one by one: "the exercise would be removed" says it (its answers are still listed).
 */
export function describeStudentWork(changes: readonly StudentWorkChange[], reader: StudentWorkReader = 'teacher'): StudentWorkGroup[] {
  const removedExercises = new Set(
    changes.flatMap((c) => (c.kind === 'id-removed' && c.element.element === 'exercise' && !c.elementKept ? [c.element.exercise] : [])),
  );
  const groups = new Map<ExercisePlace | undefined, string[]>();
  for (const change of changes) {
    const exercise = changeExercise(change);
    const inner = change.kind === 'id-removed' && change.element.element !== 'exercise' && removedExercises.has(exercise);
    if (inner) continue;
    groups.set(exercise, [...(groups.get(exercise) ?? []), describeChange(change, reader)]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a?.number ?? Number.MAX_SAFE_INTEGER) - (b?.number ?? Number.MAX_SAFE_INTEGER))
    .map(([exercise, lines]) => ({ place: describePlace(exercise, reader), changes: lines }));
}

/**
 * What the confirmation card lists as students' work: only the exercises where a student's
 * (non-empty) answer is changed or removed, with all that happens to them. An exercise nobody
 * has answered is no student's work, even when the edit removes it or its ids: the card's reason
 * says that part, and the list stays empty rather than tell the teacher work would be lost.
 */
export function describeAnsweredWork(changes: readonly StudentWorkChange[]): StudentWorkGroup[] {
  const answered = new Set(changes.filter(isAnswerChange).map(changeExercise));
  return describeStudentWork(changes.filter((c) => answered.has(changeExercise(c))));
}

// Whether the teacher's message asked for a change to students' work, where nobody can be asked
// (approval "never"). Deliberately simple, so a teacher can predict it, and narrow, so ordinary
// wording unlocks nothing ("Mark the correct answers in bold" is about the answer key):
// - Answers change only when the message asks to change students' answers (an action such as
//   clear, reset, remove, delete, change, swap... within a few words of "answers", "responses" or
//   "students' work", but not "the answer key", "the correct answers" and the like), and only in
//   the exercises it names ("ex-2", "exercise 2", "exercises 1 and 3", "the first exercise"); a
//   message that names no exercise means them all.
// - An exercise is removed (its ids and answers with it) when the message asks to remove or
//   delete it by name.
// - An id is renamed or loses its place only when the message names it and asks for it to change
//   ("rename ex-1 to vocab-1"); "Add a hint to ex-1" renames nothing.
// Attached context (a selection) is not the user's words and does not count.
import type { StudentWorkChange } from '../lesson/studentWork';
import { changeExercise } from '../lesson/studentWork';

export interface RequestScope {
  /** Every id in the lesson before the edit: naming one of them names an exercise or an element. */
  readonly lessonIds: readonly string[];
  /** Ids of the exercises the edit removes whole. */
  readonly removedExercises: ReadonlySet<string>;
}

const ACTION = String.raw`(?:clear|clean|reset|remove|delete|erase|wipe|empty|discard|overwrite|replace|change|edit|update|correct|fix|swap|switch|exchange|undo|blank)\w*`;
/** "correct answers", "model answer": the answer key, not what students wrote. */
const QUALIFIED = String.raw`(?:correct|right|model|expected|sample|possible|accepted|alternative|wrong|incorrect|example|suggested)`;
const ANSWERS = String.raw`(?:student[- ]answers?|(?<!${QUALIFIED}\s)(?:answers?|responses?)(?!\s+(?:keys?|options?|choices?)\b)|(?:students?|pupils?|learners?|class)['’]?s?\s+(?:answers?|responses?|work))`;
const NEAR = String.raw`(?:\W+[\w'’]+){0,7}?\W+`;
const CHANGE_ANSWERS = new RegExp(String.raw`\b${ACTION}${NEAR}${ANSWERS}\b|\b${ANSWERS}${NEAR}${ACTION}`, 'i');
const REMOVE = /\b(?:remove|delete|drop|cut|erase|get rid of|take out)\w*/i;
const CHANGE_ID = /\b(?:rename|renumber|re-?id)\w*|\b(?:change|update|fix|replace|remove|delete|drop)\w*(?:\W+[\w'’]+){0,3}?\W+ids?\b|\bids?\b(?:\W+[\w'’]+){0,3}?\W+(?:change|rename|become)\w*/i;
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const EXERCISE_NUMBERS = /\bexercises?\s+(?:no\.?\s*|number\s+|#\s*)?(\d+(?:\s*(?:,|and|&|to|-|–)\s*(?:#\s*)?\d+)*)/gi;
const ORDINAL_EXERCISE = new RegExp(String.raw`\b(${ORDINALS.join('|')})\s+exercise\b`, 'gi');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

function mentionsId(request: string, id: string): boolean {
  return new RegExp(String.raw`(?<![\w-])${escapeRegExp(id)}(?![\w-])`, 'i').test(request);
}

/** The exercise numbers a message names: "exercise 2", "exercises 1 and 3", "exercises 2-4", "the first exercise". */
function exerciseNumbers(request: string): Set<number> {
  const out = new Set<number>();
  for (const m of request.matchAll(EXERCISE_NUMBERS)) {
    const list = m[1] ?? '';
    for (const range of list.matchAll(/(\d+)\s*(?:(?:to|-|–)\s*(\d+))?/g)) {
      const from = Number(range[1]);
      const to = range[2] === undefined ? from : Math.min(Number(range[2]), from + 200);
      for (let n = from; n <= to; n++) out.add(n);
    }
  }
  for (const m of request.matchAll(ORDINAL_EXERCISE)) out.add(ORDINALS.indexOf((m[1] ?? '').toLowerCase()) + 1);
  return out;
}

/** The message names the exercise (or element) the change is in: its id, its own id, or its number. */
function namesPlaceOf(request: string, change: StudentWorkChange): boolean {
  const exercise = changeExercise(change);
  const own = 'field' in change ? change.field.id : change.element.id;
  if (exercise && exerciseNumbers(request).has(exercise.number)) return true;
  return [exercise?.id, own].some((id) => id !== undefined && mentionsId(request, id));
}

function namesAnyExercise(request: string, scope: RequestScope | undefined): boolean {
  return exerciseNumbers(request).size > 0 || (scope?.lessonIds ?? []).some((id) => mentionsId(request, id));
}

/** The whole exercise the change is in goes, and the message asked to remove it by name. */
function exerciseRemovalAsked(request: string, change: StudentWorkChange, scope: RequestScope | undefined): boolean {
  const exercise = changeExercise(change);
  if (!exercise?.id || !scope?.removedExercises.has(exercise.id) || !REMOVE.test(request)) return false;
  return exerciseNumbers(request).has(exercise.number) || mentionsId(request, exercise.id);
}

export function askedFor(request: string | undefined, change: StudentWorkChange, scope?: RequestScope): boolean {
  if (!request) return false;
  if (exerciseRemovalAsked(request, change, scope)) return true;
  switch (change.kind) {
    case 'answer-changed':
    case 'answer-removed':
      return CHANGE_ANSWERS.test(request) && (!namesAnyExercise(request, scope) || namesPlaceOf(request, change));
    case 'id-renamed':
      return mentionsId(request, change.element.id) && (mentionsId(request, change.to) || CHANGE_ID.test(request));
    case 'id-removed':
      if (!mentionsId(request, change.element.id) && !namesPlaceOf(request, change)) return false;
      return change.elementKept ? CHANGE_ID.test(request) : REMOVE.test(request);
  }
}

// Judging an edit by what it does, not by the document's past: a teacher's lesson may already
// hold things the validator does not know (another tool's elements, an old `&nbsp;`), and an edit
// that leaves them alone must not be blocked by them. The problems of the document before and
// after are matched by key (what and where, never line numbers, which move with every edit); only
// those the edit added refuse it, the others are reported as warnings.
import type { LessonError, LessonValidation } from './validate';
import { validateLesson } from './validate';

export interface LessonChange {
  /** Problems the proposed text has and the current one did not: they refuse the edit. */
  readonly introduced: readonly LessonError[];
  /** Problems the document already had, found again in the proposed text: warnings only. */
  readonly preexisting: readonly LessonError[];
  /** The proposed text's XML breaks at a point the current text already broke at: what follows was not checked. */
  readonly uncheckedRest: boolean;
  readonly after: LessonValidation;
}

const ALL = { maxErrors: Number.POSITIVE_INFINITY };

/**
 * Splits the problems of `after` into those the edit introduced and those `before` already had.
 * Problems are counted per key: with two unknown attributes of one kind before and three after,
 * one is new. Among same-key problems the ones with an identical message are matched first.
 * Without a `before` (a new document) every problem is introduced.
 */
export function judgeLessonChange(before: string | undefined, after: string): LessonChange {
  const afterCheck = validateLesson(after, ALL);
  if (before === undefined) return { introduced: afterCheck.errors, preexisting: [], uncheckedRest: false, after: afterCheck };
  const beforeCheck = validateLesson(before, ALL);
  const left = new Map<string, string[]>();
  for (const e of beforeCheck.errors) left.set(e.key, [...(left.get(e.key) ?? []), e.message]);
  const matched = new Set<LessonError>();
  // Identical messages first, so "the same problem, still there" wins over "a similar one".
  for (const e of afterCheck.errors) {
    const messages = left.get(e.key);
    const i = messages?.indexOf(e.message) ?? -1;
    if (messages && i >= 0) {
      messages.splice(i, 1);
      matched.add(e);
    }
  }
  for (const e of afterCheck.errors) {
    const messages = left.get(e.key);
    if (matched.has(e) || !messages || messages.length === 0) continue;
    messages.shift();
    matched.add(e);
  }
  const introduced = afterCheck.errors.filter((e) => !matched.has(e));
  const preexisting = afterCheck.errors.filter((e) => matched.has(e));
  return { introduced, preexisting, uncheckedRest: afterCheck.broken && introduced.length === 0, after: afterCheck };
}

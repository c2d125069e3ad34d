// Judging an edit by what it does, not by the document's past: a teacher's lesson may already
// hold things the validator does not know (another tool's elements, an old `&nbsp;`), and an edit
// that leaves them alone must not be blocked by them. The problems of the document before and
// after are matched by key (what and where, never line numbers, which move with every edit); only
// those the edit added refuse it, the others are reported as warnings.
import { analyseLesson } from './analysis';
import type { LessonError, LessonValidation } from './validate';

export interface LessonChange {
  /** Problems the proposed text has and the current one did not: they refuse the edit. */
  readonly introduced: readonly LessonError[];
  /** Problems the document already had, found again in the proposed text: warnings only. */
  readonly preexisting: readonly LessonError[];
  /** The proposed text's XML breaks at a point the current text already broke at: what follows was not checked. */
  readonly uncheckedRest: boolean;
  readonly after: LessonValidation;
}

/** The text of the line a problem is on: an untouched line with the same problem is the same problem. */
function lineOf(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end === -1 ? text.length : end).trim();
}

/**
 * Splits the problems of `after` into those the edit introduced and those `before` already had.
 * Problems are counted per key: with two unknown attributes of one kind before and three after,
 * one is new. Among same-key problems, those on an identical line are matched first, then those
 * with an identical message, then any. Without a `before` (a new document) every problem is new.
 */
export function judgeLessonChange(before: string | undefined, after: string): LessonChange {
  const afterCheck = analyseLesson(after).validation;
  if (before === undefined) return { introduced: afterCheck.errors, preexisting: [], uncheckedRest: false, after: afterCheck };
  // A clean result needs no comparison (the common case: the document before is not read).
  if (afterCheck.errors.length === 0) return { introduced: [], preexisting: [], uncheckedRest: false, after: afterCheck };
  const beforeCheck = analyseLesson(before).validation;
  const left = new Map<string, { message: string; line: string }[]>();
  for (const e of beforeCheck.errors) left.set(e.key, [...(left.get(e.key) ?? []), { message: e.message, line: lineOf(before, e.offset) }]);
  const matched = new Set<LessonError>();
  const pass = (same: (e: LessonError, old: { message: string; line: string }) => boolean): void => {
    for (const e of afterCheck.errors) {
      const olds = left.get(e.key);
      const i = matched.has(e) || !olds ? -1 : olds.findIndex((old) => same(e, old));
      if (!olds || i < 0) continue;
      olds.splice(i, 1);
      matched.add(e);
    }
  };
  pass((e, old) => old.message === e.message && old.line === lineOf(after, e.offset));
  pass((e, old) => old.message === e.message);
  pass(() => true);
  const introduced = afterCheck.errors.filter((e) => !matched.has(e));
  const preexisting = afterCheck.errors.filter((e) => matched.has(e));
  return { introduced, preexisting, uncheckedRest: afterCheck.broken && introduced.length === 0, after: afterCheck };
}

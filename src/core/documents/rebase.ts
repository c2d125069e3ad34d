// Rebasing the agent's edits over what the user typed meanwhile. The model computed its edits
// against `base`; the user has since turned `base` into `current`. Edits that touch none of the
// user's changes are shifted onto `current`; any overlap is refused, because silently merging two
// people's changes to the same words would lose one of them.
import { computeEdits } from './diff';
import { LineIndex } from '../lesson/positions';
import type { TextEdit } from './types';

export type RebaseResult =
  | { readonly ok: true; readonly edits: TextEdit[] }
  | {
      readonly ok: false;
      readonly message: string;
      /** 1-based lines in the current text where the user's changes meet the agent's edits. */
      readonly lines: readonly number[];
    };

function sorted(edits: readonly TextEdit[]): TextEdit[] {
  return [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Two changes collide when they overlap or merely touch: typing right against the words the
 * agent rewrites is almost always work on the same words ("cat" -> "cats" while the agent makes
 * it "dog"), and guessing a merge there could garble both. Refusing costs one retry; the model
 * gets the fresh text.
 */
function collide(a: TextEdit, b: TextEdit): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/** Rebases `edits` (against base) over `userChanges` (also against base, sorted, non-overlapping). */
export function rebaseOverChanges(
  edits: readonly TextEdit[],
  userChanges: readonly TextEdit[],
  currentText: string,
): RebaseResult {
  const ordered = sorted(edits);
  const rebased: TextEdit[] = [];
  const conflicts: number[] = [];
  const lines = new LineIndex(currentText);
  let u = 0;
  let shift = 0;
  for (const edit of ordered) {
    // User changes that end before this edit begins move it by their size difference.
    while (u < userChanges.length) {
      const change = userChanges[u];
      if (!change || change.end > edit.start || collide(change, edit)) break;
      shift += change.newText.length - (change.end - change.start);
      u++;
    }
    const clash = userChanges.slice(u).find((change) => change.start <= edit.end && collide(change, edit));
    if (clash) {
      conflicts.push(lines.positionAt(Math.min(clash.start + shift, currentText.length)).line);
      continue;
    }
    rebased.push({ start: edit.start + shift, end: edit.end + shift, newText: edit.newText });
  }
  if (conflicts.length > 0) {
    const where = [...new Set(conflicts)].join(', ');
    return {
      ok: false,
      lines: [...new Set(conflicts)],
      message: `The user changed the same part of the document while the edit was being prepared (line ${where} of the current text). Nothing was applied, so no typing was lost.`,
    };
  }
  return { ok: true, edits: rebased };
}

/** Rebases edits computed against `baseText` onto `currentText` (the user typed in between). */
export function rebaseEdits(baseText: string, currentText: string, edits: readonly TextEdit[]): RebaseResult {
  if (baseText === currentText) return { ok: true, edits: sorted(edits) };
  return rebaseOverChanges(edits, computeEdits(baseText, currentText), currentText);
}

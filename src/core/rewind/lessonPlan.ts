// What a restore, Redo or switch of branch does to the lesson: the agent's edits undone (newest
// first) or made again (oldest first) on the document as it is now, each placed around what the
// teacher typed since (documents/placePatch.ts). An edit the document no longer holds is not undone
// again, one it holds is not made twice. Where the teacher's typing meets an edit's characters,
// that part is left as the teacher has it and the place is listed: the caller asks before changing
// anything. The result is one text, applied as one undoable step.
import { reverseTextPatch } from '../documents/patch';
import { placePatch } from '../documents/placePatch';
import { editPresence } from '../sessions/presence';
import type { ReadonlyEdit } from '../sessions/schema';

export interface LessonStep {
  readonly edit: ReadonlyEdit;
  readonly undo: boolean;
}

export interface LessonConflict {
  /** 1-based line of the lesson as it is now (near it, when other edits move first). */
  readonly line: number;
  /** The edit's summary, in the teacher's words. */
  readonly summary: string;
}

export interface LessonPlan {
  readonly before: string;
  readonly after: string;
  /** Edits undone (wholly or but for the places listed). */
  readonly undone: readonly string[];
  /** Edits made again. */
  readonly redone: readonly string[];
  readonly conflicts: readonly LessonConflict[];
}

export function planLesson(current: string, steps: readonly LessonStep[]): LessonPlan {
  let text = current;
  const undone: string[] = [];
  const redone: string[] = [];
  const conflicts: LessonConflict[] = [];
  for (const { edit, undo } of steps) {
    if (edit.patch.length === 0) continue;
    const presence = editPresence(edit, text);
    if ((undo && presence === 'undone') || (!undo && presence === 'applied')) continue;
    const placed = placePatch(text, undo ? reverseTextPatch(edit.patch) : edit.patch);
    for (const line of placed.conflicts) conflicts.push({ line, summary: edit.summary });
    if (placed.text === text) continue;
    text = placed.text;
    (undo ? undone : redone).push(edit.id);
  }
  return { before: current, after: text, undone, redone, conflicts };
}

// One read of a lesson for everything an edit needs to know about it: its problems (all of them,
// for judging a change) and its outline (students' answers and ids), from a single parse. The
// last few texts are remembered: an edit is checked when it asks for approval and again when it
// runs, and the text one edit makes is the text the next one starts from.
import type { LessonOutline } from './outline';
import { OutlineBuilder } from './outline';
import type { LessonValidation } from './validate';
import { validateLesson } from './validate';

export interface LessonAnalysis {
  readonly validation: LessonValidation;
  readonly outline: LessonOutline;
}

const REMEMBERED = 4;
const recent: Array<{ readonly text: string; readonly analysis: LessonAnalysis }> = [];

export function analyseLesson(text: string): LessonAnalysis {
  const hit = recent.findIndex((r) => r.text === text);
  if (hit >= 0) {
    const [entry] = recent.splice(hit, 1);
    if (entry) {
      recent.push(entry);
      return entry.analysis;
    }
  }
  const builder = new OutlineBuilder();
  const validation = validateLesson(text, { maxErrors: Number.POSITIVE_INFINITY, outline: builder });
  const analysis = { validation, outline: builder.outline() };
  recent.push({ text, analysis });
  if (recent.length > REMEMBERED) recent.shift();
  return analysis;
}

/** Forgets the remembered texts (the benchmark measures a first read). */
export function forgetLessonAnalyses(): void {
  recent.length = 0;
}

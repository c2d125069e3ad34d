// The original lesson format writes `<exercise id="ex-123">` with no type: the type is then read
// from what the exercise contains, using the same table that says which element each type needs.
import type { ExerciseType } from './vocabulary';
import { EXERCISE_CORE_ELEMENT, EXERCISE_TYPES } from './vocabulary';

const TYPE_OF_ELEMENT: ReadonlyMap<string, ExerciseType> = new Map(
  EXERCISE_TYPES.map((type) => [EXERCISE_CORE_ELEMENT[type], type] as const),
);

export function isExerciseType(value: string | undefined): value is ExerciseType {
  return (EXERCISE_TYPES as readonly string[]).includes(value ?? '');
}

/** The type of the first element (in document order) that only one exercise type uses. */
export function inferExerciseType(elementNames: Iterable<string>): ExerciseType | undefined {
  for (const name of elementNames) {
    const type = TYPE_OF_ELEMENT.get(name);
    if (type) return type;
  }
  return undefined;
}

/** The declared type when it is one of ours, else the inferred one. */
export function exerciseType(declared: string | undefined, elementNames: Iterable<string>): { type: ExerciseType | undefined; inferred: boolean } {
  if (isExerciseType(declared)) return { type: declared, inferred: false };
  return { type: inferExerciseType(elementNames), inferred: true };
}

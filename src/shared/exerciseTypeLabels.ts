// What a teacher calls each exercise type ("Put in order", never "sequencing"): the HTML export and
// the preview both label exercises from this one table, through worksheetWords.ts's typeLabel (a
// type it does not know is shown as written).

export const EXERCISE_TYPE_LABELS: ReadonlyMap<string, string> = new Map([
  ['fill-blanks', 'Fill in the blanks'],
  ['multiple-choice', 'Multiple choice'],
  ['true-false', 'True or false'],
  ['sequencing', 'Put in order'],
  ['short-answer', 'Short answer'],
  ['writing', 'Writing'],
]);

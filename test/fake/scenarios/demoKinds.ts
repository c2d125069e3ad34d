// The exercise kinds the offline demo (demo.json) writes, for the tests that drive it, in the unit
// suite and in VS Code: the skill it loads, how its requests name the kind, the XML type and the
// element that marks it, and how the panel names it (Create Exercise's pick, the step's label).
export const DEMO_KINDS = [
  { skill: 'fill-blanks', say: 'fill-in-the-blank', type: 'fill-blanks', core: '<blank ', pick: 'Fill in the blanks', step: 'Checking the “Fill in the blanks” rules' },
  { skill: 'multiple-choice', say: 'multiple-choice', type: 'multiple-choice', core: '<question ', pick: 'Multiple choice', step: 'Checking the “Multiple choice” rules' },
  { skill: 'true-false', say: 'true/false', type: 'true-false', core: '<statement ', pick: 'True or false', step: 'Checking the “True or false” rules' },
  { skill: 'sequencing', say: 'sequencing', type: 'sequencing', core: '<sequence ', pick: 'Put in order', step: 'Checking the “Put in order” rules' },
  { skill: 'short-answer', say: 'short-answer', type: 'short-answer', core: '<short-answer ', pick: 'Short answer', step: 'Checking the “Short answer” rules' },
  { skill: 'writing-exercises', say: 'writing', type: 'writing', core: '<writing-area ', pick: 'Writing', step: 'Checking the “Writing” rules' },
] as const;

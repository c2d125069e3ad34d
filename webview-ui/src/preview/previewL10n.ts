// Every user-visible string of the lesson preview, in one bundle (see ../l10n.ts for the chat's).
// Placeholders are {0}, {1}... in the order of the arguments to `t`.

export const en = {
  previewLabel: 'Lesson preview',
  waiting: 'Reading the lesson...',
  studentView: 'Student view',
  teacherView: 'Teacher view',
  viewToggle: 'Show the lesson as',
  exportMenu: 'Export',
  exportTitle: 'Export the lesson to print, or for a learning platform',
  exportHtml: 'Printable page (HTML)',
  exportHtmlStudent: 'The student copy: no answers, to print',
  exportHtmlTeacher: 'The teacher copy, with the answer key',
  exportGift: 'GIFT, for Moodle',
  exportGiftDetail: "Questions for Moodle's question bank",
  exportQti: 'QTI 3.0 package',
  exportQtiDetail: 'For Canvas, Blackboard, TAO, Inspera and other platforms',
  formatGift: 'GIFT (Moodle)',
  formatQti: 'a QTI 3.0 package',
  oneQuestion: '1 question',
  questions: '{0} questions',
  inOneExercise: '{0} in 1 exercise',
  inExercises: '{0} in {1} exercises',
  reportExportTitle: 'Before you export as {0}',
  reportExportSummary: '{0} go out. Not everything can go as it is:',
  reportImportTitle: 'Imported from {0}',
  reportImportSummary: '{0} came in. Not everything came in as it was:',
  reportImportAll: '{0} came in, as they were.',
  reportExport: 'Export...',
  reportCancel: 'Cancel',
  reportClose: 'Close',
  errorTitle: 'Line {0}: the XML cannot be read',
  errorKeeps: 'The preview shows the last version that could be read.',
  errorNone: 'Nothing to show until the XML can be read.',
  errorGoto: 'Go to line {0}',
  empty: 'This lesson is empty.',
  broken: 'This part of the lesson could not be shown.',
  exercise: 'Exercise {0}',
  points: '{0} points',
  point: '1 point',
  typeInferred: 'type read from the content',
  teacherOnly: 'Teacher only: not shown to students',
  unknownElement: '<{0}> is not part of the lesson format',
  gap: 'Gap',
  gapHint: 'Gap, hint: {0}',
  also: 'also: {0}',
  chooseAll: '(choose all that apply)',
  explanation: 'Why:',
  studentAnswer: "Student's answer: {0}",
  studentOrder: "Student's order: {0}",
  correct: 'correct',
  incorrect: 'not correct',
  key: 'Key: {0}',
  true: 'True',
  false: 'False',
  notGiven: 'Not given',
  correction: 'Correction: {0}',
  orderBox: 'Position',
  rightOrder: 'Right order: {0}',
  answerBox: 'Answer',
  modelAnswer: 'Model answer:',
  criteria: 'Marking criteria',
  words: '{0}–{1} words',
  atLeast: 'at least {0} words',
  atMost: 'at most {0} words',
  wordCount: '{0} words written',
  writingBox: 'Writing space',
  wordBank: 'Word bank',
  'type.fill-blanks': 'Fill in the blanks',
  'type.multiple-choice': 'Multiple choice',
  'type.true-false': 'True or false',
  'type.sequencing': 'Put in order',
  'type.short-answer': 'Short answer',
  'type.writing': 'Writing',
} as const;

export type PreviewMessageKey = keyof typeof en;

const bundle: Record<PreviewMessageKey, string> = en;

export function t(key: PreviewMessageKey, ...args: Array<string | number>): string {
  const text = bundle[key];
  return args.length === 0 ? text : text.replace(/\{(\d+)\}/g, (m, i: string) => String(args[Number(i)] ?? m));
}

/** The label of an exercise type, or the type itself when it is not one we know. */
export function typeLabel(type: string): string {
  const key = `type.${type}`;
  return key in en ? t(key as PreviewMessageKey) : type;
}

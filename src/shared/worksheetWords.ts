// The printed worksheet's own words ("Name:", "Exercise 2", "Write at least 80 words."), in the
// lesson's language, not the editor's: a French lesson exported from an English VS Code hands out
// a French sheet. The preview names exercise types from the same table, in the editor's language. The language is the lesson's `lang` (its region ignored: fr-CA is fr); a lesson in
// another language, or without one, gets English. Students are addressed as their textbooks do
// (tu, du, tú). Placeholders are {0}, {1}.
import { EXERCISE_TYPE_LABELS } from './exerciseTypeLabels';
import { byLanguage, fillIn } from './l10n';
import { isPseudo, pseudoText } from './pseudo';

export interface WorksheetWords {
  readonly name: string;
  readonly date: string;
  readonly studentCopy: string;
  readonly teacherCopy: string;
  /** "Exercise {0}". */
  readonly exercise: string;
  /** A question's name on a platform (Moodle's question bank, a QTI item's title): "Exercise {0}, question {1}". */
  readonly questionName: string;
  /** What an export calls a lesson that has no title (the quiz's name on the platform). */
  readonly untitled: string;
  /** A text's name on a platform when none of its words can name it. */
  readonly textName: string;
  /** A writing task when the lesson gives none, for a platform that needs one. */
  readonly writeAnswer: string;
  readonly teachersNote: string;
  readonly why: string;
  readonly modelAnswer: string;
  readonly markingCriteria: string;
  /** "Write {0}–{1} words." */
  readonly writeRange: string;
  readonly writeAtLeast: string;
  readonly writeAtMost: string;
  readonly onePoint: string;
  /** "{0} points". */
  readonly points: string;
  readonly chooseAll: string;
  /** Other accepted answers in the key: "also {0}". */
  readonly also: string;
  readonly statement: { readonly true: string; readonly false: string; readonly 'not-given': string };
  /** A sequence asked as a matching question (Moodle's GIFT has no ordering question): each line gets its number. */
  readonly orderPrompt: string;
  /**
   * What a teacher of that language calls each exercise type, as a name (not an instruction to
   * students): the preview, Create Exercise and the teacher's copy say it.
   */
  readonly types: ReadonlyMap<string, string>;
}

const en: WorksheetWords = {
  name: 'Name:',
  date: 'Date:',
  studentCopy: 'Student copy',
  teacherCopy: 'Teacher copy with answer key',
  exercise: 'Exercise {0}',
  questionName: 'Exercise {0}, question {1}',
  untitled: 'Lesson',
  textName: 'Text',
  writeAnswer: 'Write your answer.',
  teachersNote: "Teacher's note",
  why: 'Why:',
  modelAnswer: 'Model answer:',
  markingCriteria: 'Marking criteria',
  writeRange: 'Write {0}–{1} words.',
  writeAtLeast: 'Write at least {0} words.',
  writeAtMost: 'Write at most {0} words.',
  onePoint: '1 point',
  points: '{0} points',
  chooseAll: '(choose all that apply)',
  also: 'also {0}',
  statement: { true: 'True', false: 'False', 'not-given': 'Not given' },
  orderPrompt: 'Give each line its position in the right order (1 is first).',
  types: EXERCISE_TYPE_LABELS,
};

const fr: WorksheetWords = {
  name: 'Nom :',
  date: 'Date :',
  studentCopy: 'Version élève',
  teacherCopy: 'Version professeur avec corrigé',
  exercise: 'Exercice {0}',
  questionName: 'Exercice {0}, question {1}',
  untitled: 'Leçon',
  textName: 'Texte',
  writeAnswer: 'Écris ta réponse.',
  teachersNote: 'Remarque pour le professeur',
  why: 'Pourquoi :',
  modelAnswer: 'Réponse modèle :',
  markingCriteria: 'Critères d’évaluation',
  writeRange: 'Écris entre {0} et {1} mots.',
  writeAtLeast: 'Écris au moins {0} mots.',
  writeAtMost: 'Écris au plus {0} mots.',
  onePoint: '1 point',
  points: '{0} points',
  chooseAll: '(plusieurs réponses possibles)',
  also: 'aussi {0}',
  statement: { true: 'Vrai', false: 'Faux', 'not-given': 'On ne sait pas' },
  orderPrompt: 'Numérote les lignes dans le bon ordre (1 pour la première).',
  types: new Map([
    ['fill-blanks', 'Texte à trous'],
    ['multiple-choice', 'Choix multiple'],
    ['true-false', 'Vrai ou faux'],
    ['sequencing', 'Remise en ordre'],
    ['short-answer', 'Réponse courte'],
    ['writing', 'Production écrite'],
  ]),
};

const de: WorksheetWords = {
  name: 'Name:',
  date: 'Datum:',
  studentCopy: 'Schülerfassung',
  teacherCopy: 'Lehrerfassung mit Lösungen',
  exercise: 'Aufgabe {0}',
  questionName: 'Aufgabe {0}, Frage {1}',
  untitled: 'Lektion',
  textName: 'Text',
  writeAnswer: 'Schreibe deine Antwort.',
  teachersNote: 'Hinweis für die Lehrkraft',
  why: 'Warum:',
  modelAnswer: 'Musterlösung:',
  markingCriteria: 'Bewertungskriterien',
  writeRange: 'Schreibe {0}–{1} Wörter.',
  writeAtLeast: 'Schreibe mindestens {0} Wörter.',
  writeAtMost: 'Schreibe höchstens {0} Wörter.',
  onePoint: '1 Punkt',
  points: '{0} Punkte',
  chooseAll: '(mehrere Antworten möglich)',
  also: 'auch {0}',
  statement: { true: 'Richtig', false: 'Falsch', 'not-given': 'Steht nicht im Text' },
  orderPrompt: 'Nummeriere die Zeilen in der richtigen Reihenfolge (1 für die erste).',
  types: new Map([
    ['fill-blanks', 'Lückentext'],
    ['multiple-choice', 'Multiple Choice'],
    ['true-false', 'Richtig oder falsch'],
    ['sequencing', 'Reihenfolge'],
    ['short-answer', 'Kurzantwort'],
    ['writing', 'Schreibaufgabe'],
  ]),
};

const es: WorksheetWords = {
  name: 'Nombre:',
  date: 'Fecha:',
  studentCopy: 'Copia del alumno',
  teacherCopy: 'Copia del profesor con soluciones',
  exercise: 'Ejercicio {0}',
  questionName: 'Ejercicio {0}, pregunta {1}',
  untitled: 'Lección',
  textName: 'Texto',
  writeAnswer: 'Escribe tu respuesta.',
  teachersNote: 'Nota para el profesor',
  why: 'Por qué:',
  modelAnswer: 'Respuesta modelo:',
  markingCriteria: 'Criterios de evaluación',
  writeRange: 'Escribe entre {0} y {1} palabras.',
  writeAtLeast: 'Escribe al menos {0} palabras.',
  writeAtMost: 'Escribe como máximo {0} palabras.',
  onePoint: '1 punto',
  points: '{0} puntos',
  chooseAll: '(puede haber varias respuestas correctas)',
  also: 'también {0}',
  statement: { true: 'Verdadero', false: 'Falso', 'not-given': 'No se menciona' },
  orderPrompt: 'Numera las líneas en el orden correcto (1 para la primera).',
  types: new Map([
    ['fill-blanks', 'Completar huecos'],
    ['multiple-choice', 'Opción múltiple'],
    ['true-false', 'Verdadero o falso'],
    ['sequencing', 'Ordenar'],
    ['short-answer', 'Respuesta corta'],
    ['writing', 'Expresión escrita'],
  ]),
};

export const WORKSHEET_LANGUAGES: Readonly<Record<string, WorksheetWords>> = { en, fr, de, es };

/** The words for `lang` ("fr", "de-AT"...); English when it has none of its own. */
export function worksheetWords(lang: string | undefined): WorksheetWords {
  return byLanguage(WORKSHEET_LANGUAGES, lang, en);
}

/** A number of points as a sheet says it: "1 point", "2 points". */
export function pointsText(words: WorksheetWords, n: number): string {
  return n === 1 ? words.onePoint : fillIn(words.points, n);
}

/** The word limits as a sheet states them ("Write at least 80 words."); '' without a limit. */
export function wordLimitText(words: WorksheetWords, min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return fillIn(words.writeRange, min, max);
  if (min !== undefined) return fillIn(words.writeAtLeast, min);
  return max !== undefined ? fillIn(words.writeAtMost, max) : '';
}

/** What a teacher in `lang` calls exercise `type` ("sequencing" is "Put in order"); an unknown type as written. */
export function typeLabel(type: string, lang: string | undefined): string {
  return worksheetWords(lang).types.get(type) ?? type;
}

/**
 * What a teacher calls exercise `type` in the display language `tag` (the editor's, not a
 * lesson's): the same table, and the pseudo-language's look-alike letters in qps-ploc.
 */
export function exerciseTypeName(type: string, tag: string | undefined): string {
  return isPseudo(tag) ? pseudoText(typeLabel(type, 'en')) : typeLabel(type, tag);
}

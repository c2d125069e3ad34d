// Export and import in one place, for the CLI, the editor's commands and the agent's tool: a
// lesson's text to a file in a chosen format, or a quiz file's bytes to a new lesson, each with
// what it counted and what it could not carry.
import { renderLessonHtml } from '../lesson/lessonHtml';
import { buildLessonView } from '../lesson/lessonView';
import { formatLessonErrors, validateLesson } from '../lesson/validate';
import { quizFromLesson } from './fromLesson';
import { quizToGift } from './gift/giftWrite';
import { giftToQuiz } from './gift/giftRead';
import { quizToLessonXml } from './lessonXml';
import { quizToQti } from './qti/qtiPackage';
import { qtiToQuiz } from './qti/qtiRead';
import type { ExportFormat } from '../../shared/exchangeEvents';
import type { Notice, Quiz } from './quiz';
import { exerciseCount, questionCount } from './quiz';
import { l10n, type Said } from '../../shared/l10n';

export { EXPORT_FORMATS, type ExportFormat } from '../../shared/exchangeEvents';

/** The file name ending each format is written with. */
export const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = {
  gift: '.gift.txt',
  qti: '.qti.zip',
  'html-student': '-student.html',
  'html-teacher': '-teacher.html',
};

export interface Exported {
  readonly ok: true;
  readonly data: Uint8Array;
  readonly exercises: number;
  readonly questions: number;
  readonly notCarried: readonly Notice[];
}

export interface Imported {
  readonly ok: true;
  /** The format the file was read as. */
  readonly format: 'gift' | 'qti';
  readonly xml: string;
  readonly quiz: Quiz;
  readonly exercises: number;
  readonly questions: number;
  readonly notCarried: readonly Notice[];
  /** The same as `notCarried`, in English: what the model is told (it tells the teacher in its own words). */
  readonly modelNotCarried: readonly Notice[];
}

export interface ExchangeProblem {
  readonly ok: false;
  /** In the teacher's language. */
  readonly message: string;
  /** The same in English, for the model, where the model reads it (an import's). */
  readonly modelMessage?: string;
}

function problem(said: Said): ExchangeProblem {
  return { ok: false, message: said.shown, modelMessage: said.en };
}

/** Writes the lesson in `format`; a lesson that cannot be read is a problem named by line. */
export function exportLesson(xml: string, format: ExportFormat, documentName: string): Exported | ExchangeProblem {
  const view = buildLessonView(xml);
  if (!view.ok) return { ok: false, message: l10n.t('{0} cannot be exported: line {1}: {2}', documentName, view.error.line, view.error.message) };
  const { quiz, notices } = quizFromLesson(view.lesson);
  const counts = { exercises: exerciseCount(quiz), questions: questionCount(quiz) };
  if (format === 'html-student' || format === 'html-teacher') {
    const html = renderLessonHtml(view.lesson, { copy: format === 'html-student' ? 'student' : 'teacher', documentName });
    return { ok: true, data: new TextEncoder().encode(html), ...counts, notCarried: [] };
  }
  if (format === 'gift') {
    const gift = quizToGift(quiz);
    return { ok: true, data: new TextEncoder().encode(gift.text), ...counts, notCarried: [...notices, ...gift.notices] };
  }
  const qti = quizToQti(quiz);
  return { ok: true, data: qti.zip, ...counts, notCarried: [...notices, ...qti.notices] };
}

function isZip(data: Uint8Array): boolean {
  return data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

/** Reads a GIFT file, a QTI package (zip) or a QTI item (XML) into a new lesson. */
export function importQuiz(data: Uint8Array, fileName: string): Imported | ExchangeProblem {
  let reading: { quiz: Quiz; notices: Notice[]; modelNotices: Notice[] } | ExchangeProblem;
  const text = isZip(data) ? '' : new TextDecoder().decode(data);
  const format = isZip(data) || /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*</.test(text) ? 'qti' : 'gift';
  if (format === 'qti') {
    const qti = qtiToQuiz(data, fileName);
    // The reader says why both ways; a parser's own words and a file's name stay as they were said.
    reading = qti.ok ? qti : problem(l10n.both('{0} cannot be imported: {1}', fileName, qti.message));
  } else {
    const gift = giftToQuiz(text);
    reading = gift.ok ? gift : problem(l10n.both('{0} cannot be imported: line {1}, column {2}: This is not GIFT that can be read: {3}', fileName, gift.line, gift.column, gift.message));
  }
  if ('ok' in reading && !reading.ok) return reading;
  const { quiz: read, notices, modelNotices } = reading as { quiz: Quiz; notices: Notice[]; modelNotices: Notice[] };
  const quiz: Quiz = read.title ? read : { ...read, title: fileName.replace(/\.(gift\.txt|gift|txt|qti\.zip|zip|xml)$/i, '') };
  if (questionCount(quiz) === 0) return problem(l10n.both('{0} has no questions a lesson can hold.', fileName));
  const xml = quizToLessonXml(quiz);
  const validation = validateLesson(xml);
  if (!validation.ok) return problem(l10n.both('The lesson made from {0} does not validate (please report this):\n{1}', fileName, formatLessonErrors(validation)));
  return { ok: true, format, xml, quiz, exercises: exerciseCount(quiz), questions: questionCount(quiz), notCarried: notices, modelNotCarried: modelNotices };
}

// import_quiz: "turn this GIFT file into a lesson". Reads a GIFT file or a QTI package (3.0, or 2.1
// as Canvas writes it) from the workspace folder and creates a new lesson from it, behind the same
// confirmation as create_document (a new file always asks first; it never overwrites). The card
// and the result say what did not come in as it was, so the model can tell the teacher.
import * as z from 'zod';
import type { Imported } from '../exchange/exchange';
import { importQuiz } from '../exchange/exchange';
import { LESSON_SUFFIX } from '../documents/kind';
import { checkRelativePath } from '../documents/paths';
import { checkNewFilePath } from './createDocument';
import { errorResult } from './toolResults';
import type { ConfirmationPlan, ToolContext, ToolDefinition, ToolResult } from './types';
import { l10n } from '../../shared/l10n';

export const importQuizInput = z.object({
  path: z
    .string()
    .min(1)
    .describe('The quiz file to turn into a lesson, relative to the workspace folder: a GIFT file (.gift, .txt) or a QTI package (.zip) or item (.xml).'),
  lessonPath: z
    .string()
    .min(1)
    .optional()
    .describe('Where to create the new lesson, relative to the workspace folder, ending in .lesson.xml. Leave it out to put it beside the quiz, named after it.'),
});
export type ImportQuizInput = z.infer<typeof importQuizInput>;

/** `quizzes/week-3.gift` -> `quizzes/week-3.lesson.xml`. */
export function lessonPathFor(quizPath: string): string {
  const stem = quizPath.replace(/\.(gift\.txt|gift|txt|qti\.zip|zip|xml)$/i, '') || 'quiz';
  return `${stem}.lesson.xml`;
}

interface Prepared {
  readonly source: string;
  readonly target: { uri: string; name: string };
  readonly imported: Imported;
}

/** Reads and converts the quiz and finds where the lesson goes; nothing is written. */
async function prepare(input: ImportQuizInput, ctx: ToolContext): Promise<{ ok: true; value: Prepared } | { ok: false; result: ToolResult }> {
  if (!ctx.workspace) return { ok: false, result: errorResult('No workspace folder is open, so no quiz can be read. Ask the user to open a folder.', l10n.t('Nothing was created: no folder is open')) };
  const from = checkRelativePath(input.path);
  if (!from.ok) return { ok: false, result: errorResult(`Nothing was created. ${from.message}`, l10n.t('Nothing was created: {0}', from.summary)) };
  const read = await ctx.workspace.readFile(from.path);
  if (!read.ok) return { ok: false, result: errorResult(`Nothing was created. ${read.message}`, l10n.t('Nothing was created: {0}', read.summary)) };
  const imported = importQuiz(read.data, read.name.split('/').pop() ?? read.name);
  if (!imported.ok) return { ok: false, result: errorResult(`Nothing was created. ${imported.modelMessage ?? imported.message}`, l10n.t('{0} could not be read', read.name)) };
  const path = checkNewFilePath(input.lessonPath ?? lessonPathFor(read.name), [LESSON_SUFFIX]);
  if (!path.ok) return path;
  const target = await ctx.workspace.resolveNewFile(path.path);
  if (!target.ok) return { ok: false, result: errorResult(`Nothing was created. ${target.message}`, l10n.t('Nothing was created: {0}', target.summary)) };
  return { ok: true, value: { source: read.name, target, imported } };
}

function counts(imported: Imported): string {
  const questions = `${imported.questions} ${imported.questions === 1 ? 'question' : 'questions'}`;
  return `${questions} in ${imported.exercises} ${imported.exercises === 1 ? 'exercise' : 'exercises'}`;
}

/** The same counts for the teacher's card, in their language (the model reads `counts`). */
function countsForTeacher(imported: Imported): string {
  const questions = imported.questions === 1 ? l10n.t('1 question') : l10n.t('{0} questions', imported.questions);
  return imported.exercises === 1 ? l10n.t('{0} in 1 exercise', questions) : l10n.t('{0} in {1} exercises', questions, imported.exercises);
}

/** What came in differently, one line each: "Exercise 2, “…”: The word bank …", for the teacher's card or (in English) for the model. */
function noticeLines(notices: Imported['notCarried']): string[] {
  return notices.map((n) => `${n.place}: ${n.message}`);
}

async function needsConfirmation(input: ImportQuizInput, ctx: ToolContext): Promise<ConfirmationPlan | undefined> {
  const prepared = await prepare(input, ctx);
  if (!prepared.ok) return undefined;
  const { source, target, imported } = prepared.value;
  const lost = imported.notCarried.length;
  const differently =
    lost === 0
      ? l10n.t('Everything comes in as it was.')
      : lost === 1
        ? l10n.t('One thing comes in differently: see Details.')
        : l10n.t('{0} things come in differently: see Details.', lost);
  return {
    request: {
      tool: 'import_quiz',
      title: l10n.t('Create {0} from {1}?', target.name, source),
      summary: l10n.t('A new lesson made from {0}: {1}. {2}', source, countsForTeacher(imported), differently),
      reason: l10n.t('Creating files always asks first.'),
      ...(lost > 0 ? { details: noticeLines(imported.notCarried).join('\n') } : {}),
      hasDiff: true,
    },
    proposal: { uri: target.uri, before: '', after: imported.xml },
  };
}

async function run(input: ImportQuizInput, ctx: ToolContext): Promise<ToolResult> {
  const prepared = await prepare(input, ctx);
  if (!prepared.ok) return prepared.result;
  const { source, target, imported } = prepared.value;
  if (ctx.signal.aborted) return errorResult('Interrupted before the lesson was created; nothing was written.', l10n.t('Stopped before anything was changed'));
  try {
    await ctx.workspace?.createFile(target.uri, imported.xml);
  } catch (error) {
    return errorResult(`${target.name} could not be created: ${error instanceof Error ? error.message : String(error)}`, l10n.t('{0} could not be created', target.name));
  }
  const lines = noticeLines(imported.modelNotCarried);
  const report = lines.length === 0 ? 'Everything came in as it was.' : `Not everything came in as it was (tell the teacher, in these words):\n${lines.map((l) => `- ${l}`).join('\n')}`;
  return { content: `Created ${target.name} from ${source}: ${counts(imported)}.\n${report}`, summary: l10n.t('Created {0} from {1}', target.name, source) };
}

export const importQuizTool: ToolDefinition<ImportQuizInput> = {
  name: 'import_quiz',
  description:
    'Turn a quiz file from a learning platform into a NEW lesson: a GIFT file (Moodle and others) or a QTI package ' +
    '(QTI 3.0, or 2.1 as Canvas exports it) that is in the workspace folder. Use it when the user asks to turn, ' +
    'convert or import such a file into a lesson. The user always approves the new file first; it never overwrites. ' +
    'The result says what did not come in as it was: tell the user.',
  inputSchema: importQuizInput,
  displayText: (input) => l10n.t('Turning {0} into a lesson', input.path),
  genericText: () => l10n.t('Turning a quiz into a lesson'),
  needsConfirmation,
  run,
};

// create_document: a new file inside the workspace folder, always behind a confirmation. Paths
// are checked as text here and resolved by the WorkspaceAccess (which refuses escapes and
// existing files); lessons are validated before anything is written.
import * as z from 'zod';
import { documentKindForPath, LESSON_SUFFIX } from '../documents/kind';
import { checkRelativePath } from '../documents/paths';
import { formatLessonErrors, validateLesson } from '../lesson/validate';
import { errorResult } from './toolResults';
import type { ToolContext, ToolDefinition, ToolResult } from './types';
import { l10n } from '../../shared/l10n';

export const createDocumentInput = z.object({
  path: z
    .string()
    .min(1)
    .describe('Path relative to the workspace folder, e.g. "unit-3.lesson.xml" or "lessons/unit-3.lesson.xml".'),
  content: z.string().describe('The complete content of the new file (for a lesson: the full <lesson> XML).'),
});
export type CreateDocumentInput = z.infer<typeof createDocumentInput>;

/** Text files a teacher works with; hidden folders hold settings and skills, never lessons. */
const ALLOWED_SUFFIXES = [LESSON_SUFFIX, '.md', '.txt'];

type Checked = { ok: true; path: string } | { ok: false; result: ToolResult };

/** A new file's path as text: relative, visible, with one of `suffixes` (import_quiz's rule too). */
export function checkNewFilePath(input: string, suffixes: readonly string[] = ALLOWED_SUFFIXES): Checked {
  const checked = checkRelativePath(input);
  if (!checked.ok) return { ok: false, result: errorResult(`Nothing was created. ${checked.message}`, l10n.t('Nothing was created: {0}', checked.summary)) };
  const path = checked.path;
  if (path.split('/').some((segment) => segment.startsWith('.'))) {
    return { ok: false, result: errorResult(`Nothing was created. "${path}" is in a hidden folder or is a hidden file; choose a visible path.`, l10n.t('Nothing was created: {0} is hidden', path)) };
  }
  if (!suffixes.some((suffix) => path.toLowerCase().endsWith(suffix))) {
    return {
      ok: false,
      result: errorResult(`Nothing was created. New files must end in ${suffixes.join(', ')}: "${path}" does not.`, l10n.t('Nothing was created: a new file’s name ends in {0}', suffixes.join(', '))),
    };
  }
  return { ok: true, path };
}

function checkInput(input: CreateDocumentInput): Checked {
  const checked = checkNewFilePath(input.path);
  if (!checked.ok) return checked;
  const path = checked.path;
  if (documentKindForPath(path) === 'lesson') {
    const validation = validateLesson(input.content);
    if (!validation.ok) {
      return {
        ok: false,
        result: errorResult(`Nothing was created: the lesson XML has errors.\n${formatLessonErrors(validation)}`, l10n.t('Invalid lesson XML')),
      };
    }
  }
  return { ok: true, path };
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length;
}

async function run(input: CreateDocumentInput, ctx: ToolContext): Promise<ToolResult> {
  if (!ctx.workspace) return errorResult('No workspace folder is open, so no file can be created. Ask the user to open a folder.', l10n.t('Nothing was created: no folder is open'));
  const checked = checkInput(input);
  if (!checked.ok) return checked.result;
  const resolved = await ctx.workspace.resolveNewFile(checked.path);
  if (!resolved.ok) return errorResult(`Nothing was created. ${resolved.message}`, l10n.t('Nothing was created: {0}', resolved.summary));
  if (ctx.signal.aborted) return errorResult('Interrupted before the file was created; nothing was written.', l10n.t('Stopped before anything was changed'));
  try {
    await ctx.workspace.createFile(resolved.uri, input.content);
  } catch (error) {
    return errorResult(`${resolved.name} could not be created: ${error instanceof Error ? error.message : String(error)}`, l10n.t('{0} could not be created', resolved.name));
  }
  return { content: `Created ${resolved.name} (${lineCount(input.content)} lines).`, summary: l10n.t('Created {0}', resolved.name) };
}

export const createDocumentTool: ToolDefinition<CreateDocumentInput> = {
  name: 'create_document',
  description:
    'Create a NEW file in the workspace folder (a lesson "*.lesson.xml", or ".md"/".txt"), for example when the user asks ' +
    'for a separate worksheet or a new lesson. The user always approves it first. It never overwrites: choose a new ' +
    'name. Paths are relative to the workspace folder. To change the open document use edit_text or edit_document instead.',
  inputSchema: createDocumentInput,
  displayText: (input) => l10n.t('Creating {0}', input.path),
  genericText: () => l10n.t('Creating a file'),
  async needsConfirmation(input, ctx) {
    const checked = checkInput(input);
    if (!checked.ok || !ctx.workspace) return undefined;
    const resolved = await ctx.workspace.resolveNewFile(checked.path);
    if (!resolved.ok) return undefined;
    const lines = lineCount(input.content);
    return {
      request: {
        tool: 'create_document',
        title: l10n.t('Create {0}?', resolved.name),
        summary:
          documentKindForPath(resolved.name) === 'lesson'
            ? l10n.t('A new lesson, {0} lines, in the workspace folder.', lines)
            : l10n.t('A new file, {0} lines, in the workspace folder.', lines),
        reason: l10n.t('Creating files always asks first.'),
        hasDiff: true,
      },
      proposal: { uri: resolved.uri, before: '', after: input.content },
    };
  },
  run,
};

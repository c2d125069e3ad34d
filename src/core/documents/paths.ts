// Workspace-relative paths for new files: checked as text first (no absolute path, no "..", no
// control characters), so every WorkspaceAccess and the create_document tool refuse the same
// inputs with the same words: the model's (English, what to do next) and the teacher's (their
// language, shown on the step).
import { l10n } from '../../shared/l10n';

/** Why a path or a file cannot be used: `message` tells the model, `summary` the teacher. */
export interface PathRefusal {
  readonly ok: false;
  readonly message: string;
  readonly summary: string;
}

function refusal(message: string, summary: string): PathRefusal {
  return { ok: false, message, summary };
}

/** The refusals a workspace gives for a file, said the same by every WorkspaceAccess. */
export const fileRefusal = {
  outside: (path: string): PathRefusal => refusal(`"${path}" points outside the workspace folder.`, l10n.t('{0} is outside the workspace folder', path)),
  exists: (path: string): PathRefusal =>
    refusal(`${path} already exists; choose another name (existing files are never overwritten).`, l10n.t('{0} already exists, and files are never overwritten', path)),
  missing: (path: string): PathRefusal => refusal(`${path} does not exist in the workspace folder.`, l10n.t('{0} is not in the workspace folder', path)),
  folder: (path: string): PathRefusal => refusal(`${path} is a folder, not a file.`, l10n.t('{0} is a folder, not a file', path)),
  tooLarge: (path: string, megabytes: number): PathRefusal => refusal(`${path} is larger than ${megabytes} MB.`, l10n.t('{0} is larger than {1} MB', path, megabytes)),
  empty: (): PathRefusal => refusal('The path is empty: give a file name such as "unit-2.lesson.xml".', l10n.t('No file name was given')),
  absolute: (path: string): PathRefusal => refusal(`"${path}" is absolute: give a path relative to the workspace folder.`, l10n.t('{0} is outside the workspace folder', path)),
};

export type CheckedPath = { readonly ok: true; readonly path: string } | PathRefusal;

const MAX_PATH_LENGTH = 260;

/** Normalises a relative path to "a/b/c.lesson.xml", or explains why it is not acceptable. */
export function checkRelativePath(input: string): CheckedPath {
  const cleaned = input.trim().replace(/\\/g, '/');
  if (cleaned === '') return fileRefusal.empty();
  const unusable = l10n.t('{0} cannot be used as a file name', input);
  if (cleaned.length > MAX_PATH_LENGTH) return refusal(`The path is longer than ${MAX_PATH_LENGTH} characters.`, unusable);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(cleaned)) return refusal('The path contains control characters.', unusable);
  if (cleaned.startsWith('/') || /^[a-zA-Z]:/.test(cleaned) || cleaned.startsWith('~')) return fileRefusal.absolute(input);
  const segments = cleaned.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return refusal(`"${input}" uses "..": new files must stay inside the workspace folder.`, l10n.t('{0} is outside the workspace folder', input));
  if (segments.length === 0 || cleaned.endsWith('/')) return refusal(`"${input}" names a folder, not a file.`, l10n.t('{0} is a folder, not a file', input));
  return { ok: true, path: segments.join('/') };
}

/**
 * Characters no file system takes in a name (Windows is the strictest), control characters, and
 * "…": a title cut short ends in one, and a file named "Les verbes….md" reads as a mistake.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f<>:"/\\|?*\u2026]/g;
const MAX_NAME_CHARS = 120;

/**
 * A file name for a title: every character the title has is kept ("Les verbes: été & hiver"
 * stays readable), except the few no file system accepts (and "…"), which become a space; runs of spaces
 * become one, and the result never ends in a dot or a space (Windows drops those).
 */
export function fileNameFor(title: string, extension: string, fallback = 'session'): string {
  const cleaned = title.normalize('NFC').replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(cleaned);
  const cut = chars.length > MAX_NAME_CHARS ? chars.slice(0, MAX_NAME_CHARS).join('') : cleaned;
  const stem = cut.replace(/[. ]+$/, '').trim();
  return `${stem || fallback}${extension}`;
}

// Workspace-relative paths for new files: checked as text first (no absolute path, no "..", no
// control characters), so every WorkspaceAccess and the create_document tool refuse the same
// inputs with the same words.

export type CheckedPath = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly message: string };

const MAX_PATH_LENGTH = 260;

/** Normalises a relative path to "a/b/c.lesson.xml", or explains why it is not acceptable. */
export function checkRelativePath(input: string): CheckedPath {
  const cleaned = input.trim().replace(/\\/g, '/');
  if (cleaned === '') return { ok: false, message: 'The path is empty: give a file name such as "unit-2.lesson.xml".' };
  if (cleaned.length > MAX_PATH_LENGTH) return { ok: false, message: `The path is longer than ${MAX_PATH_LENGTH} characters.` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(cleaned)) return { ok: false, message: 'The path contains control characters.' };
  if (cleaned.startsWith('/') || /^[a-zA-Z]:/.test(cleaned) || cleaned.startsWith('~')) {
    return { ok: false, message: `"${input}" is absolute: give a path relative to the workspace folder.` };
  }
  const segments = cleaned.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return { ok: false, message: `"${input}" uses "..": new files must stay inside the workspace folder.` };
  if (segments.length === 0) return { ok: false, message: `"${input}" names a folder, not a file.` };
  if (cleaned.endsWith('/')) return { ok: false, message: `"${input}" names a folder, not a file.` };
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

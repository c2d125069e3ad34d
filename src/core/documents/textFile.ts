// What a document's bytes are, before anything edits them: Lesson Agent edits UTF-8 text only
// (with or without a BOM, which is kept), and keeps the file's line ends (CRLF stays CRLF).
// Anything else is refused with words a teacher can act on, never "edited" into garbage: a
// Latin-1 file would lose its accents, a binary file (an image) would be rewritten as text.
import { l10n, type Said } from '../../shared/l10n';

export const MEGABYTE = 1024 * 1024;

/** How a text document ends its lines on disk. The text the agent works on always uses "\n". */
export type LineEnds = 'lf' | 'crlf';

/** `problem` tells the model (English), `shown` the teacher (their language). */
export type Decoded = { readonly ok: true; readonly text: string; readonly lineEnds: LineEnds } | { readonly ok: false; readonly problem: string; readonly shown: string };

function undecoded(said: Said): Decoded {
  return { ok: false, problem: said.en, shown: said.shown };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Like git: a NUL byte in the first 8000 bytes means binary data. */
const SNIFF_BYTES = 8000;

export function describeSize(bytes: number): string {
  return bytes >= MEGABYTE ? `${(bytes / MEGABYTE).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Said to the teacher before a turn (the model never reads it). */
export function tooLarge(name: string, bytes: number, limit: number, setting: string): string {
  return l10n.t('{0} is {1}: Lesson Agent works on documents up to {2} ({3}). Nothing was changed and nothing was sent.', name, describeSize(bytes), describeSize(limit), setting);
}

/** A CRLF file: every line end is "\r\n" (a file with mixed ends is kept exactly as it is). */
function lineEndsOf(text: string): LineEnds {
  return text.includes('\r\n') && !/(^|[^\r])\n/.test(text) ? 'crlf' : 'lf';
}

/** The text of a document's bytes, or why Lesson Agent will not work on it. */
export function decodeText(bytes: Uint8Array, name: string): Decoded {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return undecoded(l10n.both('{0} is saved as UTF-16. Lesson Agent edits UTF-8 text only, so it did not change it: save it as UTF-8 (in VS Code: Save with Encoding, UTF-8) and ask again.', name));
  }
  if (bytes.subarray(0, SNIFF_BYTES).includes(0)) {
    return undecoded(l10n.both('{0} is not a text file (it holds binary data, like an image or a program). Lesson Agent works on text documents only; it did not change it.', name));
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return undecoded(
      l10n.both(
        '{0} is not saved as UTF-8 (it looks like an older encoding, such as Latin-1 or Windows-1252). Lesson Agent did not change it, so no accent is lost: save it as UTF-8 (in VS Code: Reopen with Encoding, then Save with Encoding, UTF-8) and ask again.',
        name,
      ),
    );
  }
  const lineEnds = lineEndsOf(text);
  return { ok: true, text: lineEnds === 'crlf' ? text.replace(/\r\n/g, '\n') : text, lineEnds };
}

/** The bytes to write for `text` (with "\n" line ends) in a file that ends its lines with `lineEnds`. */
export function encodeText(text: string, lineEnds: LineEnds): string {
  return lineEnds === 'crlf' ? text.replace(/\r?\n/g, '\r\n') : text;
}

export function readOnlyProblem(name: string): string {
  return `${name} is read-only: Lesson Agent did not change it. Make it writable (or save a copy under another name) and ask again.`;
}

/** The same for the teacher, on the step. */
export function readOnlySummary(name: string): string {
  return l10n.t('Not changed: {0} is read-only', name);
}

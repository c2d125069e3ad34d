// The integration run's display-language passes, as the harness (test/harness/run.ts) and the suite
// index (index.ts) both read them: after the English passes, one pass per language below, each a
// fresh workbench with VS Code in that language, running only the suites declared with
// `describeInDisplayLanguage` (driver.ts). No imports: the harness loads this file as it is.

/** The display languages of the extra passes, in order. */
export const DISPLAY_LANGUAGES = ['fr', 'de', 'es'] as const;

const MARKER = 'display language';

/** What starts the full title of every test of a language pass: `[display language fr] `. */
export function languageMarker(language: string): string {
  return `[${MARKER} ${language}]`;
}

/**
 * Which passes a user's grep (a literal part of a test's full title; empty: every test) asks for.
 * A language pass runs when the grep is part of its marker ("display language", "language de")
 * or starts with it ("[display language fr] the panel"); the English passes run unless the grep
 * names a display language, which no English test's title holds.
 */
export function passesFor(grep: string): { english: boolean; languages: string[] } {
  if (!grep) return { english: true, languages: [...DISPLAY_LANGUAGES] };
  const languages = DISPLAY_LANGUAGES.filter((language) => languageMarker(language).includes(grep) || grep.startsWith(languageMarker(language)));
  return { english: !grep.includes(MARKER), languages };
}

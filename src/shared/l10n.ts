// The words the core shows a teacher (a refusal, a notice, a card's title), in VS Code's display
// language: `l10n.t('English text with {0}', value)`, as the extension's own vscode.l10n.t, the
// English text being the key of l10n/bundle.l10n.<lang>.json. The extension hands VS Code's
// translator in at activation (setTranslator); elsewhere (the command line, the tests) the English
// stands. What only the model reads (tool results, the prompt) stays English and does not go through
// here: the model reads English best, and what it has seen is never rewritten.

export type Translate = (message: string, ...args: Array<string | number | boolean>) => string;

/** `message` with {0}, {1}... filled in: the English, as vscode.l10n.t gives it when there is no translation. */
export function fillIn(message: string, ...args: Array<string | number | boolean>): string {
  return message.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] === undefined ? m : String(args[Number(i)])));
}

/** A language tag VS Code may give (`fr`, `de-CH`, `qps-ploc`): letters, then subtags. */
export function isLanguageTag(tag: string): boolean {
  return /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag);
}

/** The language of a tag, its region and case set aside: "fr-CA" and " FR_ca " are "fr". */
export function languageOf(tag: string | undefined): string {
  return (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/** `table`'s entry for the language of `tag` (own keys only: "constructor" is no language), else `fallback`. */
export function byLanguage<T>(table: Readonly<Record<string, T>>, tag: string | undefined, fallback: T): T {
  const language = languageOf(tag);
  return Object.hasOwn(table, language) ? (table[language] ?? fallback) : fallback;
}

let translate: Translate = fillIn;
let language = 'en';

/** One message as the model reads it (English, `en`) and as the teacher does (their language, `shown`). */
export interface Said {
  readonly en: string;
  readonly shown: string;
}

export const l10n = {
  t: (message: string, ...args: Array<string | number | boolean>): string => translate(message, ...args),
  /**
   * The same message for both readers, when the model and the teacher both read it (what a quiz's
   * import could not carry). An argument that is itself said both ways goes in as each reader reads it.
   */
  both: (message: string, ...args: Array<string | number | boolean | Said>): Said => ({
    en: fillIn(message, ...args.map((a) => (typeof a === 'object' ? a.en : a))),
    shown: translate(message, ...args.map((a) => (typeof a === 'object' ? a.shown : a))),
  }),
};

/**
 * VS Code's translator for the core's words and its display language (the extension's activate),
 * for what is not a message: a date, an exercise type's name. `fillIn` gives back the English.
 */
export function setTranslator(t: Translate, displayLanguage = 'en'): void {
  translate = t;
  language = displayLanguage;
}

/** The language the core's words are in (VS Code's display language; `en` until it is set). */
export function displayLanguage(): string {
  return language;
}

// VS Code's pseudo-language (`qps-ploc`): every word of a bundle in look-alike letters between
// ［ and ］, to find the words no bundle holds. Opened in it, a page whose own words all come from
// its bundle shows no plain English letter outside what the host sent
// (test/unit/webview/languages.test.ts); one left over was written into the code. Shared: the
// host's words are checked the same way (test/unit/l10n/hostWords.test.ts), and an exercise type's
// name is said in it by the preview and the host alike (worksheetWords.ts's exerciseTypeName).

export const PSEUDO_LANGUAGE = 'qps-ploc';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOOK_ALIKE = [...'áƀçďéƒğĥíĵķĺɱñóṕʠŕśťúṽŵẋýźÁƁÇĎÉƑĞĤÍĴĶĹṀÑÓṔɊŔŚŤÚṼŴẊÝŹ'];

/** `text` in look-alike letters (placeholders such as {0} kept), marked at both ends. */
export function pseudoText(text: string): string {
  return `［${[...text].map((c) => LOOK_ALIKE[PLAIN.indexOf(c)] ?? c).join('')}］`;
}

/** Every string of `bundle` in the pseudo-language. */
export function pseudoBundle<K extends string>(bundle: Readonly<Record<K, string>>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(bundle).map(([key, text]) => [key, pseudoText(text)])) as Record<K, string>;
}

/** Whether `tag` is the pseudo-language. */
export function isPseudo(tag: string | undefined): boolean {
  return (tag ?? '').trim().toLowerCase() === PSEUDO_LANGUAGE;
}

// How a page picks its words: the bundle of the language VS Code gives it (<html lang>, set by the
// host: src/vscode/webviewHtml.ts), English when there is none, the pseudo-language's look-alikes
// for qps-ploc (pseudo.ts); and `t`, which fills the placeholders {0}, {1}... as the host's
// l10n.t does. The chat (l10n.ts) and the preview (preview/previewL10n.ts) each hold their bundles.
import { byLanguage, fillIn } from '../../src/shared/l10n';
import { isPseudo, pseudoBundle } from '../../src/shared/pseudo';

/** The page's language tag; none outside a page (the unit tests read the English bundle). */
export function pageLanguage(): string | undefined {
  return (globalThis as { document?: { documentElement?: { lang?: string } } }).document?.documentElement?.lang;
}

/** The bundle for a tag such as "fr", "de-CH" or "pt-br": its language's, else `en`. */
export function chooseBundle<K extends string>(bundles: Readonly<Record<string, Record<K, string>>>, en: Record<K, string>, tag: string | undefined): Record<K, string> {
  return isPseudo(tag) ? pseudoBundle(en) : byLanguage(bundles, tag, en);
}

/** `t(key, ...args)` over one bundle. */
export function translator<K extends string>(bundle: Readonly<Record<K, string>>): (key: K, ...args: Array<string | number>) => string {
  return (key, ...args) => fillIn(bundle[key], ...args);
}

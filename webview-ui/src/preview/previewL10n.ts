// The lesson preview's words in the display language VS Code gives the page (<html lang>), English
// when it has no translation (see ../l10n.ts for the chat's). Placeholders are {0}, {1}... in the
// order of the arguments to `t`.
import { en, type PreviewMessageKey, type PreviewMessages } from './l10n/en';
import { de } from './l10n/de';
import { es } from './l10n/es';
import { fr } from './l10n/fr';
import { isPseudo, pseudoBundle, pseudoText } from '../pseudo';
import { typeLabel } from '../../../src/shared/worksheetWords';

export { en };
export type { PreviewMessageKey, PreviewMessages };

/** The translations, by language (the part of a tag before its region: fr-CA is fr). */
export const BUNDLES: Readonly<Record<string, PreviewMessages>> = { en, de, es, fr };

/** The bundle for a language tag such as "fr", "de-CH" or "pt-br": its language's, else English (qps-ploc: pseudo.ts). */
export function previewBundleFor(tag: string | undefined): PreviewMessages {
  if (isPseudo(tag)) return pseudoBundle(en);
  const language = (tag ?? '').toLowerCase().split('-')[0] ?? '';
  return Object.hasOwn(BUNDLES, language) ? (BUNDLES[language] ?? en) : en;
}

/** The page's language tag (VS Code's display language), for words kept outside the bundles (exercise types). */
export const PAGE_LANGUAGE = pageLanguage();

const bundle: PreviewMessages = previewBundleFor(PAGE_LANGUAGE);

/** The page's language; none outside a page (the unit tests read the English bundle). */
function pageLanguage(): string | undefined {
  return (globalThis as { document?: { documentElement?: { lang?: string } } }).document?.documentElement?.lang;
}

export function t(key: PreviewMessageKey, ...args: Array<string | number>): string {
  const text = bundle[key];
  return args.length === 0 ? text : text.replace(/\{(\d+)\}/g, (m, i: string) => String(args[Number(i)] ?? m));
}

/** What a teacher calls exercise `type`, in the page's language (the worksheet's table: src/shared/worksheetWords.ts). */
export function exerciseTypeName(type: string): string {
  return isPseudo(PAGE_LANGUAGE) ? pseudoText(typeLabel(type, 'en')) : typeLabel(type, PAGE_LANGUAGE);
}

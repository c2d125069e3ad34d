// The panel's words in the display language VS Code gives the page (bundles.ts), English when it
// has no translation. Placeholders are {0}, {1}... in the order of the arguments to `t`.
import { chooseBundle, pageLanguage, translator } from './bundles';
import { en, type MessageKey, type Messages } from './l10n/en';
import { de } from './l10n/de';
import { es } from './l10n/es';
import { fr } from './l10n/fr';

export { en };
export type { MessageKey, Messages };

/** The translations, by language (the part of a tag before its region: fr-CA is fr). */
export const BUNDLES: Readonly<Record<string, Messages>> = { en, de, es, fr };

/** The bundle for a language tag: its language's, else English (qps-ploc: pseudo.ts). */
export function bundleFor(tag: string | undefined): Messages {
  return chooseBundle(BUNDLES, en, tag);
}

export const t = translator(bundleFor(pageLanguage()));

// The lesson preview's words in the display language VS Code gives the page (../bundles.ts),
// English when it has no translation (see ../l10n.ts for the chat's).
import { chooseBundle, pageLanguage, translator } from '../bundles';
import { exerciseTypeName as typeNameIn } from '../../../src/shared/worksheetWords';
import { en, type PreviewMessageKey, type PreviewMessages } from './l10n/en';
import { de } from './l10n/de';
import { es } from './l10n/es';
import { fr } from './l10n/fr';

export { en };
export type { PreviewMessageKey, PreviewMessages };

/** The translations, by language (the part of a tag before its region: fr-CA is fr). */
export const BUNDLES: Readonly<Record<string, PreviewMessages>> = { en, de, es, fr };

/** The bundle for a language tag: its language's, else English (qps-ploc: pseudo.ts). */
export function previewBundleFor(tag: string | undefined): PreviewMessages {
  return chooseBundle(BUNDLES, en, tag);
}

const PAGE_LANGUAGE = pageLanguage();

export const t = translator(previewBundleFor(PAGE_LANGUAGE));

/** What a teacher calls exercise `type`, in the page's language (the worksheet's table: src/shared/worksheetWords.ts). */
export function exerciseTypeName(type: string): string {
  return typeNameIn(type, PAGE_LANGUAGE);
}

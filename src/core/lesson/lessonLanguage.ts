// Saying a lesson's language in the lesson itself: the `lang` attribute of its root element, which
// the printed worksheet's own words follow (worksheetWords.ts). Export asks it once for a lesson
// that does not say, and notes the answer here so the next export does not ask again.
import { isLanguageTag } from '../../shared/l10n';
import { parseXmlTree } from './xmlTree';

/** An insertion into the lesson's text: at `offset` (UTF-16, the text as given), `text`. */
export interface TextInsert {
  readonly offset: number;
  readonly text: string;
}

/**
 * Where ` lang="fr"` goes: just after `<lesson` in the root element's start tag, so nothing else in
 * the lesson moves. Undefined when the text is not a well-formed lesson, already says a language
 * (`lang` or `xml:lang`), or `lang` is not a language tag.
 */
export function languageInsert(text: string, lang: string): TextInsert | undefined {
  if (!isLanguageTag(lang)) return undefined;
  const tree = parseXmlTree(text);
  if (!tree.ok || tree.root.name !== 'lesson') return undefined;
  if ('lang' in tree.root.attributes || 'xml:lang' in tree.root.attributes) return undefined;
  // parseXmlTree counts offsets without a byte order mark.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return { offset: bom + tree.root.from + '<lesson'.length, text: ` lang="${lang}"` };
}

// The rule for documents too long to send whole: the model has their outline, not their text, so
// it cannot rewrite them whole, and writing a 1 MB lesson back would take minutes and pass the
// output limit anyway. A complete rewrite is refused with the tools to use instead.
import { errorResult, largeDocumentLimit } from './toolResults';
import type { ToolResult, ToolSettings } from './types';
import { l10n } from '../../shared/l10n';

/** A refusal when `text` (the document now) is too long to be rewritten whole. */
export function wholeRewriteRefusal(text: string, settings: ToolSettings): ToolResult | undefined {
  const limit = largeDocumentLimit(settings);
  if (text.length <= limit) return undefined;
  return errorResult(
    `Nothing was changed: this document is too long to rewrite whole (${text.length.toLocaleString('en')} characters; ` +
      `the limit is ${limit.toLocaleString('en')}). Change it in parts: read_document to see a part, then edit_text ` +
      '(exact find/replace pairs) or replace_element (one element by its id, or one section by its heading).',
    l10n.t('Refused: the document is too long to rewrite whole'),
  );
}

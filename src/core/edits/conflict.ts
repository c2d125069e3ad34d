import type { DocumentSnapshot } from '../documents/types';
import { errorResult, largeDocumentLimit } from '../tools/toolResults';
import type { ToolContext, ToolResult } from '../tools/types';
import { l10n } from '../../shared/l10n';

/** An edit refused because the user changed the same place: nothing changed, and the model gets the fresh text. */
export function conflictResult(message: string, current: DocumentSnapshot, ctx: ToolContext): ToolResult {
  // A long document is not pasted back whole (the model knows it from its outline).
  const redo =
    current.text.length > largeDocumentLimit(ctx.settings)
      ? '\nRead the part again with read_document (it now includes the user\'s typing) and redo your change on it.'
      : `\nRedo your change on the current text below (it includes the user's typing).\n\nCurrent document:\n${current.text}`;
  return errorResult(`${message}${redo}`, l10n.t('Refused: the user was editing the same place'));
}

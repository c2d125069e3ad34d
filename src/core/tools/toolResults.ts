// What every tool answers with when it cannot do its work, and the reading of the bound document
// that turns "deleted" or "unreadable" into such an answer.
import { DocumentReadError, type DocumentAccess, type DocumentSnapshot } from '../documents/types';
import { DEFAULT_SETTINGS } from '../settings';
import type { ToolResult, ToolSettings } from './types';
import { l10n } from '../../shared/l10n';

/**
 * A refusal or failure: `content` tells the model what happened and what to do (English, as all
 * the model reads), `summary` tells the teacher on the step, in their language.
 */
export function errorResult(content: string, summary: string): ToolResult {
  return { content, isError: true, summary };
}

export const NO_DOCUMENT =
  'No document is bound to this session. Ask the user to open the lesson (or a Markdown file) in the editor and ask again: the chat takes the lesson open in the editor with their next message.';

/** No document is bound: the model is told how the teacher gets one bound. */
export function noDocumentResult(): ToolResult {
  return errorResult(NO_DOCUMENT, l10n.t('No document is open for this chat'));
}

/** Reads the document, turning "deleted" into a result the model can act on. */
export async function readDocument(document: DocumentAccess): Promise<DocumentSnapshot | ToolResult> {
  try {
    return await document.read();
  } catch (error) {
    const shown = error instanceof DocumentReadError ? error.shown : l10n.t('{0} cannot be read', document.name);
    return errorResult(`The document ${document.name} cannot be read: ${error instanceof Error ? error.message : String(error)}`, shown);
  }
}

export function isSnapshot(value: DocumentSnapshot | ToolResult): value is DocumentSnapshot {
  return 'version' in value;
}

/** Documents longer than this (characters) are read and edited in parts, never resent whole. */
export function largeDocumentLimit(settings: ToolSettings): number {
  return settings.largeDocumentChars ?? DEFAULT_SETTINGS.largeDocumentChars;
}

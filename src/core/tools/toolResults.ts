// What every tool answers with when it cannot do its work, and the reading of the bound document
// that turns "deleted" or "unreadable" into such an answer.
import type { DocumentAccess, DocumentSnapshot } from '../documents/types';
import { DEFAULT_SETTINGS } from '../settings';
import type { ToolResult, ToolSettings } from './types';

export function errorResult(content: string, summary?: string): ToolResult {
  return { content, isError: true, summary: summary ?? content.split('\n')[0] };
}

export const NO_DOCUMENT =
  'No document is bound to this session. Ask the user to open the lesson (or a Markdown file) in the editor and ask again: the chat takes the lesson open in the editor with their next message.';

/** Reads the document, turning "deleted" into a result the model can act on. */
export async function readDocument(document: DocumentAccess): Promise<DocumentSnapshot | ToolResult> {
  try {
    return await document.read();
  } catch (error) {
    return errorResult(`The document ${document.name} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function isSnapshot(value: DocumentSnapshot | ToolResult): value is DocumentSnapshot {
  return 'version' in value;
}

/** Documents longer than this (characters) are read and edited in parts, never resent whole. */
export function largeDocumentLimit(settings: ToolSettings): number {
  return settings.largeDocumentChars ?? DEFAULT_SETTINGS.largeDocumentChars;
}

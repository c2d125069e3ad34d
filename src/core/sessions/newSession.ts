// A fresh, empty session record (the agent's createSession saves it through the store).
import type { BoundDocumentView } from '../../shared/view';
import { DEFAULT_TITLE } from '../../shared/titles';
import { SESSION_SCHEMA_VERSION, type Session } from './schema';

export function emptySession(init: { id: string; now: number; document?: BoundDocumentView; title?: string }): Session {
  return {
    version: SESSION_SCHEMA_VERSION,
    id: init.id,
    title: init.title?.trim() || DEFAULT_TITLE,
    createdAt: init.now,
    updatedAt: init.now,
    ...(init.document ? { document: init.document } : {}),
    messages: [],
    toolCalls: {},
    edits: [],
    turns: [],
  };
}

// How the core reaches a document: the VS Code adapter edits the live buffer through
// WorkspaceEdits; the file implementation (CLI, tests) edits a file on disk.
import { l10n } from '../../shared/l10n';
import type { PathRefusal } from './paths';

export type DocumentKind = 'lesson' | 'text';

/**
 * A document that cannot be read, said twice: `message` for the model (English, what it can act on)
 * and `shown` for the teacher's step, in their language. Both implementations throw it from `read`.
 */
export class DocumentReadError extends Error {
  constructor(
    message: string,
    readonly shown: string,
  ) {
    super(message);
    this.name = 'DocumentReadError';
  }
}

/** The document is gone (deleted or moved): `message` says so to the model, `shown` to the teacher. */
export function documentGone(name: string, modelAdvice = ''): DocumentReadError {
  return new DocumentReadError(`${name} no longer exists (it was deleted or moved).${modelAdvice}`, l10n.t('{0} no longer exists (it was deleted or moved)', name));
}

export interface DocumentSnapshot {
  readonly text: string;
  /** Increases with every change to the document (the editor's version, or a counter). */
  readonly version: number;
}

/** A replacement of [start, end) in a snapshot's text, in UTF-16 offsets. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

export type ApplyResult =
  | {
      readonly ok: true;
      readonly after: DocumentSnapshot;
      readonly rebased: boolean;
      /** The text the edits were applied to (differs from `base` when rebased): kept for Revert. */
      readonly before?: DocumentSnapshot;
    }
  | {
      readonly ok: false;
      /** conflict: the user changed the same region since `base`; missing: the document is gone. */
      readonly reason: 'conflict' | 'missing' | 'failed';
      /** For the model (English). */
      readonly message: string;
      /** For the teacher, in their language, when the document says more than the reason does (read-only). */
      readonly summary?: string;
      readonly current?: DocumentSnapshot;
    };

export interface DocumentAccess {
  readonly uri: string;
  readonly name: string;
  readonly kind: DocumentKind;
  read(): Promise<DocumentSnapshot>;
  /**
   * Why Lesson Agent must not work on this document at all (larger than `maxBytes`, not text, an
   * encoding it cannot keep), or undefined. Asked before a turn's first model call, cheaply: a
   * document too large is never read whole.
   */
  check?(limits: { maxBytes: number }): Promise<string | undefined>;
  /**
   * Applies edits computed against `base` as one undoable step. When the document changed since
   * `base`, non-overlapping edits are rebased onto the current text and overlapping ones refused.
   */
  applyEdits(edits: readonly TextEdit[], base: DocumentSnapshot, label: string): Promise<ApplyResult>;
}

/** The most a file read from the workspace may hold (a quiz to import): larger is refused unread. */
export const MAX_READ_BYTES = 20 * 1024 * 1024;

export type ReadFileResult = { ok: true; data: Uint8Array; name: string } | PathRefusal;

/** Creating new files, and reading one (a quiz to import), confined to the workspace folder. */
export interface WorkspaceAccess {
  /** Resolves a workspace-relative path, or explains why it is not allowed. */
  resolveNewFile(relativePath: string): Promise<{ ok: true; uri: string; name: string } | PathRefusal>;
  createFile(uri: string, content: string): Promise<void>;
  /** Reads a file at a workspace-relative path (at most MAX_READ_BYTES), or explains why it cannot. */
  readFile(relativePath: string): Promise<ReadFileResult>;
}

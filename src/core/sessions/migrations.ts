// Session files carry a schema version. Loading runs the pure migrations from the file's version up
// to the current one, then parses the result with the session schema, so an old file keeps working
// and a damaged one is recognised as such (and set aside by the store) instead of crashing later.
import { hashText, makePatch } from '../documents/patch';
import { SESSION_SCHEMA_VERSION, sessionSchema, type Session } from './schema';

type RawSession = Record<string, unknown>;

/** A pure function from a file of version `from` to one of version `from + 1`. */
export type Migration = (raw: RawSession) => RawSession;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Version 1 -> 2: the pending interaction became a discriminated union (a question carries its
 * questions, a confirmation its `request`), and assistant messages may carry thinking blocks and
 * the model they were requested from (absent in version 1 files: they never had thinking).
 */
export function migrateV1(raw: RawSession): RawSession {
  const pending = raw.pending;
  if (!isRecord(pending)) return raw;
  const { questions, confirmation, proposal, ...rest } = pending;
  const next =
    pending.kind === 'question'
      ? { ...rest, questions: Array.isArray(questions) ? questions : [] }
      : { ...rest, request: confirmation, ...(proposal !== undefined ? { proposal } : {}) };
  return { ...raw, pending: next };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Version 2 -> 3: an edit is kept as a diff with the hashes of the text before and after, not as
 * two copies of the document; so is a change waiting for approval. Every version 2 edit had been
 * applied (they were recorded after the fact).
 */
export function migrateV2(raw: RawSession): RawSession {
  const edits = Array.isArray(raw.edits)
    ? raw.edits.map((e: unknown) => {
        if (!isRecord(e)) return e;
        const { before, after, ...rest } = e;
        return {
          ...rest,
          patch: makePatch(text(before), text(after)),
          hashBefore: hashText(text(before)),
          hashAfter: hashText(text(after)),
          status: 'applied',
          plannedAt: e.appliedAt,
        };
      })
    : raw.edits;
  const pending = raw.pending;
  if (!isRecord(pending) || !isRecord(pending.proposal)) return { ...raw, edits };
  const { before, after, uri } = pending.proposal;
  const proposal = { uri, hashBefore: hashText(text(before)), patch: makePatch(text(before), text(after)) };
  return { ...raw, edits, pending: { ...pending, proposal } };
}

/**
 * Version 3 -> 4: a session may keep its conversation's frame, thinking blocks the digest of what
 * preceded them, and user messages notices. A version 3 file has none of them: its thinking has no
 * digest, so it is not sent again (it cannot be checked), and its first request makes a frame.
 */
export function migrateV3(raw: RawSession): RawSession {
  return raw;
}

/**
 * Version 4 -> 5: the session is unchanged; its journal's lines checksum their version with their
 * record and number their records (journal.ts), which version 4 readers could not check.
 */
export function migrateV4(raw: RawSession): RawSession {
  return raw;
}

/**
 * Version 5 -> 6: an edit says whether the document still holds it (`presence`), which the panel
 * follows as the teacher undoes and redoes. A version 5 edit that was reverted from the panel is
 * undone; the others are as they landed until the document is next looked at.
 */
export function migrateV5(raw: RawSession): RawSession {
  if (!Array.isArray(raw.edits)) return raw;
  const edits = raw.edits.map((e: unknown) => (isRecord(e) && typeof e.revertedAt === 'number' && e.presence === undefined ? { ...e, presence: 'undone', presenceAt: e.revertedAt } : e));
  return { ...raw, edits };
}

/** Keyed by the version they migrate from. */
export const MIGRATIONS: Readonly<Record<number, Migration>> = { 1: migrateV1, 2: migrateV2, 3: migrateV3, 4: migrateV4, 5: migrateV5 };

/**
 * A checkpoint line an older version wrote, brought forward like a session: each edit record it
 * holds goes through the migrations from the line's version (journals began at version 3, so no
 * line holds an older shape). Anything else is left to the schema to judge.
 */
export function migrateChangesRecord(record: unknown, version: number, target: number = SESSION_SCHEMA_VERSION): unknown {
  if (version >= target || !isRecord(record) || !Array.isArray(record.changes)) return record;
  const changes = record.changes.map((c: unknown) => {
    if (!isRecord(c) || c.op !== 'edit') return c;
    let raw: RawSession = { edits: [c.edit] };
    for (let v = version; v < target; v++) raw = MIGRATIONS[v]?.(raw) ?? raw;
    return { ...c, edit: Array.isArray(raw.edits) ? raw.edits[0] : c.edit };
  });
  return { ...record, changes };
}

export class SessionFormatError extends Error {
  /** True when the file comes from a newer Lesson Agent: not damaged, so never set aside. */
  constructor(
    message: string,
    readonly newerVersion = false,
  ) {
    super(message);
    this.name = 'SessionFormatError';
  }
}

function describe(error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] }): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
  return `${issue?.message ?? 'invalid'}${where}`;
}

/** Brings a parsed session file to the current version and checks it; throws SessionFormatError. */
export function migrateSession(
  raw: unknown,
  migrations: Readonly<Record<number, Migration>> = MIGRATIONS,
  target: number = SESSION_SCHEMA_VERSION,
): Session {
  if (!isRecord(raw)) throw new SessionFormatError('not a JSON object');
  let current: RawSession = raw;
  let version = current.version;
  if (typeof version !== 'number' || !Number.isInteger(version)) throw new SessionFormatError('no schema version');
  if (version > target) {
    throw new SessionFormatError(`schema version ${version} is newer than this version of Lesson Agent understands (${target})`, true);
  }
  while (version < target) {
    const step = migrations[version];
    if (!step) throw new SessionFormatError(`no migration from schema version ${version}`);
    current = { ...step(current), version: version + 1 };
    version += 1;
  }
  const parsed = sessionSchema.safeParse(current);
  if (!parsed.success) throw new SessionFormatError(describe(parsed.error));
  return parsed.data;
}

// The session journal's format: JSON Lines, one line per checkpoint. The first line is a snapshot of
// the whole session; each later line holds the typed changes one save made (a message inserted at
// an index, a turn, tool call or edit record written, the pending interaction set or cleared, the
// title or document set). Each line carries the schema version and a CRC-32 of its version and
// record (checked before anything else, so a bad byte in the version is damage, not "a newer
// Lesson Agent"), and each record a sequence number, so a torn write or a bad byte is found at its
// line (everything before it is kept, the rest set aside) and a line written twice is dropped.
// Lines of version 4 and older checksum the record alone and have no number; they are still read.
// Pure: reading and writing the file is the store's business (fileStore.ts).
import { crc32 } from 'node:zlib';
import * as z from 'zod';
import { boundDocumentSchema } from '../../shared/view';
import { migrateChangesRecord, migrateSession, SessionFormatError } from './migrations';
import {
  branchSchema,
  redoSchema,
  restoringSchema,
  editRecordSchema,
  frameSchema,
  noticeSchema,
  pendingInteractionSchema,
  thinkingRepairSchema,
  SESSION_SCHEMA_VERSION,
  documentAttachmentSchema,
  storedMessageSchema,
  toolCallRecordSchema,
  turnRecordSchema,
  type ReadonlySession,
  type Session,
} from './schema';

export const sessionChangeSchema = z.discriminatedUnion('op', [
  /** A message inserted at `index` (appended when it equals the count). */
  z.object({ op: z.literal('message'), index: z.number().int().nonnegative(), message: storedMessageSchema }),
  z.object({ op: z.literal('turn'), turn: turnRecordSchema }),
  z.object({ op: z.literal('toolCall'), call: toolCallRecordSchema }),
  z.object({ op: z.literal('edit'), edit: editRecordSchema }),
  z.object({ op: z.literal('pending'), pending: pendingInteractionSchema.nullable() }),
  z.object({ op: z.literal('title'), title: z.string() }),
  z.object({ op: z.literal('document'), document: boundDocumentSchema }),
  /** What of the bound document goes with an existing user message (null: nothing any more). */
  z.object({ op: z.literal('attachments'), messageId: z.string(), document: z.array(documentAttachmentSchema).nullable() }),
  /** The notices that go with an existing user message. */
  z.object({ op: z.literal('notices'), messageId: z.string(), notices: z.array(noticeSchema) }),
  /** The conversation's frame, made anew (null: none, the next request makes one). */
  z.object({ op: z.literal('frame'), frame: frameSchema.nullable() }),
  /** The frame made anew with the same system prompt, tools and skills: only where its window starts. */
  z.object({ op: z.literal('window'), window: frameSchema.pick({ start: true, carriedUntil: true, madeAt: true, madeIn: true }) }),
  z.object({ op: z.literal('thinking'), thinking: thinkingRepairSchema }),
  /** The main line from message `keepMessages` and turn `keepTurns` on, set aside as `branch` (which holds them). */
  z.object({ op: z.literal('setAside'), keepMessages: z.number().int().nonnegative(), keepTurns: z.number().int().nonnegative(), branch: branchSchema }),
  /** A branch's messages and turns back at the end of the main line; it is no longer a branch. */
  z.object({ op: z.literal('bringBack'), branchId: z.string() }),
  z.object({ op: z.literal('redo'), redo: redoSchema.nullable() }),
  z.object({ op: z.literal('restoring'), restoring: restoringSchema.nullable() }),
]);
export type SessionChange = z.infer<typeof sessionChangeSchema>;

/** `n`: the record's sequence number in its journal (from version 5; a compaction starts again at 0). */
const changesEntrySchema = z.object({ kind: z.literal('changes'), n: z.number().int().nonnegative().optional(), at: z.number(), changes: z.array(sessionChangeSchema) });
const snapshotEntrySchema = z.object({ kind: z.literal('snapshot'), n: z.number().int().nonnegative().optional(), session: z.unknown() });
const numberedSchema = z.object({ n: z.number().int().nonnegative() });

const LINE_HEAD = /^\{"v":(\d{1,6}),"c":"([0-9a-f]{8})","r":/;
/** From this version on, the checksum covers the version too. */
const CHECKSUMMED_VERSION = 5;

function checksum(version: number, body: string): number {
  return version >= CHECKSUMMED_VERSION ? crc32(body, crc32(`${version}|`)) : crc32(body);
}

function line(record: unknown): string {
  const r = JSON.stringify(record);
  return `{"v":${SESSION_SCHEMA_VERSION},"c":"${checksum(SESSION_SCHEMA_VERSION, r).toString(16).padStart(8, '0')}","r":${r}}\n`;
}

export function snapshotLine(session: ReadonlySession, n = 0): string {
  return line({ kind: 'snapshot', n, session });
}

export function changesLine(n: number, at: number, changes: readonly SessionChange[]): string {
  return line({ kind: 'changes', n, at, changes });
}

function upsert<T extends { id: string }>(list: T[], item: T): void {
  const i = list.findIndex((x) => x.id === item.id);
  if (i >= 0) list[i] = item;
  else list.push(item);
}

/**
 * Whether one checkpoint's changes fit the session: messages inserted where there are messages, a
 * branch brought back that exists, the document going with a message that is there. A reason when
 * they do not.
 */
function misfit(session: Session, changes: readonly SessionChange[]): string | undefined {
  let count = session.messages.length;
  const inserted = new Set<string>();
  const branches = new Map((session.branches ?? []).map((b) => [b.id, b.messages]));
  for (const c of changes) {
    // Looked up only for this rarer record: a replay of many records must stay linear.
    if ((c.op === 'attachments' || c.op === 'notices') && !inserted.has(c.messageId) && !session.messages.some((m) => m.id === c.messageId)) {
      return `the document went with message ${c.messageId}, which is not there`;
    }
    if (c.op === 'window' && !session.frame) return 'a window moved in a conversation without a frame';
    if (c.op === 'setAside') {
      if (c.keepMessages > count) return `${c.keepMessages} messages were kept of ${count}`;
      count = c.keepMessages;
      branches.set(c.branch.id, c.branch.messages);
    }
    if (c.op === 'bringBack') {
      const back = branches.get(c.branchId);
      if (!back) return `branch ${c.branchId} was brought back, which is not there`;
      for (const m of back) inserted.add(m.id);
      count += back.length;
      branches.delete(c.branchId);
    }
    if (c.op !== 'message') continue;
    if (c.index > count) return `a message was inserted at ${c.index} of ${count}`;
    inserted.add(c.message.id);
    count++;
  }
  return undefined;
}

/** The main line's tail set aside as a branch, or a branch back at its end. */
function moveLine(session: Session, c: Extract<SessionChange, { op: 'setAside' | 'bringBack' }>): void {
  const branches = (session.branches ??= []);
  if (c.op === 'setAside') {
    session.messages.length = c.keepMessages;
    session.turns.length = Math.min(session.turns.length, c.keepTurns);
    branches.push(c.branch);
    return;
  }
  const at = branches.findIndex((b) => b.id === c.branchId);
  const [branch] = branches.splice(at, 1);
  if (branch) {
    session.messages.push(...branch.messages);
    session.turns.push(...branch.turns);
  }
  if (branches.length === 0) delete session.branches;
}

/** Applies one checkpoint's changes, all or none: returns a reason when they do not fit. */
export function applyChanges(session: Session, at: number, changes: readonly SessionChange[]): string | undefined {
  const problem = misfit(session, changes);
  if (problem) return problem;
  for (const c of changes) {
    switch (c.op) {
      case 'message':
        session.messages.splice(c.index, 0, c.message);
        break;
      case 'turn':
        upsert(session.turns, c.turn);
        break;
      case 'toolCall':
        session.toolCalls[c.call.id] = c.call;
        break;
      case 'edit':
        upsert(session.edits, c.edit);
        break;
      case 'pending':
        if (c.pending) session.pending = c.pending;
        else delete session.pending;
        break;
      case 'title':
        session.title = c.title;
        break;
      case 'document':
        session.document = c.document;
        break;
      case 'attachments': {
        const message = session.messages.find((m) => m.id === c.messageId);
        if (!message) break;
        if (c.document) message.document = c.document;
        else delete message.document;
        break;
      }
      case 'notices': {
        const message = session.messages.find((m) => m.id === c.messageId);
        if (message) message.notices = c.notices;
        break;
      }
      default:
        applyState(session, c);
    }
  }
  session.updatedAt = at;
  return undefined;
}

/** The changes to the conversation's state rather than its records. */
function applyState(session: Session, c: Extract<SessionChange, { op: 'frame' | 'window' | 'thinking' | 'setAside' | 'bringBack' | 'redo' | 'restoring' }>): void {
  switch (c.op) {
    case 'frame':
      if (c.frame) session.frame = c.frame;
      else delete session.frame;
      break;
    case 'window':
      if (session.frame) {
        const { carriedUntil: _old, madeIn: _made, ...frame } = session.frame;
        session.frame = { ...frame, ...c.window };
      }
      break;
    case 'thinking':
      session.thinking = c.thinking;
      break;
    case 'setAside':
    case 'bringBack':
      moveLine(session, c);
      break;
    case 'redo':
      if (c.redo) session.redo = c.redo;
      else delete session.redo;
      break;
    case 'restoring':
      if (c.restoring) session.restoring = c.restoring;
      else delete session.restoring;
      break;
  }
}

type Decoded = { ok: true; version: number; checksum: string; record: unknown } | { ok: false; reason: string };

function decode(text: string): Decoded {
  const head = LINE_HEAD.exec(text);
  if (!head || !text.endsWith('}')) return { ok: false, reason: 'not a journal record' };
  const version = Number(head[1]);
  const body = text.slice(head[0].length, -1);
  // The checksum first: a bad byte in the version must not pass for a newer Lesson Agent's record
  // (which would leave the whole session unopenable). Newer versions keep this framing.
  if (checksum(version, body) !== Number.parseInt(head[2] ?? '', 16)) return { ok: false, reason: 'its checksum does not match' };
  if (version > SESSION_SCHEMA_VERSION) {
    throw new SessionFormatError(`schema version ${version} is newer than this version of Lesson Agent understands (${SESSION_SCHEMA_VERSION})`, true);
  }
  try {
    return { ok: true, version, checksum: head[2] ?? '', record: JSON.parse(body) };
  } catch {
    return { ok: false, reason: 'it is not valid JSON' };
  }
}

export interface JournalDamage {
  /** Byte offset of the first record that could not be read: everything from here is set aside. */
  readonly offset: number;
  /** The 1-based number of that record. */
  readonly record: number;
  readonly reason: string;
  /** The damage is the last record, cut off before its end (a write that failed or never finished). */
  readonly torn: boolean;
}

export interface JournalContents {
  readonly session: Session;
  /** The number the next record takes. */
  readonly nextSeq: number;
  /** Lines that repeated an earlier record (same number, same checksum): dropped. */
  readonly duplicates: number;
  /** Bytes of good records (the whole file unless damaged). */
  readonly goodBytes: number;
  readonly snapshotBytes: number;
  readonly records: number;
  readonly damage?: JournalDamage;
}

/** The record at one line: a snapshot resets the session, a checkpoint changes it. */
function readRecord(session: Session | undefined, decoded: Extract<Decoded, { ok: true }>): Session | string {
  const snapshot = snapshotEntrySchema.safeParse(decoded.record);
  if (snapshot.success) {
    try {
      return migrateSession(snapshot.data.session);
    } catch (err) {
      if (err instanceof SessionFormatError && !err.newerVersion) return `its snapshot does not fit: ${err.message}`;
      throw err;
    }
  }
  if (!session) return 'the journal does not start with a snapshot';
  const entry = changesEntrySchema.safeParse(migrateChangesRecord(decoded.record, decoded.version));
  if (!entry.success) return `its changes do not fit (${entry.error.issues[0]?.message ?? 'invalid'})`;
  return applyChanges(session, entry.data.at, entry.data.changes) ?? session;
}

/** A numbered record's number (records of version 4 and older have none). */
function sequenceOf(record: unknown): number | undefined {
  const parsed = numberedSchema.safeParse(record);
  return parsed.success ? parsed.data.n : undefined;
}

/**
 * Replays a journal. Stops at the first record that cannot be read (torn, a bad byte, a shape that
 * does not fit, a number out of sequence) and reports where; a line that repeats an earlier record
 * (its number and checksum) is dropped and counted. Throws SessionFormatError when even the first
 * record is unreadable, or newerVersion when a record comes from a newer Lesson Agent (left as it is).
 */
export function readJournal(bytes: Buffer): JournalContents {
  let session: Session | undefined;
  let offset = 0;
  let records = 0;
  let snapshotBytes = 0;
  let duplicates = 0;
  let damage: JournalDamage | undefined;
  /** The checksum of each numbered record read so far, and the number the next one must have. */
  const checksums = new Map<number, string>();
  let expected: number | undefined;
  while (offset < bytes.length) {
    const end = bytes.indexOf(0x0a, offset);
    const fail = (reason: string, torn = false): void => {
      damage = { offset, record: records + 1, reason, torn };
    };
    if (end === -1) {
      fail('it was cut off', true);
      break;
    }
    const decoded = decode(bytes.toString('utf8', offset, end));
    const seq = decoded.ok ? sequenceOf(decoded.record) : undefined;
    // Numbered records are version 5 and later: an older version on one is a bad byte the old framing cannot see.
    if (decoded.ok && seq !== undefined && decoded.version < CHECKSUMMED_VERSION) {
      fail('its version does not match its record');
      break;
    }
    if (decoded.ok && seq !== undefined && expected !== undefined && seq !== expected) {
      if (seq < expected && checksums.get(seq) === decoded.checksum) {
        duplicates++;
        offset = end + 1;
        continue;
      }
      fail(seq < expected ? 'a record was written over with other content' : 'a record before it is missing');
      break;
    }
    const next = decoded.ok ? readRecord(session, decoded) : decoded.reason;
    if (typeof next === 'string') {
      fail(next);
      break;
    }
    if (next !== session) snapshotBytes = end + 1 - offset;
    if (decoded.ok && seq !== undefined) {
      checksums.set(seq, decoded.checksum);
      expected = seq + 1;
    }
    session = next;
    records++;
    offset = end + 1;
  }
  if (!session) throw new SessionFormatError(damage ? `its first record is unreadable: ${damage.reason}` : 'the journal is empty');
  return {
    session,
    nextSeq: expected ?? records,
    duplicates,
    goodBytes: damage ? damage.offset : bytes.length,
    snapshotBytes,
    records,
    ...(damage ? { damage } : {}),
  };
}

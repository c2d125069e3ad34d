// Session files carry a schema version. Loading runs the pure migrations from the file's version up
// to the current one, then checks the shape, so an old file keeps working and a damaged one is
// recognised as such (and set aside by the store) instead of crashing the panel later.
import * as z from 'zod';
import { SESSION_SCHEMA_VERSION, type Session } from './types';

type RawSession = Record<string, unknown>;

/** A pure function from a file of version `from` to one of version `from + 1`. */
export type Migration = (raw: RawSession) => RawSession;

/**
 * Keyed by the version they migrate from. Empty while version 1 is the only one; when the format
 * changes, bump SESSION_SCHEMA_VERSION and add `[1]: (raw) => ...` with a fixture test.
 */
export const MIGRATIONS: Readonly<Record<number, Migration>> = {};

const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
  z.object({ type: z.literal('tool_result'), tool_use_id: z.string(), content: z.string(), is_error: z.boolean().optional() }),
]);

const messageSchema = z.looseObject({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.array(blockSchema),
  createdAt: z.number(),
  turnId: z.string(),
});

const turnSchema = z.looseObject({
  id: z.string(),
  startedAt: z.number(),
  status: z.enum(['running', 'completed', 'awaiting_user', 'error', 'stopped']),
  steps: z.number(),
});

const toolCallSchema = z.looseObject({
  id: z.string(),
  tool: z.string(),
  displayText: z.string(),
  status: z.enum(['running', 'success', 'error', 'awaiting', 'denied', 'interrupted']),
  turnId: z.string(),
  startedAt: z.number(),
});

/** The shape every current session file must have; extra fields are kept. */
const sessionSchema = z.looseObject({
  version: z.literal(SESSION_SCHEMA_VERSION),
  id: z.string().min(1),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messages: z.array(messageSchema),
  toolCalls: z.record(z.string(), toolCallSchema),
  edits: z.array(z.looseObject({ id: z.string(), before: z.string(), after: z.string() })),
  turns: z.array(turnSchema),
  pending: z
    .looseObject({ kind: z.enum(['question', 'confirmation']), toolCallId: z.string(), turnId: z.string() })
    .optional(),
});

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

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return `${issue?.message ?? 'invalid'}${where}`;
}

/** Brings a parsed session file to the current version and checks it; throws SessionFormatError. */
export function migrateSession(
  raw: unknown,
  migrations: Readonly<Record<number, Migration>> = MIGRATIONS,
  target: number = SESSION_SCHEMA_VERSION,
): Session {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new SessionFormatError('not a JSON object');
  let current = raw as RawSession;
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
  return parsed.data as unknown as Session;
}

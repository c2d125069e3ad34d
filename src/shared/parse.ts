// Parsing what crosses a boundary: `unknown` in, typed out, or the first problem said plainly.
import type * as z from 'zod';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Parses `raw` with a protocol schema; the first issue, with its path, is the error. */
export function parseWith<T>(schema: z.ZodType<T>, raw: unknown): ParseResult<T> {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  const first = result.error.issues[0];
  const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
  return { ok: false, error: `${first?.message ?? 'invalid message'}${where}` };
}

// A small JSON file read against its schema, with the two ways it can fail said apart: not there
// (nothing was written yet) and damaged (not JSON, or not what the schema says). Each caller
// decides what a damaged file means for it: reported, rebuilt, or taken as naming nothing. Other
// errors (no permission, a folder in its place) are thrown.
import { readFile } from 'node:fs/promises';
import type * as z from 'zod';
import { isNotFound } from './durableFs';

export type JsonFileRead<T> =
  | { readonly status: 'found'; readonly value: T }
  | { readonly status: 'missing' }
  | { readonly status: 'damaged'; readonly problem: 'not-json' }
  | { readonly status: 'damaged'; readonly problem: 'schema'; readonly detail: string };

export async function readJsonFile<S extends z.ZodType>(path: string, schema: S): Promise<JsonFileRead<z.output<S>>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if (isNotFound(err)) return { status: 'missing' };
    throw err;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { status: 'damaged', problem: 'not-json' };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { status: 'damaged', problem: 'schema', detail: parsed.error.issues[0]?.message ?? 'no detail' };
  return { status: 'found', value: parsed.data };
}

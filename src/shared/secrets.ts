// The API key is never written: a reply that echoes it (or any Anthropic-shaped key) is stored,
// shown and exported with the key replaced. Shared by the core (what is stored, the export) and
// the reducer's callers; the configured key is given by whoever knows it, the shape is known here.

export const REDACTED = '[redacted]';

/** Anthropic's keys: sk-ant- then a long run of letters, digits, '-' and '_'. */
const KEY_SHAPE = /sk-ant-[A-Za-z0-9_-]{8,}/g;

/** `text` with the given secrets (at least 8 characters) and every Anthropic-shaped key replaced. */
export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 8 && out.includes(s)) out = out.split(s).join(REDACTED);
  return out.includes('sk-ant-') ? out.replace(KEY_SHAPE, REDACTED) : out;
}

/** Every string inside `value` redacted (tool inputs: objects, arrays, strings). */
export function redactDeep(value: unknown, secrets: readonly (string | null | undefined)[] = []): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)]));
  return value;
}

// The scenario format that drives the fake Anthropic server (documented in scenarios/README.md).
// Parsed with zod so a mistyped scenario file fails loudly at start, not as a confusing stream.
import * as z from 'zod';

const textBlockSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  /** Characters per text_delta; overrides the step's and the scenario's chunk size. */
  chunk: z.number().int().positive().optional(),
});

const toolUseBlockSchema = z.object({
  type: z.literal('tool_use'),
  /** Defaults to a generated `toolu_fake_<n>`. */
  id: z.string().optional(),
  name: z.string(),
  input: z.unknown(),
  /** Characters per input_json_delta. */
  chunk: z.number().int().positive().optional(),
});

/**
 * The model's thinking. Its text is sent only when the request asks for `display: "summarized"`
 * (else the block arrives empty, as the API's default "omitted" display sends it), always with a
 * signature the fake can check when the block comes back.
 */
const thinkingBlockSchema = z.object({
  type: z.literal('thinking'),
  thinking: z.string(),
  chunk: z.number().int().positive().optional(),
});

/** A redacted thinking block: opaque `data`, sent whole in its content_block_start. */
const redactedThinkingBlockSchema = z.object({ type: z.literal('redacted_thinking') });

export const blockSchema = z.discriminatedUnion('type', [textBlockSchema, toolUseBlockSchema, thinkingBlockSchema, redactedThinkingBlockSchema]);
export type ScenarioBlock = z.infer<typeof blockSchema>;

export const faultSchema = z.discriminatedUnion('kind', [
  /** An HTTP error before any streaming (the SDK retries 408/409/429/5xx before headers). */
  z.object({
    kind: z.literal('http'),
    status: z.number().int().min(400).max(599),
    errorType: z.string().default('api_error'),
    message: z.string().default('Fake server error'),
    retryAfter: z.number().nonnegative().optional(),
    retryAfterMs: z.number().nonnegative().optional(),
    shouldRetry: z.boolean().optional(),
  }),
  /** Streams the step's first `afterEvents` events, then an `event: error`. */
  z.object({
    kind: z.literal('error_event'),
    afterEvents: z.number().int().nonnegative().default(3),
    errorType: z.string().default('overloaded_error'),
    message: z.string().default('Overloaded'),
  }),
  /** Streams the first `afterEvents` events, then destroys the socket. */
  z.object({ kind: z.literal('drop'), afterEvents: z.number().int().nonnegative().default(3) }),
  /** Streams the first `afterEvents` events, then sends nothing more until the client leaves. */
  z.object({ kind: z.literal('stall'), afterEvents: z.number().int().nonnegative().default(3) }),
  /** Streams the first `afterEvents` events, then ends the response cleanly without message_stop. */
  z.object({ kind: z.literal('truncate'), afterEvents: z.number().int().nonnegative().default(3) }),
  /** Accepts the request and never sends headers (the SDK's own timeout must give up). */
  z.object({ kind: z.literal('hang') }),
  /** Streams the first `afterEvents` events, then a line that is not valid SSE JSON. */
  z.object({ kind: z.literal('malformed'), afterEvents: z.number().int().nonnegative().default(3), data: z.string().default('{"type": "content_block_delta", "index": 0, "delta": {') }),
]);
export type Fault = z.infer<typeof faultSchema>;

export const usageOverrideSchema = z.object({
  input_tokens: z.number().int().nonnegative().optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  cache_read_input_tokens: z.number().int().nonnegative().optional(),
  cache_creation_input_tokens: z.number().int().nonnegative().optional(),
});

/** One model response (or a fault) answering one request. */
export const stepSchema = z.object({
  /** A label shown in the recorded request, handy in assertions. */
  name: z.string().optional(),
  blocks: z.array(blockSchema).default([]),
  /** Defaults to tool_use when a tool_use block is present, else end_turn. */
  stopReason: z.enum(['end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'pause_turn', 'refusal', 'model_context_window_exceeded']).optional(),
  /** A refusal's `stop_details` (category and explanation; both null when the API maps none). */
  refusal: z.object({ category: z.string().nullable().default(null), explanation: z.string().nullable().default(null) }).optional(),
  /**
   * The model thinks without showing it for this long before its first block: the stream carries
   * only `ping` events meanwhile (every `pingEveryMs`, default 100), as the API's does.
   */
  silentMs: z.number().nonnegative().optional(),
  pingEveryMs: z.number().positive().optional(),
  usage: usageOverrideSchema.optional(),
  chunk: z.number().int().positive().optional(),
  /** Pause between SSE events, to make a stream slow enough to stop. */
  delayMs: z.number().nonnegative().optional(),
  fault: faultSchema.optional(),
});
export type Step = z.infer<typeof stepSchema>;

/** Which request a rule answers, by the last user message. Regexes are case-insensitive. */
export const matchSchema = z.object({
  /** The user's typed text (the last user message holds no tool_result). */
  userText: z.string().optional(),
  /** The last user message answers a tool_use of this tool. */
  toolResultFor: z.string().optional(),
  /** Regex on that tool_result's content; its groups fill {{1}}, {{2}}, ... */
  toolResultText: z.string().optional(),
  /** Whether that tool_result must be (true) or must not be (false) an error. */
  isError: z.boolean().optional(),
  /** Every key given equals the same key of that tool_use's input (e.g. `{ "skill": "sequencing" }`). */
  toolInput: z.record(z.string(), z.unknown()).optional(),
  /** Regex on the turn's request: the typed text that opened the turn, then the user's answers since. */
  request: z.string().optional(),
  /** The bound document's kind, from the request's `<document kind="...">` block ("none": no document). */
  documentKind: z.enum(['lesson', 'text', 'none']).optional(),
  /** Whether the turn's opening message carries a selection (`<context ...>` block). */
  hasContext: z.boolean().optional(),
  /** Matches only the first n tries of the same conversation (retries resend it unchanged). */
  attemptAtMost: z.number().int().min(1).optional(),
  /** How the document was sent: whole (`<document>`) or, for a long one, as its outline (`<document-outline>`). */
  documentForm: z.enum(['whole', 'outline']).optional(),
});
export type Match = z.infer<typeof matchSchema>;

/** Where a scenario value is computed from (the request's facts). */
export const VALUE_SOURCES = ['document', 'request', 'userText', 'context', 'contextLabel'] as const;

/**
 * A named value computed per request, used as `{{name}}`: its source, then an optional regex
 * replace (all matches), then an optional regex match (its first group that matched, else the
 * whole match; no match gives ""). Regexes are case-insensitive, and ^ and $ match at line breaks.
 * Then at most one measure of that text: `count` (how many times a regex matches), `words` (how
 * many words, to the nearest ten from 100 on), `all` (every match's first group, joined by `join`,
 * at most `limit` of them and "and N more").
 */
export const valueSchema = z
  .object({
    from: z.enum(VALUE_SOURCES),
    replace: z.string().optional(),
    with: z.string().default(''),
    match: z.string().optional(),
    count: z.string().optional(),
    words: z.boolean().optional(),
    all: z.string().optional(),
    join: z.string().default(', '),
    limit: z.number().int().positive().optional(),
  })
  .refine((v) => [v.count, v.words, v.all].filter((x) => x !== undefined).length <= 1, { message: 'a value takes at most one of count, words and all' });
export type ValueSpec = z.infer<typeof valueSchema>;

/** Placeholder names filled by the fake itself; values and named groups may not reuse them. */
export const BUILTIN_NAMES = ['document', 'lessonOpen', 'lessonBody', 'n', 'uid', 'i', ...VALUE_SOURCES] as const;

export const ruleSchema = z.object({ when: matchSchema, respond: stepSchema });

/**
 * A language the scenario also answers in (languages.ts): `words`, a regex whose matches say the
 * teacher writes in it, and `replies`, each English string of the scenario's replies (a text, a
 * thinking, a string in a tool input) with its translation; `hostWords`, the host's own words in
 * it (its l10n bundle), by which a reply says what it quotes of a tool's result in the language,
 * as Claude translates what it quotes (hostWords.ts). In a file, `replies` and `hostWords` may name
 * a JSON file, from the scenario's folder (readScenarioFile reads it in).
 */
export const languageSchema = z.object({
  words: z.string(),
  replies: z.record(z.string(), z.string()),
  hostWords: z.record(z.string(), z.string()).optional(),
});
export type LanguageSpec = z.infer<typeof languageSchema>;

export const scenarioSchema = z
  .object({
    description: z.string().optional(),
    model: z.string().optional(),
    /** Default characters per text_delta (default 8) and per input_json_delta (default 24). */
    chunk: z.number().int().positive().optional(),
    jsonChunk: z.number().int().positive().optional(),
    delayMs: z.number().nonnegative().optional(),
    /** Script mode: request n gets steps[n]. */
    steps: z.array(stepSchema).optional(),
    /** Match mode: the first rule whose `when` fits the request answers it. */
    rules: z.array(ruleSchema).optional(),
    /** Answers what no rule matched (match mode) or what comes after the script (script mode). */
    fallback: stepSchema.optional(),
    /** Named values computed from each request, for placeholders. */
    values: z.record(z.string().regex(/^[A-Za-z]\w*$/), valueSchema).optional(),
    /** Named pieces of text that steps take in with `{{>name}}` (then filled like the step's own). */
    templates: z.record(z.string().regex(/^[A-Za-z][\w-]*$/), z.string()).optional(),
    /** Other languages the replies come in, by language tag (`fr`, `de`...). */
    languages: z.record(z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/), languageSchema).optional(),
  })
  .refine((s) => s.steps !== undefined || s.rules !== undefined, { message: 'a scenario needs steps or rules' })
  .superRefine((s, ctx) => {
    const reserved = new Set<string>(BUILTIN_NAMES);
    for (const [name, spec] of Object.entries(s.values ?? {})) {
      if (reserved.has(name)) ctx.addIssue({ code: 'custom', message: `the value name "${name}" is built in`, path: ['values', name] });
      for (const key of ['replace', 'match', 'count', 'all'] as const) {
        const pattern = spec[key];
        if (pattern === undefined) continue;
        try {
          new RegExp(pattern, 'im');
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: `not a regex: ${(error as Error).message}`, path: ['values', name, key] });
        }
      }
    }
    for (const [tag, language] of Object.entries(s.languages ?? {})) {
      try {
        new RegExp(language.words, 'iu');
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `not a regex: ${(error as Error).message}`, path: ['languages', tag, 'words'] });
      }
    }
    for (const [i, rule] of (s.rules ?? []).entries()) {
      for (const key of ['userText', 'toolResultText', 'request'] as const) {
        const pattern = rule.when[key];
        if (pattern === undefined) continue;
        try {
          new RegExp(pattern, 'i');
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: `not a regex: ${(error as Error).message}`, path: ['rules', i, 'when', key] });
          continue;
        }
        for (const [, name] of pattern.matchAll(/\(\?<([A-Za-z]\w*)>/g)) {
          if (name && reserved.has(name)) ctx.addIssue({ code: 'custom', message: `the group name "${name}" is built in`, path: ['rules', i, 'when', key] });
        }
      }
    }
  });

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;

export function parseScenario(raw: unknown): Scenario {
  const result = scenarioSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new Error(`Invalid scenario: ${issue?.message ?? 'unknown problem'}${where}`);
}

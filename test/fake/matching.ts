// How the fake reads a request in match mode: the last user message's typed text, the tool_results
// it carries (with the tool names and inputs from the assistant's tool_use blocks), the turn's
// request (the typed text that opened it and the user's answers since), an attached selection, and
// the bound document as the model would know it: the latest `<document ...>` block, with every
// `<document-changes>` diff after it applied (a standard unified diff; one that does not apply is a
// failure, loudly), and unknown after a `<document-outline>`. Placeholders are filled from these
// facts in placeholders.ts.
import { createHash } from 'node:crypto';
import { applyPatch } from 'diff';
import { Languages } from './languages';
import type { Match } from './scenario';

export interface ToolResultSeen {
  readonly toolName: string | undefined;
  /** The input of the tool_use this result answers. */
  readonly input: unknown;
  readonly content: string;
  readonly isError: boolean;
}

export interface RequestFacts {
  /** Text blocks of the last user message, without the blocks the agent injects. */
  readonly userText: string | undefined;
  readonly toolResults: readonly ToolResultSeen[];
  readonly document: string | undefined;
  /** From `<document kind="...">`; undefined when no document (or an unreadable one) was sent. */
  readonly documentKind: 'lesson' | 'text' | undefined;
  /** Whether the document was last sent whole or, being long, as its outline; undefined without one. */
  readonly documentForm: 'whole' | 'outline' | undefined;
  /** The typed text of the message that opened this turn, then each answer to a question since. */
  readonly request: string | undefined;
  /** The selection attached to the turn's opening message (`<context label="...">`). */
  readonly context: { readonly label: string; readonly text: string } | undefined;
  /** 1 the first time this conversation is asked, 2 for its first retry, and so on. */
  readonly attempt: number;
  /**
   * The scenario's language the teacher writes in (languages.ts), from their newest message that
   * says; undefined for English. `userText`, `request` and the answers to question cards are then
   * read back into English where they say a translated suggestion or option whole.
   */
  readonly language: string | undefined;
  /**
   * The teacher's own words where `userText` and `request` read a translated suggestion back into
   * English: scenario values take the topic, level and count from these ("sur les idées principales",
   * not the English suggestion's "about the main ideas"). The answers to question cards are read
   * back in both.
   */
  readonly said: { readonly userText: string | undefined; readonly request: string | undefined };
}

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function blocksOf(message: unknown): Json[] {
  if (!isRecord(message)) return [];
  const content = message.content;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content.filter(isRecord) : [];
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isRecord)
    .map((b) => (typeof b.text === 'string' ? b.text : ''))
    .join('\n');
}

const INJECTED = /^<(document|context)\b/;
const DOCUMENT = /^<document\b([^>]*)>\n?([\s\S]*?)\n?<\/document>\s*$/;
const CONTEXT = /^<context\b[^>]*?\blabel="([^"]*)"[^>]*>\n?([\s\S]*?)\n?<\/context>\s*$/;

function unescapeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
}

function textsOf(message: unknown): string[] {
  return blocksOf(message)
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text as string);
}

function typedText(message: unknown): string | undefined {
  const typed = textsOf(message).filter((t) => !INJECTED.test(t));
  return typed.length > 0 ? typed.join('\n') : undefined;
}

function hasToolResult(message: unknown): boolean {
  return blocksOf(message).some((b) => b.type === 'tool_result');
}

const CHANGES = /^<document-changes\b[^>]*>\n[^\n]*\n([\s\S]*?)\n<\/document-changes>\s*$/;
const OUTLINE = /^<document-outline\b([^>]*)>/;

type DocumentKind = 'lesson' | 'text';
const kindOf = (attributes: string | undefined): DocumentKind | undefined => /\bkind="(lesson|text)"/.exec(attributes ?? '')?.[1] as DocumentKind | undefined;

/**
 * The document as the conversation gives it to the model: its text (undefined when only an outline
 * or an unavailable notice was sent) and its kind (undefined when unavailable).
 */
export function documentFrom(messages: readonly unknown[]): { text: string | undefined; kind: DocumentKind | undefined; outline: boolean } {
  let text: string | undefined;
  let kind: DocumentKind | undefined;
  let outline = false;
  for (const m of messages) {
    if (!isRecord(m) || m.role !== 'user') continue;
    for (const t of textsOf(m)) {
      const sent = OUTLINE.exec(t);
      if (sent) {
        text = undefined;
        kind = kindOf(sent[1]);
        outline = true;
        continue;
      }
      const whole = DOCUMENT.exec(t);
      if (whole) {
        const unavailable = /\bunavailable="true"/.test(whole[1] ?? '');
        text = unavailable ? undefined : (whole[2] ?? '');
        kind = unavailable ? undefined : kindOf(whole[1]);
        outline = false;
        continue;
      }
      const changes = CHANGES.exec(t);
      if (changes && text !== undefined) {
        const next = applyPatch(text, changes[1] ?? '');
        if (next === false) throw new Error(`a <document-changes> diff does not apply to the document the model has:\n${changes[1] ?? ''}`);
        text = next;
      }
    }
  }
  return { text, kind, outline };
}

/** Every tool_use in the conversation by id, so a tool_result can be traced to its tool and input. */
function toolUses(messages: readonly unknown[]): Map<string, { name: string; input: unknown }> {
  const uses = new Map<string, { name: string; input: unknown }>();
  for (const message of messages) {
    for (const b of blocksOf(message)) {
      if (b.type === 'tool_use' && typeof b.id === 'string' && typeof b.name === 'string') uses.set(b.id, { name: b.name, input: b.input });
    }
  }
  return uses;
}

function resultsOf(message: unknown, uses: ReadonlyMap<string, { name: string; input: unknown }>, read: Reader): ToolResultSeen[] {
  return blocksOf(message)
    .filter((b) => b.type === 'tool_result')
    .map((b) => {
      const use = typeof b.tool_use_id === 'string' ? uses.get(b.tool_use_id) : undefined;
      const content = contentText(b.content);
      const english = use?.name === 'AskUserQuestion' ? read.answers(content) : read.echo(content, use?.input);
      return { toolName: use?.name, input: use?.input, content: english, isError: b.is_error === true };
    });
}

/** How the teacher's words are read: as they are, or back into English from the language they write in. */
interface Reader {
  readonly language: string | undefined;
  typed(text: string): string;
  answers(content: string): string;
  echo(content: string, input: unknown): string;
}

const NO_LANGUAGES = new Languages(undefined);

/** The language of the teacher's newest message that says one, and the reader for it. */
function readerFor(messages: readonly unknown[], languages: Languages): Reader {
  let language: string | undefined;
  for (let i = messages.length - 1; i >= 0 && language === undefined; i--) {
    const m = messages[i];
    if (!isRecord(m) || m.role !== 'user' || hasToolResult(m)) continue;
    const typed = typedText(m);
    if (typed !== undefined) language = languages.of(typed);
  }
  return {
    language,
    typed: (text) => languages.toEnglish(text, language),
    answers: (content) => languages.answersToEnglish(content, language),
    echo: (content, input) => languages.echoToEnglish(content, input, language),
  };
}

/** The turn: from the last user message the user typed (no tool_result) to the end. */
function turnFacts(
  messages: readonly unknown[],
  uses: ReadonlyMap<string, { name: string; input: unknown }>,
  read: Reader,
): Pick<RequestFacts, 'request' | 'context'> & { saidRequest: string | undefined } {
  let start = messages.length - 1;
  while (start >= 0) {
    const m = messages[start];
    if (isRecord(m) && m.role === 'user' && !hasToolResult(m) && typedText(m) !== undefined) break;
    start--;
  }
  if (start < 0) return { request: undefined, context: undefined, saidRequest: undefined };
  const opening = messages[start];
  const answers = messages
    .slice(start + 1)
    .filter((m) => isRecord(m) && m.role === 'user')
    .flatMap((m) => resultsOf(m, uses, read).filter((r) => r.toolName === 'AskUserQuestion' && !r.isError))
    .map((r) => r.content);
  const contextMatch = textsOf(opening)
    .map((t) => CONTEXT.exec(t))
    .find((x) => x !== null);
  const typed = typedText(opening) ?? '';
  return {
    request: [read.typed(typed), ...answers].join('\n'),
    saidRequest: [typed, ...answers].join('\n'),
    context: contextMatch ? { label: unescapeAttribute(contextMatch[1] ?? ''), text: contextMatch[2] ?? '' } : undefined,
  };
}

export function requestFacts(body: Json, attempt = 1, languages: Languages = NO_LANGUAGES): RequestFacts {
  const messages: unknown[] = Array.isArray(body.messages) ? body.messages : [];
  const last = messages.at(-1);
  const uses = toolUses(messages);
  const read = readerFor(messages, languages);
  const toolResults = resultsOf(last, uses, read);
  const doc = documentFrom(messages);
  const typed = toolResults.length === 0 ? typedText(last) : undefined;
  const { saidRequest, ...turn } = turnFacts(messages, uses, read);
  return {
    userText: typed === undefined ? undefined : read.typed(typed),
    toolResults,
    document: doc.text,
    documentKind: doc.kind,
    documentForm: doc.kind === undefined ? undefined : doc.outline ? 'outline' : 'whole',
    ...turn,
    attempt,
    language: read.language,
    said: { userText: typed, request: saidRequest },
  };
}

/** What a rule's regexes captured: numbered groups ({{1}}) and named groups ({{name}}). */
export interface Matched {
  readonly groups: string[];
  readonly named: Readonly<Record<string, string>>;
  /** The groups (named, or numbered as "1", "2") a tool's result gave: the host's words, which a reply quotes. */
  readonly fromResult?: ReadonlySet<string>;
}

function execRegex(pattern: string, text: string | undefined): RegExpExecArray | undefined {
  if (text === undefined) return undefined;
  return new RegExp(pattern, 'i').exec(text) ?? undefined;
}

function sameValues(expected: Readonly<Record<string, unknown>>, input: unknown): boolean {
  if (!isRecord(input)) return false;
  return Object.entries(expected).every(([key, value]) => JSON.stringify(input[key]) === JSON.stringify(value));
}

function toolResultMatch(when: Match, facts: RequestFacts): RegExpExecArray | 'none' | undefined {
  const result = facts.toolResults.find(
    (r) =>
      (when.toolResultFor === undefined || r.toolName === when.toolResultFor) &&
      (when.isError === undefined || r.isError === when.isError) &&
      (when.toolInput === undefined || sameValues(when.toolInput, r.input)),
  );
  if (!result) return undefined;
  if (when.toolResultText === undefined) return 'none';
  return execRegex(when.toolResultText, result.content);
}

function documentFits(when: Match, facts: RequestFacts): boolean {
  if (when.documentForm !== undefined && when.documentForm !== facts.documentForm) return false;
  return when.documentKind === undefined || when.documentKind === (facts.documentKind ?? 'none');
}

/** The groups when the rule fits the request, else undefined. */
export function matchRule(when: Match, facts: RequestFacts): Matched | undefined {
  if (!documentFits(when, facts)) return undefined;
  if (when.hasContext !== undefined && when.hasContext !== (facts.context !== undefined)) return undefined;
  if (when.attemptAtMost !== undefined && facts.attempt > when.attemptAtMost) return undefined;
  const found: RegExpExecArray[] = [];
  if (when.userText !== undefined) {
    const m = execRegex(when.userText, facts.userText);
    if (!m) return undefined;
    found.push(m);
  }
  if (when.request !== undefined) {
    const m = execRegex(when.request, facts.request);
    if (!m) return undefined;
    found.push(m);
  }
  const usesResults = [when.toolResultFor, when.toolResultText, when.isError, when.toolInput].some((x) => x !== undefined);
  let result: RegExpExecArray | undefined;
  if (usesResults) {
    const m = toolResultMatch(when, facts);
    if (!m) return undefined;
    if (m !== 'none') found.push((result = m));
  }
  // Numbered groups come from the tool result's regex when there is one, else the typed text's.
  const numbered = found.at(-1);
  const named: Record<string, string> = {};
  for (const m of found) {
    // A group that took no part in the match is "" (so `{{name|fallback}}` falls back), unless
    // another regex of the rule captured it.
    for (const [name, value] of Object.entries(m.groups ?? {})) if (value !== undefined || !(name in named)) named[name] = value ?? '';
  }
  const fromResult = result ? new Set([...Object.keys(result.groups ?? {}), ...result.slice(1).map((_, i) => String(i + 1))]) : undefined;
  return { groups: numbered ? numbered.slice(1).map((g) => g ?? '') : [], named, ...(fromResult ? { fromResult } : {}) };
}

/**
 * Counts tries of the same conversation: a retry (the SDK's or the agent's) resends the request
 * unchanged, so a rule with `attemptAtMost` can fail the first tries and let a later one through.
 * An answer without a fault ends the count, so asking the same thing again starts over.
 */
export class AttemptCounter {
  private readonly tries = new Map<string, number>();

  /** This request's try number, and the function to call with whether its answer was a fault. */
  next(body: Json): { attempt: number; settle: (faulted: boolean) => void } {
    const key = createHash('sha256').update(JSON.stringify(body.messages ?? null)).digest('hex');
    const attempt = (this.tries.get(key) ?? 0) + 1;
    return {
      attempt,
      settle: (faulted) => {
        if (faulted) this.tries.set(key, attempt);
        else this.tries.delete(key);
      },
    };
  }
}

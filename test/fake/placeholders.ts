// Placeholders in a step's text and tool inputs, filled per request (scenarios/README.md):
// `{{1}}` and `{{name}}` from the rule's regex groups, scenario values, and built-ins such as
// `{{document}}`; `{{a|b|'text'}}` takes the first that is not empty; `xml:`, `slug:` and `cap:`
// in front transform the result. Before that, `{{>name}}` takes in a scenario template and
// `{{#each count|'3'}}...{{/each}}` repeats its text as many times as the request asked, and
// `{{#if level|lessonLevelCode}}...{{/if}}` keeps its text only when one of those names has a value.
import type { Matched, RequestFacts } from './matching';
import type { ScenarioBlock, Step, ValueSpec } from './scenario';

export interface FillContext {
  readonly match: Matched;
  readonly facts: RequestFacts;
  readonly values: Readonly<Record<string, ValueSpec>> | undefined;
  readonly templates?: Readonly<Record<string, string>> | undefined;
  readonly requestIndex: number;
  /** A string of the step as written, in the language the teacher writes in (before it is filled). */
  readonly translate?: (raw: string) => string;
}

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A file-name-safe form: lower case, accents dropped, runs of anything else as one "-". */
function slug(s: string): string {
  const out = s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return out || 'untitled';
}

/** The first letter in capitals ("for Your class" is the caller's to avoid). */
export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

const FILTERS: Readonly<Record<string, (s: string) => string>> = {
  xml: (s) => escapeXml(s.trim()),
  slug,
  cap: capitalise,
};

/** The document up to its `<lesson ...>` tag (prolog included), and what lies between it and `</lesson>`. */
function lessonParts(doc: string | undefined): { open: string; body: string } {
  const m = doc === undefined ? null : /^([\s\S]*?<lesson\b[^>]*?)(\/?)>([\s\S]*?)(<\/lesson>\s*)?$/.exec(doc);
  if (!m) return { open: '<lesson>', body: '' };
  return { open: `${m[1]}>`, body: m[2] === '/' ? '' : (m[3] ?? '').replace(/\s+$/, '') };
}

function sourceText(spec: Pick<ValueSpec, 'from'>, facts: RequestFacts): string {
  switch (spec.from) {
    case 'document':
      return facts.document ?? '';
    case 'request':
      return facts.said.request ?? '';
    case 'userText':
      return facts.said.userText ?? '';
    case 'context':
      return facts.context?.text ?? '';
    case 'contextLabel':
      return facts.context?.label ?? '';
  }
}

const firstGroup = (m: RegExpExecArray | RegExpMatchArray): string => m.slice(1).find((g) => g !== undefined) ?? m[0];

/** The fake's own words in a value: a list cut at its limit ends with them (a language's replies may translate them). */
export const AND_MORE = 'and {0} more';

const asWritten = (raw: string): string => raw;

/** The value's measure of `text` (count, words or all), or the text itself without one. */
function measure(spec: ValueSpec, text: string, facts: RequestFacts, translate: (raw: string) => string): string {
  if (spec.count !== undefined) return String([...text.matchAll(new RegExp(spec.count, 'gim'))].length);
  if (spec.words) {
    const n = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    return (n < 100 ? n : Math.round(n / 10) * 10).toLocaleString(facts.language ?? 'en');
  }
  if (spec.all !== undefined) {
    const found = [...text.matchAll(new RegExp(spec.all, 'gim'))].map((m) => firstGroup(m).trim()).filter(Boolean);
    const shown = spec.limit === undefined ? found : found.slice(0, spec.limit);
    const more = found.length - shown.length;
    return shown.join(spec.join) + (more > 0 ? `${spec.join}${translate(AND_MORE).replace('{0}', String(more))}` : '');
  }
  return text;
}

export function computeValue(spec: ValueSpec, facts: RequestFacts, translate: (raw: string) => string = asWritten): string {
  let text = sourceText(spec, facts);
  if (spec.replace !== undefined) text = text.replace(new RegExp(spec.replace, 'gim'), spec.with);
  if (spec.match !== undefined) {
    const m = new RegExp(spec.match, 'im').exec(text);
    text = m ? firstGroup(m) : '';
  }
  return measure(spec, text, facts, translate);
}

/** Resolves names for one request; scenario values are computed once, when first used. */
class Resolver {
  private readonly computed = new Map<string, string>();
  private lesson: { open: string; body: string } | undefined;
  private uid: string | undefined;

  constructor(private readonly ctx: FillContext) {}

  get templates(): Readonly<Record<string, string>> | undefined {
    return this.ctx.templates;
  }

  /** The value of one name, or undefined when the name means nothing here. */
  lookup(name: string): string | undefined {
    const { match, facts, values } = this.ctx;
    if (/^\d+$/.test(name)) return match.groups[Number(name) - 1] ?? '';
    if (name in match.named) return match.named[name];
    const spec = values?.[name];
    if (spec) {
      if (!this.computed.has(name)) this.computed.set(name, computeValue(spec, facts, this.ctx.translate));
      return this.computed.get(name);
    }
    return this.builtin(name);
  }

  private builtin(name: string): string | undefined {
    const { facts, requestIndex } = this.ctx;
    switch (name) {
      case 'document':
        return facts.document ?? '';
      case 'lessonOpen':
        return (this.lesson ??= lessonParts(facts.document)).open;
      case 'lessonBody':
        return (this.lesson ??= lessonParts(facts.document)).body;
      case 'n':
        return String(requestIndex);
      case 'uid':
        // Once per request: an exercise's id and its items' ids must share it.
        return (this.uid ??= `${Date.now().toString(36)}${requestIndex}`);
      case 'request':
      case 'userText':
      case 'context':
      case 'contextLabel':
        return sourceText({ from: name }, facts);
      default:
        return undefined;
    }
  }
}

const TEMPLATE = /\{\{>([A-Za-z][\w-]*)\}\}/g;
const CHAIN = "(?:\\w+|'[^'{}|]*')(?:\\|(?:\\w+|'[^'{}|]*'))*";
const EACH = new RegExp(`\\{\\{#each (${CHAIN})\\}\\}([\\s\\S]*?)\\{\\{/each\\}\\}`, 'g');
const IF = new RegExp(`\\{\\{#if (${CHAIN})\\}\\}([\\s\\S]*?)\\{\\{/if\\}\\}`, 'g');
const PARITY = /\{\{#(odd|even)\}\}([\s\S]*?)\{\{\/\1\}\}/g;
/** At most this many repeats: a request for 500 questions gets a draft, not a wall. */
export const MAX_EACH = 20;
const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];

/** "4", "four" or "Four" as 4; anything else (or 0) as undefined. */
function countOf(s: string): number | undefined {
  const t = s.trim().toLowerCase();
  const n = /^\d+$/.test(t) ? Number(t) : NUMBER_WORDS.indexOf(t) + 1;
  return n > 0 ? Math.min(n, MAX_EACH) : undefined;
}

/** `{{>name}}` replaced by the scenario's template of that name (templates may take in others). */
function expandTemplates(s: string, templates: Readonly<Record<string, string>> | undefined, depth = 0): string {
  if (!templates || depth > 5) return s;
  return s.replace(TEMPLATE, (whole, name: string) => {
    const t = templates[name];
    return t === undefined ? whole : expandTemplates(t, templates, depth + 1);
  });
}

/** Each `{{#each ...}}` section repeated, with `{{i}}` (1, 2, ...) and `{{#odd}}`/`{{#even}}` parts filled per repeat. */
function expandEach(s: string, resolver: Resolver): string {
  return s.replace(EACH, (whole, chain: string, body: string) => {
    let times: number | undefined;
    for (const part of chain.split('|')) {
      times = countOf(part.startsWith("'") ? part.slice(1, -1) : (resolver.lookup(part) ?? ''));
      if (times !== undefined) break;
    }
    if (times === undefined) return whole;
    return Array.from({ length: times }, (_, k) =>
      body.replace(PARITY, (_p, parity: string, inner: string) => ((k % 2 === 0) === (parity === 'odd') ? inner : '')).replace(/\{\{i\}\}/g, String(k + 1)),
    ).join('');
  });
}

/** Each `{{#if a|b}}` section kept when `a` or `b` is known and not empty, else dropped (an attribute only when its value is known). */
function expandIf(s: string, resolver: Resolver): string {
  return s.replace(IF, (_whole, chain: string, body: string) => {
    const known = chain.split('|').some((part) => (part.startsWith("'") ? part.slice(1, -1) : (resolver.lookup(part) ?? '')).trim() !== '');
    return known ? body : '';
  });
}

const PLACEHOLDER = /\{\{((?:(?:xml|slug|cap):)*)(\w+(?:\|(?:\w+|'[^'{}|]*'))*)\}\}/g;

/**
 * A filled value that ends a sentence inside quotes takes the template's full stop: You said:
 * “Add verbs.”, not “Add verbs.”. (a teacher's Deny note quoted back by the demo).
 */
const SENTENCE_END = /[.!?…]$/;
const STOP_AFTER = /^([”"’]?)\./;
/** Marks, between a filled value and its quote, a full stop to drop (never in scenario text). */
const DROP = '\u0000';

function fillString(raw: string, resolver: Resolver): string {
  const s = expandIf(expandEach(expandTemplates(raw, resolver.templates), resolver), resolver);
  const out = s.replace(PLACEHOLDER, (whole: string, filters: string, chain: string, at: number) => {
    const value = fillOne(whole, filters, chain, resolver);
    const ends = value !== whole && SENTENCE_END.test(value.trimEnd()) && STOP_AFTER.test(s.slice(at + whole.length));
    return ends ? `${value.trimEnd()}${DROP}` : value;
  });
  return out.replace(new RegExp(`${DROP}([”"’]?)\\.`, 'g'), '$1');
}

function fillOne(whole: string, filters: string, chain: string, resolver: Resolver): string {
  let known = false;
  let value = '';
  let written = false;
  for (const part of chain.split('|')) {
    written = part.startsWith("'");
    const v = written ? part.slice(1, -1) : resolver.lookup(part);
    if (v === undefined) continue;
    known = true;
    if (v.trim() !== '') {
      value = v;
      break;
    }
  }
  if (!known) return whole;
  // Filters apply from the name outwards: {{xml:cap:topic}} capitalises, then escapes. A quoted
  // text keeps the case it is written in ("for {{cap:level|'your class'}}": "for your class").
  const names = filters
    .split(':')
    .filter((f) => f !== '' && !(written && f === 'cap'))
    .reverse();
  return names.reduce((acc, f) => FILTERS[f]?.(acc) ?? acc, value);
}

function fillValue(v: unknown, resolver: Resolver, tr: (raw: string) => string): unknown {
  if (typeof v === 'string') return fillString(tr(v), resolver);
  if (Array.isArray(v)) return v.map((x) => fillValue(x, resolver, tr));
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillValue(x, resolver, tr)]));
  return v;
}

/** Fills the placeholders in a step's text and tool inputs. */
export function fillStep(step: Step, ctx: FillContext): Step {
  const resolver = new Resolver(ctx);
  const tr = ctx.translate ?? asWritten;
  const blocks = step.blocks.map((b): ScenarioBlock => {
    if (b.type === 'text') return { ...b, text: fillString(tr(b.text), resolver) };
    if (b.type === 'thinking') return { ...b, thinking: fillString(tr(b.thinking), resolver) };
    if (b.type === 'tool_use') return { ...b, input: fillValue(b.input, resolver, tr) };
    return b;
  });
  return { ...step, blocks };
}

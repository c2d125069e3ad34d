// Placeholders in a step's text and tool inputs, filled per request (scenarios/README.md):
// `{{1}}` and `{{name}}` from the rule's regex groups, scenario values, and built-ins such as
// `{{document}}`; `{{a|b|'text'}}` takes the first that is not empty; `xml:`, `slug:` and `cap:`
// in front transform the result.
import type { Matched, RequestFacts } from './matching';
import type { ScenarioBlock, Step, ValueSpec } from './scenario';

export interface FillContext {
  readonly match: Matched;
  readonly facts: RequestFacts;
  readonly values: Readonly<Record<string, ValueSpec>> | undefined;
  readonly requestIndex: number;
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

const FILTERS: Readonly<Record<string, (s: string) => string>> = {
  xml: (s) => escapeXml(s.trim()),
  slug,
  cap: (s) => s.charAt(0).toUpperCase() + s.slice(1),
};

/** The document up to its `<lesson ...>` tag (prolog included), and what lies between it and `</lesson>`. */
function lessonParts(doc: string | undefined): { open: string; body: string } {
  const m = doc === undefined ? null : /^([\s\S]*?<lesson\b[^>]*?)(\/?)>([\s\S]*?)(<\/lesson>\s*)?$/.exec(doc);
  if (!m) return { open: '<lesson>', body: '' };
  return { open: `${m[1]}>`, body: m[2] === '/' ? '' : (m[3] ?? '').replace(/\s+$/, '') };
}

function sourceText(spec: ValueSpec, facts: RequestFacts): string {
  switch (spec.from) {
    case 'document':
      return facts.document ?? '';
    case 'request':
      return facts.request ?? '';
    case 'userText':
      return facts.userText ?? '';
    case 'context':
      return facts.context?.text ?? '';
    case 'contextLabel':
      return facts.context?.label ?? '';
  }
}

export function computeValue(spec: ValueSpec, facts: RequestFacts): string {
  let text = sourceText(spec, facts);
  if (spec.replace !== undefined) text = text.replace(new RegExp(spec.replace, 'gim'), spec.with);
  if (spec.match !== undefined) {
    const m = new RegExp(spec.match, 'im').exec(text);
    text = m ? (m.slice(1).find((g) => g !== undefined) ?? m[0]) : '';
  }
  return text;
}

/** Resolves names for one request; scenario values are computed once, when first used. */
class Resolver {
  private readonly computed = new Map<string, string>();
  private lesson: { open: string; body: string } | undefined;

  constructor(private readonly ctx: FillContext) {}

  /** The value of one name, or undefined when the name means nothing here. */
  lookup(name: string): string | undefined {
    const { match, facts, values } = this.ctx;
    if (/^\d+$/.test(name)) return match.groups[Number(name) - 1] ?? '';
    if (name in match.named) return match.named[name];
    const spec = values?.[name];
    if (spec) {
      if (!this.computed.has(name)) this.computed.set(name, computeValue(spec, facts));
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
        return `${Date.now().toString(36)}${requestIndex}`;
      case 'request':
      case 'userText':
      case 'context':
      case 'contextLabel':
        return sourceText({ from: name, with: '' }, facts);
      default:
        return undefined;
    }
  }
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

function fillString(s: string, resolver: Resolver): string {
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
  for (const part of chain.split('|')) {
    const v = part.startsWith("'") ? part.slice(1, -1) : resolver.lookup(part);
    if (v === undefined) continue;
    known = true;
    if (v.trim() !== '') {
      value = v;
      break;
    }
  }
  if (!known) return whole;
  // Filters apply from the name outwards: {{xml:cap:topic}} capitalises, then escapes.
  const names = filters.split(':').filter(Boolean).reverse();
  return names.reduce((acc, f) => FILTERS[f]?.(acc) ?? acc, value);
}

function fillValue(v: unknown, resolver: Resolver): unknown {
  if (typeof v === 'string') return fillString(v, resolver);
  if (Array.isArray(v)) return v.map((x) => fillValue(x, resolver));
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillValue(x, resolver)]));
  return v;
}

/** Fills the placeholders in a step's text and tool inputs. */
export function fillStep(step: Step, ctx: FillContext): Step {
  const resolver = new Resolver(ctx);
  const blocks = step.blocks.map((b): ScenarioBlock => {
    if (b.type === 'text') return { ...b, text: fillString(b.text, resolver) };
    if (b.type === 'thinking') return { ...b, thinking: fillString(b.thinking, resolver) };
    if (b.type === 'tool_use') return { ...b, input: fillValue(b.input, resolver) };
    return b;
  });
  return { ...step, blocks };
}

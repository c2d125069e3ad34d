// How the fake reads a request in match mode: the last user message's typed text, the tool_results
// it carries (with the tool names from the assistant message before it), and the bound document as
// the model would know it: the latest `<document ...>` block, with every `<document-changes>` diff
// after it applied (a standard unified diff; one that does not apply is a failure, loudly), and
// unknown after a `<document-outline>`. Responses may use placeholders filled from it.
import { applyPatch } from 'diff';
import type { Match, ScenarioBlock, Step } from './scenario';

interface ToolResultSeen {
  readonly toolName: string | undefined;
  readonly content: string;
  readonly isError: boolean;
}

export interface RequestFacts {
  /** Text blocks of the last user message, without the blocks the agent injects. */
  readonly userText: string | undefined;
  readonly toolResults: readonly ToolResultSeen[];
  readonly document: string | undefined;
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
const DOCUMENT = /^<document\b[^>]*>\n?([\s\S]*?)\n?<\/document>\s*$/;
const UNAVAILABLE = /^<document\b[^>]*\bunavailable="true"/;
const CHANGES = /^<document-changes\b[^>]*>\n[^\n]*\n([\s\S]*?)\n<\/document-changes>\s*$/;

/** The document as the messages give it to the model, or undefined when they do not give it whole. */
export function documentFrom(messages: readonly unknown[]): string | undefined {
  let doc: string | undefined;
  for (const m of messages) {
    if (!isRecord(m) || m.role !== 'user') continue;
    for (const b of blocksOf(m)) {
      if (b.type !== 'text' || typeof b.text !== 'string') continue;
      if (b.text.startsWith('<document-outline') || UNAVAILABLE.test(b.text)) {
        doc = undefined;
        continue;
      }
      const whole = DOCUMENT.exec(b.text);
      if (whole) doc = whole[1];
      const changes = CHANGES.exec(b.text);
      if (changes && doc !== undefined) {
        const next = applyPatch(doc, changes[1] ?? '');
        if (next === false) throw new Error(`a <document-changes> diff does not apply to the document the model has:\n${changes[1] ?? ''}`);
        doc = next;
      }
    }
  }
  return doc;
}

export function requestFacts(body: Json): RequestFacts {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const last = messages.at(-1);
  const previous = messages.at(-2);
  const names = new Map<string, string>();
  for (const b of blocksOf(previous)) {
    if (b.type === 'tool_use' && typeof b.id === 'string' && typeof b.name === 'string') names.set(b.id, b.name);
  }
  const blocks = blocksOf(last);
  const toolResults = blocks
    .filter((b) => b.type === 'tool_result')
    .map((b) => ({
      toolName: typeof b.tool_use_id === 'string' ? names.get(b.tool_use_id) : undefined,
      content: contentText(b.content),
      isError: b.is_error === true,
    }));
  const texts = blocks.filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text as string);
  const typed = texts.filter((t) => !INJECTED.test(t));
  return {
    userText: toolResults.length === 0 && typed.length > 0 ? typed.join('\n') : undefined,
    toolResults,
    document: documentFrom(messages),
  };
}

/** Returns the regex groups ('' for the whole match) when the rule fits, else undefined. */
export function matchRule(when: Match, facts: RequestFacts): string[] | undefined {
  let groups: string[] = [];
  if (when.userText !== undefined) {
    if (facts.userText === undefined) return undefined;
    const m = new RegExp(when.userText, 'i').exec(facts.userText);
    if (!m) return undefined;
    groups = m.slice(1).map((g) => g ?? '');
  }
  if (when.toolResultFor !== undefined || when.toolResultText !== undefined || when.isError !== undefined) {
    const result = facts.toolResults.find(
      (r) =>
        (when.toolResultFor === undefined || r.toolName === when.toolResultFor) &&
        (when.isError === undefined || r.isError === when.isError),
    );
    if (!result) return undefined;
    if (when.toolResultText !== undefined) {
      const m = new RegExp(when.toolResultText, 'i').exec(result.content);
      if (!m) return undefined;
      groups = m.slice(1).map((g) => g ?? '');
    }
  }
  return groups;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface FillContext {
  readonly groups: readonly string[];
  readonly document: string | undefined;
  readonly requestIndex: number;
}

/** The document up to its `<lesson ...>` tag (prolog included), and what lies between it and `</lesson>`. */
function lessonParts(doc: string | undefined): { open: string; body: string } {
  const m = doc === undefined ? null : /^([\s\S]*?<lesson\b[^>]*?)(\/?)>([\s\S]*?)(<\/lesson>\s*)?$/.exec(doc);
  if (!m) return { open: '<lesson>', body: '' };
  return { open: `${m[1]}>`, body: m[2] === '/' ? '' : (m[3] ?? '').replace(/\s+$/, '') };
}

function fillString(s: string, ctx: FillContext): string {
  const lesson = lessonParts(ctx.document);
  return s.replace(/\{\{(xml:)?(\w+)\}\}/g, (whole, xml: string | undefined, key: string) => {
    let value: string | undefined;
    if (/^\d+$/.test(key)) value = ctx.groups[Number(key) - 1] ?? '';
    else if (key === 'document') value = ctx.document ?? '';
    else if (key === 'lessonOpen') value = lesson.open;
    else if (key === 'lessonBody') value = lesson.body;
    else if (key === 'n') value = String(ctx.requestIndex);
    else if (key === 'uid') value = `${Date.now().toString(36)}${ctx.requestIndex}`;
    if (value === undefined) return whole;
    return xml ? escapeXml(value.trim()) : value;
  });
}

function fillValue(v: unknown, ctx: FillContext): unknown {
  if (typeof v === 'string') return fillString(v, ctx);
  if (Array.isArray(v)) return v.map((x) => fillValue(x, ctx));
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillValue(x, ctx)]));
  return v;
}

/** Fills {{1}}, {{xml:1}}, {{document}}, {{lessonOpen}}, {{lessonBody}}, {{n}}, {{uid}} in a step's blocks. */
export function fillStep(step: Step, ctx: FillContext): Step {
  const blocks = step.blocks.map((b): ScenarioBlock => {
    if (b.type === 'text') return { ...b, text: fillString(b.text, ctx) };
    if (b.type === 'thinking') return { ...b, thinking: fillString(b.thinking, ctx) };
    if (b.type === 'tool_use') return { ...b, input: fillValue(b.input, ctx) };
    return b;
  });
  return { ...step, blocks };
}

// The parts of a document the model can ask for by name: in a lesson, the elements directly inside
// <lesson> and every element with an id (saxes, the validator's parser, gives their exact
// offsets); in Markdown, the sections under its headings. The outline, read_document and
// replace_element all locate parts through this one module, so they agree on where a part starts
// and ends.
import { SaxesParser } from 'saxes';
import type { DocumentKind } from './types';

/** One locatable part: [start, end) in UTF-16 offsets, ending after its closing tag or section. */
export interface Part {
  readonly start: number;
  readonly end: number;
  /** Element name ('h2', 'exercise', ...) or, in Markdown, 'heading'. */
  readonly name: string;
  readonly id?: string;
  /** An exercise's type attribute. */
  readonly type?: string;
  /** Heading text (h1-h3 in lessons, '#' headings in Markdown). */
  readonly heading?: string;
  /** Heading level: 1-3 for h1-h3, 1-6 in Markdown. */
  readonly level?: number;
}

export interface Structure {
  /** Parts in document order: a lesson's top-level elements, or a Markdown document's sections. */
  readonly top: readonly Part[];
  /** A lesson's elements by id, at any depth. */
  readonly byId: ReadonlyMap<string, Part>;
  /** The lesson's opening tag, when there is one. */
  readonly root?: { readonly start: number; readonly end: number; readonly tag: string };
  /** Why the lesson could not be read to its end (the parts before the problem are kept). */
  readonly problem?: string;
}

const HEADINGS = new Set(['h1', 'h2', 'h3']);

interface Frame {
  name: string;
  start: number;
  id?: string;
  type?: string;
  text?: string;
}

function lessonStructure(text: string): Structure {
  const parser = new SaxesParser({ position: true });
  const stack: Frame[] = [];
  const top: Part[] = [];
  const byId = new Map<string, Part>();
  let root: Structure['root'];
  let problem: string | undefined;
  parser.on('error', (err) => {
    problem ??= err.message;
  });
  parser.on('opentag', (tag) => {
    if (problem) return;
    const end = parser.position;
    const start = text.lastIndexOf('<', end - 1);
    const attr = (name: string): string | undefined => (typeof tag.attributes[name] === 'string' ? (tag.attributes[name] as string) : undefined);
    if (stack.length === 0) root = { start, end, tag: text.slice(start, end) };
    const id = attr('id');
    const type = attr('type');
    stack.push({ name: tag.name, start, ...(id ? { id } : {}), ...(type ? { type } : {}), ...(HEADINGS.has(tag.name) ? { text: '' } : {}) });
  });
  parser.on('text', (t) => {
    for (const f of stack) if (f.text !== undefined) f.text += t;
  });
  parser.on('closetag', () => {
    if (problem) return;
    const f = stack.pop();
    if (!f) return;
    const heading = f.text?.replace(/\s+/g, ' ').trim();
    const part: Part = {
      start: f.start,
      end: parser.position,
      name: f.name,
      ...(f.id ? { id: f.id } : {}),
      ...(f.type ? { type: f.type } : {}),
      ...(heading !== undefined ? { heading, level: Number(f.name.slice(1)) } : {}),
    };
    if (stack.length === 1) top.push(part);
    if (f.id && !byId.has(f.id)) byId.set(f.id, part);
  });
  try {
    parser.write(text).close();
  } catch (err) {
    problem ??= err instanceof Error ? err.message : String(err);
  }
  return { top, byId, ...(root ? { root } : {}), ...(problem ? { problem } : {}) };
}

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

function markdownStructure(text: string): Structure {
  const heads: { start: number; level: number; heading: string }[] = [];
  let fence: string | undefined;
  let offset = 0;
  for (const line of text.split('\n')) {
    const f = FENCE.exec(line)?.[1];
    if (f && (fence === undefined || (f[0] === fence[0] && f.length >= fence.length))) fence = fence === undefined ? f : undefined;
    else if (fence === undefined) {
      const m = ATX.exec(line.replace(/\r$/, ''));
      if (m) heads.push({ start: offset, level: m[1]?.length ?? 1, heading: (m[2] ?? '').trim() });
    }
    offset += line.length + 1;
  }
  // A section runs to the next heading of the same or a higher level.
  const top = heads.map((h, i): Part => {
    const next = heads.slice(i + 1).find((n) => n.level <= h.level);
    return { start: h.start, end: next ? next.start : text.length, name: 'heading', heading: h.heading, level: h.level };
  });
  return { top, byId: new Map() };
}

export function documentStructure(text: string, kind: DocumentKind): Structure {
  return kind === 'lesson' ? lessonStructure(text) : markdownStructure(text);
}

/** Lesson sections: a top-level heading and the elements after it, up to the next heading of its level or higher. */
export function headingSection(structure: Structure, kind: DocumentKind, heading: Part): { start: number; end: number } {
  if (kind !== 'lesson') return { start: heading.start, end: heading.end };
  const level = heading.level ?? 1;
  const next = structure.top.find((p) => p.start > heading.start && p.heading !== undefined && (p.level ?? 1) <= level);
  const inside = structure.top.filter((p) => p.start >= heading.start && (next === undefined || p.start < next.start));
  return { start: heading.start, end: inside.at(-1)?.end ?? heading.end };
}

/** Headings whose text contains `query` (case and spacing ignored), best (exact) first. */
export function findHeadings(structure: Structure, query: string): Part[] {
  const norm = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const q = norm(query.replace(/^#+\s*/, ''));
  const headings = structure.top.filter((p) => p.heading !== undefined);
  const exact = headings.filter((p) => norm(p.heading ?? '') === q);
  return exact.length > 0 ? exact : headings.filter((p) => norm(p.heading ?? '').includes(q));
}

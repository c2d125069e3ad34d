// Finding the part of a document the model names: a lesson element by its id, a section by its
// heading (lessons and Markdown), or a range of lines. Shared by read_document and replace_element,
// with errors that tell the model what exists instead.
import { LineIndex } from '../lesson/positions';
import { documentStructure, findHeadings, headingSection, type Structure } from './structure';
import type { DocumentKind } from './types';

export interface PartQuery {
  readonly id?: string | undefined;
  readonly heading?: string | undefined;
  readonly fromLine?: number | undefined;
  readonly toLine?: number | undefined;
}

export type Located = { ok: true; start: number; end: number; label: string } | { ok: false; message: string };

const MAX_LISTED = 25;

function list(items: readonly string[]): string {
  const shown = items.slice(0, MAX_LISTED).join(', ');
  return items.length > MAX_LISTED ? `${shown}, ... (${items.length} in all)` : shown;
}

/** How many ways the query names a part (exactly one is allowed). */
export function queryProblem(q: PartQuery): string | undefined {
  const ways = [q.id !== undefined, q.heading !== undefined, q.fromLine !== undefined || q.toLine !== undefined].filter(Boolean).length;
  return ways === 1 ? undefined : 'Name the part in exactly one way: an id, a heading, or a line range (fromLine, toLine).';
}

function byId(structure: Structure, kind: DocumentKind, id: string): Located {
  if (kind !== 'lesson') return { ok: false, message: 'This document has no element ids (it is not a lesson): name a heading or a line range.' };
  const part = structure.byId.get(id);
  if (part) return { ok: true, start: part.start, end: part.end, label: `<${part.name} id="${id}">` };
  const ids = [...structure.byId.keys()];
  const near = ids.filter((x) => x.toLowerCase().includes(id.toLowerCase()) || id.toLowerCase().includes(x.toLowerCase()));
  const hint = near.length > 0 ? `Similar ids: ${list(near)}.` : ids.length > 0 ? `Ids in the document: ${list(ids)}.` : 'The document has no ids.';
  return { ok: false, message: `No element has id "${id}". ${hint}` };
}

function byHeading(structure: Structure, kind: DocumentKind, heading: string): Located {
  const found = findHeadings(structure, heading);
  const [first] = found;
  if (found.length === 1 && first) {
    const { start, end } = headingSection(structure, kind, first);
    return { ok: true, start, end, label: `the section "${first.heading ?? ''}"` };
  }
  const all = structure.top.flatMap((p) => (p.heading !== undefined ? [`"${p.heading}"`] : []));
  if (found.length > 1) return { ok: false, message: `${found.length} headings match "${heading}": ${list(found.map((p) => `"${p.heading ?? ''}"`))}. Give the whole heading.` };
  return { ok: false, message: `No heading matches "${heading}". ${all.length > 0 ? `Headings: ${list(all)}.` : 'The document has no headings: use a line range.'}` };
}

/** Line offsets: [start of fromLine, end of toLine (its newline included)). */
function byLines(text: string, fromLine = 1, toLine?: number): Located {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const total = starts.length;
  const last = Math.min(toLine ?? total, total);
  if (fromLine > total) return { ok: false, message: `The document has ${total} lines; line ${fromLine} does not exist.` };
  if (last < fromLine) return { ok: false, message: `toLine (${last}) comes before fromLine (${fromLine}).` };
  const start = starts[fromLine - 1] ?? 0;
  const end = starts[last] ?? text.length;
  return { ok: true, start, end, label: fromLine === last ? `line ${fromLine}` : `lines ${fromLine}-${last}` };
}

export function locatePart(text: string, kind: DocumentKind, q: PartQuery): Located {
  const problem = queryProblem(q);
  if (problem) return { ok: false, message: problem };
  if (q.fromLine !== undefined || q.toLine !== undefined) return byLines(text, q.fromLine, q.toLine);
  const structure = documentStructure(text, kind);
  const located = q.id !== undefined ? byId(structure, kind, q.id) : byHeading(structure, kind, q.heading ?? '');
  if (!located.ok && structure.problem) return { ok: false, message: `${located.message} (The lesson cannot be parsed past one point: ${structure.problem}. A line range still works.)` };
  return located;
}

/** 1-based first and last line of [start, end). */
export function lineSpan(text: string, start: number, end: number): { first: number; last: number } {
  const index = new LineIndex(text);
  return { first: index.positionAt(start).line, last: index.positionAt(Math.max(start, end - 1)).line };
}

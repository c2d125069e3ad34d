// The outline a large document is sent as, instead of its text: headings, exercises with their
// ids and types, and the line ranges to read them by. It is drawn at the most detailed level that
// fits OUTLINE_MAX_CHARS (about 10k tokens): every part, then one line per section with its
// exercises, then one line per section, then groups of sections. Line numbers are 1-based, as the
// editor shows them and read_document takes them.
import { LineIndex } from '../lesson/positions';
import { documentStructure, type Part, type Structure } from './structure';
import type { DocumentKind } from './types';

export const OUTLINE_MAX_CHARS = 40_000;

interface Section {
  readonly heading: Part | undefined;
  readonly parts: Part[];
}

function quote(s: string, max = 80): string {
  const t = s.length > max ? `${s.slice(0, max - 1)}…` : s;
  return `"${t}"`;
}

class Lines {
  private readonly index: LineIndex;
  constructor(text: string) {
    this.index = new LineIndex(text);
  }
  /** "L12" or "L12-40" for [start, end). */
  range(start: number, end: number): string {
    const a = this.index.positionAt(start).line;
    const b = this.index.positionAt(Math.max(start, end - 1)).line;
    return a === b ? `L${a}` : `L${a}-${b}`;
  }
  line(offset: number): number {
    return this.index.positionAt(offset).line;
  }
}

function sections(top: readonly Part[]): Section[] {
  const out: Section[] = [];
  for (const part of top) {
    if (part.heading !== undefined || out.length === 0) out.push({ heading: part.heading !== undefined ? part : undefined, parts: part.heading !== undefined ? [] : [part] });
    else out.at(-1)?.parts.push(part);
  }
  return out;
}

function headingLabel(p: Part, kind: DocumentKind): string {
  if (kind !== 'lesson') return `${'#'.repeat(p.level ?? 1)} ${p.heading ?? ''}`;
  return `${p.name}${p.id ? `#${p.id}` : ''} ${quote(p.heading ?? '')}`;
}

const exerciseLabel = (p: Part): string => `${p.id ?? '(no id)'} (${p.type ?? 'no type'})`;
const isExercise = (p: Part): boolean => p.name === 'exercise';

function sectionSpan(s: Section): { start: number; end: number } {
  const first = s.heading ?? s.parts[0];
  const last = s.parts.at(-1) ?? s.heading;
  return { start: first?.start ?? 0, end: last?.end ?? 0 };
}

/** Every part: headings, each exercise, runs of other elements counted by name. */
function detailed(secs: readonly Section[], lines: Lines, kind: DocumentKind): string[] {
  const out: string[] = [];
  for (const s of secs) {
    if (s.heading) out.push(`${lines.range(s.heading.start, s.heading.end)}: ${headingLabel(s.heading, kind)}`);
    let run: Part[] = [];
    const flush = (): void => {
      const first = run[0];
      const last = run.at(-1);
      if (!first || !last) return;
      const counts = new Map<string, number>();
      for (const p of run) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
      out.push(`${lines.range(first.start, last.end)}: ${[...counts].map(([n, c]) => `${c} ${n}`).join(', ')}`);
      run = [];
    };
    for (const p of s.parts) {
      if (!isExercise(p)) run.push(p);
      else {
        flush();
        out.push(`${lines.range(p.start, p.end)}: exercise ${exerciseLabel(p)}`);
      }
    }
    flush();
  }
  return out;
}

function perSection(secs: readonly Section[], lines: Lines, kind: DocumentKind, listExercises: boolean): string[] {
  return secs.map((s) => {
    const span = sectionSpan(s);
    const exercises = s.parts.filter(isExercise);
    const label = s.heading ? headingLabel(s.heading, kind) : '(before the first heading)';
    const tail = exercises.length === 0 ? '' : listExercises ? `: exercises ${exercises.map(exerciseLabel).join(', ')}` : ` (${exercises.length} exercise${exercises.length === 1 ? '' : 's'})`;
    return `${lines.range(span.start, span.end)}: ${label}${tail}`;
  });
}

function grouped(secs: readonly Section[], lines: Lines, kind: DocumentKind, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < secs.length; i += size) {
    const group = secs.slice(i, i + size);
    const first = group[0];
    const last = group.at(-1);
    if (!first || !last) continue;
    const exercises = group.reduce((n, s) => n + s.parts.filter(isExercise).length, 0);
    const name = (s: Section): string => (s.heading ? quote(s.heading.heading ?? '', 40) : '(untitled)');
    const what = group.length === 1 ? `section ${name(first)}` : `${group.length} sections, ${name(first)} to ${name(last)}`;
    out.push(`${lines.range(sectionSpan(first).start, sectionSpan(last).end)}: ${what}${kind === 'lesson' && exercises > 0 ? ` (${exercises} exercises)` : ''}`);
  }
  return out;
}

/** A document without parts to name (plain text, or a lesson that does not parse): chunks of lines. */
function chunks(text: string, lines: Lines): string[] {
  const total = lines.line(text.length);
  const size = Math.max(50, Math.ceil(total / 200));
  const all = text.split('\n');
  const out: string[] = [];
  for (let a = 1; a <= total; a += size) {
    const b = Math.min(total, a + size - 1);
    const first = all.slice(a - 1, b).find((l) => l.trim().length > 0)?.trim() ?? '';
    out.push(`L${a}-${b}: ${quote(first, 60)}`);
  }
  return out;
}

function fitting(candidates: (() => string[])[]): string[] {
  let last: string[] = [];
  for (const make of candidates) {
    last = make();
    if (last.join('\n').length <= OUTLINE_MAX_CHARS) return last;
  }
  return last;
}

/** The outline's lines for a document (without the block around them). */
export function outlineLines(text: string, kind: DocumentKind, structure: Structure = documentStructure(text, kind)): string[] {
  const lines = new Lines(text);
  const secs = sections(structure.top);
  const head: string[] = [];
  if (structure.root) head.push(`${lines.range(structure.root.start, structure.root.end)}: ${structure.root.tag.replace(/\s+/g, ' ')}`);
  if (structure.problem) head.push(`(The text cannot be parsed past this point: ${structure.problem}. Read it by line range.)`);
  if (secs.length === 0 || (kind !== 'lesson' && structure.top.length === 0)) return [...head, ...chunks(text, lines)];
  const firstHeading = structure.top[0]?.start ?? 0;
  if (kind !== 'lesson' && text.slice(0, firstHeading).trim().length > 0) head.push(`${lines.range(0, firstHeading)}: (text before the first heading)`);
  const groupSizes = [2, 5, 10, 20, 50, 100, 200, 500];
  const body = fitting([
    () => detailed(secs, lines, kind),
    () => perSection(secs, lines, kind, true),
    () => perSection(secs, lines, kind, false),
    ...groupSizes.map((n) => () => grouped(secs, lines, kind, n)),
  ]);
  const end = kind === 'lesson' && structure.root ? [`L${lines.line(text.length - 1)}: end of the document`] : [];
  return [...head, ...body, ...end];
}

// What of a lesson belongs to students and to the records around it: every `student-answer`
// (on whatever element carries one) with words a teacher recognises it by, and every element id
// with where it stands. studentWork.ts compares two outlines to find what an edit would change.
import { SaxesParser } from 'saxes';
import type { SaxesTagPlain } from 'saxes';

export interface ExercisePlace {
  /** 1-based, in document order, counting every <exercise>. */
  readonly number: number;
  readonly id: string | undefined;
  /** The first heading inside the exercise, if any. */
  title: string | undefined;
}

export interface AnswerField {
  readonly element: string;
  readonly id: string | undefined;
  readonly value: string;
  /** What the answer answers, in the lesson's own words: the sentence of a gap, a question's prompt. */
  label: string | undefined;
  readonly exercise: ExercisePlace | undefined;
  /** The element's id, else its exercise, element name and rank among those in the exercise. */
  readonly identity: string;
  /** The exercise's key part of `identity`, so a renamed exercise can be followed. */
  readonly exerciseKey: string;
}

export interface IdentifiedElement {
  readonly id: string;
  readonly element: string;
  /** Names with ranks from the root, e.g. "lesson[1]/exercise[3]". */
  readonly path: string;
  /** The exercise it is in (or is). */
  readonly exercise: ExercisePlace | undefined;
}

export interface LessonOutline {
  readonly answers: readonly AnswerField[];
  readonly ids: ReadonlyMap<string, IdentifiedElement>;
  readonly byPath: ReadonlyMap<string, { element: string; id: string | undefined }>;
}

/** Elements whose text names an answer field: collected while they are open. */
const LABEL_SOURCES = new Set(['p', 'li', 'prompt', 'statement', 'h1', 'h2', 'h3']);
const GAP = '___';
const MAX_LABEL = 90;

interface Open {
  readonly name: string;
  readonly path: string;
  readonly ranks: Map<string, number>;
  readonly text: string[] | undefined;
  /** Answer fields waiting for this element's text as their label. */
  readonly waiting: AnswerField[];
  readonly exercise: ExercisePlace | undefined;
}

function squeeze(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_LABEL ? `${flat.slice(0, MAX_LABEL - 1)}…` : flat;
}

class OutlineBuilder {
  readonly answers: AnswerField[] = [];
  readonly ids = new Map<string, IdentifiedElement>();
  readonly byPath = new Map<string, { element: string; id: string | undefined }>();
  private readonly stack: Open[] = [];
  private readonly rootRanks = new Map<string, number>();
  private exercises = 0;
  private readonly fieldRanks = new Map<string, number>();

  open(tag: SaxesTagPlain): void {
    const parent = this.stack.at(-1);
    const ranks = parent?.ranks ?? this.rootRanks;
    const rank = (ranks.get(tag.name) ?? 0) + 1;
    ranks.set(tag.name, rank);
    const path = `${parent ? `${parent.path}/` : ''}${tag.name}[${rank}]`;
    const id = tag.attributes['id'];
    const exercise = tag.name === 'exercise' ? { number: ++this.exercises, id, title: undefined } : parent?.exercise;
    const frame: Open = { name: tag.name, path, ranks: new Map(), text: LABEL_SOURCES.has(tag.name) ? [] : undefined, waiting: [], exercise };
    this.byPath.set(path, { element: tag.name, id });
    if (id !== undefined && !this.ids.has(id)) this.ids.set(id, { id, element: tag.name, path, exercise });
    const value = tag.attributes['student-answer'];
    if (value !== undefined) this.addField(tag.name, id, value, exercise, frame);
    this.stack.push(frame);
  }

  private addField(element: string, id: string | undefined, value: string, exercise: ExercisePlace | undefined, frame: Open): void {
    const exerciseKey = exercise ? (exercise.id ?? `#${exercise.number}`) : 'lesson';
    const rankKey = `${exerciseKey}|${element}`;
    const rank = (this.fieldRanks.get(rankKey) ?? 0) + 1;
    this.fieldRanks.set(rankKey, rank);
    const field: AnswerField = { element, id, value, label: undefined, exercise, identity: id ?? `${rankKey}|${rank}`, exerciseKey };
    this.answers.push(field);
    if (element === 'blank') {
      // A gap is named by its sentence, with every gap in it shown as ___.
      const sentence = [...this.stack].reverse().find((f) => f.name === 'p' || f.name === 'li');
      sentence?.waiting.push(field);
      for (const f of this.stack) f.text?.push(GAP);
    } else {
      // A question or statement is named by its prompt (a child) or its own text.
      frame.waiting.push(field);
    }
  }

  text(text: string): void {
    for (const f of this.stack) f.text?.push(text);
  }

  close(): void {
    const frame = this.stack.pop();
    if (!frame) return;
    const text = frame.text ? squeeze(frame.text.join('')) : '';
    if (frame.name === 'prompt') {
      const owner = this.stack.at(-1);
      for (const field of owner?.waiting ?? []) field.label ??= text;
    }
    for (const field of frame.waiting) if (text) field.label ??= text;
    if (/^h[1-3]$/.test(frame.name) && frame.exercise && frame.exercise.title === undefined && text) frame.exercise.title = text;
  }
}

/** The answers and ids of a lesson. Best effort on broken XML: what could be read is listed. */
export function lessonOutline(text: string): LessonOutline {
  const builder = new OutlineBuilder();
  const parser = new SaxesParser({ xmlns: false });
  parser.on('opentag', (tag) => builder.open(tag));
  parser.on('closetag', () => builder.close());
  parser.on('text', (t) => builder.text(t));
  parser.on('cdata', (t) => builder.text(t));
  // Errors are the validator's business; the outline keeps going with what saxes can still read.
  parser.on('error', () => undefined);
  try {
    parser.write(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).close();
  } catch {
    // A parser that gives up leaves the outline of what it read.
  }
  return { answers: builder.answers, ids: builder.ids, byPath: builder.byPath };
}

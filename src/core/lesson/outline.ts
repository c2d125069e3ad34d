// What of a lesson belongs to students and to the records around it: every `student-answer`
// (on whatever element carries one) with words a teacher recognises it by, and every element id.
// studentWork.ts compares two outlines to find what an edit would change. The builder is fed by
// the validator's own parse (analysis.ts), so a lesson is read once for both; it keeps per element
// only what it must, because it runs on every edit of lessons of a megabyte.
import type { SaxesTagPlain } from 'saxes';

export interface ExercisePlace {
  /** 1-based, in document order, counting every <exercise>. */
  readonly number: number;
  readonly id: string | undefined;
  /** The first heading inside the exercise, if any. */
  title: string | undefined;
  /** How many elements of each name it holds (for "kept its place but lost its id"). */
  readonly counts: Map<string, number>;
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
  /** Its rank among the ids on elements of its name, in document order. */
  readonly idRank: number;
  /** The exercise it is in (or is). */
  readonly exercise: ExercisePlace | undefined;
}

export interface LessonOutline {
  readonly answers: readonly AnswerField[];
  readonly ids: ReadonlyMap<string, IdentifiedElement>;
  /** Ids in document order, per element name. */
  readonly idsByElement: ReadonlyMap<string, readonly string[]>;
  /** How many elements of each name lie outside any exercise. */
  readonly outsideCounts: ReadonlyMap<string, number>;
  /** Every exercise, in document order. */
  readonly exercises: readonly ExercisePlace[];
}

/** Elements whose text names an answer field or an exercise: collected while they are open. */
const LABEL_SOURCES = new Set(['p', 'li', 'prompt', 'statement', 'h1', 'h2', 'h3']);
const GAP = '___';
const MAX_LABEL = 90;

interface Open {
  readonly name: string;
  readonly text: string[] | undefined;
  /** Answer fields waiting for this element's text as their label. */
  waiting: AnswerField[] | undefined;
  readonly exercise: ExercisePlace | undefined;
}

function squeeze(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_LABEL ? `${flat.slice(0, MAX_LABEL - 1)}…` : flat;
}

function bump(counts: Map<string, number>, name: string): number {
  const n = (counts.get(name) ?? 0) + 1;
  counts.set(name, n);
  return n;
}

export class OutlineBuilder {
  private readonly answers: AnswerField[] = [];
  private readonly ids = new Map<string, IdentifiedElement>();
  private readonly idsByElement = new Map<string, string[]>();
  private readonly outsideCounts = new Map<string, number>();
  private readonly stack: Open[] = [];
  private readonly exercises: ExercisePlace[] = [];
  /** Open frames that collect text, innermost last (text goes to each of them). */
  private readonly collecting: Open[] = [];

  open(tag: SaxesTagPlain): void {
    const parent = this.stack.at(-1);
    const id = tag.attributes['id'];
    let exercise = parent?.exercise;
    if (tag.name === 'exercise') {
      if (!exercise) bump(this.outsideCounts, 'exercise');
      exercise = { number: this.exercises.length + 1, id, title: undefined, counts: new Map() };
      this.exercises.push(exercise);
    } else {
      bump(exercise?.counts ?? this.outsideCounts, tag.name);
    }
    const frame: Open = { name: tag.name, text: LABEL_SOURCES.has(tag.name) ? [] : undefined, waiting: undefined, exercise };
    if (id !== undefined && !this.ids.has(id)) this.addId(id, tag.name, exercise);
    const value = tag.attributes['student-answer'];
    if (value !== undefined) this.addField(tag.name, id, value, exercise, frame);
    this.stack.push(frame);
    if (frame.text) this.collecting.push(frame);
  }

  private addId(id: string, element: string, exercise: ExercisePlace | undefined): void {
    const list = this.idsByElement.get(element) ?? [];
    if (list.length === 0) this.idsByElement.set(element, list);
    this.ids.set(id, { id, element, idRank: list.length, exercise });
    list.push(id);
  }

  private addField(element: string, id: string | undefined, value: string, exercise: ExercisePlace | undefined, frame: Open): void {
    const exerciseKey = exercise ? (exercise.id ?? `#${exercise.number}`) : 'lesson';
    const rank = exercise?.counts.get(element) ?? this.outsideCounts.get(element) ?? 1;
    const field: AnswerField = { element, id, value, label: undefined, exercise, identity: id ?? `${exerciseKey}|${element}|${rank}`, exerciseKey };
    this.answers.push(field);
    // A gap is named by its sentence, with every gap in it shown as ___; a question or a
    // statement by its prompt (a child) or its own text.
    const owner = element === 'blank' ? this.collecting.findLast((f) => f.name === 'p' || f.name === 'li') : frame;
    if (owner) (owner.waiting ??= []).push(field);
    if (element === 'blank') for (const f of this.collecting) f.text?.push(GAP);
  }

  text(text: string): void {
    for (const f of this.collecting) f.text?.push(text);
  }

  close(): void {
    const frame = this.stack.pop();
    if (!frame) return;
    if (frame.text) this.collecting.pop();
    const titles = /^h[1-3]$/.test(frame.name) && frame.exercise !== undefined && frame.exercise.title === undefined;
    const owner = frame.name === 'prompt' ? this.stack.at(-1) : undefined;
    if (!frame.text || (!frame.waiting && !titles && !owner?.waiting)) return;
    const text = squeeze(frame.text.join(''));
    if (!text) return;
    for (const field of owner?.waiting ?? []) field.label ??= text;
    for (const field of frame.waiting ?? []) field.label ??= text;
    if (titles && frame.exercise) frame.exercise.title = text;
  }

  outline(): LessonOutline {
    return { answers: this.answers, ids: this.ids, idsByElement: this.idsByElement, outsideCounts: this.outsideCounts, exercises: this.exercises };
  }
}

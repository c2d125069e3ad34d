// The checks that go beyond "is this element allowed here": attribute values and the shape each
// exercise element needs (a question needs a prompt and a correct option, a sequence a full order).
import type { AttributeKind } from './vocabulary';
import { EXERCISE_CORE_ELEMENT, EXERCISE_TYPES, ID_PATTERN, ID_RULE } from './vocabulary';
import type { ExerciseType } from './vocabulary';

/** What the validator remembers about an open element while its children are read. */
export interface Frame {
  readonly name: string;
  readonly offset: number;
  readonly attributes: Readonly<Record<string, string>>;
  readonly known: boolean;
  /**
   * Where the element is, without positions: the nearest id on the way up, then element names
   * (e.g. "#ex-2/p/blank"). Problems are keyed by it, so an edit elsewhere does not move them.
   */
  readonly anchor: string;
  readonly childCounts: Map<string, number>;
  /** Sequences: the order attributes of their items. */
  readonly orders: number[];
  /** Questions: how many options are marked correct. */
  correctOptions: number;
  /** Exercises: element names found anywhere inside. */
  readonly descendants: Set<string>;
}

export function newFrame(name: string, offset: number, attributes: Record<string, string>, known: boolean, parent: Frame | undefined): Frame {
  const id = attributes['id'];
  return {
    name,
    offset,
    attributes,
    known,
    anchor: id ? `#${id}` : `${parent?.anchor ?? ''}/${name}`,
    childCounts: new Map(),
    orders: [],
    correctOptions: 0,
    descendants: new Set(),
  };
}

export function isExerciseType(value: string | undefined): value is ExerciseType {
  return (EXERCISE_TYPES as readonly string[]).includes(value ?? '');
}

/** Returns why the value is wrong for its kind, or undefined when it is fine. */
export function checkAttributeValue(name: string, value: string, type: AttributeKind): string | undefined {
  switch (type.kind) {
    case 'text':
      return type.nonEmpty && value.trim() === '' ? `${name}="" must not be empty` : undefined;
    case 'id':
      return ID_PATTERN.test(value)
        ? undefined
        : `${name}="${value}" is not a valid id: an id ${ID_RULE}`;
    case 'enum':
      return type.values.includes(value) ? undefined : `${name}="${value}" must be one of: ${type.values.join(', ')}`;
    case 'integer': {
      const n = Number(value);
      return /^\d+$/.test(value.trim()) && n >= type.min && n <= type.max
        ? undefined
        : `${name}="${value}" must be a whole number from ${type.min} to ${type.max}`;
    }
    case 'number': {
      const n = Number(value);
      return value.trim() !== '' && Number.isFinite(n) && n >= type.min && n <= type.max
        ? undefined
        : `${name}="${value}" must be a number from ${type.min} to ${type.max}`;
    }
  }
}

function count(frame: Frame, child: string): number {
  return frame.childCounts.get(child) ?? 0;
}

function exactlyOne(frame: Frame, child: string, out: string[]): void {
  const n = count(frame, child);
  if (n === 0) out.push(`<${frame.name}> needs a <${child}>`);
  else if (n > 1) out.push(`<${frame.name}> has ${n} <${child}> elements; it takes one`);
}

function atMostOne(frame: Frame, child: string, out: string[]): void {
  const n = count(frame, child);
  if (n > 1) out.push(`<${frame.name}> has ${n} <${child}> elements; it takes at most one`);
}

function atLeast(frame: Frame, child: string, min: number, out: string[]): void {
  const n = count(frame, child);
  if (n < min) out.push(`<${frame.name}> needs at least ${min} <${child}> element${min > 1 ? 's' : ''}, found ${n}`);
}

function checkQuestion(frame: Frame, out: string[]): void {
  exactlyOne(frame, 'prompt', out);
  atLeast(frame, 'option', 2, out);
  atMostOne(frame, 'explanation', out);
  if (frame.correctOptions === 0 && count(frame, 'option') > 0) {
    out.push('<question> has no option with correct="true"');
  }
  if (frame.correctOptions > 1 && frame.attributes['multiple'] !== 'true') {
    out.push(`<question> has ${frame.correctOptions} correct options: add multiple="true" or keep one correct`);
  }
}

function checkSequence(frame: Frame, out: string[]): void {
  atLeast(frame, 'item', 2, out);
  const n = frame.orders.length;
  const seen = new Set<number>();
  const duplicates = new Set<number>();
  for (const order of frame.orders) (seen.has(order) ? duplicates : seen).add(order);
  const missing: number[] = [];
  for (let i = 1; i <= n; i++) if (!seen.has(i)) missing.push(i);
  if (duplicates.size > 0 || missing.length > 0) {
    const parts = [
      duplicates.size > 0 ? `order ${[...duplicates].join(', ')} used more than once` : '',
      missing.length > 0 ? `order ${missing.join(', ')} missing` : '',
    ].filter(Boolean);
    out.push(`<sequence> items must be numbered 1 to ${n} with order="...": ${parts.join('; ')}`);
  }
}

/** Only a declared type is checked: an exercise without one is whatever it contains. */
function checkExercise(frame: Frame, out: string[]): void {
  const type = frame.attributes['type'];
  const core = isExerciseType(type) ? EXERCISE_CORE_ELEMENT[type] : undefined;
  if (core && !frame.descendants.has(core)) {
    out.push(`<exercise type="${type}"> contains no <${core}>`);
  }
}

function checkWritingArea(frame: Frame, out: string[]): void {
  const min = Number(frame.attributes['min-words']);
  const max = Number(frame.attributes['max-words']);
  if (Number.isFinite(min) && Number.isFinite(max) && min > max) {
    out.push(`<writing-area> min-words (${min}) is more than max-words (${max})`);
  }
}

const CLOSE_CHECKS: Readonly<Record<string, (frame: Frame, out: string[]) => void>> = {
  question: checkQuestion,
  sequence: checkSequence,
  exercise: checkExercise,
  'writing-area': checkWritingArea,
  'short-answer': (f, out) => {
    exactlyOne(f, 'prompt', out);
    atMostOne(f, 'model-answer', out);
    atMostOne(f, 'rubric', out);
  },
  'word-bank': (f, out) => atLeast(f, 'word', 2, out),
  rubric: (f, out) => atLeast(f, 'criterion', 1, out),
};

/** The structural problems of a complete element, checked when it closes. */
export function checkClosedElement(frame: Frame): string[] {
  const out: string[] = [];
  CLOSE_CHECKS[frame.name]?.(frame, out);
  return out;
}

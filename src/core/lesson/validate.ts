// Lesson XML validation: well-formedness from saxes (a maintained streaming parser that tracks
// positions), then the vocabulary in vocabulary.ts. Every error carries a line and a column so the
// model can fix exactly what is wrong and the editor can point at it, and a key that says what
// and where without positions, so an edit can be judged by the problems it adds (change.ts).
import { SaxesParser } from 'saxes';
import type { SaxesTagPlain } from 'saxes';
import type { OutlineBuilder } from './outline';
import { LineIndex } from './positions';
import { checkAttributeValue, checkClosedElement, isExerciseType, newFrame } from './rules';
import type { Frame } from './rules';
import { ELEMENTS, HTML_ENTITIES, inferExerciseType } from './vocabulary';
import type { ExerciseType } from './vocabulary';

export interface LessonError {
  readonly line: number;
  readonly column: number;
  /** UTF-16 offset in the text. */
  readonly offset: number;
  readonly message: string;
  /** What the problem is and where, without positions (e.g. "attr|#ex-2/p|colour"). */
  readonly key: string;
}

export interface LessonExercise {
  readonly id: string;
  /** The declared type, else the one its content implies; undefined when it has neither. */
  readonly type: ExerciseType | undefined;
  /** False when `type` was inferred (the original lesson format writes no type). */
  readonly typeDeclared: boolean;
  readonly line: number;
}

export interface LessonValidation {
  readonly ok: boolean;
  readonly errors: readonly LessonError[];
  /** How many errors were found beyond the ones listed. */
  readonly omitted: number;
  readonly exercises: readonly LessonExercise[];
  /** The XML broke at some point and the rest of the text could not be checked. */
  readonly broken: boolean;
}

const DEFAULT_MAX_ERRORS = 30;
const XML_ENTITIES = '&amp; &lt; &gt; &quot; &apos;';

type ParserOptions = { xmlns: false; position: true };
type Parser = SaxesParser<ParserOptions>;

interface ExerciseEntry {
  id: string;
  type: ExerciseType | undefined;
  typeDeclared: boolean;
  line: number;
}

class Validator {
  private readonly lines: LineIndex;
  private readonly stack: Frame[] = [];
  private readonly ids = new Map<string, number>();
  private readonly exerciseOf = new Map<Frame, ExerciseEntry>();
  readonly errors: LessonError[] = [];
  readonly exercises: ExerciseEntry[] = [];
  omitted = 0;
  /** saxes closes the open element before it reports a mismatched close tag: remember which. */
  private lastClosed: Frame | undefined;
  /** After the first fatal well-formedness error the rest of the parse is noise: stop listening. */
  broken = false;

  constructor(
    private readonly source: string,
    private readonly parser: Parser,
    private readonly maxErrors: number,
  ) {
    this.lines = new LineIndex(source);
  }

  report(offset: number, message: string, key: string): void {
    if (this.errors.length >= this.maxErrors) {
      this.omitted++;
      return;
    }
    const { line, column } = this.lines.positionAt(offset);
    this.errors.push({ line, column, offset, message, key });
  }

  private get top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  onOpenTag(tag: SaxesTagPlain): void {
    if (this.broken) return;
    // At this event the parser stands just after the '>' of the start tag.
    const tagEnd = this.parser.position;
    // '<' cannot appear inside a start tag, so the last one before its end is where it begins.
    const tagStart = this.source.lastIndexOf('<', tagEnd - 1);
    const offset = tagStart >= 0 ? tagStart : tagEnd;
    const parent = this.top;
    const spec = ELEMENTS[tag.name];
    this.checkPlacement(tag.name, parent, offset);
    const frame = newFrame(tag.name, offset, tag.attributes, spec !== undefined, parent);
    if (spec) this.checkAttributes(frame, tagEnd);
    this.recordInParents(frame, parent);
    this.stack.push(frame);
  }

  onCloseTag(): void {
    if (this.broken) return;
    const frame = this.stack.pop();
    if (!frame) return;
    this.lastClosed = frame;
    if (frame.known) for (const message of checkClosedElement(frame)) this.report(frame.offset, message, `shape|${frame.anchor}|${message}`);
    const exercise = this.exerciseOf.get(frame);
    if (exercise && !exercise.typeDeclared) exercise.type = inferExerciseType(frame.descendants);
  }

  onText(text: string): void {
    if (this.broken || text.trim() === '') return;
    const parent = this.top;
    if (!parent || !parent.known || ELEMENTS[parent.name]?.text) return;
    // The parser stands at the '<' after the text; its start is just after the previous '>'.
    const end = this.parser.position;
    const start = this.source.lastIndexOf('>', end - 1) + 1;
    const lead = this.source.slice(start, end).search(/\S/);
    const hint = parent.name === 'blank' ? ': the answer goes in answer="..."' : this.wrapHint(parent.name);
    this.report(start + Math.max(lead, 0), `text is not allowed directly inside <${parent.name}>${hint}`, `text|${parent.anchor}`);
  }

  private wrapHint(parent: string): string {
    const children = ELEMENTS[parent]?.children ?? [];
    if (children.includes('p')) return '; wrap it in <p>';
    if (children.includes('li')) return '; wrap it in <li>';
    return children.length > 0 ? `; allowed inside: ${children.map((c) => `<${c}>`).join(', ')}` : '';
  }

  private checkPlacement(name: string, parent: Frame | undefined, offset: number): void {
    const spec = ELEMENTS[name];
    if (!parent) {
      if (name !== 'lesson') this.report(offset, `the root element must be <lesson>, found <${name}>`, `root|${name}`);
      return;
    }
    const where = `${parent.anchor}/${name}`;
    if (!spec) {
      this.report(offset, `unknown element <${name}>${this.allowedHere(parent)}`, `element|${where}`);
      return;
    }
    const parentSpec = ELEMENTS[parent.name];
    if (parent.known && parentSpec && !parentSpec.children.includes(name)) {
      this.report(offset, `<${name}> is not allowed inside <${parent.name}>${this.allowedHere(parent)}`, `placement|${where}`);
    } else if (spec.insideExercise && !this.stack.some((f) => f.name === 'exercise')) {
      this.report(offset, `<${name}> must be inside an <exercise>`, `outside|${where}`);
    }
    if (name === 'lesson') this.report(offset, '<lesson> is the root element and cannot be nested', `nested|${where}`);
  }

  private allowedHere(parent: Frame): string {
    const children = ELEMENTS[parent.name]?.children;
    if (!parent.known || !children) return '';
    return children.length === 0
      ? `; <${parent.name}> takes no child elements`
      : `; allowed inside <${parent.name}>: ${children.map((c) => `<${c}>`).join(', ')}`;
  }

  private checkAttributes(frame: Frame, tagEnd: number): void {
    const spec = ELEMENTS[frame.name];
    if (!spec) return;
    for (const [name, value] of Object.entries(frame.attributes)) {
      const at = this.attributeOffset(frame.offset, tagEnd, name);
      const attr = spec.attributes[name];
      if (!attr) {
        const allowed = Object.keys(spec.attributes);
        const list = allowed.length > 0 ? `; allowed: ${allowed.join(', ')}` : `; <${frame.name}> takes no attributes`;
        this.report(at, `unknown attribute ${name} on <${frame.name}>${list}`, `attr|${frame.anchor}|${name}`);
        continue;
      }
      const problem = checkAttributeValue(name, value, attr.type);
      if (problem) this.report(at, `<${frame.name}> ${problem}`, `value|${frame.anchor}|${name}`);
      if (attr.type.kind === 'id' && !problem) this.checkDuplicateId(value, at);
    }
    for (const [name, attr] of Object.entries(spec.attributes)) {
      if (attr.required && frame.attributes[name] === undefined) {
        const example = name === 'student-answer' ? ' (student-answer="")' : '';
        this.report(frame.offset, `<${frame.name}> is missing the required attribute ${name}${example}`, `missing|${frame.anchor}|${name}`);
      }
    }
  }

  private checkDuplicateId(id: string, at: number): void {
    const first = this.ids.get(id);
    if (first === undefined) {
      this.ids.set(id, at);
      return;
    }
    const { line, column } = this.lines.positionAt(first);
    this.report(at, `duplicate id "${id}" (first used at line ${line}, column ${column}); ids must be unique`, `duplicate|${id}`);
  }

  private attributeOffset(tagStart: number, tagEnd: number, name: string): number {
    const escaped = name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
    const re = new RegExp(`\\s(${escaped})\\s*=`, 'g');
    re.lastIndex = tagStart;
    const match = re.exec(this.source);
    return match && match.index < tagEnd ? match.index + 1 : tagStart;
  }

  private recordInParents(frame: Frame, parent: Frame | undefined): void {
    if (parent) parent.childCounts.set(frame.name, (parent.childCounts.get(frame.name) ?? 0) + 1);
    if (frame.name === 'option' && parent?.name === 'question' && frame.attributes['correct'] === 'true') {
      parent.correctOptions++;
    }
    if (frame.name === 'item' && parent?.name === 'sequence') {
      const order = Number(frame.attributes['order']);
      if (Number.isInteger(order)) parent.orders.push(order);
    }
    for (const open of this.stack) if (open.name === 'exercise') open.descendants.add(frame.name);
    if (frame.name === 'exercise' && frame.known) this.recordExercise(frame);
  }

  private recordExercise(frame: Frame): void {
    const id = frame.attributes['id'];
    if (id === undefined) return;
    const declared = frame.attributes['type'];
    const entry: ExerciseEntry = {
      id,
      type: isExerciseType(declared) ? declared : undefined,
      typeDeclared: declared !== undefined,
      line: this.lines.positionAt(frame.offset).line,
    };
    this.exercises.push(entry);
    this.exerciseOf.set(frame, entry);
  }

  onParserError(err: Error): void {
    if (this.broken) return;
    const raw = err.message.replace(/^\d+:\d+:\s*/, '');
    // saxes stands after the offending token; point at its start where it is easy to find.
    const at = Math.max(0, Math.min(this.parser.position - 1, this.source.length));
    // An unknown entity is kept as text and the parse goes on sanely: the rest is still checked.
    if (/undefined entity/.test(raw)) return this.reportEntity(at);
    this.broken = true;
    if (/entity/.test(raw)) {
      const amp = this.source.lastIndexOf('&', at);
      this.report(amp >= 0 ? amp : at, `${raw.replace(/\.$/, '')}: XML only knows ${XML_ENTITIES}; write the character itself or a numeric reference such as &#160;`, `xml|${raw}`);
    } else if (/close tag|closing tag/.test(raw)) {
      this.reportBadCloseTag(at, raw);
    } else {
      this.report(at, `not well-formed XML: ${raw}`, `xml|${raw}`);
    }
  }

  private reportEntity(at: number): void {
    const amp = this.source.lastIndexOf('&', at);
    const name = amp >= 0 ? /^&([^\s;&<]*);/.exec(this.source.slice(amp, amp + 40))?.[1] : undefined;
    const code = name === undefined ? undefined : HTML_ENTITIES[name];
    const instead =
      code === undefined
        ? 'write the character itself or a numeric reference such as &#160;'
        : `write &#${code}; or the character itself (${String.fromCodePoint(code) === '\u00a0' ? 'a no-break space' : String.fromCodePoint(code)})`;
    const message = `&${name ?? '?'}; is not an XML entity (XML only knows ${XML_ENTITIES}): ${instead}`;
    this.report(amp >= 0 ? amp : at, message, `entity|${this.top?.anchor ?? ''}|${name ?? '?'}`);
  }

  private reportBadCloseTag(at: number, raw: string): void {
    const start = this.source.lastIndexOf('</', at);
    const name = start >= 0 ? /^<\/([^\s>]*)/.exec(this.source.slice(start, at + 1))?.[1] : undefined;
    const open = this.lastClosed;
    if (start < 0 || name === undefined || !open) {
      this.report(at, `not well-formed XML: ${raw}`, `xml|${raw}`);
      return;
    }
    const { line, column } = this.lines.positionAt(open.offset);
    this.report(
      start,
      `not well-formed XML: </${name}> does not close <${open.name}> (opened at line ${line}, column ${column})`,
      `xml|${open.anchor}|</${name}>`,
    );
  }
}

export interface ValidateOptions {
  readonly maxErrors?: number;
  /** Fed from the same parse, so the outline costs no second read (analysis.ts). */
  readonly outline?: OutlineBuilder;
}

/** Validates a lesson document. Never throws: every problem is an error with a position. */
export function validateLesson(text: string, options: ValidateOptions = {}): LessonValidation {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parser: Parser = new SaxesParser<ParserOptions>({ xmlns: false, position: true });
  const v = new Validator(source, parser, options.maxErrors ?? DEFAULT_MAX_ERRORS);
  const outline = options.outline;
  parser.on('opentag', (tag) => {
    v.onOpenTag(tag);
    outline?.open(tag);
  });
  parser.on('closetag', () => {
    v.onCloseTag();
    outline?.close();
  });
  parser.on('text', (t) => {
    v.onText(t);
    outline?.text(t);
  });
  parser.on('cdata', (t) => {
    v.onText(t);
    outline?.text(t);
  });
  parser.on('error', (err) => v.onParserError(err));
  parser.on('doctype', () => {
    if (!v.broken) v.report(parser.position, 'a DOCTYPE is not allowed in a lesson', 'doctype');
  });
  parser.on('processinginstruction', (pi) => {
    if (!v.broken) v.report(parser.position, `processing instruction <?${pi.target}?> is not allowed in a lesson`, `pi|${pi.target}`);
  });
  try {
    parser.write(source).close();
  } catch (err) {
    // saxes reports through the handler; a throw here would be a parser bug, still reported.
    v.onParserError(err instanceof Error ? err : new Error(String(err)));
  }
  const errors = [...v.errors].sort((a, b) => a.offset - b.offset);
  const exercises = v.exercises.map((e): LessonExercise => ({ ...e }));
  return { ok: errors.length === 0 && v.omitted === 0, errors, omitted: v.omitted, exercises, broken: v.broken };
}

/** Errors as the model and the user read them: one "line L, column C: message" per line. */
export function formatErrorList(errors: readonly LessonError[], omitted = 0, max = DEFAULT_MAX_ERRORS): string {
  const lines = errors.slice(0, max).map((e) => `line ${e.line}, column ${e.column}: ${e.message}`);
  const more = omitted + Math.max(0, errors.length - max);
  if (more > 0) lines.push(`... and ${more} more`);
  return lines.join('\n');
}

export function formatLessonErrors(validation: LessonValidation): string {
  return formatErrorList(validation.errors, validation.omitted, Number.POSITIVE_INFINITY);
}

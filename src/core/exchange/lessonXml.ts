// A quiz written as a new lesson (*.lesson.xml) in the vocabulary the skills teach: what an import
// gives the teacher. Ids are kept where they are valid and unique, made up where they are not;
// every student-answer starts empty. The result is checked by the lesson validator before use.
import { CEFR_LEVELS, ID_PATTERN } from '../lesson/vocabulary';
import { escapeText, escapeXml } from './markup';
import type { Criterion, Exercise, GapText, Passage, Question, Quiz, Text, TextBlock } from './quiz';

function attrs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('');
}

function inline(text: GapText | Text): string {
  return text
    .map((run) => {
      if (run.kind === 'br') return '<br/>';
      if (run.kind === 'gap') {
        const alts = run.alts.filter((a) => a.trim() !== '' && !a.includes(',')).join(',');
        return `<blank${attrs({ answer: run.answer, alts: alts || undefined, hint: run.hint, 'student-answer': '' })}/>`;
      }
      let out = escapeText(run.text);
      if (run.em) out = `<em>${out}</em>`;
      if (run.strong) out = `<strong>${out}</strong>`;
      return out;
    })
    .join('');
}

/** Unique ids in the lesson's pattern, from the ones the quiz had when they fit. */
class Ids {
  private readonly used = new Set<string>();

  take(wanted: string | undefined, fallback: string): string {
    const cleaned = wanted?.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^[^A-Za-z]+/, '').slice(0, 64);
    let id = cleaned && ID_PATTERN.test(cleaned) ? cleaned : fallback;
    for (let n = 2; this.used.has(id); n++) id = `${(cleaned && ID_PATTERN.test(cleaned) ? cleaned : fallback).slice(0, 58)}-${n}`;
    this.used.add(id);
    return id;
  }

  /** An optional id: kept when valid and unused, else left out. */
  keep(wanted: string | undefined): string | undefined {
    if (!wanted || !ID_PATTERN.test(wanted) || this.used.has(wanted)) return undefined;
    this.used.add(wanted);
    return wanted;
  }
}

function block(b: TextBlock, inExercise: boolean, indent: string): string {
  switch (b.kind) {
    case 'heading': {
      const level = inExercise ? Math.max(2, b.level) : b.level;
      return `${indent}<h${level}>${inline(b.content)}</h${level}>`;
    }
    case 'paragraph':
      return `${indent}<p>${inline(b.content)}</p>`;
    case 'list': {
      const tag = b.ordered ? 'ol' : 'ul';
      return `${indent}<${tag}>\n${b.items.map((item) => `${indent}  <li>${inline(item)}</li>`).join('\n')}\n${indent}</${tag}>`;
    }
  }
}

function rubric(criteria: readonly Criterion[], indent: string): string {
  const rows = criteria.map((c) => `${indent}  <criterion${attrs({ points: c.points })}>${inline(c.content)}</criterion>`);
  return `${indent}<rubric>\n${rows.join('\n')}\n${indent}</rubric>`;
}

function note(blocks: readonly TextBlock[], indent: string): string {
  return `${indent}<note>\n${blocks.map((b) => block(b, false, `${indent}  `)).join('\n')}\n${indent}</note>`;
}

class LessonWriter {
  private readonly ids = new Ids();
  private exercises = 0;

  question(q: Question, i: string): string {
    const id = this.ids.keep(q.id);
    switch (q.kind) {
      case 'gaps':
        return `${i}<p${attrs({ id })}>${inline(q.content)}</p>`;
      case 'choice': {
        const options = q.options.map((o) => `${i}  <option${o.correct ? ' correct="true"' : ''}>${inline(o.content)}</option>`);
        const explanation = q.explanation ? [`${i}  <explanation>${inline(q.explanation)}</explanation>`] : [];
        const head = `${i}<question${attrs({ id, multiple: q.multiple ? 'true' : undefined, 'student-answer': '' })}>`;
        return [head, `${i}  <prompt>${inline(q.prompt)}</prompt>`, ...options, ...explanation, `${i}</question>`].join('\n');
      }
      case 'statement':
        return `${i}<statement${attrs({ id, answer: q.answer, correction: q.correction, 'student-answer': '' })}>${inline(q.content)}</statement>`;
      case 'order': {
        const items = q.items.map((item) => `${i}  <item order="${item.order}">${inline(item.content)}</item>`);
        return [`${i}<sequence${attrs({ id, 'student-answer': '' })}>`, ...items, `${i}</sequence>`].join('\n');
      }
      case 'open': {
        const parts = [
          `${i}  <prompt>${inline(q.prompt)}</prompt>`,
          ...(q.modelAnswer ? [`${i}  <model-answer>${inline(q.modelAnswer)}</model-answer>`] : []),
          ...(q.rubric && q.rubric.length > 0 ? [rubric(q.rubric, `${i}  `)] : []),
        ];
        return [`${i}<short-answer${attrs({ id, lines: q.lines, 'student-answer': '' })}>`, ...parts, `${i}</short-answer>`].join('\n');
      }
      case 'essay':
        return `${i}<writing-area${attrs({ id, lines: q.lines, 'min-words': q.minWords, 'max-words': q.maxWords, 'student-answer': '' })}/>`;
    }
  }

  /** Gaps written as list items stay together in one numbered list. */
  private questions(questions: readonly Question[], i: string): string[] {
    const out: string[] = [];
    let list: string[] = [];
    const flush = () => {
      if (list.length > 0) out.push(`${i}<ol>\n${list.join('\n')}\n${i}</ol>`);
      list = [];
    };
    for (const q of questions) {
      if (q.kind === 'gaps' && q.listItem) {
        list.push(`${i}  <li>${inline(q.content)}</li>`);
        continue;
      }
      flush();
      out.push(this.question(q, i));
    }
    flush();
    return out;
  }

  exercise(ex: Exercise): string {
    const id = this.ids.take(ex.id, `ex-${++this.exercises}`);
    const level = ex.level && (CEFR_LEVELS as readonly string[]).includes(ex.level) ? ex.level : undefined;
    const points = ex.points !== undefined && ex.points >= 0 && ex.points <= 1000 ? ex.points : undefined;
    const inner = [
      ...ex.intro.map((b) => block(b, true, '    ')),
      ...(ex.wordBank && ex.wordBank.length > 0 ? [`    <word-bank>\n${ex.wordBank.map((w) => `      <word>${escapeText(w)}</word>`).join('\n')}\n    </word-bank>`] : []),
      ...this.questions(ex.questions, '    '),
      ...(ex.rubric && ex.rubric.length > 0 ? [rubric(ex.rubric, '    ')] : []),
      ...(ex.notes && ex.notes.length > 0 ? [note(ex.notes, '    ')] : []),
    ];
    return `  <exercise${attrs({ id, type: ex.type, level, points })}>\n${inner.join('\n')}\n  </exercise>`;
  }

  passage(p: Passage): string {
    return p.teacherOnly ? note(p.blocks, '  ') : p.blocks.map((b) => block(b, false, '  ')).join('\n');
  }
}

export function quizToLessonXml(quiz: Quiz): string {
  const writer = new LessonWriter();
  const level = quiz.level && (CEFR_LEVELS as readonly string[]).includes(quiz.level) ? quiz.level : undefined;
  const lang = quiz.lang?.trim() || undefined;
  const body = quiz.parts.filter((p) => p.kind === 'exercise' || p.blocks.length > 0).map((p) => (p.kind === 'exercise' ? writer.exercise(p) : writer.passage(p)));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<lesson${attrs({ title: quiz.title, level, lang })}>\n${body.join('\n\n')}\n</lesson>\n`;
}

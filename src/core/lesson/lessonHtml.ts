// The lesson as a printable HTML page to hand out: one self-contained file (its stylesheet inline,
// no script, no remote resource, a CSP that forbids both), laid out for paper: gaps to write in,
// boxes to tick, ruled lines for answers. The student copy is a blank worksheet; the teacher copy
// adds the answer key and the teacher's notes. Rendered from the same view model as the preview,
// its own words in the lesson's language (worksheetWords.ts).
import type {
  BlankView,
  ContentBlock,
  Copy,
  ExerciseView,
  Inline,
  LessonBlock,
  LessonView,
  ListView,
  QuestionView,
  RubricView,
  SequenceView,
  ShortAnswerView,
  StatementView,
  WritingAreaView,
} from '../../shared/lessonView';
import { exerciseLabel, inCopy, STATEMENT_ANSWERS } from '../../shared/lessonView';
import { LESSON_HTML_STYLE } from './lessonHtmlStyle';
import { fillIn } from '../../shared/l10n';
import { pointsText, wordLimitText, worksheetWords, type WorksheetWords } from '../../shared/worksheetWords';

export interface LessonHtmlOptions {
  copy: Copy;
  /** The file's name, used as the page title when the lesson has no title. */
  documentName: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

class Renderer {
  private exerciseNumber = 0;
  private questionNumber = 0;

  constructor(
    private readonly copy: Copy,
    private readonly words: WorksheetWords,
  ) {}

  private points(n: number): string {
    return pointsText(this.words, n);
  }

  private get teacher(): boolean {
    return this.copy === 'teacher';
  }

  inline(content: readonly Inline[]): string {
    return content
      .map((item) => {
        if (item.kind === 'br') return '<br>';
        if (item.kind === 'blank') return this.blank(item);
        let html = escapeHtml(item.text);
        if (item.em) html = `<em>${html}</em>`;
        if (item.strong) html = `<strong>${html}</strong>`;
        return html;
      })
      .join('');
  }

  private blank(blank: BlankView): string {
    const width = Math.min(4, Math.max(1, Math.ceil(blank.answer.length / 5)));
    const hint = blank.hint ? ` <span class="hint">(${escapeHtml(blank.hint)})</span>` : '';
    if (!this.teacher) return `<span class="gap w${width}"></span>${hint}`;
    const alts = blank.alts.length > 0 ? ` <span class="key-alts">${escapeHtml(fillIn(this.words.also, blank.alts.join(', ')))}</span>` : '';
    return `<span class="gap w${width} key">${escapeHtml(blank.answer)}</span>${alts}${hint}`;
  }

  private list(list: ListView): string {
    const tag = list.ordered ? 'ol' : 'ul';
    const items = list.items.map((item) => `<li>${this.inline(item.content)}${item.lists.map((l) => this.list(l)).join('')}</li>`);
    return `<${tag}>${items.join('')}</${tag}>`;
  }

  private ruled(lines: number): string {
    return `<div class="ruled">${'<div class="ruled-line"></div>'.repeat(Math.min(lines, 60))}</div>`;
  }

  private keyBlock(label: string, body: string): string {
    return this.teacher ? `<div class="key-block"><span class="key-label">${escapeHtml(label)}</span> ${body}</div>` : '';
  }

  private question(q: QuestionView): string {
    const n = ++this.questionNumber;
    const shape = q.multiple ? 'square' : 'circle';
    const options = q.options.map((o, i) => {
      const letter = String.fromCharCode(97 + i);
      const mark = this.teacher && o.correct ? ' checked' : '';
      return `<li class="option${this.teacher && o.correct ? ' correct' : ''}"><span class="box ${shape}${mark}"></span><span class="letter">${letter})</span> ${this.inline(o.content)}</li>`;
    });
    const many = q.multiple ? ` <span class="hint">${escapeHtml(this.words.chooseAll)}</span>` : '';
    const explanation = q.explanation ? this.keyBlock(this.words.why, this.inline(q.explanation)) : '';
    return `<div class="question"><p class="prompt"><span class="number">${n}.</span> ${this.inline(q.prompt)}${many}</p><ul class="options">${options.join('')}</ul>${explanation}</div>`;
  }

  private statement(s: StatementView): string {
    const choices = (s.notGiven ? STATEMENT_ANSWERS : (['true', 'false'] as const)).map((c) => {
      const mark = this.teacher && s.answer === c ? ' checked' : '';
      return `<span class="choice"><span class="box circle${mark}"></span>${escapeHtml(this.words.statement[c])}</span>`;
    });
    const correction = this.teacher && s.correction ? ` <span class="key-alts">${escapeHtml(s.correction)}</span>` : '';
    // Students need room for a correction; the teacher copy prints the correction itself.
    const room = !this.teacher && s.corrections ? '<div class="ruled-line short"></div>' : '';
    return `<div class="statement"><p>${this.inline(s.content)}</p><p class="choices">${choices.join('')}${correction}</p>${room}</div>`;
  }

  private sequence(seq: SequenceView): string {
    const items = seq.items.map((item) => {
      const box = this.teacher && item.order !== undefined ? String(item.order) : '';
      return `<li><span class="order-box">${box}</span> ${this.inline(item.content)}</li>`;
    });
    return `<ul class="sequence">${items.join('')}</ul>`;
  }

  private rubric(rubric: RubricView): string {
    const rows = rubric.criteria.map(
      (c) => `<tr><td>${this.inline(c.content)}</td><td class="points">${c.points === undefined ? '' : escapeHtml(this.points(c.points))}</td></tr>`,
    );
    return `<table class="rubric"><caption>${escapeHtml(this.words.markingCriteria)}</caption><tbody>${rows.join('')}</tbody></table>`;
  }

  private shortAnswer(sa: ShortAnswerView): string {
    const n = ++this.questionNumber;
    const model = sa.modelAnswer ? this.keyBlock(this.words.modelAnswer, this.inline(sa.modelAnswer)) : '';
    const rubric = this.teacher && sa.rubric ? this.rubric(sa.rubric) : '';
    return `<div class="short-answer"><p class="prompt"><span class="number">${n}.</span> ${this.inline(sa.prompt)}</p>${this.ruled(sa.lines ?? 3)}${model}${rubric}</div>`;
  }

  private writingArea(area: WritingAreaView): string {
    const { minWords: min, maxWords: max } = area;
    const limit = wordLimitText(this.words, min, max);
    return `<div class="writing-area">${limit ? `<p class="hint">${escapeHtml(limit)}</p>` : ''}${this.ruled(area.lines ?? 8)}</div>`;
  }

  private exercise(ex: ExerciseView): string {
    const n = ++this.exerciseNumber;
    this.questionNumber = 0;
    const label = exerciseLabel(this.copy, ex);
    const meta = [
      label.type ? escapeHtml(this.words.types.get(label.type) ?? label.type) : '',
      label.level ? escapeHtml(label.level) : '',
      label.points !== undefined ? escapeHtml(this.points(label.points)) : '',
    ].filter(Boolean);
    const header = `<p class="exercise-label">${escapeHtml(fillIn(this.words.exercise, n))}${meta.length > 0 ? ` <span class="meta">· ${meta.join(' · ')}</span>` : ''}</p>`;
    return `<section class="exercise">${header}${ex.blocks.map((b) => this.block(b)).join('')}</section>`;
  }

  block(block: LessonBlock | ContentBlock): string {
    if (!inCopy(this.copy, block)) return '';
    switch (block.kind) {
      case 'heading':
        return `<h${block.level}>${this.inline(block.content)}</h${block.level}>`;
      case 'paragraph':
        return `<p>${this.inline(block.content)}</p>`;
      case 'unknown':
        return `<p>${this.inline(block.content)}</p>`;
      case 'list':
        return this.list(block);
      case 'note':
        return `<aside class="note"><p class="key-label">${escapeHtml(this.words.teachersNote)}</p>${block.blocks.map((b) => this.block(b)).join('')}</aside>`;
      case 'exercise':
        return this.exercise(block);
      case 'wordBank':
        return `<div class="word-bank">${block.words.map((w) => `<span>${escapeHtml(w.text)}</span>`).join('')}</div>`;
      case 'question':
        return this.question(block);
      case 'statement':
        return this.statement(block);
      case 'sequence':
        return this.sequence(block);
      case 'shortAnswer':
        return this.shortAnswer(block);
      case 'writingArea':
        return this.writingArea(block);
      case 'rubric':
        return this.rubric(block);
    }
  }
}

/** A complete HTML document for the lesson; reads and prints with scripts off. */
export function renderLessonHtml(lesson: LessonView, options: LessonHtmlOptions): string {
  const words = worksheetWords(lesson.lang);
  const renderer = new Renderer(options.copy, words);
  const title = lesson.title ?? options.documentName;
  const hasH1 = lesson.blocks.some((b) => b.kind === 'heading' && b.level === 1);
  const copyLabel = escapeHtml(options.copy === 'teacher' ? words.teacherCopy : words.studentCopy);
  const header =
    options.copy === 'teacher'
      ? `<p class="copy-label">${copyLabel}</p>`
      : `<p class="name-line"><span>${escapeHtml(words.name)}</span><span class="fill"></span><span>${escapeHtml(words.date)}</span><span class="fill short"></span></p>`;
  const body = lesson.blocks.map((b) => renderer.block(b)).join('\n');
  const lang = lesson.lang ? ` lang="${escapeHtml(lesson.lang)}"` : '';
  return `<!DOCTYPE html>
<html${lang}>
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Lesson Agent">
<title>${escapeHtml(title)} (${copyLabel})</title>
<style>${LESSON_HTML_STYLE}</style>
</head>
<body class="copy-${options.copy}">
<header class="sheet-header">${header}</header>
<main class="lesson">
${hasH1 || !lesson.title ? '' : `<h1>${escapeHtml(lesson.title)}</h1>\n`}${body}
</main>
</body>
</html>
`;
}

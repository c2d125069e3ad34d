// A quiz as GIFT, the text format Moodle (and many other platforms) import: one question per
// gap, choice, statement, sequence or writing space, in a category per exercise, text in [html].
// What GIFT cannot say is said in the notices, with what was done instead.
import { blockMarkup, escapeXml, inlineMarkup } from '../markup';
import type { Criterion, Exercise, Gap, GapText, Notice, Passage, Question, Quiz, Text, TextBlock } from '../quiz';
import { plain } from '../quiz';
import { exportPlace } from '../fromLesson';
import { criteriaHtml, limitHtml, modelAnswerHtml, statementLabels } from '../words';
import { fillIn, l10n } from '../../../shared/l10n';
import { worksheetWords, type WorksheetWords } from '../../../shared/worksheetWords';

/** GIFT's own characters are escaped with a backslash everywhere in text. */
export function escapeGift(text: string): string {
  return text.replace(/[\\~=#{}:]/g, (c) => `\\${c}`);
}

/** Markup to GIFT [html] text: one line (GIFT questions end at a blank line), GIFT characters escaped. */
function html(markup: string): string {
  return escapeGift(markup.replace(/\s*\n\s*/g, ' '));
}

/** Another gap of the same sentence (the question's own gap reads as five underscores in Moodle). */
export const OTHER_GAP = '___';

const textHtml = (text: Text) => html(inlineMarkup(text));
const blocksHtml = (blocks: readonly TextBlock[]) => html(blocks.map((b) => blockMarkup(b)).join(''));

/** Moodle's grade percentages for n correct options of a multiple-answer question (its list of allowed values). */
function share(n: number): string {
  return String(Math.round((100 / n) * 100000) / 100000);
}

function feedback(text: Text | undefined): string {
  return text && text.length > 0 ? ` ####${textHtml(text)}` : '';
}

class GiftWriter {
  readonly lines: string[] = [];
  readonly notices: Notice[] = [];
  private exerciseNumber = 0;
  private questionNumber = 0;
  private place = '';
  /** The words written around the lesson's, in its language. */
  private readonly words: WorksheetWords;

  constructor(private readonly quiz: Quiz) {
    this.words = worksheetWords(quiz.lang);
  }

  private say(message: string): void {
    if (!this.notices.some((n) => n.place === this.place && n.message === message)) this.notices.push({ place: this.place, message });
  }

  private question(meta: { id?: string | undefined; tags: readonly string[] }, body: string): void {
    const labels = [...(meta.id ? [`[id:${meta.id}]`] : []), ...meta.tags.map((t) => `[tag:${t}]`)];
    if (labels.length > 0) this.lines.push(`// ${labels.join(' ')}`);
    this.lines.push(body, '');
  }

  private title(): string {
    return `::${escapeGift(fillIn(this.words.questionName, this.exerciseNumber, ++this.questionNumber))}::[html]`;
  }

  write(): string {
    const { title, level } = this.quiz;
    this.lines.push(`// ${title ? `${title.replace(/\s+/g, ' ')}: ` : ''}exported by Lesson Agent as GIFT (Moodle's question import format).`, ...lessonHead(this.quiz), '');
    if (level) {
      this.place = l10n.t('The lesson');
      this.say(l10n.t('Its level ({0}) is written in the file as a comment, which Moodle does not import.', level));
    }
    const root = `$course$/top/${(title ?? this.words.untitled).replace(/[/\n]/g, '-')}`;
    this.lines.push(`$CATEGORY: ${root}`, '');
    for (const part of this.quiz.parts) {
      if (part.kind === 'passage') this.passage(part);
      else this.exercise(part, root);
    }
    return `${this.lines.join('\n').trimEnd()}\n`;
  }

  private passage(part: Passage): void {
    if (part.blocks.length === 0) return;
    if (part.teacherOnly) {
      this.place = l10n.t('Teacher notes');
      this.lines.push(...comment("Teacher's note", part.blocks), '');
      this.say(l10n.t('Teacher notes are not part of a quiz: they are in the file as comments, which Moodle does not import.'));
      return;
    }
    this.lines.push(`::${escapeGift(plain(firstText(part.blocks)).slice(0, 80) || this.words.textName)}::[html]${blocksHtml(part.blocks)}`, '');
  }

  private exercise(ex: Exercise, root: string): void {
    this.exerciseNumber++;
    this.questionNumber = 0;
    this.place = exportPlace(this.exerciseNumber, ex.intro);
    const name = fillIn(this.words.exercise, this.exerciseNumber);
    this.lines.push(`$CATEGORY: ${root}/${name}`, '');
    const tags = [ex.type, ...(ex.level ? [ex.level] : [])];
    const writing = ex.type === 'writing' && ex.questions.some((q) => q.kind === 'essay');
    if (ex.intro.length > 0 && !writing) this.question({ id: ex.id, tags }, `::${escapeGift(name)}::[html]${blocksHtml(ex.intro)}`);
    if (ex.notes) {
      this.lines.push(...comment("Teacher's note", ex.notes), '');
      this.say(l10n.t('Its teacher notes are not part of a quiz: they are in the file as comments, which Moodle does not import.'));
    }
    if (ex.points !== undefined) this.say(l10n.t('Its {0} points are not carried: Moodle gives each question 1 mark; set the marks in the quiz.', ex.points));
    const notGiven = ex.questions.some((q) => q.kind === 'statement' && q.answer === 'not-given');
    let intro: readonly TextBlock[] = writing ? ex.intro : [];
    for (const q of ex.questions) {
      this.write1(q, ex, tags, notGiven, intro);
      if (q.kind === 'essay') intro = [];
    }
    if (ex.rubric && !writing) this.say(l10n.t('Its marking criteria are not carried: GIFT has no place for them.'));
  }

  private write1(q: Question, ex: Exercise, tags: readonly string[], notGiven: boolean, intro: readonly TextBlock[]): void {
    const meta = { id: q.id, tags };
    switch (q.kind) {
      case 'gaps':
        return this.gaps(q.content, ex.wordBank, meta);
      case 'choice': {
        const correct = q.options.filter((o) => o.correct).length;
        const options = q.options.map((o) =>
          q.multiple ? `~%${o.correct ? share(correct) : '-100'}%${textHtml(o.content)}` : `${o.correct ? '=' : '~'}${textHtml(o.content)}`,
        );
        return this.question(meta, `${this.title()}${textHtml(q.prompt)}{${options.join(' ')}${feedback(q.explanation)}}`);
      }
      case 'statement':
        return this.statement(q, notGiven, meta);
      case 'order':
        this.say(l10n.t('GIFT has no ordering question: each sequence became a matching question, where students give each line its position (1 is first).'));
        return this.question(meta, `${this.title()}${html(escapeXml(this.words.orderPrompt))}{${q.items.map((i) => `=${textHtml(i.content)} -> ${i.order}`).join(' ')}}`);
      case 'open':
        return this.open(q, meta);
      case 'essay':
        return this.essay(q, intro, ex.rubric, meta);
    }
  }

  private gaps(content: GapText, bank: readonly string[] | undefined, meta: { id?: string | undefined; tags: readonly string[] }): void {
    const gaps = content.filter((run): run is Gap => run.kind === 'gap');
    if (gaps.length > 1) this.say(l10n.t('GIFT allows one gap per question: each sentence with several gaps became one question per gap.'));
    if (bank) this.say(l10n.t('The word bank became the words to choose from in each gap.'));
    else this.say(l10n.t('Moodle accepts the answers in the gaps whatever their capital letters (GIFT cannot ask for exact case).'));
    gaps.forEach((gap, n) => {
      // Short answers are compared as plain text; words to choose from are shown, so they are HTML.
      const answers = bank
        ? [gap.answer, ...bank.filter((w) => w !== gap.answer)].map((w, i) => `${i === 0 ? '=' : '~'}${html(escapeXml(w))}`)
        : [gap.answer, ...gap.alts].map((a) => `=${escapeGift(a)}`);
      if (bank && gap.alts.length > 0) this.say(l10n.t('With a word bank only the answer is offered: the other accepted answers of a gap are not carried.'));
      const stem = content.map((run) => (run.kind === 'gap' ? gapMarkup(run, run === gap ? `{${answers.join(' ')}}` : OTHER_GAP) : textHtml([run])));
      this.question(gaps.length > 1 ? { tags: meta.tags, ...(meta.id ? { id: `${meta.id}-${n + 1}` } : {}) } : meta, `${this.title()}${stem.join('')}`);
    });
  }

  private statement(q: Extract<Question, { kind: 'statement' }>, notGiven: boolean, meta: { id?: string | undefined; tags: readonly string[] }): void {
    const fb = q.correction ? ` ####${html(escapeXml(q.correction))}` : '';
    if (notGiven) {
      const labels = statementLabels(this.words);
      // The answers as the file says them, in the lesson's language (the notice is in the teacher's).
      this.say(l10n.t('GIFT true/false questions have no “not given”: its statements became multiple-choice questions with the answers “{0}”, “{1}” and “{2}”.', ...labels));
      const key = { true: 0, false: 1, 'not-given': 2 }[q.answer];
      const options = labels.map((label, i) => `${i === key ? '=' : '~'}${html(escapeXml(label))}`);
      return this.question(meta, `${this.title()}${textHtml(q.content)}{${options.join(' ')}${fb}}`);
    }
    this.question(meta, `${this.title()}${textHtml(q.content)}{${q.answer === 'true' ? 'TRUE' : 'FALSE'}${fb}}`);
  }

  private open(q: Extract<Question, { kind: 'open' }>, meta: { id?: string | undefined; tags: readonly string[] }): void {
    const parts = [
      ...(q.modelAnswer ? [modelAnswerHtml(q.modelAnswer, this.words)] : []),
      ...(q.rubric ? [criteriaHtml(q.rubric, this.words)] : []),
    ];
    if (q.modelAnswer || q.rubric) this.say(l10n.t('The model answers and marking criteria are the feedback students see once the quiz is marked (GIFT has no place for the grader alone).'));
    if (q.lines) this.say(l10n.t('The answer space is not carried: Moodle sets the size of the answer box.'));
    this.question(meta, `${this.title()}${textHtml(q.prompt)}{${parts.length > 0 ? `####${html(parts.join(''))}` : ''}}`);
  }

  private essay(q: Extract<Question, { kind: 'essay' }>, intro: readonly TextBlock[], rubric: readonly Criterion[] | undefined, meta: { id?: string | undefined; tags: readonly string[] }): void {
    const limit = limitHtml(q.minWords, q.maxWords, this.words);
    if (limit) this.say(l10n.t('The word limits are written in the task: GIFT cannot set them.'));
    if (q.lines) this.say(l10n.t('The writing space is not carried: Moodle sets the size of the answer box.'));
    const task = [...intro.map((b) => blockMarkup(b)), limit, rubric && intro.length > 0 ? criteriaHtml(rubric, this.words) : ''].join('');
    this.question(meta, `${this.title()}${html(task || `<p>${escapeXml(this.words.writeAnswer)}</p>`)}{}`);
  }
}

/** A gap as the question shows it: its answers (or a line, for another gap of the sentence) and its hint. */
function gapMarkup(gap: Gap, shown: string): string {
  return gap.hint ? `${shown} ${html(`<span class="hint">(${escapeXml(gap.hint)})</span>`)}` : shown;
}

function firstText(blocks: readonly TextBlock[]): Text {
  const first = blocks[0];
  if (!first) return [];
  return first.kind === 'list' ? (first.items[0] ?? []) : first.content;
}

function comment(label: string, blocks: readonly TextBlock[]): string[] {
  const text = blocks.flatMap((b) => (b.kind === 'list' ? b.items.map((i) => `- ${plain(i)}`) : [plain(b.content)]));
  return text.map((line, i) => `// ${i === 0 ? `${label}: ` : ''}${line.replace(/\n/g, ' ')}`);
}

/** The lesson's level and language, in comments Lesson Agent reads back (giftRead.ts: readLessonHead). */
function lessonHead(quiz: Quiz): string[] {
  return [...(quiz.level ? [`${LEVEL_COMMENT}${quiz.level} (CEFR)`] : []), ...(quiz.lang ? [`${LANGUAGE_COMMENT}${quiz.lang.replace(/\s+/g, '')}`] : [])];
}

export const LEVEL_COMMENT = '// Level: ';
export const LANGUAGE_COMMENT = '// Language: ';

export interface GiftExport {
  readonly text: string;
  readonly notices: Notice[];
}

export function quizToGift(quiz: Quiz): GiftExport {
  const writer = new GiftWriter(quiz);
  const text = writer.write();
  return { text, notices: writer.notices };
}

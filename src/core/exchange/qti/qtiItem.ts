// One question as a QTI 3.0 assessment item: the interaction that asks what the lesson asks (text
// entry or inline choice for gaps, choice, order, extended text), its correct response, and the
// response processing that scores it (1 for each gap, 1 for a question, 0 for a wrong answer).
// Explanations and corrections are modal feedback shown after the answer; marking criteria for the
// teacher are a scorer's rubric block, for students a candidate's.
import { blockMarkup, escapeText, escapeXml, inlineMarkup } from '../markup';
import type { Criterion, Gap, Question, Text, TextBlock } from '../quiz';
import { plain } from '../quiz';
import { criteriaHtml, limitHtml, modelAnswerHtml, statementLabels } from '../words';
import { worksheetWords, type WorksheetWords } from '../../../shared/worksheetWords';

export const QTI_NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const SCHEMA = `${QTI_NS} https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd`;

export interface ItemContext {
  readonly identifier: string;
  readonly title: string;
  readonly lang?: string | undefined;
  /** The exercise type the item belongs to, as the item's label (read back on import). */
  readonly label: string;
  readonly wordBank?: readonly string[] | undefined;
  /** Task text before a writing space. */
  readonly intro?: readonly TextBlock[];
  readonly rubric?: readonly Criterion[] | undefined;
}

interface Parts {
  declarations: string[];
  body: string;
  processing: string[];
  maxScore: number;
  feedback?: string;
  human?: boolean;
}

const value = (v: string) => `<qti-value>${escapeText(v)}</qti-value>`;
const correct = (values: readonly string[]) => `<qti-correct-response>${values.map(value).join('')}</qti-correct-response>`;
const add = (expression: string) =>
  `<qti-set-outcome-value identifier="SCORE"><qti-sum><qti-variable identifier="SCORE"/>${expression}</qti-sum></qti-set-outcome-value>`;
const ifCorrect = (id: string) =>
  `<qti-response-condition><qti-response-if><qti-match><qti-variable identifier="${id}"/><qti-correct identifier="${id}"/></qti-match>${add('<qti-base-value base-type="float">1</qti-base-value>')}</qti-response-if></qti-response-condition>`;

function gaps(content: readonly (Text[number] | Gap)[], bank: readonly string[] | undefined): Parts {
  const declarations: string[] = [];
  const processing: string[] = [];
  let n = 0;
  const body = content
    .map((run) => {
      if (run.kind !== 'gap') return inlineMarkup([run]);
      const id = `RESPONSE_${++n}`;
      const hint = run.hint ? ` <span class="hint">(${escapeText(run.hint)})</span>` : '';
      if (bank) {
        const words = bank.includes(run.answer) ? bank : [...bank, run.answer];
        declarations.push(`<qti-response-declaration identifier="${id}" cardinality="single" base-type="identifier">${correct([`W${words.indexOf(run.answer) + 1}`])}</qti-response-declaration>`);
        processing.push(ifCorrect(id));
        const choices = words.map((w, i) => `<qti-inline-choice identifier="W${i + 1}">${escapeText(w)}</qti-inline-choice>`).join('');
        return `<qti-inline-choice-interaction response-identifier="${id}" shuffle="false">${choices}</qti-inline-choice-interaction>${hint}`;
      }
      const keys = [run.answer, ...run.alts];
      const entries = keys.map((k) => `<qti-map-entry map-key="${escapeXml(k)}" mapped-value="1" case-sensitive="true"/>`).join('');
      declarations.push(
        `<qti-response-declaration identifier="${id}" cardinality="single" base-type="string">${correct([run.answer])}<qti-mapping default-value="0" upper-bound="1">${entries}</qti-mapping></qti-response-declaration>`,
      );
      processing.push(add(`<qti-map-response identifier="${id}"/>`));
      const length = Math.max(...keys.map((k) => k.length), 4);
      return `<qti-text-entry-interaction response-identifier="${id}" expected-length="${length}"/>${hint}`;
    })
    .join('');
  return { declarations, body: `<p>${body}</p>`, processing, maxScore: n };
}

function choice(prompt: Text, options: ReadonlyArray<{ content: Text; correct: boolean }>, multiple: boolean, ids: readonly string[], feedback: string | undefined): Parts {
  const keys = ids.filter((_, i) => options[i]?.correct);
  const declaration = `<qti-response-declaration identifier="RESPONSE" cardinality="${multiple ? 'multiple' : 'single'}" base-type="identifier">${correct(keys)}</qti-response-declaration>`;
  const choices = options.map((o, i) => `<qti-simple-choice identifier="${ids[i]}">${inlineMarkup(o.content)}</qti-simple-choice>`).join('');
  const max = multiple ? ` max-choices="${options.length}"` : ' max-choices="1"';
  const body = `<qti-choice-interaction response-identifier="RESPONSE" shuffle="false"${max}><qti-prompt>${inlineMarkup(prompt)}</qti-prompt>${choices}</qti-choice-interaction>`;
  return { declarations: [declaration], body, processing: [ifCorrect('RESPONSE')], maxScore: 1, ...(feedback ? { feedback } : {}) };
}

function scorerRubric(modelAnswer: Text | undefined, rubric: readonly Criterion[] | undefined, words: WorksheetWords): string {
  const parts = [...(modelAnswer ? [modelAnswerHtml(modelAnswer, words)] : []), ...(rubric ? [criteriaHtml(rubric, words)] : [])];
  return parts.length > 0 ? `<qti-rubric-block use="scoring" view="scorer"><qti-content-body>${parts.join('')}</qti-content-body></qti-rubric-block>` : '';
}

function extended(q: Extract<Question, { kind: 'open' | 'essay' }>, ctx: ItemContext, words: WorksheetWords): Parts {
  const lines = q.lines ? ` expected-lines="${q.lines}"` : '';
  if (q.kind === 'open') {
    const model = q.modelAnswer ? correct([plain(q.modelAnswer)]) : '';
    return {
      declarations: [`<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string">${model}</qti-response-declaration>`],
      body: `${scorerRubric(q.modelAnswer, q.rubric, words)}<qti-extended-text-interaction response-identifier="RESPONSE"${lines}><qti-prompt>${inlineMarkup(q.prompt)}</qti-prompt></qti-extended-text-interaction>`,
      processing: [],
      maxScore: q.rubric?.reduce((n, c) => n + (c.points ?? 0), 0) || 1,
      human: true,
    };
  }
  const rubric = ctx.rubric ? `<qti-rubric-block use="instructions" view="candidate"><qti-content-body>${criteriaHtml(ctx.rubric, words)}</qti-content-body></qti-rubric-block>` : '';
  const task = `${(ctx.intro ?? []).map((b) => blockMarkup(b)).join('')}${limitHtml(q.minWords, q.maxWords, words)}`;
  return {
    declarations: ['<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"/>'],
    body: `${task}${rubric}<qti-extended-text-interaction response-identifier="RESPONSE"${lines}/>`,
    processing: [],
    maxScore: ctx.rubric?.reduce((n, c) => n + (c.points ?? 0), 0) || 1,
    human: true,
  };
}

function parts(q: Question, ctx: ItemContext, notGiven: boolean): Parts {
  const words = worksheetWords(ctx.lang);
  switch (q.kind) {
    case 'gaps':
      return gaps(q.content, ctx.wordBank);
    case 'choice':
      return choice(q.prompt, q.options, q.multiple, q.options.map((_, i) => String.fromCharCode(65 + (i % 26)) + (i >= 26 ? String(i) : '')), q.explanation && inlineMarkup(q.explanation));
    case 'statement': {
      const labels = statementLabels(words).slice(0, notGiven ? 3 : 2);
      const ids = ['TRUE', 'FALSE', 'NOT_GIVEN'];
      const answer = { true: 0, false: 1, 'not-given': 2 }[q.answer];
      const options = labels.map((l, i) => ({ content: [{ kind: 'text' as const, text: l }], correct: i === answer }));
      return choice(q.content, options, false, ids, q.correction && escapeText(q.correction));
    }
    case 'order': {
      const ids = q.items.map((_, i) => `ITEM_${i + 1}`);
      const key = [...q.items.keys()].sort((a, b) => (q.items[a]?.order ?? 0) - (q.items[b]?.order ?? 0)).map((i) => ids[i] as string);
      const choices = q.items.map((item, i) => `<qti-simple-choice identifier="${ids[i]}">${inlineMarkup(item.content)}</qti-simple-choice>`).join('');
      return {
        declarations: [`<qti-response-declaration identifier="RESPONSE" cardinality="ordered" base-type="identifier">${correct(key)}</qti-response-declaration>`],
        body: `<qti-order-interaction response-identifier="RESPONSE" shuffle="false" orientation="vertical">${choices}</qti-order-interaction>`,
        processing: [ifCorrect('RESPONSE')],
        maxScore: 1,
      };
    }
    case 'open':
    case 'essay':
      return extended(q, ctx, words);
  }
}

const outcome = (id: string, type: string, dflt: string, extra = '') =>
  `<qti-outcome-declaration identifier="${id}" cardinality="single" base-type="${type}"${extra}><qti-default-value>${value(dflt)}</qti-default-value></qti-outcome-declaration>`;

/** The item's XML. `notGiven`: the statement is one of an exercise that offers "Not given". */
export function qtiItem(q: Question, ctx: ItemContext, notGiven = false): string {
  const p = parts(q, ctx, notGiven);
  const outcomes = [
    outcome('SCORE', 'float', '0', p.human ? ' external-scored="human"' : ''),
    outcome('MAXSCORE', 'float', String(p.maxScore)),
    ...(p.feedback ? ['<qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier"/>'] : []),
  ];
  const processing = [
    ...(p.processing.length > 0 ? ['<qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">0</qti-base-value></qti-set-outcome-value>', ...p.processing] : []),
    ...(p.feedback ? ['<qti-set-outcome-value identifier="FEEDBACK"><qti-base-value base-type="identifier">EXPLANATION</qti-base-value></qti-set-outcome-value>'] : []),
  ];
  const lang = ctx.lang ? ` xml:lang="${escapeXml(ctx.lang)}"` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<qti-assessment-item xmlns="${QTI_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${SCHEMA}" identifier="${ctx.identifier}" title="${escapeXml(ctx.title)}" label="${ctx.label}" adaptive="false" time-dependent="false"${lang}>`,
    ...p.declarations.map((d) => `  ${d}`),
    ...outcomes.map((o) => `  ${o}`),
    `  <qti-item-body>${p.body}</qti-item-body>`,
    ...(processing.length > 0 ? [`  <qti-response-processing>${processing.join('')}</qti-response-processing>`] : []),
    ...(p.feedback ? [`  <qti-modal-feedback outcome-identifier="FEEDBACK" identifier="EXPLANATION" show-hide="show"><qti-content-body><p>${p.feedback}</p></qti-content-body></qti-modal-feedback>`] : []),
    '</qti-assessment-item>',
    '',
  ].join('\n');
}

/** Text between questions (a reading passage; a teacher's note as a tutor's rubric) as an item with nothing to answer. */
export function qtiTextItem(blocks: readonly TextBlock[], ctx: Pick<ItemContext, 'identifier' | 'title' | 'lang'>, teacherOnly: boolean): string {
  const content = blocks.map((b) => blockMarkup(b)).join('');
  const body = teacherOnly ? `<qti-rubric-block use="instructions" view="tutor"><qti-content-body>${content}</qti-content-body></qti-rubric-block>` : content;
  const lang = ctx.lang ? ` xml:lang="${escapeXml(ctx.lang)}"` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<qti-assessment-item xmlns="${QTI_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${SCHEMA}" identifier="${ctx.identifier}" title="${escapeXml(ctx.title)}" label="text" adaptive="false" time-dependent="false"${lang}>`,
    `  <qti-item-body>${content === '' ? '<p/>' : body}</qti-item-body>`,
    '</qti-assessment-item>',
    '',
  ].join('\n');
}

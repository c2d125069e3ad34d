// A quiz as a QTI 3.0 content package: a zip with imsmanifest.xml, an assessment test that keeps
// the lesson's exercises as sections (their instructions as the candidate's rubric, teacher notes
// as the tutor's) and one item per question. Zipped with fflate.
import { strToU8, zipSync } from 'fflate';
import { exportPlace } from '../fromLesson';
import { blockMarkup, escapeXml } from '../markup';
import type { Exercise, Notice, Quiz } from '../quiz';
import { QTI_NS, qtiItem, qtiTextItem } from './qtiItem';
import { fillIn, l10n } from '../../../shared/l10n';
import { pointsText, worksheetWords, type WorksheetWords } from '../../../shared/worksheetWords';

const CP_NS = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';

export interface QtiFile {
  readonly path: string;
  readonly text: string;
}

export interface QtiExport {
  readonly zip: Uint8Array;
  readonly files: readonly QtiFile[];
  readonly notices: Notice[];
}

/** A section's title, in the lesson's language (read back by words.ts: readExerciseTitle). */
function sectionTitle(number: number, ex: Pick<Exercise, 'level' | 'points'>, words: WorksheetWords): string {
  return [fillIn(words.exercise, number), ex.level, ex.points === undefined ? undefined : pointsText(words, ex.points)].filter(Boolean).join(' · ');
}

class Identifiers {
  private readonly used = new Set<string>();
  take(wanted: string | undefined, fallback: string): string {
    let id = wanted && /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(wanted) ? wanted : fallback;
    for (let n = 2; this.used.has(id); n++) id = `${wanted ?? fallback}-${n}`;
    this.used.add(id);
    return id;
  }
}

function rubricBlock(view: 'candidate' | 'tutor', content: string): string {
  return `<qti-rubric-block use="instructions" view="${view}"><qti-content-body>${content}</qti-content-body></qti-rubric-block>`;
}

class QtiWriter {
  readonly files: QtiFile[] = [];
  readonly notices: Notice[] = [];
  private readonly ids = new Identifiers();
  private readonly sections: string[] = [];
  private exercises = 0;
  private texts = 0;
  /** The words students read around the lesson's, in its language. */
  private readonly words: WorksheetWords;

  constructor(private readonly quiz: Quiz) {
    this.words = worksheetWords(quiz.lang);
  }

  private item(identifier: string, text: string): string {
    this.files.push({ path: `items/${identifier}.xml`, text });
    return `<qti-assessment-item-ref identifier="${identifier}" href="items/${identifier}.xml"/>`;
  }

  private exercise(ex: Exercise): void {
    const number = ++this.exercises;
    const place = exportPlace(number, ex.intro);
    const sectionId = this.ids.take(ex.id, `exercise-${number}`);
    const writing = ex.type === 'writing' && ex.questions.some((q) => q.kind === 'essay');
    const notGiven = ex.questions.some((q) => q.kind === 'statement' && q.answer === 'not-given');
    let intro = writing ? ex.intro : [];
    const refs = ex.questions.map((q, i) => {
      const identifier = this.ids.take(q.id, `${sectionId}-${i + 1}`);
      const ctx = { identifier, title: fillIn(this.words.questionName, number, i + 1), lang: this.quiz.lang, label: ex.type, wordBank: ex.wordBank, intro, rubric: ex.rubric };
      if (q.kind === 'essay') intro = [];
      return this.item(identifier, qtiItem(q, ctx, notGiven));
    });
    if (ex.wordBank) this.notices.push({ place, message: l10n.t('The word bank became the words to choose from in each gap.') });
    if (ex.points !== undefined) this.notices.push({ place, message: l10n.t("Its {0} points are in the section's title: each gap or question scores 1 point; set the marks in your platform.", ex.points) });
    if (ex.notes) this.notices.push({ place, message: l10n.t('Its teacher notes are a rubric for the tutor, which students do not see (not every platform shows it).') });
    const blocks = [
      ...(ex.intro.length > 0 && !writing ? [rubricBlock('candidate', ex.intro.map((b) => blockMarkup(b)).join(''))] : []),
      ...(ex.notes ? [rubricBlock('tutor', ex.notes.map((b) => blockMarkup(b)).join(''))] : []),
    ];
    this.sections.push(
      `    <qti-assessment-section identifier="${sectionId}" title="${escapeXml(sectionTitle(number, ex, this.words))}" visible="true">\n${[...blocks, ...refs].map((l) => `      ${l}`).join('\n')}\n    </qti-assessment-section>`,
    );
  }

  write(): QtiExport {
    for (const part of this.quiz.parts) {
      if (part.kind === 'exercise') {
        this.exercise(part);
        continue;
      }
      const identifier = this.ids.take(undefined, `text-${++this.texts}`);
      const title = part.teacherOnly ? this.words.teachersNote : this.words.textName;
      if (part.teacherOnly) this.notices.push({ place: l10n.t('Teacher notes'), message: l10n.t('Teacher notes are items with a rubric for the tutor, which students do not see (not every platform shows it).') });
      const ref = this.item(identifier, qtiTextItem(part.blocks, { identifier, title, lang: this.quiz.lang }, part.teacherOnly === true));
      this.sections.push(`    <qti-assessment-section identifier="${identifier}-section" title="${escapeXml(title)}" visible="true">\n      ${ref}\n    </qti-assessment-section>`);
    }
    const title = escapeXml(this.quiz.title ?? this.words.untitled);
    const test = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<qti-assessment-test xmlns="${QTI_NS}" identifier="lesson" title="${title}">`,
      '  <qti-test-part identifier="part-1" navigation-mode="nonlinear" submission-mode="simultaneous">',
      ...this.sections,
      '  </qti-test-part>',
      '</qti-assessment-test>',
      '',
    ].join('\n');
    const items = [...this.files];
    this.files.unshift({ path: 'test.xml', text: test });
    this.files.unshift({ path: 'imsmanifest.xml', text: manifest(title, items, this.quiz) });
    if (this.quiz.level) {
      this.notices.push({ place: l10n.t('The lesson'), message: l10n.t("Its level ({0}) is in the package's description (its metadata, as a CEFR level), which not every platform shows.", this.quiz.level) });
    }
    const zip = zipSync(Object.fromEntries(this.files.map((f) => [f.path, strToU8(f.text)])), { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
    return { zip, files: this.files, notices: this.notices };
  }
}

export const LOM_NS = 'http://ltsc.ieee.org/xsd/LOM';
/** The classification scheme the lesson's level is given in (read back by qtiRead.ts). */
export const CEFR_SOURCE = 'CEFR';

/** The package's description in IEEE LOM: the lesson's language, and its level as a CEFR classification. */
function lom(quiz: Pick<Quiz, 'level' | 'lang'>): string[] {
  if (!quiz.level && !quiz.lang) return [];
  const general = quiz.lang ? [`      <imsmd:general><imsmd:language>${escapeXml(quiz.lang)}</imsmd:language></imsmd:general>`] : [];
  const level = quiz.level ? escapeXml(quiz.level) : '';
  const classification = quiz.level
    ? [
        '      <imsmd:classification>',
        '        <imsmd:purpose><imsmd:source>LOMv1.0</imsmd:source><imsmd:value>educational level</imsmd:value></imsmd:purpose>',
        `        <imsmd:taxonPath><imsmd:source><imsmd:string language="en">${CEFR_SOURCE}</imsmd:string></imsmd:source><imsmd:taxon><imsmd:id>${level}</imsmd:id><imsmd:entry><imsmd:string language="en">${level}</imsmd:string></imsmd:entry></imsmd:taxon></imsmd:taxonPath>`,
        '      </imsmd:classification>',
      ]
    : [];
  return [`    <imsmd:lom xmlns:imsmd="${LOM_NS}">`, ...general, ...classification, '    </imsmd:lom>'];
}

function manifest(title: string, items: readonly QtiFile[], quiz: Quiz): string {
  const id = (f: QtiFile) => f.path.replace(/^items\//, '').replace(/\.xml$/, '');
  const resources = [
    `    <resource identifier="test" type="imsqti_test_xmlv3p0" href="test.xml">\n      <file href="test.xml"/>\n${items.map((f) => `      <dependency identifierref="${id(f)}"/>`).join('\n')}\n    </resource>`,
    ...items.map((f) => `    <resource identifier="${id(f)}" type="imsqti_item_xmlv3p0" href="${f.path}">\n      <file href="${f.path}"/>\n    </resource>`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<manifest xmlns="${CP_NS}" identifier="lesson-package">`,
    ['  <metadata>', '    <schema>QTI Package</schema>', '    <schemaversion>3.0.0</schemaversion>', ...lom(quiz), '  </metadata>'].join('\n'),
    '  <organizations/>',
    `  <resources>\n${resources.join('\n')}\n  </resources>`,
    `  <!-- ${title.replace(/--/g, '- -')}: exported by Lesson Agent -->`,
    '</manifest>',
    '',
  ].join('\n');
}

export function quizToQti(quiz: Quiz): QtiExport {
  return new QtiWriter(quiz).write();
}

// A QTI package (zip with imsmanifest.xml) or a single item read as a quiz, QTI 3.0 or 2.1: the
// assessment test's sections are the exercises (their candidate rubric the instructions, the
// tutor's the teacher notes); without a test, the manifest's items in order, grouped by kind.
import { l10n, type Said } from '../../../shared/l10n';
import { unzipSync } from 'fflate';
import { ExerciseGroups } from '../groups';
import type { Lost } from '../markup';
import { readBlocks } from '../markup';
import type { Notice, Quiz } from '../quiz';
import { readItem } from './qtiItemRead';
import { child, children, descendants, qti12, readQtiXml, textContent, type QtiElement } from './qtiNodes';
import { CEFR_SOURCE } from './qtiPackage';
import { readExerciseTitle } from '../words';

/** A failure's message is said both ways: the teacher's card and the model's result. */
export type QtiReading = { ok: true; quiz: Quiz; notices: Notice[]; modelNotices: Notice[] } | { ok: false; message: Said };

type Files = Record<string, Uint8Array>;

function resolve(base: string, href: string): string {
  const parts = [...base.split('/').slice(0, -1), ...decodeURIComponent(href).split('/')];
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

/** The lesson's level, from a CEFR classification in the package's LOM description. */
function cefrLevel(manifest: QtiElement): string | undefined {
  for (const path of descendants(manifest, (e) => e.name === 'taxonpath')) {
    const source = child(path, 'source');
    if (!source || textContent(source).trim() !== CEFR_SOURCE) continue;
    const taxon = child(path, 'taxon');
    const id = taxon && (child(taxon, 'id') ?? child(taxon, 'entry'));
    const level = id ? textContent(id).trim().toUpperCase() : '';
    if (/^[ABC][12]$/.test(level)) return level;
  }
  return undefined;
}

function isElement(read: QtiElement | Said): read is QtiElement {
  return 'kind' in read;
}

class PackageReader {
  private readonly groups = new ExerciseGroups();
  private title: string | undefined;
  private lang: string | undefined;
  private level: string | undefined;

  constructor(private readonly files: Files) {}

  /**
   * The file's elements, or why it cannot be read, said both ways: named as the package names it,
   * unless it is the one file imported (the import names that).
   */
  private xml(path: string, named = true): QtiElement | Said {
    const data = this.files[path] ?? Object.entries(this.files).find(([k]) => k.toLowerCase() === path.toLowerCase())?.[1];
    if (!data) return l10n.both('{0} is missing from the package', path);
    const doc = readQtiXml(new TextDecoder().decode(data));
    if (doc.ok) return doc.root;
    return named ? l10n.both('{0}: {1}', path, doc.message) : doc.message;
  }

  item(path: string, named = true): Said | undefined {
    const root = this.xml(path, named);
    if (!isElement(root)) return root;
    if (root.name !== 'qti-assessment-item') return l10n.both('{0} is not an assessment item', path);
    this.lang ??= root.attributes['xml:lang'];
    const lost: Lost = new Map();
    const said: Said[] = [];
    const read = readItem(root, lost, said);
    if (read.kind === 'passage') this.groups.passage(read.passage);
    else this.groups.add(read.converted, { id: read.id, tagged: read.tagged });
    this.groups.lose(lost, said);
    return undefined;
  }

  section(section: QtiElement, testPath: string, problems: Said[]): void {
    const lost: Lost = new Map();
    const rubric = (view: string) =>
      children(section, 'qti-rubric-block')
        .filter((r) => (r.attributes['view'] ?? '').split(/\s+/).includes(view))
        .flatMap((r) => readBlocks((child(r, 'qti-content-body') ?? r).children, lost));
    const title = readExerciseTitle(section.attributes['title'] ?? '');
    this.groups.boundary();
    const intro = rubric('candidate');
    const notes = rubric('tutor');
    if (intro.length > 0 || notes.length > 0 || title) {
      this.groups.text({ kind: 'passage', blocks: intro }, section.attributes['identifier'], undefined, title?.level, title?.points, notes);
    }
    this.groups.lose(lost, []);
    for (const part of children(section)) {
      if (part.name === 'qti-assessment-item-ref') {
        const problem = this.item(resolve(testPath, part.attributes['href'] ?? ''));
        if (problem) problems.push(problem);
      } else if (part.name === 'qti-assessment-section') this.section(part, testPath, problems);
    }
  }

  finish(): { quiz: Quiz; notices: Notice[]; modelNotices: Notice[] } {
    return this.groups.finish({ ...(this.title ? { title: this.title } : {}), ...(this.level ? { level: this.level } : {}), ...(this.lang ? { lang: this.lang } : {}) });
  }

  read(): QtiReading {
    const manifest = this.xml('imsmanifest.xml');
    if (!isElement(manifest)) return { ok: false, message: l10n.both('no imsmanifest.xml: this is not a QTI content package ({0})', manifest) };
    this.level = cefrLevel(manifest);
    const resources = descendants(manifest, (e) => e.name === 'resource');
    const types = resources.map((r) => r.attributes['type'] ?? '');
    if (types.some((t) => /imsqti_xmlv1p2/.test(t))) return { ok: false, message: qti12() };
    const problems: Said[] = [];
    const test = resources.find((r) => /imsqti_test_xmlv(3p0|2p[12])/.test(r.attributes['type'] ?? ''));
    const testRoot = test ? this.xml(test.attributes['href'] ?? '') : undefined;
    if (test && testRoot !== undefined && isElement(testRoot)) {
      this.title = testRoot.attributes['title'];
      for (const part of descendants(testRoot, (e) => e.name === 'qti-test-part')) for (const s of children(part, 'qti-assessment-section')) this.section(s, test.attributes['href'] ?? '', problems);
    } else {
      for (const r of resources.filter((r) => /imsqti_item_xmlv(3p0|2p[12])/.test(r.attributes['type'] ?? ''))) {
        const problem = this.item(r.attributes['href'] ?? '');
        if (problem) problems.push(problem);
      }
    }
    // A file's name and the XML parser's words stay as they were said.
    for (const p of problems) this.groups.note(l10n.both('The package'), l10n.both('Not brought in: {0}.', p));
    return { ok: true, ...this.finish() };
  }
}

export function qtiToQuiz(data: Uint8Array, fileName: string): QtiReading {
  if (data[0] === 0x50 && data[1] === 0x4b) {
    let files: Files;
    try {
      files = unzipSync(data);
    } catch (error) {
      return { ok: false, message: l10n.both('the zip cannot be opened ({0})', error instanceof Error ? error.message : String(error)) };
    }
    return new PackageReader(files).read();
  }
  const reader = new PackageReader({ [fileName]: data });
  const problem = reader.item(fileName, false);
  if (problem) return { ok: false, message: problem };
  const done = reader.finish();
  return { ok: true, ...done };
}

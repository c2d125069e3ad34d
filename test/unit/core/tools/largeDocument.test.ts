// Large documents in parts, on both kinds: the outline (headings, exercises with ids and types,
// line ranges that point at what they name), read_document (by id, heading, line range, capped),
// replace_element (an element by id, a Markdown section by heading; lesson checks and students'
// work as for any edit), and a full edit_document of a long lesson refused with the tools to use.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { OUTLINE_MAX_CHARS, outlineLines } from '../../../../src/core/documents/outline';
import { outlineBlock } from '../../../../src/core/prompt/documentBlocks';
import { editDocumentTool } from '../../../../src/core/tools/editDocument';
import { READ_MAX_CHARS, readDocumentTool } from '../../../../src/core/tools/readDocument';
import { replaceElementTool } from '../../../../src/core/tools/replaceElement';
import { bigLesson } from '../lesson/bigLesson';
import { ANSWERED } from '../lesson/fixtures';
import { workbench, type Workbench } from './toolContext';

const MARKDOWN = `Notes for the teacher, before any heading.

# Unit 1: the market

Claire goes to the market every Saturday.

## Vocabulary

- les pommes
- le fromage

\`\`\`
# not a heading: inside a fence
\`\`\`

## Practice

Ask the class what they buy.

# Unit 2: the station

Trains leave every hour.
`;

/** Lines first..last (1-based, inclusive) of `text`. */
function lines(text: string, range: string): string {
  const m = /^L(\d+)(?:-(\d+))?$/.exec(range);
  assert.ok(m, range);
  const first = Number(m[1]);
  const last = Number(m[2] ?? m[1]);
  return text.split('\n').slice(first - 1, last).join('\n');
}

describe('large documents: the outline', () => {
  it('lists a lesson\'s headings and exercises with ids, types and line ranges that point at them', () => {
    const { text } = bigLesson(300_000);
    const outline = outlineLines(text, 'lesson');
    assert.ok(outline.join('\n').length <= OUTLINE_MAX_CHARS);
    const exercise = outline.find((l) => l.includes('exercise mc-7 '));
    if (exercise) {
      // The most detailed level: one line per exercise.
      const [range] = exercise.split(':');
      assert.match(lines(text, range ?? ''), /^\s*<exercise id="mc-7" type="multiple-choice">[\s\S]*<\/exercise>$/);
    } else {
      // A section per line, its exercises listed with their types.
      const section = outline.find((l) => l.includes('h2#s7 '));
      assert.ok(section, outline.slice(0, 5).join('\n'));
      assert.match(section, /^L\d+-\d+: h2#s7 "Unit 7: au marché": exercises fb-7 \(fill-blanks\), mc-7 \(multiple-choice\), tf-7 \(true-false\)$/);
      assert.match(lines(text, section.split(':')[0] ?? ''), /^\s*<h2 id="s7">[\s\S]*<\/exercise>$/);
    }
    assert.match(outline[0] ?? '', /^L2: <lesson title="Le marché" level="A2" lang="fr">$/);
    assert.match(outline.at(-1) ?? '', /^L\d+: end of the document$/);
  });

  it('stays within its size on a 1 MB lesson, coarser but still naming every section', () => {
    const { text } = bigLesson(1_000_000);
    const block = outlineBlock('unit.lesson.xml', 'lesson', text);
    assert.ok(block.length <= OUTLINE_MAX_CHARS + 1_000, `${block.length} characters`);
    assert.match(block, /read_document/);
    assert.match(block, /edit_document is refused/);
    const sections = (text.match(/<h2 /g) ?? []).length;
    assert.ok(block.includes(`Unit ${sections}: au marché`) || /sections, .* to "Unit \d+: au marché"/.test(block));
  });

  it('lists a Markdown document\'s headings by level, with the text before them, ignoring fenced code', () => {
    const outline = outlineLines(MARKDOWN, 'text');
    assert.deepEqual(outline, [
      'L1-2: (text before the first heading)',
      'L3-19: # Unit 1: the market',
      'L7-15: ## Vocabulary',
      'L16-19: ## Practice',
      'L20-22: # Unit 2: the station',
    ]);
    assert.equal(outline.filter((l) => l.includes('not a heading')).length, 0);
    const practice = outline.find((l) => l.endsWith('## Practice'));
    assert.ok(practice, outline.join('\n'));
    assert.match(lines(MARKDOWN, practice.split(':')[0] ?? ''), /^## Practice\n\nAsk the class what they buy\.\n/);
  });
});

describe('large documents: read_document', () => {
  let bench: Workbench | undefined;
  afterEach(() => bench?.dispose());

  it('reads a lesson element by id, a section by heading and a line range, in whole lines', async () => {
    const { text } = bigLesson(300_000);
    bench = await workbench('unit.lesson.xml', text);
    const ctx = bench.context();
    const byId = await readDocumentTool.run({ id: 'tf-12' }, ctx);
    assert.equal(byId.isError, undefined, byId.content);
    assert.match(byId.content, /^Lines (\d+)-(\d+) of unit\.lesson\.xml \(<exercise id="tf-12">\):\n {2}<exercise id="tf-12" type="true-false">\n[^\n]*<statement[^\n]*\n {2}<\/exercise>$/);
    const [, a, b] = /^Lines (\d+)-(\d+)/.exec(byId.content) ?? [];
    assert.equal(lines(text, `L${a}-${b}`), byId.content.split('\n').slice(1).join('\n'), 'the line numbers are the text\'s');

    const byHeading = await readDocumentTool.run({ heading: 'Unit 12: au marché' }, ctx);
    assert.match(byHeading.content, /\(the section "Unit 12: au marché"\):\n {2}<h2 id="s12">[\s\S]*<exercise id="tf-12"[\s\S]*<\/exercise>$/);
    assert.doesNotMatch(byHeading.content, /id="s13"/);

    const range = await readDocumentTool.run({ fromLine: 3, toLine: 4 }, ctx);
    assert.equal(range.content, `Lines 3-4 of unit.lesson.xml (lines 3-4):\n${lines(text, 'L3-4')}`);

    // The step says what is read in a teacher's words: a heading or lines, never an id.
    assert.equal(readDocumentTool.displayText({ id: 'tf-12' }), 'Reading a part of the lesson');
    assert.equal(readDocumentTool.displayText({ heading: 'Unit 12: au marché' }), 'Reading “Unit 12: au marché”');
    assert.equal(readDocumentTool.displayText({ fromLine: 3, toLine: 4 }), 'Reading lines 3 to 4');
    assert.equal(readDocumentTool.displayText({ fromLine: 43, toLine: 43 }), 'Reading line 43', 'one line is "line 43", never "lines 43-43"');
    assert.equal(range.summary, 'lines 3 to 4');
  });

  it('caps a long read and says where to read on; a missing id lists similar ones', async () => {
    const { text } = bigLesson(300_000);
    bench = await workbench('unit.lesson.xml', text);
    const ctx = bench.context();
    const long = await readDocumentTool.run({ fromLine: 1 }, ctx);
    assert.ok(long.content.length <= READ_MAX_CHARS + 200, `${long.content.length} characters`);
    const next = /read on with fromLine (\d+)\.\)$/.exec(long.content)?.[1];
    assert.ok(next, long.content.slice(-200));
    const [, , last] = /^Lines (\d+)-(\d+)/.exec(long.content) ?? [];
    assert.equal(Number(next), Number(last) + 1);
    const missing = await readDocumentTool.run({ id: 'fb-99999' }, ctx);
    assert.equal(missing.isError, true);
    assert.match(missing.content, /No element has id "fb-99999"/);
    const twoWays = await readDocumentTool.run({ id: 'fb-1', fromLine: 2 }, ctx);
    assert.match(twoWays.content, /exactly one way/);
  });

  it('reads Markdown by heading and line range; ids are refused with what to use', async () => {
    bench = await workbench('notes.md', MARKDOWN);
    const ctx = bench.context();
    const section = await readDocumentTool.run({ heading: 'Vocabulary' }, ctx);
    assert.equal(section.content, 'Lines 7-15 of notes.md (the section "Vocabulary"):\n## Vocabulary\n\n- les pommes\n- le fromage\n\n```\n# not a heading: inside a fence\n```\n');
    const unit = await readDocumentTool.run({ heading: '# Unit 1: the market' }, ctx);
    assert.match(unit.content, /^Lines 3-19 of notes\.md/);
    assert.match(unit.content, /## Practice/);
    const byId = await readDocumentTool.run({ id: 'x' }, ctx);
    assert.equal(byId.isError, true);
    assert.match(byId.content, /no element ids \(it is not a lesson\): name a heading or a line range/);
  });
});

describe('large documents: editing', () => {
  let bench: Workbench | undefined;
  afterEach(() => bench?.dispose());

  it('refuses a full edit_document of a long lesson, naming the tools to use, and changes nothing', async () => {
    const { text } = bigLesson(150_000);
    bench = await workbench('unit.lesson.xml', text);
    const proposed = text.replace('Unit 3: au marché', 'Unit 3: at the market');
    const ctx = bench.context({ documentSeen: await bench.seen(), settings: { largeDocumentChars: 100_000 } });
    assert.equal(await editDocumentTool.needsConfirmation?.({ documentXml: '', summary: 'x' }, ctx), undefined, 'nobody is asked');
    const result = await editDocumentTool.run({ documentXml: proposed, summary: 'English heading' }, ctx);
    assert.equal(result.isError, true);
    assert.match(result.content, /^Nothing was changed: this document is too long to rewrite whole \([\d,]+ characters; the limit is 100,000\)/);
    assert.match(result.content, /read_document[\s\S]*edit_text[\s\S]*replace_element/);
    assert.equal(await readFile(bench.document.path, 'utf8'), text);
    // Under the threshold (a setting), the same edit goes through.
    const allowed = await editDocumentTool.run({ documentXml: proposed, summary: 'English heading' }, bench.context({ documentSeen: await bench.seen(), settings: { largeDocumentChars: 200_000 } }));
    assert.equal(allowed.isError, undefined, allowed.content);
  });

  it('replaces one lesson element by id as one edit, checked like any edit', async () => {
    const { text } = bigLesson(150_000);
    bench = await workbench('unit.lesson.xml', text);
    const ctx = bench.context({ documentSeen: await bench.seen(), settings: { approvalEdits: 'never' } });
    const content = '<p id="s4-p2">Le marchand connaît Claire depuis longtemps.</p>';
    const result = await replaceElementTool.run({ id: 's4-p2', content, summary: 'Simpler paragraph' }, ctx);
    assert.equal(result.isError, undefined, result.content);
    const after = await readFile(bench.document.path, 'utf8');
    assert.equal(after, text.replace(/<p id="s4-p2">.*?<\/p>/, content));
    assert.equal(result.edit?.before, text);
    const broken = await replaceElementTool.run({ id: 's5-p2', content: '<p id="s5-p2">Unclosed', summary: 'x' }, bench.context({ documentSeen: await bench.seen() }));
    assert.equal(broken.isError, true);
    assert.match(broken.content, /NOT changed/);
    assert.equal(await readFile(bench.document.path, 'utf8'), after);
  });

  it('protects students\' answers: a replacement that changes one asks, and under "never" is refused', async () => {
    bench = await workbench('market.lesson.xml', ANSWERED);
    const exercise = /<exercise id="ex-1">[\s\S]*?<\/exercise>/.exec(ANSWERED)?.[0] ?? '';
    const content = exercise.replace('student-answer="achete"', 'student-answer=""');
    const ask = await replaceElementTool.needsConfirmation?.({ id: 'ex-1', content, summary: 'Cleared' }, bench.context({ documentSeen: await bench.seen() }));
    assert.ok(ask, 'the teacher is asked');
    assert.equal(ask.request.title, "Change students' work in market.lesson.xml?");
    const refused = await replaceElementTool.run({ id: 'ex-1', content, summary: 'Cleared' }, bench.context({ documentSeen: await bench.seen(), settings: { approvalEdits: 'never' } }));
    assert.equal(refused.isError, true);
    assert.match(refused.content, /ex-1/);
    assert.equal(await readFile(bench.document.path, 'utf8'), ANSWERED);
  });

  it('replaces a Markdown section by its heading', async () => {
    bench = await workbench('notes.md', MARKDOWN);
    const result = await replaceElementTool.run({ heading: 'Practice', content: '## Practice\n\nAsk each pair to write a shopping list.\n', summary: 'New practice' }, bench.context({ documentSeen: await bench.seen() }));
    assert.equal(result.isError, undefined, result.content);
    assert.equal(await readFile(bench.document.path, 'utf8'), MARKDOWN.replace('Ask the class what they buy.\n\n', 'Ask each pair to write a shopping list.\n'));
  });
});

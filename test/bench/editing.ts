// Editing figures: a one-paragraph change in a 1 MB lesson, through the same code the tools use.
// Printed, not asserted: budgets say what "fast enough" means, the bench index decides what to do.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { applyTextEdits, computeEdits } from '../../src/core/documents/diff';
import { FileDocument } from '../../src/core/documents/fileDocument';
import { rebaseEdits } from '../../src/core/documents/rebase';
import { forgetLessonAnalyses } from '../../src/core/lesson/analysis';
import { judgeLessonChange } from '../../src/core/lesson/change';
import { studentWorkChanges } from '../../src/core/lesson/studentWork';
import { validateLesson } from '../../src/core/lesson/validate';
import { editDocumentTool } from '../../src/core/tools/editDocument';
import { editTextTool } from '../../src/core/tools/editText';
import { createSkillCatalog } from '../../src/core/skills/catalog';
import { bigLesson, rewriteParagraph } from '../unit/core/lesson/bigLesson';

export interface EditingFigure {
  readonly name: string;
  readonly medianMs: number;
  readonly budgetMs: number;
  readonly detail: string;
}

export interface EditingBenchResult {
  readonly figures: readonly EditingFigure[];
  readonly ranges: number;
  readonly withinBudget: boolean;
}

const RUNS = 15;

async function median(run: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/** Runs the editing benchmark and prints one line per figure. */
export async function runEditingBench(log: (line: string) => void = console.log): Promise<EditingBenchResult> {
  const { text, middleParagraphId } = bigLesson(1_000_000);
  const after = rewriteParagraph(text, middleParagraphId, 'Le dimanche, Claire reste à la maison et lit un roman policier.');
  const edits = computeEdits(text, after);
  const typed = `${text}<!-- typed by the user during the turn -->\n`;
  const dir = await mkdtemp(join(tmpdir(), 'bench-editing-'));
  const path = join(dir, 'big.lesson.xml');
  const document = new FileDocument(path);
  try {
    const figures: EditingFigure[] = [
      { name: 'diff (computeEdits)', medianMs: await median(() => computeEdits(text, after)), budgetMs: 50, detail: `${edits.length} range(s)` },
      { name: 'apply to text (applyTextEdits)', medianMs: await median(() => applyTextEdits(text, edits)), budgetMs: 10, detail: '' },
      { name: 'diff + apply', medianMs: await median(() => applyTextEdits(text, computeEdits(text, after))), budgetMs: 60, detail: '' },
      { name: 'rebase over typing at the end', medianMs: await median(() => rebaseEdits(text, typed, edits)), budgetMs: 60, detail: '' },
      { name: 'validate 1 MB lesson', medianMs: await median(() => validateLesson(after)), budgetMs: 400, detail: '' },
      {
        name: 'judge the change (both texts read)',
        medianMs: await median(() => {
          forgetLessonAnalyses();
          // A problem in the proposed text makes the judge read the current one too.
          judgeLessonChange(text, after.replace('<h2 ', '<h2 colour="red" '));
        }),
        budgetMs: 800,
        detail: '',
      },
      {
        name: "students' work (answers and ids compared)",
        medianMs: await median(() => {
          forgetLessonAnalyses();
          studentWorkChanges(text, after);
        }),
        budgetMs: 800,
        detail: '',
      },
      {
        // What the agent does on a lesson this long: a targeted edit (edit_document refuses to
        // rewrite a document past largeDocumentChars whole).
        name: 'edit_text end to end (file)',
        medianMs: await median(async () => {
          // Every read is a first read: the figure does not lean on the analyses remembered.
          forgetLessonAnalyses();
          await writeFile(path, text);
          const seen = await document.read();
          const result = await editTextTool.run({ edits: [{ find: paragraph(text, middleParagraphId), replace: paragraph(after, middleParagraphId) }], summary: 'bench' }, benchContext(document, seen));
          if (result.isError) throw new Error(result.content);
        }),
        budgetMs: 1000,
        detail: "find + validate + students' work + atomic write + re-read",
      },
      {
        name: 'edit_document end to end (file, largeDocumentChars raised past 1 MB)',
        medianMs: await median(async () => {
          forgetLessonAnalyses();
          await writeFile(path, text);
          const seen = await document.read();
          const result = await editDocumentTool.run({ documentXml: after, summary: 'bench' }, benchContext(document, seen, 2_000_000));
          if (result.isError) throw new Error(result.content);
        }),
        budgetMs: 1000,
        detail: "validate + students' work + diff + atomic write + re-read",
      },
    ];
    log(`editing: 1 MB lesson (${text.length} chars), one paragraph rewritten -> ${edits.length} range(s) (limit 3)`);
    for (const f of figures) {
      const verdict = f.medianMs <= f.budgetMs ? 'ok' : 'OVER BUDGET';
      log(`  ${f.name}: ${f.medianMs.toFixed(2)} ms median of ${RUNS} (budget ${f.budgetMs} ms, ${verdict})${f.detail ? `; ${f.detail}` : ''}`);
    }
    const withinBudget = edits.length <= 3 && figures.every((f) => f.medianMs <= f.budgetMs);
    return { figures, ranges: edits.length, withinBudget };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Paragraph `id`, whole (the find of a targeted edit). */
function paragraph(text: string, id: string): string {
  const start = text.indexOf(`<p id="${id}">`);
  return text.slice(start, text.indexOf('</p>', start) + 4);
}

function benchContext(document: FileDocument, seen: Awaited<ReturnType<FileDocument['read']>>, largeDocumentChars?: number) {
  return {
    sessionId: 'bench',
    turnId: 'bench',
    toolUseId: 'bench',
    document,
    documentSeen: seen,
    workspace: undefined,
    skills: createSkillCatalog([]),
    settings: { approvalEdits: 'never' as const, alwaysConfirm: [], ...(largeDocumentChars ? { largeDocumentChars } : {}) },
    userRequest: undefined,
    signal: new AbortController().signal,
    now: () => Date.now(),
    beginEdit: async () => 'bench-edit',
  };
}

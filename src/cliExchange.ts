// The CLI's export and import commands:
//   lesson-agent export --doc FILE --format gift|qti|html-student|html-teacher --out PATH [--force]
//   lesson-agent import --in PATH --out FILE.lesson.xml [--force]
// One JSON event on stdout: `exported` / `imported` with the counts and what was not carried, or
// `error`. Exit 0 done, 1 failed (a file that cannot be read or written), 2 bad usage (an existing
// --out without --force included: nothing is overwritten).
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isLessonPath } from './core/documents/kind';
import { EXPORT_FORMATS, exportLesson, importQuiz } from './core/exchange/exchange';
import type { ExchangeEvent } from './shared/exchangeEvents';

export const EXCHANGE_USAGE = `  lesson-agent export --doc FILE --format ${EXPORT_FORMATS.join('|')} --out PATH [--force]
  lesson-agent import --in PATH --out FILE.lesson.xml [--force]`;


export interface ExchangeOutcome {
  readonly exit: 0 | 1 | 2;
  readonly event?: ExchangeEvent;
  readonly error?: { code: 'usage' | 'document'; message: string };
}

const usage = (message: string): ExchangeOutcome => ({ exit: 2, error: { code: 'usage', message } });
const failed = (message: string): ExchangeOutcome => ({ exit: 1, error: { code: 'document', message } });

function options(argv: readonly string[], names: readonly string[]): Record<string, string | boolean | undefined> | string {
  try {
    const spec = Object.fromEntries(names.map((n) => [n, { type: n === 'force' ? ('boolean' as const) : ('string' as const) }]));
    return parseArgs({ args: [...argv], options: spec, strict: true, allowPositionals: false }).values;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function write(path: string, data: Uint8Array | string, force: boolean): Promise<string | undefined> {
  try {
    await writeFile(path, data, { flag: force ? 'w' : 'wx' });
    return undefined;
  } catch (error) {
    return `${path} could not be written: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function runExport(argv: readonly string[]): Promise<ExchangeOutcome> {
  const v = options(argv, ['doc', 'format', 'out', 'force']);
  if (typeof v === 'string') return usage(v);
  const format = EXPORT_FORMATS.find((f) => f === v['format']);
  if (typeof v['doc'] !== 'string' || typeof v['out'] !== 'string') return usage('export needs --doc FILE and --out PATH.');
  if (!format) return usage(`--format must be one of: ${EXPORT_FORMATS.join(', ')}.`);
  const doc = resolve(v['doc']);
  const out = resolve(v['out']);
  if (!existsSync(doc)) return usage(`--doc ${doc} does not exist.`);
  if (existsSync(out) && v['force'] !== true) return usage(`${out} already exists: add --force to overwrite it.`);
  const exported = exportLesson(await readFile(doc, 'utf8'), format, basename(doc));
  if (!exported.ok) return failed(exported.message);
  const problem = await write(out, exported.data, v['force'] === true);
  if (problem) return failed(problem);
  const { exercises, questions, notCarried } = exported;
  return { exit: 0, event: { type: 'exported', format, doc, out, exercises, questions, notCarried } };
}

async function runImport(argv: readonly string[]): Promise<ExchangeOutcome> {
  const v = options(argv, ['in', 'out', 'force']);
  if (typeof v === 'string') return usage(v);
  if (typeof v['in'] !== 'string' || typeof v['out'] !== 'string') return usage('import needs --in PATH and --out FILE.lesson.xml.');
  const from = resolve(v['in']);
  const out = resolve(v['out']);
  if (!isLessonPath(out)) return usage('--out must name a lesson file ending in .lesson.xml.');
  if (!existsSync(from)) return usage(`--in ${from} does not exist.`);
  if (existsSync(out) && v['force'] !== true) return usage(`${out} already exists: add --force to overwrite it.`);
  const imported = importQuiz(new Uint8Array(await readFile(from)), basename(from));
  if (!imported.ok) return failed(imported.message);
  const problem = await write(out, imported.xml, v['force'] === true);
  if (problem) return failed(problem);
  const { exercises, questions, notCarried } = imported;
  return { exit: 0, event: { type: 'imported', in: from, out, exercises, questions, notCarried } };
}

export function isExchangeVerb(verb: string | undefined): verb is 'export' | 'import' {
  return verb === 'export' || verb === 'import';
}

export function runExchange(verb: 'export' | 'import', argv: readonly string[]): Promise<ExchangeOutcome> {
  return verb === 'export' ? runExport(argv) : runImport(argv);
}

// The run's visible output: mocha's own lines, copied live from the file the suite index appends
// them to (the workbench's noise goes to log files instead), and the summary computed from the
// results the suite index writes, one JSON line per phase.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import type { PassResult } from '../integration/index';

/** Copies what is appended to `path` onto stdout until stopped. */
export function tailToStdout(path: string, intervalMs = 150): { stop(): void } {
  let offset = 0;
  const pump = () => {
    if (!existsSync(path)) return;
    const size = statSync(path).size;
    if (size <= offset) return;
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(size - offset);
      readSync(fd, buffer, 0, buffer.length, offset);
      offset = size;
      process.stdout.write(buffer);
    } finally {
      closeSync(fd);
    }
  };
  const timer = setInterval(pump, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      pump();
    },
  };
}

/** One line per pass, as the suite index writes it. */
export function readResults(path: string): PassResult[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as PassResult);
}

export interface Summary {
  passed: number;
  failed: number;
  pending: number;
  line: string;
}

export function summarize(results: readonly PassResult[]): Summary {
  const total = { passed: 0, failed: 0, pending: 0 };
  for (const result of results) {
    total.passed += result.passed;
    total.failed += result.failed;
    total.pending += result.pending;
  }
  const line = `${total.passed} passed, ${total.failed} failed${total.pending ? `, ${total.pending} skipped` : ''}`;
  return { ...total, line };
}

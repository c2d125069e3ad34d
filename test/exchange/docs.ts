// Brings docs/exports up to date: each sample exported to GIFT and QTI with the CLI (and its
// `exported` event, with paths relative to the repository), the independent checks' report, and
// a picture of an item of each interaction type as the QTI player shows it, answered right.
// Usage: node esbuild.mjs && node --import tsx test/exchange/docs.mjs
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runExchange } from '../../src/cliExchange';
import { repoRoot } from '../webview/harness';
import { sampleLessons, skillExamples } from '../unit/core/lesson/lessonExamples';
import { checkQti } from './qtiCheck';
import { QtiPlayer } from './qtiPlayer';
import { REPORT_PATH, samplesReport } from './report';

const root = repoRoot();
const out = join(root, 'docs', 'exports');

async function exports(): Promise<void> {
  for (const { name } of sampleLessons()) {
    const base = name.replace(/\.lesson\.xml$/, '');
    for (const [format, ending] of [['gift', '.gift.txt'], ['qti', '.qti.zip']] as const) {
      const target = join(out, `${base}${ending}`);
      rmSync(target, { force: true });
      const result = await runExchange('export', ['--doc', join(root, 'samples', name), '--format', format, '--out', target]);
      if (!result.event || result.event.type !== 'exported') throw new Error(`${name} as ${format}: ${result.error?.message ?? 'no event'}`);
      const event = { ...result.event, doc: relative(root, result.event.doc), out: relative(root, result.event.out) };
      writeFileSync(join(out, `${base}.${format}-export.json`), `${JSON.stringify(event)}\n`);
    }
  }
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  await exports();
  const player = await QtiPlayer.start();
  try {
    const pictured = new Set<string>();
    const afterRight = async (c: { expected: string }) => {
      if (pictured.has(c.expected)) return;
      pictured.add(c.expected);
      await player.screenshot(join(out, `qti-player-${c.expected}.png`));
    };
    const report = await samplesReport(player, { afterRight });
    writeFileSync(REPORT_PATH, `${JSON.stringify(report, null, 2)}\n`);
    // The samples have no word bank: a skill example shows the inline choice.
    for (const { name, xml } of skillExamples()) if (pictured.size < 5) await checkQti(player, xml, name, { afterRight });
    console.log(`docs/exports: exports, ${relative(root, REPORT_PATH)}, pictures of ${[...pictured].join(', ')}`);
  } finally {
    await player.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// `npm run package`: a production build, then lesson-agent.vsix, its file list and its size.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../test/harness/config.ts';
import { packageVsix, vsixFiles } from './vsix.mjs';

execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: repoRoot, stdio: 'inherit' });
const files = (await vsixFiles()).sort();
const leaked = files.filter((f) => f.endsWith('.map') || /^(src|test|webview-ui|node_modules|out)\//.test(f));
if (leaked.length > 0) {
  console.error(`Refusing to package sources, tests or maps:\n  ${leaked.join('\n  ')}\nFix .vscodeignore.`);
  process.exit(1);
}
const out = join(repoRoot, 'lesson-agent.vsix');
const size = await packageVsix(out, { quiet: true });
console.log(`${files.length} files:\n  ${files.join('\n  ')}`);
console.log(`\n${out}: ${(size / 1024).toFixed(1)} KiB`);

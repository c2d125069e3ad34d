// Bundles and runs screenshots.ts.
// Usage: node esbuild.mjs && node --import tsx test/webview/screenshots.mjs [scene...]
import { runScript } from '../harness/runScript.ts';

await runScript('test/webview/screenshots.ts', process.argv.slice(2));

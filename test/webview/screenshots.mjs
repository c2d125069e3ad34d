// Bundles and runs screenshots.ts.
// Usage: node esbuild.mjs && node test/webview/screenshots.mjs [scene...]
import { runScript } from '../harness/runScript.mjs';

await runScript('test/webview/screenshots.ts', process.argv.slice(2));

// Bundles and runs docs.ts: the samples' exports, the independent checks and the player's pictures.
// Usage: node esbuild.mjs && node test/exchange/docs.mjs
import { runScript } from '../harness/runScript.mjs';

await runScript('test/exchange/docs.ts');

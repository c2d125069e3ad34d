// Bundles and runs docs.ts: the samples' exports, the independent checks and the player's pictures.
// Usage: node esbuild.mjs && node --import tsx test/exchange/docs.mjs
import { runScript } from '../harness/runScript.ts';

await runScript('test/exchange/docs.ts');

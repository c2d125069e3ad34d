// Imported first by main.tsx: ES modules run in import order, so zod is jitless before any schema
// is built or parsed. zod probes `new Function` otherwise, which the panel's CSP (no
// unsafe-eval) reports as a violation.
import * as z from 'zod';

z.config({ jitless: true });

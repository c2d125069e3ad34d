// Imported first by each entry point (extension host, webview): ES modules run in import order,
// so zod is jitless before any schema is built. Its JIT would probe `new Function` (a CSP eval
// violation in the webview) and `navigator` (a deprecation warning in VS Code's extension host).
import * as z from 'zod';

z.config({ jitless: true });

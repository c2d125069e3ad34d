// Lint rules that hold the layers: core and shared never touch vscode or the DOM, the webview
// never reaches the core or the model. No `any`, no default exports, `import type` for types.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const noVscode = {
  paths: [{ name: 'vscode', message: 'src/core and src/shared never import vscode: pass an interface in.' }],
  patterns: [{ group: ['**/vscode/**', '../vscode/*'], message: 'src/core and src/shared never import the VS Code adapters.' }],
};

/** What Node gives a script without an import: the scripts (start, package, the fake's CLI) use only these. */
const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'fetch', 'AbortController', 'TextEncoder', 'TextDecoder', 'structuredClone', 'performance', 'queueMicrotask'].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', '**/node_modules/**', '**/*.js', 'webview-ui/dist/**'] },
  // The plain-JavaScript scripts (npm start, packaging, the build): JavaScript's own rules.
  { files: ['**/*.mjs'], ...js.configs.recommended, languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: nodeGlobals } },
  { files: ['**/*.ts', '**/*.tsx'], ...js.configs.recommended },
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.ts', '**/*.tsx'] })),
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    // Files stay small enough to read in one sitting, functions small enough to hold in one's head.
    files: ['src/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/core/**', 'src/shared/**'],
    rules: { 'no-restricted-imports': ['error', noVscode] },
  },
  {
    files: ['webview-ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'The webview has no vscode module: use postMessage.' },
            { name: '@anthropic-ai/sdk', message: 'The webview never talks to the model.' },
          ],
          patterns: [{ group: ['**/src/core/**', '**/src/vscode/**'], message: 'The webview only imports src/shared.' }],
        },
      ],
    },
  },
);

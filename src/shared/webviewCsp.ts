// The Content Security Policy of every webview page (the chat, the lesson preview), said once: the
// extension's pages and the headless pages the webview tests load both use it, so a test passes
// only under the policy VS Code gets. Nothing by default; images, styles and fonts only from the
// page's own source (and images as data: URLs); scripts only with the page's nonce.

/** `source` is where the page's files come from (the webview's cspSource; the test server's origin). */
export function webviewCsp(source: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${source} data:`,
    `style-src ${source} 'unsafe-inline'`,
    `font-src ${source}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

// A webview's HTML (the chat's, the lesson preview's): the strict CSP (shared/webviewCsp.ts) with a
// per-load nonce, resources only from dist/, in VS Code's display language.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { isLanguageTag } from '../shared/l10n';
import { webviewCsp } from '../shared/webviewCsp';

/** `bundle` names the entry point built into dist/webview (`main` is the chat). */
export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, bundle = 'main', title = 'Lesson Agent'): string {
  const nonce = randomBytes(16).toString('base64');
  const dist = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(dist, `${bundle}.js`));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(dist, `${bundle}.css`));
  const csp = webviewCsp(webview.cspSource, nonce);
  // VS Code's display language: the page picks its words by it (webview-ui/src/l10n.ts).
  const lang = isLanguageTag(vscode.env.language) ? vscode.env.language : 'en';
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta property="csp-nonce" content="${nonce}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>${title.replace(/[<&]/g, '')}</title>
</head>
<body>
<div id="root"></div>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}

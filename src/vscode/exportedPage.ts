// An exported printable page, shown in a tab of VS Code as it was written: the file itself, read
// back from where it went, in a webview without scripts. Asking the operating system to open a
// file: address does nothing in VS Code for the web (the browser tab cannot reach the server's
// disk) and is refused or ignored there; a tab works the same everywhere. On the desktop the
// teacher may still open the file in a browser to print it.
import * as vscode from 'vscode';

export const EXPORTED_PAGE_VIEW_TYPE = 'lessonAgent.exportedPage';

/** Shows `file` (an exported HTML page) in a tab beside the editor. */
export async function showExportedPage(file: vscode.Uri): Promise<vscode.WebviewPanel> {
  const html = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  const name = file.path.split('/').pop() ?? file.path;
  const panel = vscode.window.createWebviewPanel(EXPORTED_PAGE_VIEW_TYPE, name, vscode.ViewColumn.Beside, {
    enableScripts: false,
    enableFindWidget: true,
    localResourceRoots: [],
  });
  // The page stands alone (its own CSP forbids scripts and every load); shown as written.
  panel.webview.html = html;
  return panel;
}

/** A browser can open the file itself only on the desktop, with the file on this machine. */
export function canOpenInBrowser(file: vscode.Uri): boolean {
  return vscode.env.uiKind === vscode.UIKind.Desktop && file.scheme === 'file' && vscode.env.remoteName === undefined;
}

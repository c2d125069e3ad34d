// The words the core shows a teacher (a refusal, a notice, a card's title), in VS Code's display
// language: `l10n.t('English text with {0}', value)`, as the extension's own vscode.l10n.t, the
// English text being the key of l10n/bundle.l10n.<lang>.json. The extension hands VS Code's
// translator in at activation (setTranslator); elsewhere (the command line, the tests) the English
// stands. What only the model reads (tool results, the prompt) stays English and does not go through
// here: the model reads English best, and what it has seen is never rewritten.

export type Translate = (message: string, ...args: Array<string | number | boolean>) => string;

/** `message` with {0}, {1}... filled in: the English, as vscode.l10n.t gives it when there is no translation. */
export function fillIn(message: string, ...args: Array<string | number | boolean>): string {
  return message.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] === undefined ? m : String(args[Number(i)])));
}

let translate: Translate = fillIn;

export const l10n = {
  t: (message: string, ...args: Array<string | number | boolean>): string => translate(message, ...args),
};

/** VS Code's translator for the core's words (the extension's activate); `fillIn` gives back the English. */
export function setTranslator(t: Translate): void {
  translate = t;
}

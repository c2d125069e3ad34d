// A preview harness for the chat webview: serves the real bundle (dist/webview) on 127.0.0.1 in a
// page that looks like a VS Code webview (the host's CSP with a nonce, the theme's --vscode-*
// variables, a stub acquireVsCodeApi that records posts and keeps setState across reloads), and
// drives it with headless Chromium through playwright-core. Tests play the host: they push host
// messages and read what the webview posted.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { delimiter, dirname, extname, join, normalize, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { HostMessage } from '../../src/shared/protocol';
import { webviewCsp } from '../../src/shared/webviewCsp';
import { isLanguageTag } from '../../src/shared/l10n';
import { CHROMIUM_ARGS as SHARED_CHROMIUM_ARGS } from '../harness/chromiumArgs';
import type { ThemeName } from './themes';
import { BODY_CLASS, THEMES } from './themes';

const CHROMIUM_ARGS = ['--headless', ...SHARED_CHROMIUM_ARGS];

/** The repository root: the nearest folder up from this bundle that holds esbuild.mjs. */
export function repoRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'esbuild.mjs'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no esbuild.mjs above ${from}`);
    dir = up;
  }
  return dir;
}

/**
 * Chromium from LESSON_AGENT_CHROMIUM (as the integration harness) or CHROMIUM_PATH, else the
 * first chromium or chrome on PATH (never downloaded).
 */
export function findChromium(): string {
  const fromEnv = process.env.LESSON_AGENT_CHROMIUM || process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  const names = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of names) {
      const candidate = join(dir, name);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  throw new Error('Chromium not found: install it (apt-get install chromium) or set LESSON_AGENT_CHROMIUM');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

function stubScript(): string {
  // Runs in the page before the bundle: the webview's view of VS Code.
  return `(() => {
  const KEY = 'lesson-agent-webview-state';
  const h = (window.__harness = { posted: [], violations: [], errors: [] });
  window.document.addEventListener('securitypolicyviolation', (e) => h.violations.push(e.violatedDirective + ' ' + e.blockedURI));
  window.addEventListener('error', (e) => h.errors.push(String(e.message)));
  let acquired = false;
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('acquireVsCodeApi may only be called once');
    acquired = true;
    return {
      postMessage: (m) => { h.posted.push(JSON.parse(JSON.stringify(m))); },
      getState: () => { const s = sessionStorage.getItem(KEY); return s ? JSON.parse(s) : undefined; },
      setState: (s) => { sessionStorage.setItem(KEY, JSON.stringify(s)); return s; },
    };
  };
  h.push = (m) => window.postMessage(m, '*');
  h.clearState = () => sessionStorage.removeItem(KEY);
})();`;
}

function page(theme: ThemeName, origin: string, bundle: Bundle, lang: string): string {
  const nonce = randomBytes(16).toString('base64');
  // The extension's own policy: a test passes only under what VS Code's webviews get.
  const csp = webviewCsp(origin, nonce);
  const vars = Object.entries(THEMES[theme])
    .map(([k, v]) => `${k}: ${v};`)
    .join(' ');
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta property="csp-nonce" content="${nonce}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style>html { ${vars} } body { background: var(--vscode-sideBar-background); }</style>
<link rel="stylesheet" href="${origin}/dist/webview/${bundle}.css">
<title>Lesson Agent preview</title>
</head>
<body class="${BODY_CLASS[theme]}">
<div id="root"></div>
<script nonce="${nonce}">${stubScript()}</script>
<script nonce="${nonce}" src="${origin}/dist/webview/${bundle}.js"></script>
</body>
</html>`;
}

export interface PreviewServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves the harness page at /?theme=dark|light|hc[&bundle=preview][&lang=fr] and the bundles under /dist/webview/. */
export async function startPreviewServer(): Promise<PreviewServer> {
  // WEBVIEW_DIST points the harness at another build (e.g. a --production one) to test it instead.
  const dist = process.env.WEBVIEW_DIST ?? join(repoRoot(), 'dist', 'webview');
  if (!existsSync(join(dist, 'main.js'))) throw new Error('dist/webview/main.js is missing: run `node esbuild.mjs` first');
  let origin = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/') {
      const theme = (url.searchParams.get('theme') ?? 'dark') as ThemeName;
      const bundle: Bundle = url.searchParams.get('bundle') === 'preview' ? 'preview' : 'main';
      // VS Code's display language, as the host writes it into <html lang> (src/vscode/webviewHtml.ts).
      const asked = url.searchParams.get('lang') ?? 'en';
      const lang = isLanguageTag(asked) ? asked : 'en';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page(theme in THEMES ? theme : 'dark', origin, bundle, lang));
      return;
    }
    const rel = normalize(decodeURIComponent(url.pathname)).replace(/^[/\\]+/, '');
    const prefix = join('dist', 'webview') + sep;
    const file = join(dist, rel.slice(prefix.length));
    if (!rel.startsWith(prefix) || !file.startsWith(dist) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Which webview: the chat (`main`) or the lesson preview. */
export type Bundle = 'main' | 'preview';

export interface OpenOptions {
  theme?: ThemeName;
  bundle?: Bundle;
  width?: number;
  height?: number;
  /** Device pixels per CSS pixel: 2 draws the page as VS Code at 200% zoom does (width and height stay CSS pixels). */
  deviceScaleFactor?: number;
  /** VS Code's display language ("fr", "de"...; English by default). */
  lang?: string;
}

/** One webview page, driven from the test as its host would drive it. */
export class WebviewPage {
  private constructor(
    readonly page: Page,
    private readonly url: string,
  ) {}

  static async open(browser: Browser, server: PreviewServer, options: OpenOptions = {}): Promise<WebviewPage> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 420, height: options.height ?? 720 },
      deviceScaleFactor: options.deviceScaleFactor ?? 1,
      colorScheme: options.theme === 'light' ? 'light' : 'dark',
    });
    const page = await context.newPage();
    const url = `${server.origin}/?theme=${options.theme ?? 'dark'}${options.bundle === 'preview' ? '&bundle=preview' : ''}${options.lang ? `&lang=${encodeURIComponent(options.lang)}` : ''}`;
    await page.goto(url);
    await page.waitForFunction(() => window.__harness.posted.some((m) => m.type === 'ready'));
    return new WebviewPage(page, url);
  }

  async push(...messages: HostMessage[]): Promise<void> {
    await this.page.evaluate((ms) => {
      for (const m of ms) window.__harness.push(m);
    }, messages);
  }

  /** Pushes a message that is deliberately not a valid HostMessage. */
  async pushRaw(message: unknown): Promise<void> {
    await this.page.evaluate((m) => window.__harness.push(m), message);
  }

  async posted(): Promise<PostedMessage[]> {
    return this.page.evaluate(() => window.__harness.posted);
  }

  async postedOfType(type: string): Promise<PostedMessage[]> {
    return (await this.posted()).filter((m) => m.type === type);
  }

  async waitForPosted(type: string, count = 1): Promise<PostedMessage[]> {
    await this.page.waitForFunction(
      ([t, n]) => window.__harness.posted.filter((m) => m.type === t).length >= (n as number),
      [type, count] as const,
    );
    return this.postedOfType(type);
  }

  async clearPosted(): Promise<void> {
    await this.page.evaluate(() => {
      window.__harness.posted.length = 0;
    });
  }

  /** CSP violations and uncaught errors seen by the page so far. */
  async problems(): Promise<{ violations: string[]; errors: string[] }> {
    return this.page.evaluate(() => {
      const h = window.__harness;
      return { violations: h.violations, errors: h.errors };
    });
  }

  /** Reloads the page, as a window reload or a re-shown panel does; setState survives. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.page.waitForFunction(() => window.__harness.posted.some((m) => m.type === 'ready'));
  }

  /** Waits for the first snapshot to be rendered and the conversation (or empty chat) to be on screen. */
  async waitReady(): Promise<void> {
    await this.page.waitForSelector('[data-testid="app"][data-ready="true"]');
    // The virtual list lays items out hidden before it scrolls to the newest one.
    await this.page.locator('[data-testid="empty-chat"], [data-testid="message"]').last().waitFor({ state: 'visible' });
  }

  testId(id: string): string {
    return `[data-testid="${id}"]`;
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }

  get address(): string {
    return this.url;
  }
}

export interface PostedMessage {
  type: string;
  [key: string]: unknown;
}

// WCAG contrast of a label as VS Code really draws it: the computed colours inside the chat
// webview under the active theme. The text colour is faded by every ancestor's opacity and laid
// over the backgrounds under it (the side bar's colour, then each ancestor's own, translucent
// ones blended in), then compared with what is behind it.
import { ui } from './driver';

export interface Contrast {
  ratio: number;
  text: string;
  background: string;
}

// Runs in the webview page (as a string, so it carries no compiled helpers with it).
const MEASURE = `(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const parse = (value) => {
    const v = String(value).trim();
    let m = /^#([0-9a-f]{3,8})$/i.exec(v);
    if (m) {
      let h = m[1];
      if (h.length <= 4) h = [...h].map((c) => c + c).join('');
      const n = (i) => parseInt(h.slice(i, i + 2), 16);
      return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) / 255 : 1 };
    }
    m = /^rgba?\\(([^)]+)\\)$/.exec(v);
    if (m) {
      const p = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
      return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
    }
    m = /^color\\(srgb ([^)]+)\\)$/.exec(v);
    if (m) {
      const p = m[1].split(/[\\s/]+/).filter(Boolean).map(Number);
      return { r: p[0] * 255, g: p[1] * 255, b: p[2] * 255, a: p.length > 3 ? p[3] : 1 };
    }
    return null;
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const chain = [];
  for (let n = el; n; n = n.parentElement) chain.push(n);
  const root = getComputedStyle(document.documentElement);
  let bg = parse(root.getPropertyValue('--vscode-sideBar-background')) || parse(root.getPropertyValue('--vscode-editor-background')) || { r: 255, g: 255, b: 255, a: 1 };
  bg = { ...bg, a: 1 };
  let opacity = 1;
  for (const n of chain.slice().reverse()) {
    const style = getComputedStyle(n);
    const own = parse(style.backgroundColor);
    if (own && own.a > 0) bg = over(own, bg);
  }
  for (const n of chain) opacity *= Number(getComputedStyle(n).opacity);
  const fg = parse(getComputedStyle(el).color);
  const text = over({ ...fg, a: fg.a * opacity }, bg);
  const lum = (c) => {
    const ch = (x) => { const s = x / 255; return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4); };
    return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
  };
  const [hi, lo] = [lum(text), lum(bg)].sort((a, b) => b - a);
  const hex = (c) => '#' + [c.r, c.g, c.b].map((x) => Math.round(x).toString(16).padStart(2, '0')).join('');
  return { ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100, text: hex(text), background: hex(bg) };
}`;

/** The contrast of the first element matching `selector` in the chat webview. */
export async function contrastOf(selector: string): Promise<Contrast> {
  const value = (await ui.evaluate(`(${MEASURE})(${JSON.stringify(selector)})`)) as Contrast | null;
  if (!value) throw new Error(`no element matches ${selector}`);
  return value;
}

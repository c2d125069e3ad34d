// What can go wrong when the panel is narrow or zoomed, read off the laid-out page: the page
// scrolls sideways; an element pokes out of the viewport (a code block may scroll inside itself);
// a button or field is outside the viewport, or covered where a click would land; two buttons
// overlap; text is cut off by its box (unless it ends in an ellipsis and its title holds the
// whole text). It runs in the page as a string, through the devtools protocol, which the page's
// CSP does not govern.
import type { Page } from 'playwright-core';

export interface LayoutAudit {
  elements: number;
  controls: number;
  pairs: number;
  texts: number;
  faults: string[];
}

const AUDIT = `((scope) => {
  const vw = document.documentElement.clientWidth;
  const faults = [];
  const se = document.scrollingElement;
  if (se.scrollWidth > se.clientWidth) faults.push('the page scrolls sideways: ' + se.scrollWidth + ' > ' + se.clientWidth);
  const name = (el) => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    const own = id ? '[' + id + ']' : el.tagName.toLowerCase() + cls;
    const text = (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return own + (text ? ' "' + text + '"' : '');
  };
  // What may scroll sideways on purpose: code blocks and wide tables in their own scroller.
  const scrollsSideways = (el) => {
    const cs = getComputedStyle(el);
    return (cs.overflowX === 'auto' || cs.overflowX === 'scroll') && (el.tagName === 'PRE' || el.matches('.table-wrap, .code-block, [data-scrolls-sideways]'));
  };
  const sideScroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (scrollsSideways(p)) return p;
    return null;
  };
  // The nearest box that cuts off what overflows it sideways (a vertical scroller does too).
  const clipper = (el) => {
    for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return p;
    return null;
  };
  const shown = (el) => {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  };
  const all = [...document.body.querySelectorAll('*')].filter((el) => !['SCRIPT', 'STYLE', 'LINK'].includes(el.tagName) && shown(el));
  let elements = 0;
  for (const el of all) {
    elements++;
    const r = el.getBoundingClientRect();
    if (sideScroller(el)) continue;
    if (r.left < -0.5 || r.right > vw + 0.5) { faults.push(name(el) + ' pokes out of the ' + vw + 'px panel: ' + Math.round(r.left) + '..' + Math.round(r.right)); continue; }
    const c = clipper(el);
    const cr = c && c.getBoundingClientRect();
    if (cr && (r.left < cr.left - 0.5 || r.right > cr.right + 0.5)) faults.push(name(el) + ' is cut off by ' + name(c) + ': ' + Math.round(r.left) + '..' + Math.round(r.right) + ' in ' + Math.round(cr.left) + '..' + Math.round(cr.right));
    // A box in the flow wider than its parent spills over what stands beside it (text that does not reflow).
    const parent = el.parentElement;
    if (parent && parent !== document.body && !['absolute', 'fixed'].includes(getComputedStyle(el).position) && getComputedStyle(parent).display !== 'contents' && getComputedStyle(parent).display !== 'inline') {
      const pr = parent.getBoundingClientRect();
      if (r.left < pr.left - 0.5 || r.right > pr.right + 0.5) faults.push(name(el) + ' spills out of ' + name(parent) + ': ' + Math.round(r.left) + '..' + Math.round(r.right) + ' in ' + Math.round(pr.left) + '..' + Math.round(pr.right));
    }
  }
  const CONTROLS = 'button, input:not([type=hidden]), textarea, select, a[href], vscode-button, vscode-checkbox, vscode-dropdown, vscode-radio, [role=button], [role=option], [role=radio], [role=checkbox], [role=menuitem]';
  // With a popup open (the sessions list), what lies under it is covered on purpose: only its controls are checked.
  const inScope = (el) => !scope || !!el.closest(scope);
  const controls = all.filter((el) => el.matches(CONTROLS) && !el.parentElement.closest(CONTROLS) && inScope(el));
  const boxes = new Map(controls.map((el) => [el, el.getBoundingClientRect()]));
  // Two controls of the same card or toolbar (the same scroller) must not cover each other.
  const scroller = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowY; if (o === 'auto' || o === 'scroll') return p; }
    return document.documentElement;
  };
  let pairs = 0;
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i], b = controls[j];
      if (scroller(a) !== scroller(b) || a.contains(b) || b.contains(a)) continue;
      pairs++;
      const p = boxes.get(a), q = boxes.get(b);
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > 0.5 && h > 0.5) faults.push(name(a) + ' and ' + name(b) + ' overlap by ' + Math.round(w) + 'x' + Math.round(h) + 'px');
    }
  }
  for (const el of controls) {
    el.scrollIntoViewIfNeeded(true);
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > vw + 0.5) { if (!sideScroller(el)) faults.push(name(el) + ' is not all inside the panel: ' + Math.round(r.left) + '..' + Math.round(r.right)); continue; }
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    const label = hit && hit.closest('label');
    const ok = hit && (hit === el || el.contains(hit) || (label && label.contains(el)) || (hit.shadowRoot && hit === el));
    if (!ok) faults.push(name(el) + ' cannot be clicked: at its centre is ' + (hit ? name(hit) : 'nothing'));
  }
  se.scrollTop = 0;
  // Text cut off by its own box.
  let texts = 0;
  for (const el of all) {
    const hasText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const cs = getComputedStyle(el);
    if (!hasText || cs.display === 'inline' || cs.display === 'contents' || el.closest('pre') || sideScroller(el)) continue;
    texts++;
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    const whole = (el.textContent || '').trim();
    if (cs.textOverflow === 'ellipsis' && cs.overflowX !== 'visible' && (el.getAttribute('title') || el.closest('[title]')?.getAttribute('title') || '').includes(whole)) continue;
    faults.push(name(el) + ' cuts its text off: ' + el.scrollWidth + 'px of text in ' + el.clientWidth + 'px');
  }
  return { elements, controls: controls.length, pairs, texts, faults };
})`;

/** `scope`: the popup open over the panel, whose controls alone must be reachable. */
export function auditLayout(page: Page, scope?: string): Promise<LayoutAudit> {
  return page.evaluate(`${AUDIT}(${JSON.stringify(scope ?? null)})`) as Promise<LayoutAudit>;
}

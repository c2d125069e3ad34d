// Model text -> safe HTML. Raw HTML in model text is shown as text (lesson XML in a reply should
// read as XML, not vanish as unknown tags), images are not loaded (a remote image is a beacon
// that can leak data), links are live only for http(s), and DOMPurify sanitizes the result as a
// second line of defence: no scripts, no event handlers, no style attributes.
//
// Suggestions: a link to exactly `prompt:` (`[Add a quiz about rivers](prompt:)`) becomes a
// suggestion the panel can send as the user's next message. It carries no URL and no payload:
// what it sends is its own visible text, so a reply cannot show one thing and send another.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { t } from '../l10n';

const marked = new Marked({ gfm: true, breaks: false, async: false });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

marked.use({
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    image({ text }) {
      return `<span class="md-image">${escapeHtml(text || t('imageAlt'))}</span>`;
    },
  },
});

const SAFE_LINK = /^https?:\/\//i;

/** The href that marks a suggestion; anything else after `prompt:` is an ordinary (inert) link. */
export const SUGGESTION_HREF = 'prompt:';
/** The class the panel looks for; only the hook below gives it. */
export const SUGGESTION_CLASS = 'md-suggestion';
/** Longest suggestion: a longer text is not a suggestion a person reads before clicking. */
export const SUGGESTION_MAX = 500;

// DOMPurify drops an href it does not know before the hook below runs: note suggestions first.
const suggestions = new WeakSet<Element>();
DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
  if (node.tagName === 'A' && data.attrName === 'href' && data.attrValue === SUGGESTION_HREF) suggestions.add(node);
});

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href') ?? '';
  node.removeAttribute('class');
  if (suggestions.has(node) && (node.textContent ?? '').trim().length <= SUGGESTION_MAX) {
    for (const name of ['href', 'title', 'target']) node.removeAttribute(name);
    node.setAttribute('class', SUGGESTION_CLASS);
    node.setAttribute('role', 'button');
    node.setAttribute('tabindex', '0');
  } else if (SAFE_LINK.test(href)) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
    node.setAttribute('title', href);
  } else {
    // Inert: no javascript:, data:, command: or relative links from model text.
    node.removeAttribute('href');
    node.setAttribute('class', 'md-inert-link');
  }
});

const PURIFY_CONFIG = {
  FORBID_TAGS: ['style', 'img', 'svg', 'math', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'video', 'audio', 'source', 'object', 'embed', 'link', 'meta', 'base'],
  FORBID_ATTR: ['style', 'srcset', 'src', 'action', 'formaction', 'background', 'id', 'name'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

// Finished blocks recur across renders (and when a virtual list remounts a message): cache them.
const cache = new Map<string, string>();
const CACHE_LIMIT = 2000;

export function renderMarkdown(text: string): string {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const raw = marked.parse(text) as string;
  const html = DOMPurify.sanitize(raw, PURIFY_CONFIG);
  if (cache.size >= CACHE_LIMIT) {
    // Drop the oldest entry (Map keeps insertion order).
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(text, html);
  return html;
}

/** Renders markdown uncached: for the open block, which changes on every delta. */
export function renderOpenMarkdown(text: string): string {
  return DOMPurify.sanitize(marked.parse(text) as string, PURIFY_CONFIG);
}

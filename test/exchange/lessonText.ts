// Text as a student reads it, to compare what a format shows with what the lesson says.
import type { Inline } from '../../src/shared/lessonView';

/** What a student reads: tags removed, entities decoded, spaces collapsed. */
export function read(html: string | undefined | null): string {
  return (html ?? '')
    .replace(/<br\s*\/?>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function words(content: readonly Inline[], gap = '___'): string {
  return content
    .map((r) => (r.kind === 'text' ? r.text : r.kind === 'br' ? ' ' : gap))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

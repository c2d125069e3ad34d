// A session's title: taken from its first message. Shared, so the host's store and both view
// reducers (host and webview) name a new session the same way, from its first keystroke on.

export const DEFAULT_TITLE = 'New session';
const TITLE_LENGTH = 60;

/** A title from the first user message: one line, trimmed to about 60 characters on a word. */
export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length === 0) return DEFAULT_TITLE;
  if (line.length <= TITLE_LENGTH) return line;
  const cut = line.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// Splits streamed markdown into top-level blocks so that finished blocks are parsed once and only
// the last, still-growing block is parsed again on each delta (re-parsing the whole text on every
// delta is quadratic: seconds for a long reply). Fenced code becomes its own block kind so the
// panel can render it with a copy button, without HTML.

export type Block =
  | { kind: 'markdown'; text: string }
  | { kind: 'code'; text: string; lang: string; closed: boolean };

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;

function isBlank(line: string): boolean {
  return line.trim().length === 0;
}

function closesFence(line: string, fence: string): boolean {
  const m = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
  return !!m && m[1] !== undefined && m[1][0] === fence[0] && m[1].length >= fence.length;
}

/**
 * A blank line ends a markdown block only when the next line starts a new top-level construct:
 * an indented line continues a list item or a code block, and must stay with what came before.
 */
function startsTopLevel(line: string): boolean {
  return !/^\s/.test(line);
}

export function splitBlocks(text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  let md: string[] = [];
  let pendingBlank = 0;
  let code: { fence: string; lang: string; lines: string[] } | undefined;

  const flushMarkdown = (): void => {
    if (md.length > 0) blocks.push({ kind: 'markdown', text: md.join('\n') });
    md = [];
    pendingBlank = 0;
  };

  for (const line of lines) {
    if (code) {
      if (closesFence(line, code.fence)) {
        blocks.push({ kind: 'code', text: code.lines.join('\n'), lang: code.lang, closed: true });
        code = undefined;
      } else {
        code.lines.push(line);
      }
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    if (open && open[1] !== undefined) {
      flushMarkdown();
      code = { fence: open[1], lang: open[2] ?? '', lines: [] };
      continue;
    }
    if (isBlank(line)) {
      if (md.length > 0) pendingBlank++;
      continue;
    }
    if (pendingBlank > 0) {
      if (startsTopLevel(line)) flushMarkdown();
      else for (; pendingBlank > 0; pendingBlank--) md.push('');
    }
    md.push(line);
  }
  if (code) blocks.push({ kind: 'code', text: code.lines.join('\n'), lang: code.lang, closed: false });
  else flushMarkdown();
  return blocks;
}

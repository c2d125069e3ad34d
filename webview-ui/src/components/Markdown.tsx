// An assistant message's text as sanitized markdown. Finished blocks are memoized (their text no
// longer changes, so React skips them and the HTML comes from a cache); only the open last block
// is parsed again when a delta arrives.
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { memo, useMemo } from 'react';
import { t } from '../l10n';
import { splitBlocks } from '../markdown/blocks';
import { SUGGESTION_CLASS, SUGGESTION_MAX, renderMarkdown, renderOpenMarkdown } from '../markdown/render';
import { useChat } from '../state/chatContext';
import { TEST_IDS } from '../testIds';
import { CopyButton } from './CopyButton';

const CURSOR = `<span class="stream-cursor" data-testid="${TEST_IDS.streamingCursor}" aria-hidden="true"></span>`;
const TRAILING_CLOSERS = /(?:<\/[a-z0-9]+>\s*)+$/i;

/** Puts the cursor inside the innermost last element, so it sits at the end of the last line. */
function withCursor(html: string): string {
  const m = TRAILING_CLOSERS.exec(html);
  return m ? html.slice(0, m.index) + CURSOR + html.slice(m.index) : html + CURSOR;
}

const MarkdownBlock = memo(function MarkdownBlock({ text, open, cursor }: { text: string; open: boolean; cursor: boolean }): ReactNode {
  const html = open ? renderOpenMarkdown(text) : renderMarkdown(text);
  return <div className="md-block" dangerouslySetInnerHTML={{ __html: cursor ? withCursor(html) : html }} />;
});

const CodeBlock = memo(function CodeBlock({ text, lang, cursor }: { text: string; lang: string; cursor: boolean }): ReactNode {
  return (
    <div className="code-block">
      <div className="code-head">
        <span className="code-lang">{lang}</span>
        <CopyButton text={text} label={t('copyCode')} testId={TEST_IDS.copyCode} />
      </div>
      <pre>
        <code>{text}</code>
        {cursor ? <span className="stream-cursor" data-testid={TEST_IDS.streamingCursor} aria-hidden="true" /> : null}
      </pre>
    </div>
  );
});

/** The text a suggestion sends: what it shows, in one line. */
function suggestionAt(target: EventTarget): string | undefined {
  if (!(target instanceof Element)) return undefined;
  const el = target.closest(`a.${SUGGESTION_CLASS}[role="button"]`);
  const text = el?.textContent?.replace(/\s+/g, ' ').trim();
  return text && text.length <= SUGGESTION_MAX ? text : undefined;
}

export function Markdown({ text, streaming }: { text: string; streaming: boolean }): ReactNode {
  const { suggest } = useChat();
  const blocks = useMemo(() => splitBlocks(text), [text]);
  const last = blocks.length - 1;
  const onClick = (e: MouseEvent<HTMLDivElement>): void => {
    const prompt = suggestionAt(e.target);
    if (prompt === undefined) return;
    e.preventDefault();
    suggest(prompt);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const prompt = suggestionAt(e.target);
    if (prompt === undefined) return;
    e.preventDefault();
    suggest(prompt);
  };
  return (
    // Suggestions are rendered HTML; their clicks and keys are handled here, once per message.
    <div className="markdown" data-testid={TEST_IDS.messageText} onClick={onClick} onKeyDown={onKeyDown}>
      {blocks.map((b, i) =>
        b.kind === 'code' ? (
          <CodeBlock key={i} text={b.text} lang={b.lang} cursor={streaming && i === last} />
        ) : (
          <MarkdownBlock key={i} text={b.text} open={streaming && i === last} cursor={streaming && i === last} />
        ),
      )}
      {streaming && blocks.length === 0 ? (
        <span className="stream-cursor" data-testid={TEST_IDS.streamingCursor} aria-hidden="true" />
      ) : null}
    </div>
  );
}

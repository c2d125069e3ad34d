// The XML parser's messages (saxes: "disallowed character in closing tag.") in words a teacher
// reads on the broken-lesson banner, with how a correct one is written where that helps.
// Messages not listed here keep the parser's text after a plain lead.

type Words = (name: string) => string;

const PLAIN: ReadonlyArray<readonly [RegExp, Words]> = [
  [/^disallowed character in closing tag/, () => 'A closing tag has a character that is not allowed (a closing tag is written like </p>).'],
  [/^disallowed character in tag name/, () => 'A tag name has a character that is not allowed (a tag is written like <p>).'],
  [/^disallowed character in attribute name/, () => 'A name inside a tag has a character that is not allowed.'],
  [/^disallowed character\.?$/, () => 'A character here is not allowed: look for a missing quote (") or a missing >.'],
  [/^unexpected close tag/, () => 'A closing tag does not match the tag it should close.'],
  [/^unmatched closing tag: (.+?)\.?$/, (n) => `The closing tag </${n}> has no opening <${n}>.`],
  [/^unclosed tag: (.+?)\.?$/, (n) => `The tag <${n}> is never closed: it needs a </${n}>.`],
  [/^(unquoted attribute value|value must be quoted)/, () => 'A value inside a tag needs quotes around it, like answer="rain".'],
  [/^(attribute without value|value required)/, () => 'A name inside a tag has no value: write it like answer="rain".'],
  [/^no whitespace between attributes/, () => 'Two values inside a tag need a space between them, or a value is missing its closing quote (").'],
  [/^duplicate attribute: (.+?)\.?$/, (n) => `A tag has ${n}="..." twice.`],
  [/^(text data outside of root node|documents may contain only one root)/, () => 'There is something after the end of the lesson (after </lesson>).'],
  [/^document must contain a root element/, () => 'The document has no lesson in it: a lesson starts with <lesson>.'],
  [/^unexpected end/, () => 'The document ends in the middle of a tag.'],
  [/^malformed comment/, () => 'A comment is not written correctly (a comment is written like <!-- note -->).'],
  [/^forward-slash in opening tag not followed by >/, () => 'A "/" inside a tag must be followed by ">".'],
  [/^(malformed character entity|empty entity name)/, () => 'A "&" starts something XML cannot read: write &amp; for the character itself.'],
  [/^undefined entity: (.+?)\.?$/, (n) => `XML does not know &${n};: write the character itself.`],
];

/**
 * What the tree knew where the parser stopped: the close tag there, the element it closed instead,
 * the start tag still open when the next tag began (and the quote its value never closed).
 */
export interface XmlErrorPlace {
  readonly closing?: string | undefined;
  readonly open?: { readonly name: string; readonly line: number } | undefined;
  readonly unfinished?: { readonly name: string; readonly quote?: string | undefined } | undefined;
}

/** A start tag that runs into the next tag: its '>' or the closing quote of a value is missing. */
function unfinishedWords(raw: string, unfinished: NonNullable<XmlErrorPlace['unfinished']>): string | undefined {
  if (!/^disallowed character/.test(raw)) return undefined;
  const { name, quote } = unfinished;
  if (quote) return `A value in the tag <${name}> has no closing quote (${quote}): add ${quote} at the end of the value, before the >.`;
  return `The tag <${name}> is not closed with ">": add > at the end of the tag, like <${name}>.`;
}

/** The parser's message (its "3:10: " position already cut off) in plain words. */
export function plainXmlMessage(raw: string, place: XmlErrorPlace = {}): string {
  const { closing, open, unfinished } = place;
  if (/^unexpected close tag/.test(raw) && closing && open && closing !== open.name) {
    return `The closing tag </${closing}> does not match <${open.name}> (opened on line ${open.line}): close it with </${open.name}>.`;
  }
  const words = unfinished && unfinishedWords(raw, unfinished);
  if (words) return words;
  for (const [pattern, words] of PLAIN) {
    const match = pattern.exec(raw);
    if (match) return words(match[1] ?? '');
  }
  return `The XML cannot be read here (${raw.replace(/\.$/, '')}).`;
}

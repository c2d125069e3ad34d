// The languages a scenario answers in besides English (scenarios/README.md, "Languages"): which one
// the teacher writes in, their words read back into the English the rules match (a suggestion
// clicked, a question card's header, question and chosen options), and the replies in it. The
// rules and values stay written once, in English; a language adds a table of its replies.
import { HostWords } from './hostWords';
import type { Matched } from './matching';
import type { LanguageSpec } from './scenario';

/** A suggestion in a reply: `[text](prompt:)`, a button that sends its text. */
const SUGGESTION = /\[([^\]\n]+)\]\(prompt:\)/g;

/** How a teacher's words are compared with a table's: case, spacing and the final mark aside. */
function normal(text: string): string {
  return text
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim()
    .replace(/[\s.!?…]+$/u, '')
    .replace(/^[¿¡]/u, '')
    .toLocaleLowerCase();
}

/** The suggestions of a reply, in order. */
export function suggestionsOf(text: string): string[] {
  return [...text.matchAll(SUGGESTION)].map((m) => m[1] ?? '');
}

interface Language {
  readonly tag: string;
  readonly words: RegExp;
  readonly replies: ReadonlyMap<string, string>;
  /** A translated string said whole (normalised) -> its English. */
  readonly back: ReadonlyMap<string, string>;
  /** A translated string as written -> its English (placeholders and all). */
  readonly written: ReadonlyMap<string, string>;
  /** The host's words in the language, for what a reply quotes of a tool's result. */
  readonly host: HostWords | undefined;
}

function compile(tag: string, spec: LanguageSpec): Language {
  const replies = new Map(Object.entries(spec.replies));
  const back = new Map<string, string>();
  const learn = (english: string, translated: string): void => {
    if (translated.includes('{{') || normal(translated) === normal(english)) return;
    back.set(normal(translated), english);
  };
  for (const [english, translated] of replies) {
    learn(english, translated);
    // A suggestion's button sends its own text: the translated one reads back as the English.
    const ours = suggestionsOf(english);
    const theirs = suggestionsOf(translated);
    if (ours.length === theirs.length) ours.forEach((s, i) => learn(s, theirs[i] ?? s));
  }
  const written = new Map([...replies].filter(([english, translated]) => english !== translated).map(([english, translated]) => [translated, english]));
  // Whole words only: JavaScript's \b knows no accented letter.
  const host = spec.hostWords ? new HostWords(spec.hostWords) : undefined;
  return { tag, written, words: new RegExp(`(?<![\\p{L}\\p{N}])(?:${spec.words})(?![\\p{L}\\p{N}])`, 'giu'), replies, back, host };
}

/** Every string in a tool's input. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The share of a text's words a language's list must have for the text to be in that language. */
const MIN_SHARE = 0.25;

/** One answer line of AskUserQuestion's result: "Level: What level are your students? -> B1". */
const ANSWER_LINE = /^([^\n:]*): (.*) -> (.*)$/;

export class Languages {
  private readonly all: readonly Language[];

  constructor(specs: Readonly<Record<string, LanguageSpec>> | undefined) {
    this.all = Object.entries(specs ?? {}).map(([tag, spec]) => compile(tag, spec));
  }

  /**
   * The language of a teacher's text: the one whose suggestion or option it says whole, else the one
   * it has most words of (a quarter of them at least); undefined for English and for a text that
   * does not say (a level, a name).
   */
  of(text: string): string | undefined {
    const said = normal(text);
    const whole = this.all.find((l) => l.back.has(said));
    if (whole) return whole.tag;
    const counts = this.all.map((l) => ({ tag: l.tag, count: text.match(l.words)?.length ?? 0 }));
    const most = Math.max(0, ...counts.map((c) => c.count));
    const leaders = counts.filter((c) => c.count === most);
    // A French article in an English request ("an exercise about les articles") does not make it French.
    const words = text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    return most > 0 && most >= words * MIN_SHARE && leaders.length === 1 ? leaders[0]?.tag : undefined;
  }

  private language(tag: string | undefined): Language | undefined {
    return tag === undefined ? undefined : this.all.find((l) => l.tag === tag);
  }

  /** The English the rules read for a teacher's text in `tag`: a translated suggestion or option gives its English. */
  toEnglish(text: string, tag: string | undefined): string {
    return this.language(tag)?.back.get(normal(text)) ?? text;
  }

  /** AskUserQuestion's result with the card's header, question and chosen options read back into English. */
  answersToEnglish(content: string, tag: string | undefined): string {
    if (this.language(tag) === undefined) return content;
    return content
      .split('\n')
      .map((line) => {
        const m = ANSWER_LINE.exec(line);
        if (!m) return line;
        const chosen = this.toEnglish(m[3] ?? '', tag);
        const value = chosen !== m[3] ? chosen : (m[3] ?? '').split(', ').map((part) => this.toEnglish(part, tag)).join(', ');
        return `${this.toEnglish(m[1] ?? '', tag)}: ${this.toEnglish(m[2] ?? '', tag)} -> ${value}`;
      })
      .join('\n');
  }

  /**
   * A tool's result with what it repeats of the tool's input read back into English: an edit's
   * result names its summary ("Applied to a.lesson.xml: <summary>"), which the rules may match.
   */
  echoToEnglish(content: string, input: unknown, tag: string | undefined): string {
    const language = this.language(tag);
    if (language === undefined) return content;
    let out = content;
    for (const said of stringsIn(input)) {
      const english = language.written.get(said);
      if (english !== undefined) out = out.split(said).join(english);
    }
    return out;
  }

  /** A rule's groups with what a tool's result gave said in `tag`, as the reply quotes them. */
  quoting(match: Matched, tag: string | undefined): Matched {
    const host = this.language(tag)?.host;
    const quoted = match.fromResult;
    if (!host || !quoted) return match;
    const say = (name: string, value: string): string => (quoted.has(name) ? host.say(value) : value);
    return {
      ...match,
      groups: match.groups.map((g, i) => say(String(i + 1), g)),
      named: Object.fromEntries(Object.entries(match.named).map(([name, value]) => [name, say(name, value)])),
    };
  }

  /** A string of the scenario's replies in `tag` (as it is when the language has no translation of it). */
  reply(text: string, tag: string | undefined): string {
    return this.language(tag)?.replies.get(text) ?? text;
  }
}

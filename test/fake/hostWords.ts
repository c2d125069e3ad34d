// What the fake quotes of a tool's result, said in the teacher's language. The host writes results
// for the model in English ("8 questions in 6 exercises", "Exercise 1: The feedback ... note."),
// and Claude translates what it quotes into the language the teacher writes in; the fake does it
// with the host's own words for that language (its l10n bundle: English message -> translation,
// {0} {1} placeholders). A phrase is found whole, as a sentence (capital letter, full stop), or as a
// message whose placeholders hold other phrases (each translated in turn); what no message says
// stays as it is, as a name or a number would.
import { capitalise } from './placeholders';

interface Pattern {
  readonly regex: RegExp;
  /** Which {n} each captured group is. */
  readonly slots: readonly number[];
  readonly translation: string;
}

/** How deep messages may nest ("{0} in {1} exercises" holding "{0} questions"). */
const MAX_DEPTH = 4;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function fill(message: string, args: readonly string[]): string {
  return message.replace(/\{(\d+)\}/g, (m, i: string) => args[Number(i)] ?? m);
}

export class HostWords {
  private readonly whole: ReadonlyMap<string, string>;
  private readonly patterns: readonly Pattern[];

  constructor(bundle: Readonly<Record<string, string>>) {
    const entries = Object.entries(bundle);
    this.whole = new Map(entries.filter(([english]) => !/\{\d+\}/.test(english)));
    this.patterns = entries
      .filter(([english]) => /\{\d+\}/.test(english))
      // The most specific first: the message with the most words of its own around its placeholders.
      .sort(([a], [b]) => b.replace(/\{\d+\}/g, '').length - a.replace(/\{\d+\}/g, '').length)
      .map(([english, translation]) => ({
        regex: new RegExp(`^${english.split(/\{\d+\}/).map(escapeRegex).join('(.+?)')}$`, 's'),
        slots: [...english.matchAll(/\{(\d+)\}/g)].map((m) => Number(m[1])),
        translation,
      }));
  }

  /** `text` (a tool result's words, line by line; a list's "- " kept) as the teacher reads it. */
  say(text: string): string {
    return text
      .split('\n')
      .map((line) => {
        const bullet = /^(\s*[-*] )?(.*)$/s.exec(line);
        return `${bullet?.[1] ?? ''}${this.phrase(bullet?.[2] ?? line, 0)}`;
      })
      .join('\n');
  }

  private phrase(text: string, depth: number): string {
    const exact = this.message(text, depth);
    if (exact !== undefined) return exact;
    // A message said as a sentence: "The feedback ... note." for "the feedback ... note".
    const sentence = /^(.+?)([.!?])$/s.exec(text);
    const body = sentence?.[1] ?? text;
    const lowered = body.charAt(0).toLocaleLowerCase() + body.slice(1);
    const inner = this.message(lowered, depth) ?? this.message(body, depth);
    if (inner === undefined) return text;
    const stop = sentence && !/[.!?]$/.test(inner) ? (sentence[2] ?? '') : '';
    return `${body === lowered ? inner : capitalise(inner)}${stop}`;
  }

  private message(text: string, depth: number): string | undefined {
    const whole = this.whole.get(text);
    if (whole !== undefined) return whole;
    if (depth >= MAX_DEPTH) return undefined;
    for (const p of this.patterns) {
      const m = p.regex.exec(text);
      if (!m) continue;
      const args: string[] = [];
      p.slots.forEach((slot, i) => (args[slot] = this.phrase(m[i + 1] ?? '', depth + 1)));
      return fill(p.translation, args);
    }
    return undefined;
  }
}

// Dates, costs and usage figures as the user reads them, said once for every place that shows them:
// the panel, the Show Sessions quick pick and the Markdown export.
import type { Usage } from './events';
import { fillIn } from './l10n';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The locales to ask Intl for: the one given, else the runtime's; a malformed tag means English. */
function locales(locale: string | undefined): string[] | undefined {
  if (!locale) return undefined;
  try {
    return Intl.getCanonicalLocales(locale).concat('en');
  } catch {
    return ['en'];
  }
}

/** "6 Feb 2026, 09:00" in the user's language (VS Code's display language where known). */
export function formatDateTime(ms: number, locale?: string): string {
  const key = locale ?? '';
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locales(locale), { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(key, format);
  }
  return format.format(new Date(ms));
}

export interface UsageFigures {
  /** Everything the model read: new input plus what came from or went into the prompt cache. */
  readonly input: number;
  readonly output: number;
  /** The part of the input read from the cache (cheaper). */
  readonly cached: number;
}

export function usageFigures(usage: Usage): UsageFigures {
  return {
    input: usage.inputTokens + usage.cacheReadTokens + usage.cacheCreationTokens,
    output: usage.outputTokens,
    cached: usage.cacheReadTokens,
  };
}

/**
 * "13,312 in · 303 out · 6,490 cached". `words` place the three counts, `{0}` `{1}` `{2}` (the
 * panel passes its translation, as for formatCost).
 */
export function usageLine(usage: Usage, locale?: string, words = '{0} in · {1} out · {2} cached'): string {
  const n = new Intl.NumberFormat(locales(locale));
  const f = usageFigures(usage);
  return fillIn(words, n.format(f.input), n.format(f.output), n.format(f.cached));
}

const costFormats = new Map<string, { cents: Intl.NumberFormat; small: Intl.NumberFormat }>();

/** Below this a figure would be rounding noise: it reads "less than $0.01". */
const SMALLEST_COST = 0.01;

/**
 * A cost in US dollars as a teacher reads it, in their language: "$0.012" (two significant digits
 * under ten cents, where a reply's cost usually lies), "$1.25", or "less than $0.01". `lessThan` is
 * the words around the smallest amount, `{0}` standing for it (the panel passes its translation).
 */
export function formatCost(usd: number, locale?: string, lessThan = 'less than {0}'): string {
  const key = locale ?? '';
  let f = costFormats.get(key);
  if (!f) {
    const l = locales(locale);
    f = {
      cents: new Intl.NumberFormat(l, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      small: new Intl.NumberFormat(l, { style: 'currency', currency: 'USD', maximumSignificantDigits: 2 }),
    };
    costFormats.set(key, f);
  }
  if (usd < SMALLEST_COST) return lessThan.replace('{0}', f.cents.format(SMALLEST_COST));
  return usd < 0.1 ? f.small.format(usd) : f.cents.format(usd);
}

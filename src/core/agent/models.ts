// What the agent knows about each Claude model it offers: how to ask it to think, which effort
// levels it takes, its limits and its prices. The request builder, the cost shown to teachers and
// "Select Model" all read this one table. An id that is not in it (a gateway's alias, a custom
// deployment) gets `unknownModel`: no thinking or effort parameters, so any Messages endpoint
// accepts the request, and a modest output limit.
//
// Sources: the platform's pricing page and model overviews (https://platform.claude.com/docs/en/about-claude/pricing,
// .../docs/en/models/<model>/overview), checked on PRICES_CHECKED. Prices change: Sonnet 5.5's
// cache reads went from $0.20 to $0.10 per million on 2026-10-07 (some copies of the pages still
// show the old figure), so the date goes with the table.

import { l10n } from '../../shared/l10n';

/** When the prices below were last checked against the platform's pricing page. */
export const PRICES_CHECKED = '2026-11-26';

export const EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
export type Effort = (typeof EFFORTS)[number];

/** US dollars per million tokens. */
export interface Prices {
  readonly input: number;
  readonly output: number;
  /** 5-minute cache writes. */
  readonly cacheWrite: number;
  readonly cacheRead: number;
}

export interface ModelInfo {
  readonly id: string;
  readonly label: string;
  /** One line for "Select Model", in a teacher's terms: speed and cost, in VS Code's language (read when shown, after activation). */
  readonly description: string;
  /**
   * How thinking is requested. 'adaptive': `thinking: {type: 'adaptive'}` (the model decides how
   * much to think; 'disabled' and budgets are refused). 'none': no thinking parameter at all.
   */
  readonly thinking: 'adaptive' | 'none';
  /** The model's own default thinking display when the request does not name one. */
  readonly defaultDisplay: 'omitted' | 'summarized' | undefined;
  /** Effort levels the model accepts in `output_config.effort`; empty: send no effort. */
  readonly efforts: readonly Effort[];
  readonly contextWindow: number;
  readonly maxOutput: number;
  /** The shortest prefix (in tokens) the API caches. */
  readonly cacheMinTokens: number;
  readonly prices: Prices;
  /** Above this many input tokens a prompt is billed at `longPrices` (Haiku 5.5's tiers). */
  readonly longContext?: { readonly threshold: number; readonly prices: Prices };
}

const ALL_EFFORTS = EFFORTS;

export const MODELS: readonly ModelInfo[] = [
  {
    id: 'claude-sonnet-5-5',
    label: 'Claude Sonnet 5.5',
    get description() {
      return l10n.t('Recommended: fast and thorough, at a moderate cost.');
    },
    thinking: 'adaptive',
    defaultDisplay: 'omitted',
    efforts: ALL_EFFORTS,
    contextWindow: 1_000_000,
    maxOutput: 128_000,
    cacheMinTokens: 512,
    // Cache reads at 5% of input since 2026-10-07.
    prices: { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 },
  },
  {
    id: 'claude-opus-5-5',
    label: 'Claude Opus 5.5',
    get description() {
      return l10n.t('The most careful writer; slower, about twice the cost of Sonnet.');
    },
    thinking: 'adaptive',
    defaultDisplay: 'omitted',
    efforts: ALL_EFFORTS,
    contextWindow: 1_000_000,
    maxOutput: 128_000,
    cacheMinTokens: 512,
    prices: { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.2 },
  },
  {
    id: 'claude-haiku-5-5',
    label: 'Claude Haiku 5.5',
    get description() {
      return l10n.t('The fastest and cheapest; good for small, clear changes.');
    },
    thinking: 'adaptive',
    defaultDisplay: 'omitted',
    efforts: ALL_EFFORTS,
    contextWindow: 1_000_000,
    maxOutput: 128_000,
    cacheMinTokens: 512,
    // Priced by the prompt (input + cache reads + cache writes): above 100,000 tokens every token
    // of that request, output included, costs the higher rate.
    prices: { input: 0.1, output: 0.5, cacheWrite: 0.125, cacheRead: 0.01 },
    longContext: { threshold: 100_000, prices: { input: 0.5, output: 2.5, cacheWrite: 0.625, cacheRead: 0.05 } },
  },
  {
    id: 'claude-sonnet-4-5',
    label: 'Claude Sonnet 4.5',
    get description() {
      return l10n.t('The previous Sonnet: no progress notes, costs more than Sonnet 5.5.');
    },
    // Adaptive thinking does not exist on the 4.5 models and budgets are not worth their latency
    // here: they answer without thinking, and their text between steps arrives as plain text.
    thinking: 'none',
    defaultDisplay: undefined,
    efforts: [],
    contextWindow: 200_000,
    maxOutput: 64_000,
    cacheMinTokens: 1024,
    prices: { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
  },
  {
    id: 'claude-opus-4-5',
    label: 'Claude Opus 4.5',
    get description() {
      return l10n.t('The previous Opus: slower and the most expensive.');
    },
    thinking: 'none',
    defaultDisplay: undefined,
    efforts: [],
    contextWindow: 200_000,
    maxOutput: 64_000,
    cacheMinTokens: 4096,
    prices: { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  },
  {
    id: 'claude-haiku-4-5',
    label: 'Claude Haiku 4.5',
    get description() {
      return l10n.t('The previous Haiku: quick and cheap, less careful with long lessons.');
    },
    thinking: 'none',
    defaultDisplay: undefined,
    efforts: [],
    contextWindow: 200_000,
    maxOutput: 64_000,
    cacheMinTokens: 4096,
    prices: { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 },
  },
];

/** The models offered by "Select Model"; the first is the default. */
export const MODEL_CHOICES: readonly string[] = MODELS.map((m) => m.id);

// package.json's lessonAgent.model default must match (a unit test checks).
export const DEFAULT_MODEL: string = 'claude-sonnet-5-5';

/** What is assumed of a model id the table does not know: nothing model-specific is sent. */
export function unknownModel(id: string): ModelInfo {
  return {
    id,
    label: id,
    get description() {
      return l10n.t('A model this version of Lesson Agent does not know; sent without thinking or effort settings.');
    },
    thinking: 'none',
    defaultDisplay: undefined,
    efforts: [],
    contextWindow: 200_000,
    // Every Claude model since the 4.5 generation writes at least this much.
    maxOutput: 32_000,
    cacheMinTokens: 4096,
    prices: { input: 0, output: 0, cacheWrite: 0, cacheRead: 0 },
  };
}

const byId = new Map(MODELS.map((m) => [m.id, m]));

/** The table's entry for `id`, also for dated ids such as `claude-opus-4-5-20251101`. */
export function modelInfo(id: string): ModelInfo {
  const exact = byId.get(id);
  if (exact) return exact;
  const undated = /^(.*)-\d{8}$/.exec(id)?.[1];
  return (undated ? byId.get(undated) : undefined) ?? unknownModel(id);
}

/** True when the table knows the model (its prices are real). */
export function isKnownModel(id: string): boolean {
  return modelInfo(id).prices.input > 0;
}

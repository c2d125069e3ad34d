// What one model call cost, in US dollars, from the model table: uncached input, cache writes,
// cache reads and output each at their own price, and Haiku 5.5's long-context prices when the
// prompt passes its threshold. A model the table does not know has no price: undefined, and the
// surfaces then say the cost is not known (or, for the offline demo, that it costs nothing).
import type { Usage } from '../../shared/events';
import { isKnownModel, modelInfo } from './models';

/** The cost of one model call, or undefined when the model's prices are unknown. */
export function callCost(usage: Usage, model: string): number | undefined {
  if (!isKnownModel(model)) return undefined;
  const info = modelInfo(model);
  const prompt = usage.inputTokens + usage.cacheReadTokens + usage.cacheCreationTokens;
  // The tier is decided per request, by the whole prompt: so cost is summed per call, never
  // computed from a turn's added-up usage.
  const prices = info.longContext && prompt > info.longContext.threshold ? info.longContext.prices : info.prices;
  const millionths =
    usage.inputTokens * prices.input +
    usage.cacheCreationTokens * prices.cacheWrite +
    usage.cacheReadTokens * prices.cacheRead +
    usage.outputTokens * prices.output;
  return millionths / 1_000_000;
}

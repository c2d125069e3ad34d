// The model-specific part of a request, from the model table: how to ask for thinking, which
// effort, how long a reply may be. Current models refuse sampling parameters, thinking budgets,
// `thinking.type: "disabled"`, prefill and forced tool use, so none of them is ever sent.
import type Anthropic from '@anthropic-ai/sdk';
import type { AgentSettings } from '../settings';
import { EFFORTS, modelInfo, type Effort } from './models';

export type ModelParams = Pick<Anthropic.MessageCreateParamsNonStreaming, 'model' | 'max_tokens' | 'thinking' | 'output_config'>;

/** The closest level the model takes: the same, else the nearest lower, else the nearest higher. */
export function nearestEffort(wanted: Effort, offered: readonly Effort[]): Effort | undefined {
  if (offered.includes(wanted)) return wanted;
  const rank = EFFORTS.indexOf(wanted);
  const lower = [...offered].filter((e) => EFFORTS.indexOf(e) < rank).sort((a, b) => EFFORTS.indexOf(b) - EFFORTS.indexOf(a));
  const higher = [...offered].filter((e) => EFFORTS.indexOf(e) > rank).sort((a, b) => EFFORTS.indexOf(a) - EFFORTS.indexOf(b));
  return lower[0] ?? higher[0];
}

export function modelParams(settings: Pick<AgentSettings, 'model' | 'maxTokens' | 'effort'>): ModelParams {
  const info = modelInfo(settings.model);
  const params: ModelParams = { model: settings.model, max_tokens: Math.max(1, Math.min(settings.maxTokens, info.maxOutput)) };
  if (info.thinking === 'adaptive') {
    // Thinking is asked for explicitly, with `display: "summarized"`. On the 5.5 models the text
    // written between tool calls arrives inside thinking blocks, and the default display
    // ("omitted") would leave the panel silent between steps. The `updates` display (a beta,
    // header thinking-display-updates-2026-08-18) returns just those notes, but it is a beta that
    // gateways set as the base URL may not forward and that SDK 1.12 does not type; "summarized"
    // is GA, works everywhere the model does, and gives the same notes plus a short summary of the
    // reasoning before the first step, at no extra input cost.
    params.thinking = { type: 'adaptive', display: 'summarized' };
  }
  const effort = nearestEffort(settings.effort, info.efforts);
  if (effort) params.output_config = { effort };
  return params;
}

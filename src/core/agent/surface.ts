// The words for the user's own actions on the surface a message appears in: the panel has a Retry
// button, a "Set API Key" command and settings; the command line has options. A message names
// only what its reader can do there (the agent is given its surface's words).

export interface SurfaceWords {
  /** A sentence: how to give a valid key. */
  readonly setKey: string;
  /** Where the model is chosen, e.g. "the lessonAgent.model setting". */
  readonly modelChoice: string;
  /** Where the step limit is set. */
  readonly maxSteps: string;
  /** The action that runs a failed request again, lower case, e.g. "retry". */
  readonly retry: string;
}

export const PANEL_WORDS: SurfaceWords = {
  setKey: 'Set a valid key with “Lesson Agent: Set API Key”.',
  modelChoice: 'the lessonAgent.model setting',
  maxSteps: 'the lessonAgent.maxSteps setting',
  retry: 'retry',
};

export const CLI_WORDS: SurfaceWords = {
  setKey: 'Pass a valid key with --api-key or ANTHROPIC_API_KEY.',
  modelChoice: '--model',
  maxSteps: '--max-steps',
  retry: 'run the command again',
};

export function capitalized(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

// The words for the user's own actions on the surface a message appears in: the panel has a Retry
// button, a "Set API Key" command and settings; the command line has options. A message names
// only what its reader can do there (the agent is given its surface's words). Each is a whole
// sentence or name, so a language words it its own way: the panel's are in the teacher's language
// (read when a message is made, after the translator is set), the command line's are English.
import { l10n } from '../../shared/l10n';

export interface SurfaceWords {
  /** A sentence: how to give a valid key. */
  readonly setKey: string;
  /** Where the model is chosen, e.g. "the lessonAgent.model setting". */
  readonly modelChoice: string;
  /** Where the step limit is set. */
  readonly maxSteps: string;
  /** A sentence: run a failed request again, in a moment ("Retry in a moment."). */
  readonly retryLater: string;
  /** A sentence: wait, then run it again ("Wait a moment, then retry."). */
  readonly waitThenRetry: string;
  /** A sentence: run it again to go on ("Retry to let it continue."). */
  readonly retryToContinue: string;
}

/** The panel's words, in the teacher's language. */
export function panelWords(): SurfaceWords {
  return {
    setKey: l10n.t('Set a valid key with “Lesson Agent: Set API Key”.'),
    modelChoice: l10n.t('the lessonAgent.model setting'),
    maxSteps: l10n.t('the lessonAgent.maxSteps setting'),
    retryLater: l10n.t('Retry in a moment.'),
    waitThenRetry: l10n.t('Wait a moment, then retry.'),
    retryToContinue: l10n.t('Retry to let it continue.'),
  };
}

export const CLI_WORDS: SurfaceWords = {
  setKey: 'Pass a valid key with --api-key or ANTHROPIC_API_KEY.',
  modelChoice: '--model',
  maxSteps: '--max-steps',
  retryLater: 'Run the command again in a moment.',
  waitThenRetry: 'Wait a moment, then run the command again.',
  retryToContinue: 'Run the command again to let it continue.',
};

// The Claude models offered by "Select Model"; the first is the default (package.json's
// lessonAgent.model default must match it: a unit test checks).
export const MODEL_CHOICES = [
  'claude-sonnet-5-5',
  'claude-opus-5-5',
  'claude-haiku-5-5',
  'claude-sonnet-4-5',
  'claude-opus-4-5',
  'claude-haiku-4-5',
] as const;

export const DEFAULT_MODEL: string = MODEL_CHOICES[0];

import * as z from 'zod';

/**
 * The edit tools' summary. The teacher may read it on a confirmation card before the edit is
 * applied, and it names the change afterwards (Review, Revert, Undo): a proposal in the imperative
 * reads right in both places, where "Removed ..." would claim on the card what has not happened.
 */
export const editSummary = z
  .string()
  .min(1)
  .max(300)
  .describe(
    'What the edit does, in one short sentence in the imperative, e.g. "Add a true/false exercise about rivers" or "Remove everything but the title" (not "Added..."): the user may read it before approving the edit, and it names the change afterwards.',
  );

// What a rewind would change, in the teacher's words: the agent's changes to the lesson undone or
// made again (by what they did), the messages set aside or brought back, and the places where their
// typing meets an agent change.
import type { RewindPreview } from '../../../src/shared/protocol';
import { t } from '../l10n';

type Preview = Extract<RewindPreview, { ok: true }>;

function messages(n: number): string {
  return n === 1 ? t('oneMessage') : t('manyMessages', n);
}

function changes(list: readonly string[]): string {
  return list.map((s) => t('quoted', s)).join(', ');
}

/** One sentence about the lesson, or undefined when the lesson is not part of it. */
export function lessonWords(preview: Preview): string | undefined {
  const lesson = preview.lesson;
  if (!lesson) return undefined;
  const { undone, redone } = lesson;
  if (undone.length === 0 && redone.length === 0) return t('rewindLessonSame');
  const what =
    undone.length > 0 && redone.length > 0
      ? t('rewindUndoneRedone', changes(undone), changes(redone))
      : undone.length > 0
        ? t('rewindUndone', changes(undone))
        : t('rewindRedone', changes(redone));
  return `${what} ${t('rewindTypingStays')}`;
}

/** One sentence about the conversation, or undefined when it is not part of it. */
export function conversationWords(preview: Preview): string | undefined {
  const { setAside, broughtBack } = preview;
  if (setAside > 0 && broughtBack > 0) return t('rewindSwapped', messages(broughtBack), messages(setAside));
  if (setAside > 0) return t('rewindSetAside', messages(setAside));
  if (broughtBack > 0) return t('rewindBroughtBack', messages(broughtBack));
  return undefined;
}

export function placesWords(places: readonly { line: number; summary: string }[]): string {
  return places.map((p) => t('rewindPlace', p.line, p.summary)).join('; ');
}

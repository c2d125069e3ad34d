// An assistant turn in reading order: its text cut where each card was asked, so an answered
// question or a decided confirmation stays between the words before it and the reply after it.
import type { AssistantItem, ConfirmationCard, QuestionCard } from '../../../src/shared/view';

export type Segment =
  | { kind: 'text'; key: string; text: string; last: boolean }
  | { kind: 'question'; key: string; card: QuestionCard }
  | { kind: 'confirmation'; key: string; card: ConfirmationCard };

type CardSegment = Extract<Segment, { kind: 'question' | 'confirmation' }>;

function at(card: { atText?: number | undefined }, length: number): number {
  // A card from before cards had places (or a place past a withdrawn retry) goes after the text.
  return Math.min(card.atText ?? length, length);
}

export function segmentsOf(item: Pick<AssistantItem, 'text' | 'questions' | 'confirmations'>): Segment[] {
  const length = item.text.length;
  const cards: Array<{ at: number; order: number; segment: CardSegment }> = [
    ...item.questions.map((card, i) => ({ at: at(card, length), order: i, segment: { kind: 'question' as const, key: `q:${card.toolCallId}`, card } })),
    ...item.confirmations.map((card, i) => ({
      at: at(card, length),
      order: item.questions.length + i,
      segment: { kind: 'confirmation' as const, key: `c:${card.toolCallId}`, card },
    })),
  ].sort((a, b) => a.at - b.at || a.order - b.order);
  const out: Segment[] = [];
  let from = 0;
  const pushText = (to: number): void => {
    const text = item.text.slice(from, to);
    // Keyed by where the text starts, so a segment keeps its identity (and its memo) as text grows.
    if (text.trim().length > 0) out.push({ kind: 'text', key: `t:${from}`, text, last: false });
    from = to;
  };
  for (const card of cards) {
    pushText(card.at);
    out.push(card.segment);
  }
  pushText(length);
  const last = out.at(-1);
  if (last?.kind === 'text') last.last = true;
  return out;
}

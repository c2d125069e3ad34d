// A lesson's QTI export played by the independent player: every item with something to answer is
// rendered, answered right and answered wrong as a student would, and scored by the player's own
// response processing. The results are compared with the lesson by the tests (qtiPlayer.test.ts)
// and written to docs/exports by test/exchange/docs.ts.
import { unzipSync } from 'fflate';
import { exportLesson } from '../../src/core/exchange/exchange';
import { buildLessonView } from '../../src/core/lesson/lessonView';
import type { ItemPlan } from './qtiPlans';
import { itemPlans } from './qtiPlans';
import type { QtiPlayer, Scored } from './qtiPlayer';

export interface ItemCheck {
  readonly item: string;
  readonly where: string;
  /** The interaction the lesson asks for, and what the player made of the item. */
  readonly expected: ItemPlan['interaction'];
  readonly rendered: readonly string[];
  readonly fullMarks: number;
  /** The right answer as the student gave it. */
  readonly answer: ItemPlan['right'];
  readonly right: Scored;
  readonly wrong?: Scored;
  /** Lesson text the item does not show. */
  readonly missing: readonly string[];
  /** Errors the page threw while the item was played. */
  readonly errors: readonly string[];
}

export interface QtiCheck {
  readonly items: readonly ItemCheck[];
  /** Items with nothing to answer (the lesson's text between exercises, teacher notes). */
  readonly textItems: number;
  readonly problems: readonly string[];
}

/** The package's items in the order its assessment test lists them, with their XML. */
export function packageItems(zip: Uint8Array): Array<{ id: string; xml: string }> {
  const files = unzipSync(zip);
  const text = (path: string) => new TextDecoder().decode(files[path]);
  const refs = [...text('test.xml').matchAll(/<qti-assessment-item-ref identifier="([^"]+)" href="([^"]+)"/g)];
  return refs.map((m) => ({ id: m[1] as string, xml: text(m[2] as string) }));
}

const hasInteraction = (xml: string) => /<qti-[a-z-]+-interaction\b/.test(xml);

export interface PlayOptions {
  /** Called once an item is answered right, to take a picture of it. */
  readonly afterRight?: (check: Omit<ItemCheck, 'wrong'>) => Promise<void>;
}

async function play(player: QtiPlayer, item: { id: string; xml: string }, plan: ItemPlan, options: PlayOptions): Promise<ItemCheck> {
  await player.render(item.xml);
  const rendered = await player.interactions();
  const shown = await player.text();
  const missing = plan.shows.filter((s) => !shown.includes(s.replace(/\s+/g, ' ')));
  await player.answer(plan.right);
  const right = await player.score();
  const errors = player.takeErrors();
  const base = { item: item.id, where: plan.where, expected: plan.interaction, rendered, fullMarks: plan.fullMarks, answer: plan.right, right, missing, errors };
  await options.afterRight?.(base);
  if (!plan.wrong) return base;
  await player.render(item.xml);
  await player.answer(plan.wrong);
  const wrong = await player.score();
  return { ...base, wrong, errors: [...errors, ...player.takeErrors()] };
}

/** Plays every question of the lesson's QTI export in the player. */
export async function checkQti(player: QtiPlayer, xml: string, name: string, options: PlayOptions = {}): Promise<QtiCheck> {
  const view = buildLessonView(xml);
  if (!view.ok) return { items: [], textItems: 0, problems: [`${name} does not read: ${view.error.message}`] };
  const exported = exportLesson(xml, 'qti', name);
  if (!exported.ok) return { items: [], textItems: 0, problems: [exported.message] };
  const all = packageItems(exported.data);
  const questions = all.filter((i) => hasInteraction(i.xml));
  const plans = itemPlans(view.lesson);
  const problems = questions.length === plans.length ? [] : [`${questions.length} items to answer, not ${plans.length} (one per gap sentence, question, statement, sequence and writing space)`];
  const items: ItemCheck[] = [];
  for (const [i, plan] of plans.entries()) {
    const item = questions[i];
    if (item) items.push(await play(player, item, plan, options));
  }
  return { items, textItems: all.length - questions.length, problems };
}

/** What is wrong with a played item, in words; empty when the player scored it as the lesson marks it. */
export function itemProblems(c: ItemCheck): string[] {
  const at = `${c.where} (${c.item})`;
  const problems: string[] = [];
  const kinds = [...new Set(c.rendered)];
  if (kinds.length !== 1 || kinds[0] !== c.expected) problems.push(`${at}: the player shows ${c.rendered.join(', ') || 'no interaction'}, not ${c.expected}`);
  if (c.missing.length > 0) problems.push(`${at}: the player does not show ${c.missing.map((m) => `“${m}”`).join(', ')}`);
  if (c.errors.length > 0) problems.push(`${at}: the page threw ${c.errors.join('; ')}`);
  if (c.right.score !== c.fullMarks) problems.push(`${at}: the right answer scored ${c.right.score}, not ${c.fullMarks}`);
  if (c.expected !== 'extended-text' && c.right.maxScore !== c.fullMarks) problems.push(`${at}: the item's full marks are ${c.right.maxScore}, not ${c.fullMarks}`);
  if (c.answer.kind === 'extended-text' && !Object.values(c.right.responses).includes(c.answer.text)) problems.push(`${at}: the written answer is not the item's response`);
  if (c.wrong && c.wrong.score !== 0) problems.push(`${at}: a wrong answer scored ${c.wrong.score}, not 0`);
  return problems;
}

// The offline demo speaks to teachers as Claude is told to (the system prompt's "Speaking to
// teachers"): every reply and progress note in its scenario is read for the words a teacher found
// in the panel and should not have met: attribute and element names, "ids", "validates", "byte for
// byte", hyphenated rule names, and an action told as done before the teacher approved it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Test bundles live in out/test/unit/core/fakeModel: five levels below the repository.
const SCENARIO = join(__dirname, '..', '..', '..', '..', '..', 'test', 'fake', 'scenarios', 'demo.json');

/** Every `text` and `thinking` string of the scenario's replies, with where it is. */
function spoken(value: unknown, where = '$'): Array<{ where: string; text: string }> {
  if (Array.isArray(value)) return value.flatMap((v, i) => spoken(v, `${where}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const block = value as Record<string, unknown>;
  const own = (block.type === 'text' || block.type === 'thinking') && typeof (block.text ?? block.thinking) === 'string' ? [{ where, text: String(block.text ?? block.thinking) }] : [];
  return [...own, ...Object.entries(block).flatMap(([k, v]) => spoken(v, `${where}.${k}`))];
}

const NOT_TEACHERS_WORDS: Array<[RegExp, string]> = [
  [/student-answer|\banswer="|<\/?(exercise|blank|statement|option)\b/, 'an attribute or element name'],
  [/\bids?\b/, '"id"'],
  [/\bvalidates?\b/, '"validates"'],
  [/byte for byte/, '"byte for byte"'],
  [/\b(multiple-choice|true-false|fill-blanks|short-answer|fill-in-the-blank)(?! exercise| question| rules| card)/, 'a rule name'],
  [/^(\(Offline demo[^)]*\) )?Removing\b/, 'an action told as done before it is approved'],
];

describe("the offline demo's replies in teachers' words", () => {
  const lines = spoken(JSON.parse(readFileSync(SCENARIO, 'utf8')));

  it('reads every reply and progress note of the scenario', () => {
    assert.ok(lines.length > 50, `found ${lines.length}`);
  });

  it('uses none of the words a teacher should not meet', () => {
    const found = lines.flatMap(({ where, text }) => NOT_TEACHERS_WORDS.filter(([re]) => re.test(text)).map(([, what]) => `${where}: ${what} in ${JSON.stringify(text.slice(0, 120))}`));
    assert.deepEqual(found, []);
  });
});

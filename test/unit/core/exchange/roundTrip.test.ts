// The round trip, as a property over generated lessons: lesson -> GIFT -> lesson and lesson -> QTI
// -> lesson keep every exercise, answer and explanation the format can carry. Texts are drawn with
// the characters each format gives a meaning to (GIFT's ~ = # { } : \, XML's < & " ') and others.
import * as assert from 'node:assert/strict';
import { exportLesson, importQuiz } from '../../../../src/core/exchange/exchange';
import { validateLesson } from '../../../../src/core/lesson/validate';
import { carried } from './carried';

/** mulberry32: the same seed draws the same lessons. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['eau', 'nuage', 'x~y', 'a=b', '#1', '{set}', 'key:value', 'back\\slash', 'a<b', 'R&D', '"quoted"', "l'été", 'naïve', 'Ωmega', '50%', 'line—dash', '->', 'C++'];

function text(rnd: () => number, n = 3 + Math.floor(rnd() * 4)): string {
  return Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function exercise(rnd: () => number, i: number): string {
  const kind = i % 6;
  const head = `<h3>${esc(text(rnd))}</h3>`;
  switch (kind) {
    case 0: {
      const bank = rnd() < 0.4 ? ['alpha', 'beta{x}', 'gamma#'] : undefined;
      const gaps = (n: number) => Array.from({ length: n }, () => {
        const answer = bank ? (bank[Math.floor(rnd() * 3)] as string) : text(rnd, 1);
        const alts = !bank && rnd() < 0.5 ? ` alts="${esc(text(rnd, 1))}"` : '';
        const hint = rnd() < 0.5 ? ` hint="${esc(text(rnd, 1))}"` : '';
        return `${esc(text(rnd, 2))} <blank answer="${esc(answer)}"${alts}${hint} student-answer=""/> ${esc(text(rnd, 2))}`;
      });
      const wb = bank ? `<word-bank>${bank.map((w) => `<word>${esc(w)}</word>`).join('')}</word-bank>` : '';
      return `<exercise id="ex-${i}" type="fill-blanks">${head}${wb}<p>${gaps(1).join(' ')}.</p><p>${gaps(1 + Math.floor(rnd() * 2)).join(', ')}.</p></exercise>`;
    }
    case 1: {
      const multiple = rnd() < 0.4;
      const options = Array.from({ length: 3 + Math.floor(rnd() * 2) }, (_, k) => `<option${k === 0 || (multiple && k === 2) ? ' correct="true"' : ''}>${esc(text(rnd, 2))} ${k}</option>`);
      const explanation = rnd() < 0.7 ? `<explanation>${esc(text(rnd))}</explanation>` : '';
      return `<exercise id="ex-${i}" type="multiple-choice">${head}<question id="q-${i}"${multiple ? ' multiple="true"' : ''} student-answer=""><prompt>${esc(text(rnd))}</prompt>${options.join('')}${explanation}</question></exercise>`;
    }
    case 2: {
      const answers = rnd() < 0.3 ? ['true', 'false', 'not-given'] : ['true', 'false'];
      const st = answers.map((a) => `<statement answer="${a}"${a === 'false' ? ` correction="${esc(text(rnd))}"` : ''} student-answer="">${esc(text(rnd))}</statement>`);
      return `<exercise id="ex-${i}" type="true-false">${head}${st.join('')}</exercise>`;
    }
    case 3: {
      const n = 3 + Math.floor(rnd() * 3);
      const orders = Array.from({ length: n }, (_, k) => k + 1).sort(() => rnd() - 0.5);
      return `<exercise id="ex-${i}" type="sequencing">${head}<sequence student-answer="">${orders.map((o) => `<item order="${o}">${esc(text(rnd))} ${o}</item>`).join('')}</sequence></exercise>`;
    }
    case 4: {
      const rubric = `<rubric><criterion points="1">${esc(text(rnd))}</criterion><criterion points="2">${esc(text(rnd))}</criterion></rubric>`;
      return `<exercise id="ex-${i}" type="short-answer">${head}<short-answer lines="3" student-answer=""><prompt>${esc(text(rnd))}</prompt><model-answer>${esc(text(rnd))}</model-answer>${rubric}</short-answer></exercise>`;
    }
    default:
      return `<exercise id="ex-${i}" type="writing">${head}<p>${esc(text(rnd))}</p><writing-area lines="10" min-words="50" max-words="80" student-answer=""/><rubric><criterion points="5">${esc(text(rnd))}</criterion></rubric></exercise>`;
  }
}

export function generatedLesson(seed: number): string {
  const rnd = random(seed);
  const count = 3 + Math.floor(rnd() * 6);
  const start = Math.floor(rnd() * 6);
  const exercises = Array.from({ length: count }, (_, i) => exercise(rnd, start + i));
  const level = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', undefined][Math.floor(rnd() * 7)];
  return `<lesson title="${esc(text(rnd))}"${level ? ` level="${level}"` : ''} lang="fr"><h1>${esc(text(rnd))}</h1><p>${esc(text(rnd))}</p>${exercises.join('')}</lesson>`;
}

describe('round trip: lesson -> format -> lesson, over generated lessons', () => {
  for (const format of ['gift', 'qti'] as const) {
    it(`${format}: 40 generated lessons keep every exercise, answer and explanation the format can carry`, () => {
      for (let seed = 1; seed <= 40; seed++) {
        const xml = generatedLesson(seed);
        assert.ok(validateLesson(xml).ok, `seed ${seed}: the generated lesson is valid`);
        const out = exportLesson(xml, format, 'generated.lesson.xml');
        assert.ok(out.ok);
        const back = importQuiz(out.data, format === 'gift' ? 'generated.gift.txt' : 'generated.qti.zip');
        assert.ok(back.ok, `seed ${seed}: ${back.ok ? '' : back.message}`);
        assert.ok(validateLesson(back.xml).ok);
        assert.deepEqual(carried(back.xml, format), carried(xml, format), `seed ${seed}`);
      }
    });
  }
});

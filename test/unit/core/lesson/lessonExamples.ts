// The lessons the view-model and export tests run on: every XML example of every built-in skill
// (wrapped in a lesson as the document would hold it), every sample lesson, and lessons in the
// original format the product was created from (exercises without a `type`).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { marked } from 'marked';
import type { Token } from 'marked';

// Tests run from the repository root (npm scripts and mocha's config both do).
const SKILLS = resolve('skills');
const SAMPLES = resolve('samples');

export interface NamedLesson {
  name: string;
  xml: string;
}

function xmlBlocks(markdown: string): string[] {
  const found: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token: Token) => {
    if (token.type === 'code' && token.lang === 'xml') found.push(token.text);
  });
  return found;
}

/** Skills say their examples are fragments: wrapped in a lesson, as the document would hold them. */
export function skillExamples(): NamedLesson[] {
  return readdirSync(SKILLS)
    .filter((f) => f.endsWith('.md'))
    .flatMap((file) =>
      xmlBlocks(readFileSync(join(SKILLS, file), 'utf8')).map((xml, i) => ({
        name: `${file} example ${i + 1}`,
        xml: /^\s*(<\?xml[^>]*>\s*)?<lesson[\s>]/.test(xml) ? xml : `<lesson>\n${xml}\n</lesson>`,
      })),
    );
}

export function sampleLessons(): NamedLesson[] {
  return readdirSync(SAMPLES)
    .filter((f) => f.endsWith('.lesson.xml'))
    .map((file) => ({ name: file, xml: readFileSync(join(SAMPLES, file), 'utf8') }));
}

/** The fill-blanks example of the original format, as its design notes wrote it (no type, no attributes on <lesson>). */
export const SEED_FILL_BLANKS = `<lesson>
<exercise id="ex-123">

  <h3>Complete the sentences</h3>
  <p>The cat <blank answer="sleeps" hint="present tense verb" student-answer="" /> on the sofa.</p>
  <p>She <blank answer="went" alts="traveled,drove" student-answer="" /> to Paris last summer.</p>
</exercise>
</lesson>`;

/** A lesson in the original format with one exercise of each kind, none of them typed. */
export const SEED_EVERY_KIND = `<lesson>
  <h1>Seed format</h1>
  <exercise id="ex-1"><p>I <blank answer="am" student-answer=""/> here.</p></exercise>
  <exercise id="ex-2">
    <question><prompt>Pick one</prompt><option correct="true">a</option><option>b</option></question>
  </exercise>
  <exercise id="ex-3"><statement answer="true">The sky is blue.</statement></exercise>
  <exercise id="ex-4"><sequence><item order="2">second</item><item order="1">first</item></sequence></exercise>
  <exercise id="ex-5"><short-answer><prompt>Why?</prompt></short-answer></exercise>
  <exercise id="ex-6"><p>Write about your day.</p><writing-area lines="5"/></exercise>
  <exercise id="ex-7"><p>Just instructions.</p></exercise>
</lesson>`;

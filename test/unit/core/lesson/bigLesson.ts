// A realistic, valid lesson of a chosen size: sections of prose and exercises of every type, with
// unique ids. Used by the diff tests and the editing benchmark.

function section(n: number): string {
  return `  <h2 id="s${n}">Unit ${n}: au marché</h2>
  <p id="s${n}-p1">Chaque samedi, Claire va au marché avec son frère. Ils achètent des pommes, du pain et un peu de fromage pour la semaine (unit ${n}).</p>
  <p id="s${n}-p2">Le marchand <strong>connaît</strong> bien Claire : il lui garde toujours les <em>meilleures</em> fraises.</p>
  <note><p>Unit ${n}: revise the partitive article before the exercises.</p></note>
  <exercise id="fb-${n}" type="fill-blanks" level="A2">
    <h3>Complete with the verb in the present tense</h3>
    <p>Claire <blank answer="va" hint="aller" student-answer=""/> au marché le samedi.</p>
    <p>Ils <blank answer="achètent" alts="achetent" hint="acheter" student-answer=""/> des pommes.</p>
  </exercise>
  <exercise id="mc-${n}" type="multiple-choice">
    <question id="mc-${n}-q1">
      <prompt>Que garde le marchand pour Claire ?</prompt>
      <option>des pommes</option>
      <option correct="true">des fraises</option>
      <option>du fromage</option>
    </question>
  </exercise>
  <exercise id="tf-${n}" type="true-false">
    <statement answer="false" correction="Elle y va le samedi." student-answer="">Claire va au marché le lundi.</statement>
  </exercise>
`;
}

/** A valid lesson of at least `minLength` characters, and the id of its middle paragraph. */
export function bigLesson(minLength: number): { text: string; middleParagraphId: string } {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<lesson title="Le marché" level="A2" lang="fr">\n'];
  let length = parts[0]?.length ?? 0;
  let n = 0;
  while (length < minLength) {
    const s = section(++n);
    parts.push(s);
    length += s.length;
  }
  parts.push('</lesson>\n');
  return { text: parts.join(''), middleParagraphId: `s${Math.ceil(n / 2)}-p1` };
}

/** One exercise of a reading unit, its type taking turns. */
function readingExercise(n: number): string {
  switch (n % 3) {
    case 0:
      return `  <exercise id="fb-${n}" type="fill-blanks" level="A2">
    <h3>Complete with the verb in the present tense</h3>
    <p>Claire <blank answer="va" hint="aller" student-answer=""/> au marché le samedi.</p>
    <p>Ils <blank answer="achètent" alts="achetent" hint="acheter" student-answer=""/> des pommes.</p>
  </exercise>
`;
    case 1:
      return `  <exercise id="mc-${n}" type="multiple-choice">
    <question id="mc-${n}-q1">
      <prompt>Que garde le marchand pour Claire ?</prompt>
      <option>des pommes</option>
      <option correct="true">des fraises</option>
      <option>du fromage</option>
    </question>
  </exercise>
`;
    default:
      return `  <exercise id="tf-${n}" type="true-false">
    <statement answer="false" correction="Elle y va le samedi." student-answer="">Claire va au marché le lundi.</statement>
    <statement answer="true" student-answer="">Le marchand connaît Claire.</statement>
  </exercise>
`;
  }
}

/** A reading unit: a passage of three paragraphs, then one exercise on it. */
function readingUnit(n: number): string {
  return `  <h2 id="r${n}">Unit ${n}: une journée au marché</h2>
  <p id="r${n}-p1">Chaque samedi matin, Claire se lève tôt et va au marché avec son petit frère Paul. Ils prennent le bus de huit heures, traversent la place de l'église et s'arrêtent d'abord chez le boulanger, qui leur vend une baguette encore chaude (unit ${n}).</p>
  <p id="r${n}-p2">Ensuite, ils font le tour des étals. Le marchand de fruits <strong>connaît</strong> bien Claire : il lui garde toujours les <em>meilleures</em> fraises, et il demande des nouvelles de sa grand-mère, qui habite à la campagne.</p>
  <p id="r${n}-p3">Avant de rentrer, Paul veut toujours un morceau de fromage. Claire compte son argent, paie le fromager et range les courses dans son grand panier bleu. Sur le chemin du retour, ils passent devant la fontaine de la place.</p>
${readingExercise(n)}`;
}

/**
 * A lesson of reading units (a passage and one exercise each, about 1.1 KB a unit): `exercises`
 * of them, the shape of a teacher's long course file (300 KB holds about 270 exercises).
 */
export function readingLesson(exercises: number): string {
  const units = Array.from({ length: exercises }, (_, i) => readingUnit(i + 1));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<lesson title="Une journée au marché" level="A2" lang="fr">\n${units.join('')}</lesson>\n`;
}

/** The same lesson with the text of one paragraph rewritten. */
export function rewriteParagraph(text: string, paragraphId: string, newBody: string): string {
  const open = `<p id="${paragraphId}">`;
  const start = text.indexOf(open);
  if (start < 0) throw new Error(`No paragraph ${paragraphId}`);
  const end = text.indexOf('</p>', start);
  return text.slice(0, start + open.length) + newBody + text.slice(end);
}

// Lessons the lesson-format tests share.

/** The fill-blanks example of the lesson format this product was created from, verbatim. */
export const SEED_EXAMPLE = `<exercise id="ex-123">

  <h3>Complete the sentences</h3>
  <p>The cat <blank answer="sleeps" hint="present tense verb" student-answer="" /> on the sofa.</p>
  <p>She <blank answer="went" alts="traveled,drove" student-answer="" /> to Paris last summer.</p>
</exercise>`;

/** A whole lesson in that format: the seed's elements only, exercises without a type. */
export const ORIGINAL_FORMAT_LESSON = `<lesson>
  <h1>Past and present</h1>
  <h2>Warm-up</h2>
  <p>Read the sentences aloud before you write.</p>
  <note>Teacher only: allow ten minutes.</note>
  ${SEED_EXAMPLE}
  <exercise id="ex-124">
    <h3>Your weekend</h3>
    <p>Write five sentences about last weekend.</p>
    <writing-area student-answer="" />
  </exercise>
  <exercise id="ex-125">
    <h3>Discuss</h3>
    <p>Talk with a partner about your favourite city.</p>
  </exercise>
</lesson>
`;

/** A lesson the class has started: answers in every kind of element that takes one. */
export const ANSWERED = `<lesson title="Le marché" level="A2" lang="fr">
  <h1>Au marché</h1>
  <exercise id="ex-1">
    <h3>Complete the sentences</h3>
    <p>Claire <blank answer="va" hint="aller" student-answer="va"/> au marché.</p>
    <p>Elle <blank answer="achète" student-answer="achete"/> des pommes.</p>
  </exercise>
  <exercise id="ex-2" type="true-false">
    <h3>True or false?</h3>
    <statement id="s1" answer="true" student-answer="true">Claire va au marché.</statement>
  </exercise>
  <exercise id="ex-3" type="writing">
    <p>Décris ton marché.</p>
    <writing-area lines="6" student-answer="Mon marché est grand."/>
  </exercise>
</lesson>
`;

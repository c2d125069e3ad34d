// A lesson with every place an export writes words of its own (a not-given statement, a sequence,
// a model answer, marking criteria with one point and several, word limits, an exercise's points,
// the names of exercises and questions, the name of a text that starts with no words, a writing space without a task), in
// French, German and Spanish: the words students read around the lesson's must be theirs.
import type { ExportFormat } from '../../../../src/core/exchange/exchange';

export const LANGUAGES = ['fr', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

const TEXT: Record<Language, readonly string[]> = {
  fr: ['Le week-end de Léa', 'Léa va au marché le samedi.', 'Elle achète des pommes.', 'Elle aime le fromage.', 'Léa se lève.', 'Elle prend le bus.', 'Pourquoi Léa va-t-elle au marché ?', 'Pour acheter des fruits.', 'Utilise le présent', 'Raconte ton week-end.', 'Écris une carte postale.', 'Lis les phrases.'],
  de: ['Leas Wochenende', 'Lea geht samstags auf den Markt.', 'Sie kauft Äpfel.', 'Sie mag Käse.', 'Lea steht auf.', 'Sie nimmt den Bus.', 'Warum geht Lea auf den Markt?', 'Um Obst zu kaufen.', 'Benutzt das Präsens', 'Erzähl von deinem Wochenende.', 'Schreib eine Postkarte.', 'Lies die Sätze.'],
  es: ['El fin de semana de Lea', 'Lea va al mercado los sábados.', 'Compra manzanas.', 'Le gusta el queso.', 'Lea se levanta.', 'Coge el autobús.', '¿Por qué va Lea al mercado?', 'Para comprar fruta.', 'Usa el presente', 'Cuenta tu fin de semana.', 'Escribe una postal.', 'Lee las frases.'],
};

/** The lesson, in `lang`. */
export function lessonIn(lang: Language): string {
  const [title, s1, s2, s3, l1, l2, question, model, criterion, task, task2, read] = TEXT[lang];
  return `<lesson title="${title}" level="A2" lang="${lang}">
  <h1>${title}</h1>
  <exercise id="tf" type="true-false" points="3">
    <p>${read}</p>
    <statement answer="true" student-answer="">${s1}</statement>
    <statement answer="false" correction="${s3}" student-answer="">${s2}</statement>
    <statement answer="not-given" student-answer="">${s3}</statement>
  </exercise>
  <exercise id="tf2" type="true-false"><statement answer="false" student-answer="">${s2}</statement></exercise>
  <exercise id="seq" type="sequencing">
    <sequence student-answer=""><item order="2">${l2}</item><item order="1">${l1}</item><item order="3">${s1}</item></sequence>
  </exercise>
  <p><br/></p><p>${l1}</p>
  <exercise id="sa" type="short-answer">
    <short-answer lines="3" student-answer=""><prompt>${question}</prompt><model-answer>${model}</model-answer>
      <rubric><criterion points="1">${criterion}</criterion><criterion points="2">${model}</criterion></rubric></short-answer>
  </exercise>
  <exercise id="wr" type="writing" points="10">
    <p>${task}</p>
    <writing-area lines="10" min-words="60" max-words="90" student-answer=""/>
    <rubric><criterion points="5">${criterion}</criterion><criterion points="1">${model}</criterion></rubric>
  </exercise>
  <exercise id="wr2" type="writing"><p>${task2}</p><writing-area lines="6" min-words="40" student-answer=""/></exercise>
  <exercise id="wr3" type="writing"><p>${task2}</p><writing-area lines="6" max-words="50" student-answer=""/></exercise>
  <exercise id="wr4" type="writing"><writing-area lines="4" student-answer=""/></exercise>
</lesson>`;
}

/**
 * The words an export of this lesson would write around the lesson's in English (the English
 * sheet's), none of which may be in its export in `lang`. French says "2 points" as English does,
 * German "Text" (a text's name) as English does.
 */
export function englishWords(lang: Language, format: ExportFormat): RegExp[] {
  return [
    /Model answer/,
    /Marking criteria/,
    /Write (60–90|at least 40|at most 50) words/,
    /\bTrue\b/,
    /\bFalse\b/,
    /Not given/,
    ...(lang === 'fr' ? [] : [/\d points?\b/]),
    /\bExercise \d/,
    ...(lang === 'de' ? [] : [/\bText\b/]),
    ...(format === 'gift' ? [/Give each line its position/, /Write your answer/] : []),
  ];
}

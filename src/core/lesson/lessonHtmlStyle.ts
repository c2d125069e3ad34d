// The exported lesson's stylesheet, inlined in the file so it travels alone. Paper first: black on
// white, serif text, gaps and ruled lines wide enough to write on, nothing split across a page
// break that a student reads as one item; on screen the same page, centred.
export const LESSON_HTML_STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body {
  margin: 2.5em auto; padding: 0 1.5em; max-width: 46em;
  font: 12pt/1.55 Georgia, "Times New Roman", "DejaVu Serif", serif; color: #111; background: #fff;
}
h1, h2, h3 { font-family: "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; line-height: 1.25; break-after: avoid; }
h1 { font-size: 20pt; margin: 0.2em 0 0.6em; }
h2 { font-size: 15pt; margin: 1.4em 0 0.5em; }
h3 { font-size: 12.5pt; margin: 0.9em 0 0.4em; }
p { margin: 0.45em 0; }
ul, ol { margin: 0.45em 0; padding-left: 1.6em; }
li { margin: 0.3em 0; }
.sheet-header { margin-bottom: 1.2em; font-family: "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; font-size: 10pt; color: #333; }
.name-line { display: flex; gap: 0.6em; align-items: flex-end; }
.name-line .fill { flex: 1; border-bottom: 1px solid #555; height: 1.2em; }
.name-line .fill.short { flex: 0 0 9em; }
.copy-label { font-weight: 700; color: #0b5d1e; text-transform: uppercase; letter-spacing: 0.06em; }
.exercise { margin: 1.6em 0; padding-top: 0.6em; border-top: 1.5px solid #222; }
.exercise-label { break-after: avoid; margin: 0 0 0.3em; font: 700 9.5pt/1.3 "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; text-transform: uppercase; letter-spacing: 0.08em; color: #333; }
.exercise-label .meta { font-weight: 400; text-transform: none; letter-spacing: 0; }
.gap { display: inline-block; min-width: 5em; border-bottom: 1px solid #222; height: 1.2em; vertical-align: -0.2em; text-align: center; line-height: 1.2em; }
.gap.w2 { min-width: 7.5em; } .gap.w3 { min-width: 10em; } .gap.w4 { min-width: 13em; }
.gap.key { height: auto; padding: 0 0.3em; }
.hint { color: #555; font-style: italic; font-size: 0.92em; }
.key, .key-alts, .key-label, .option.correct .letter { color: #0b5d1e; }
.key { font-weight: 700; }
.key-alts { font-size: 0.9em; font-style: italic; }
.key-label { font-weight: 700; font-family: "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; font-size: 0.85em; }
.key-block { margin: 0.35em 0 0.6em; padding: 0.3em 0.6em; border-left: 3px solid #0b5d1e; background: #f0f7f1; }
.word-bank { display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; margin: 0.6em 0; padding: 0.5em 0.9em; border: 1.5px solid #222; border-radius: 4px; }
.question, .statement, .short-answer, .writing-area, .sequence li, .rubric tr { break-inside: avoid; }
.question { margin: 0.8em 0; }
.prompt { margin-bottom: 0.25em; }
.number { font-weight: 700; }
.options { list-style: none; padding-left: 1.4em; margin: 0.2em 0; }
.option { display: flex; gap: 0.45em; align-items: baseline; }
.option.correct { font-weight: 700; }
.box { display: inline-block; flex: none; width: 0.85em; height: 0.85em; border: 1.3px solid #222; vertical-align: -0.08em; position: relative; }
.box.circle { border-radius: 50%; }
.box.checked::after { content: ""; position: absolute; inset: 0.14em; background: #0b5d1e; border-radius: inherit; }
.statement { margin: 0.7em 0; }
.statement p { margin: 0.15em 0; }
.choices { display: flex; flex-wrap: wrap; gap: 0.3em 1.4em; align-items: baseline; padding-left: 1em; font-size: 0.95em; }
.choice { display: inline-flex; gap: 0.4em; align-items: baseline; }
.sequence { list-style: none; padding-left: 0.4em; }
.sequence li { display: flex; gap: 0.7em; align-items: baseline; }
.order-box { flex: none; display: inline-block; width: 1.8em; height: 1.5em; border: 1.3px solid #222; text-align: center; line-height: 1.5em; font-weight: 700; color: #0b5d1e; }
.ruled { margin: 0.3em 0 0.8em; }
.ruled-line { height: 2.1em; border-bottom: 1px solid #888; }
.ruled-line.short { height: 1.8em; margin-left: 1em; }
.rubric { width: 100%; border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; break-inside: auto; }
.rubric caption { text-align: left; font: 700 0.85em "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; padding-bottom: 0.2em; }
.rubric td { border: 1px solid #999; padding: 0.25em 0.5em; vertical-align: top; }
.rubric .points { width: 6em; text-align: right; white-space: nowrap; }
.note { margin: 0.8em 0; padding: 0.4em 0.8em; border: 1.5px dashed #0b5d1e; background: #f7fbf7; break-inside: avoid; }
.note .key-label { margin: 0; }
@page { margin: 16mm 15mm; }
@media print {
  body { margin: 0; padding: 0; max-width: none; }
  .exercise:first-child { border-top: none; }
}
`;

// Exported files are safe to open: every payload of the XSS corpus, put in every place of a lesson
// that holds text, comes out as text. GIFT read by gift-pegjs and its HTML by htmlparser2; QTI read
// as XML: no element or attribute the exporter does not write itself, and the payload's words intact.
import * as assert from 'node:assert/strict';
import { unzipSync } from 'fflate';
import { parse } from 'gift-pegjs';
import { parseDocument } from 'htmlparser2';
import { exportLesson, importQuiz } from '../../../../src/core/exchange/exchange';
import { renderLessonHtml } from '../../../../src/core/lesson/lessonHtml';
import { buildLessonView } from '../../../../src/core/lesson/lessonView';
import { parseXmlTree, type XmlNode } from '../../../../src/core/lesson/xmlTree';
import { XSS_CORPUS } from '../../../webview/xssCorpus';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function hostileLesson(p: string): string {
  const t = esc(p);
  return `<lesson title="${t}" lang="en"><h1>${t}</h1><p>${t}</p><note><p>${t}</p></note>
    <exercise id="e1" type="fill-blanks"><h3>${t}</h3><p>${t} <blank answer="${t}" alts="x" hint="${t}" student-answer=""/> ${t}</p></exercise>
    <exercise id="e2" type="fill-blanks"><word-bank><word>${t}</word><word>w</word></word-bank><p>a <blank answer="w" student-answer=""/></p><note>${t}</note></exercise>
    <exercise id="e3" type="multiple-choice"><question student-answer=""><prompt>${t}</prompt><option correct="true">${t}</option><option>b</option><explanation>${t}</explanation></question></exercise>
    <exercise id="e4" type="true-false"><statement answer="false" correction="${t}" student-answer="">${t}</statement><statement answer="not-given" student-answer="">${t}</statement></exercise>
    <exercise id="e5" type="sequencing"><sequence student-answer=""><item order="2">${t}</item><item order="1">b</item></sequence></exercise>
    <exercise id="e6" type="short-answer"><short-answer student-answer=""><prompt>${t}</prompt><model-answer>${t}</model-answer><rubric><criterion points="1">${t}</criterion></rubric></short-answer></exercise>
    <exercise id="e7" type="writing"><p>${t}</p><writing-area student-answer=""/><rubric><criterion>${t}</criterion></rubric></exercise></lesson>`;
}

/** The payload as element content holds it (quotes need no escape there). */
const asText = (s: string) => s.replace(/\s+/g, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const GIFT_HTML = new Set(['p', 'strong', 'em', 'br', 'h1', 'h2', 'h3', 'ul', 'ol', 'li', 'span']);
const QTI_BODY = new Set(['p', 'strong', 'em', 'br', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'span']);

function htmlElements(html: string): Array<{ name: string; attribs: Record<string, string> }> {
  const out: Array<{ name: string; attribs: Record<string, string> }> = [];
  const walk = (nodes: ReturnType<typeof parseDocument>['children']) => {
    for (const n of nodes) {
      if (n.type === 'tag' || n.type === 'script' || n.type === 'style') out.push({ name: n.name, attribs: n.attribs });
      if ('children' in n) walk(n.children);
    }
  };
  walk(parseDocument(html).children);
  return out;
}

function xmlElements(node: XmlNode): Array<{ name: string; attributes: Record<string, string> }> {
  return node.kind === 'element' ? [{ name: node.name, attributes: { ...node.attributes } }, ...node.children.flatMap(xmlElements)] : [];
}

describe('exports are safe to open: the XSS corpus in every place a lesson holds text', () => {
  it(`GIFT: ${XSS_CORPUS.length} payloads stay text in every question gift-pegjs reads`, () => {
    for (const payload of XSS_CORPUS) {
      const out = exportLesson(hostileLesson(payload), 'gift', 'x');
      assert.ok(out.ok);
      const questions = parse(new TextDecoder().decode(out.data));
      const texts = questions.flatMap((q) => {
        // A short answer's answers are plain text to Moodle (compared with what students type, shown
        // escaped), so they are written as they are; every other field is HTML and must stay text.
        const choices = q.type === 'MC' ? q.choices.map((c) => c.text.text) : [];
        const fields = [q.type !== 'Category' ? q.stem.text : '', 'globalFeedback' in q ? q.globalFeedback?.text : '', ...choices];
        return fields.filter((f): f is string => typeof f === 'string' && f !== '');
      });
      for (const html of texts) {
        for (const e of htmlElements(html)) {
          assert.ok(GIFT_HTML.has(e.name), `${payload}: <${e.name}> in ${html}`);
          assert.deepEqual(Object.keys(e.attribs).filter((a) => a !== 'class'), [], `${payload}: attributes on <${e.name}>`);
        }
      }
      assert.ok(texts.filter((h) => h.includes(asText(payload))).length >= 8, `${payload} is kept as text`);
    }
  });

  it(`QTI: ${XSS_CORPUS.length} payloads stay text in every item, well-formed XML with only the exporter's elements`, () => {
    for (const payload of XSS_CORPUS) {
      const out = exportLesson(hostileLesson(payload), 'qti', 'x');
      assert.ok(out.ok);
      const files = unzipSync(out.data);
      let seen = 0;
      for (const [path, bytes] of Object.entries(files)) {
        const tree = parseXmlTree(new TextDecoder().decode(bytes));
        assert.ok(tree.ok, `${payload}: ${path} is well-formed`);
        for (const e of xmlElements(tree.root)) {
          assert.ok(e.name.startsWith('qti-') || QTI_BODY.has(e.name) || path === 'imsmanifest.xml', `${payload}: <${e.name}> in ${path}`);
          assert.ok(!Object.keys(e.attributes).some((a) => /^on/i.test(a) || a === 'src' || a === 'style'), `${payload}: attributes of <${e.name}>`);
        }
        if (new TextDecoder().decode(bytes).includes(asText(payload))) seen++;
      }
      assert.ok(seen >= 8, `${payload} is kept as text in the items`);
      // And back: the lesson made from it prints with the payload as text.
      const back = importQuiz(out.data, 'x.qti.zip');
      assert.ok(back.ok);
      const view = buildLessonView(back.xml);
      assert.ok(view.ok);
      const page = htmlElements(renderLessonHtml(view.lesson, { copy: 'teacher', documentName: 'x' }));
      assert.deepEqual(page.filter((e) => /^(script|img|iframe|object|embed|a|svg|math|link|base|form|input)$/.test(e.name) || Object.keys(e.attribs).some((a) => /^on/i.test(a))), [], `${payload}: the printed lesson`);
    }
  });
});

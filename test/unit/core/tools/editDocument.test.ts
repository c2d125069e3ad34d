import * as assert from 'node:assert/strict';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import * as z from 'zod';
import type { DocumentAccess } from '../../../../src/core/documents/types';
import { editDocumentTool } from '../../../../src/core/tools/editDocument';
import type { EditPlan } from '../../../../src/core/tools/types';
import { LESSON, useWorkbench, workbench } from './toolContext';

const WITH_EXERCISE = LESSON.replace(
  '</lesson>',
  `  <exercise id="tf-1" type="true-false">
    <statement answer="false" correction="Elle y va le samedi." student-answer="">Claire va au marché le lundi.</statement>
  </exercise>
</lesson>`,
);

describe('edit_document', () => {
  const bench = useWorkbench();

  it('applies only the changed range and reports the real outcome', async () => {
    const seen = await bench.seen();
    const begun: EditPlan[] = [];
    const beginEdit = async (plan: EditPlan): Promise<string> => {
      assert.equal(await readFile(bench.document.path, 'utf8'), LESSON, 'the edit is recorded before the document changes');
      begun.push(plan);
      return 'edit-7';
    };
    const result = await editDocumentTool.run({ documentXml: WITH_EXERCISE, summary: 'Added a true/false exercise' }, bench.context({ documentSeen: seen, beginEdit }));
    assert.equal(result.isError, undefined, result.content);
    assert.equal(await readFile(bench.document.path, 'utf8'), WITH_EXERCISE);
    assert.equal(result.summary, 'added an exercise');
    assert.match(result.content, /^Applied to unit\.lesson\.xml: Added a true\/false exercise/);
    assert.deepEqual(begun, [{ documentUri: bench.document.uri, summary: 'Added a true/false exercise', before: LESSON, after: WITH_EXERCISE }]);
    assert.deepEqual(result.edit, { id: 'edit-7', before: LESSON, after: WITH_EXERCISE });
    assert.equal(result.documentSeen?.text, WITH_EXERCISE);
    assert.equal(editDocumentTool.displayText({ documentXml: '', summary: '' }), 'Editing document');
  });

  it('rejects invalid XML with line and column, and leaves the file alone', async () => {
    const broken = WITH_EXERCISE.replace('answer="false" ', '').replace('<h1>Au marché</h1>', '<h1>Au marché</h2>');
    const result = await editDocumentTool.run({ documentXml: broken, summary: 'x' }, bench.context({ documentSeen: await bench.seen() }));
    assert.equal(result.isError, true);
    assert.match(result.content, /NOT changed/);
    assert.match(result.content, /line 2, column 16: not well-formed XML: <\/h2> does not close <h1>/);
    assert.equal(await readFile(bench.document.path, 'utf8'), LESSON);
    const missing = await editDocumentTool.run(
      { documentXml: WITH_EXERCISE.replace('answer="false" ', ''), summary: 'x' },
      bench.context(),
    );
    assert.match(missing.content, /line 9, column 5: <statement> is missing the required attribute answer/);
  });

  it('an edit on a lesson that cannot be read says so: the step and the model are told, not a plain "Done"', async () => {
    const broken = LESSON.replace('<h1>Au marché</h1>', '<h1>Au marché</h1\n');
    const line = broken.slice(0, broken.indexOf('</h1\n')).split('\n').length;
    const teacher = await workbench('broken.lesson.xml', broken);
    try {
      const edited = broken.replace('</lesson>', '  <p>Le samedi matin.</p>\n</lesson>');
      const result = await editDocumentTool.run({ documentXml: edited, summary: 'Added a line' }, teacher.context());
      assert.equal(result.isError, undefined, result.content);
      assert.equal(await readFile(teacher.document.path, 'utf8'), edited, 'the edit lands');
      assert.match(result.summary ?? '', new RegExp(`, but the lesson still cannot be read \\(line ${line}: A closing tag has a character that is not allowed[^)]*\\)\\): the preview shows its last readable version$`));
      assert.match(result.content, /The lesson still cannot be read \(line \d+: [^\n]*\), so its preview cannot show this edit\. Tell the user/);
      // A lesson that can be read says nothing of the kind.
      const fine = await editDocumentTool.run({ documentXml: LESSON.replace('</lesson>', '  <p>Le samedi matin.</p>\n</lesson>'), summary: 'Added a line' }, teacher.context());
      assert.doesNotMatch(`${fine.summary ?? ''}\n${fine.content}`, /cannot be read/);
    } finally {
      await teacher.dispose();
    }
  });

  it('edits a lesson that already has problems: they are reported, not blocking', async () => {
    const old = LESSON.replace('<p id="fruit">', '<p id="fruit" data-source="quizlet">').replace('des fraises', 'des fraises&nbsp;!');
    const teacher = await workbench('old.lesson.xml', old);
    try {
      const edited = old.replace('<h1>Au marché</h1>', '<h1>Au marché</h1>\n  <p>Le samedi matin.</p>');
      const result = await editDocumentTool.run({ documentXml: edited, summary: 'Added a line' }, teacher.context());
      assert.equal(result.isError, undefined, result.content);
      assert.match(result.content, /Note: the document already had 2 problems before this edit; they did not block it/);
      assert.match(result.content, /line 5, column 17: unknown attribute data-source on <p>/);
      assert.match(result.content, /line 5, column \d+: &nbsp; is not an XML entity/);
      assert.equal(await readFile(teacher.document.path, 'utf8'), edited);
      // A problem of its own is refused with its line and column, the old ones mentioned aside.
      const worse = edited.replace('<p>Le samedi matin.</p>', '<p colour="red">Le samedi matin.</p>');
      const refused = await editDocumentTool.run({ documentXml: worse, summary: 'x' }, teacher.context());
      assert.equal(refused.isError, true);
      assert.match(refused.content, /^The document was NOT changed: your edit introduces 1 error in the lesson XML\.\nline 3, column 6: unknown attribute colour on <p>/);
      assert.match(refused.content, /already had 2 other problems; those do not block your edit/);
      assert.equal(await readFile(teacher.document.path, 'utf8'), edited);
    } finally {
      await teacher.dispose();
    }
  });

  it('keeps the user\'s typing at the end of the document, also through a second edit', async () => {
    const seen = await bench.seen();
    const typed = `${LESSON}<!-- the user typed this -->\n`;
    await writeFile(bench.document.path, typed);
    const edited = LESSON.replace('des pommes et des fraises', 'des pommes, des poires et des fraises');
    const result = await editDocumentTool.run({ documentXml: edited, summary: 'Added pears' }, bench.context({ documentSeen: seen }));
    assert.equal(result.isError, undefined, result.content);
    const expected = `${edited}<!-- the user typed this -->\n`;
    assert.equal(await readFile(bench.document.path, 'utf8'), expected);
    assert.match(result.content, /their changes were kept/);
    assert.equal(result.edit?.before, typed);
    assert.equal(result.edit?.after, expected);
    // The model's picture stays its own text: a second edit in the same response is rebased
    // over the typing again instead of erasing it.
    assert.equal(result.documentSeen?.text, edited);
    const again = edited.replace('Au marché', 'Au grand marché');
    const second = await editDocumentTool.run({ documentXml: again, summary: 'Title' }, bench.context({ documentSeen: result.documentSeen }));
    assert.equal(second.isError, undefined, second.content);
    assert.equal(await readFile(bench.document.path, 'utf8'), `${again}<!-- the user typed this -->\n`);
  });

  it('records the text the edit landed on even when the document access does not report it', async () => {
    const seen = await bench.seen();
    const typed = `${LESSON}<!-- typed -->\n`;
    await writeFile(bench.document.path, typed);
    const inner = bench.document;
    // Like an editor adapter that only returns the required fields.
    const bare: DocumentAccess = {
      uri: inner.uri,
      name: inner.name,
      kind: inner.kind,
      read: () => inner.read(),
      applyEdits: async (edits, base, label) => {
        const result = await inner.applyEdits(edits, base, label);
        return result.ok ? { ok: true, after: result.after, rebased: result.rebased } : result;
      },
    };
    const edited = LESSON.replace('des pommes', 'des poires');
    const result = await editDocumentTool.run({ documentXml: edited, summary: 'x' }, bench.context({ document: bare, documentSeen: seen }));
    assert.equal(result.edit?.before, typed, 'Revert must not drop the user\'s typing');
    assert.equal(result.edit?.after, `${edited}<!-- typed -->\n`);
  });

  it('warns when the merge with the user\'s typing gives the lesson a new problem', async () => {
    const seen = await bench.seen();
    // The user adds a paragraph with an id at the top; the agent adds one with the same id further down.
    await writeFile(bench.document.path, LESSON.replace('<h1>Au marché</h1>', '<h1>Au marché</h1>\n  <p id="pears">Note</p>'));
    const edited = LESSON.replace('</exercise>\n', '</exercise>\n  <p id="pears">Des poires.</p>\n');
    const result = await editDocumentTool.run({ documentXml: edited, summary: 'Pears' }, bench.context({ documentSeen: seen }));
    assert.equal(result.isError, undefined, result.content);
    assert.match(result.content, /Warning: merged with the user's typing, the document now has new problems:\nline 9, column 6: duplicate id "pears"/);
    assert.match(await readFile(bench.document.path, 'utf8'), /<p id="pears">Note<\/p>[\s\S]*<p id="pears">Des poires/);
  });

  it('refuses an edit overlapping the user\'s change, with the fresh text, and loses nothing', async () => {
    const seen = await bench.seen();
    const users = LESSON.replace('des pommes et des fraises', 'des cerises');
    await writeFile(bench.document.path, users);
    const result = await editDocumentTool.run(
      { documentXml: LESSON.replace('des pommes et des fraises', 'des poires'), summary: 'Pears' },
      bench.context({ documentSeen: seen }),
    );
    assert.equal(result.isError, true);
    assert.match(result.content, /same part of the document/);
    assert.ok(result.content.endsWith(users), 'carries the fresh text');
    assert.equal(await readFile(bench.document.path, 'utf8'), users);
  });

  it('edits Markdown without XML validation', async () => {
    const md = await workbench('notes.md', '# Notes\n\nFirst idea.\n');
    try {
      const result = await editDocumentTool.run({ documentXml: '# Notes\n\nFirst idea <b>bold.\n', summary: 'x' }, md.context());
      assert.equal(result.isError, undefined, result.content);
      assert.equal(await readFile(md.document.path, 'utf8'), '# Notes\n\nFirst idea <b>bold.\n');
    } finally {
      await md.dispose();
    }
  });

  it('says clearly when there is no document, when it was deleted, and when nothing changes', async () => {
    const none = await editDocumentTool.run({ documentXml: LESSON, summary: 'x' }, bench.context({ document: undefined }));
    assert.equal(none.isError, true);
    assert.match(none.content, /No document is bound/);
    const same = await editDocumentTool.run({ documentXml: LESSON, summary: 'x' }, bench.context());
    assert.equal(same.isError, undefined);
    assert.match(same.content, /No change/);
    const seen = await bench.seen();
    await unlink(bench.document.path);
    const gone = await editDocumentTool.run({ documentXml: WITH_EXERCISE, summary: 'x' }, bench.context({ documentSeen: seen }));
    assert.equal(gone.isError, true);
    assert.match(gone.content, /no longer exists/);
  });

  it('does not apply anything once the turn is stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await editDocumentTool.run({ documentXml: WITH_EXERCISE, summary: 'x' }, bench.context({ signal: controller.signal }));
    assert.equal(result.isError, true);
    assert.equal(await readFile(bench.document.path, 'utf8'), LESSON);
  });

  describe('approval', () => {
    const shortened = LESSON.replace(/ {2}<exercise[\s\S]*<\/exercise>\n/, '').replace(/ {2}<p id="fruit">.*\n/, '');

    it('asks before an edit that removes more than a quarter, with a reviewable proposal', async () => {
      const ctx = bench.context({ documentSeen: await bench.seen() });
      const plan = await editDocumentTool.needsConfirmation?.({ documentXml: shortened, summary: 'Removed the exercise' }, ctx);
      assert.ok(plan);
      assert.equal(plan.request.tool, 'edit_document');
      // It removes ids too (the exercise's and a paragraph's): the reason says so in words.
      // No student has answered anything: neither the title nor a list speaks of students' work, and no id is named.
      assert.equal(plan.request.title, 'Edit unit.lesson.xml?');
      assert.equal(plan.request.summary, 'Removed the exercise');
      assert.match(plan.request.reason ?? '', /^It removes 2 parts of the lesson that students' answers and marks are linked to\. This edit removes or rewrites \d+% of the document\.$/);
      assert.equal(plan.request.studentWork, undefined);
      assert.equal(plan.request.hasDiff, true);
      assert.deepEqual(plan.proposal, { uri: bench.document.uri, before: LESSON, after: shortened });
      assert.equal(await readFile(bench.document.path, 'utf8'), LESSON, 'asking changes nothing');
    });

    it('does not ask for a small edit under "large", always asks under "always", never under "never"', async () => {
      const small = { documentXml: WITH_EXERCISE, summary: 'x' };
      assert.equal(await editDocumentTool.needsConfirmation?.(small, bench.context()), undefined);
      assert.ok(await editDocumentTool.needsConfirmation?.(small, bench.context({ settings: { approvalEdits: 'always' } })));
      assert.ok(await editDocumentTool.needsConfirmation?.(small, bench.context({ settings: { alwaysConfirm: ['edit_document'] } })));
      const large = { documentXml: shortened, summary: 'x' };
      assert.equal(await editDocumentTool.needsConfirmation?.(large, bench.context({ settings: { approvalEdits: 'never' } })), undefined);
    });

    it('does not ask about invalid XML (the run reports the errors instead)', async () => {
      const plan = await editDocumentTool.needsConfirmation?.({ documentXml: '<lesson>', summary: 'x' }, bench.context({ settings: { approvalEdits: 'always' } }));
      assert.equal(plan, undefined);
    });
  });

  it('declares a JSON schema with both fields required', () => {
    const schema = z.toJSONSchema(editDocumentTool.inputSchema) as { required?: string[] };
    assert.deepEqual(schema.required?.sort(), ['documentXml', 'summary']);
  });
});

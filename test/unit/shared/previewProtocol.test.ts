import * as assert from 'node:assert/strict';
import { buildLessonView } from '../../../src/core/lesson/lessonView';
import { parsePreviewHostMessage, parsePreviewMessage } from '../../../src/shared/previewProtocol';

describe('preview protocol', () => {
  it('accepts what the host sends and what the preview sends', () => {
    const document = { type: 'document', uri: 'file:///a.lesson.xml', name: 'a.lesson.xml', version: 3, seq: 1, result: buildLessonView('<lesson><p>x</p></lesson>') };
    assert.deepEqual(parsePreviewHostMessage(document), { ok: true, value: document });
    assert.ok(parsePreviewHostMessage({ type: 'agentEdit', version: 4, ranges: [{ from: 2, to: 5 }] }).ok);
    assert.ok(parsePreviewHostMessage({ type: 'scrollTo', line: 12.5 }).ok);
    for (const message of [{ type: 'ready' }, { type: 'reveal', line: 4 }, { type: 'rendered', version: 3, ms: 2.5 }, { type: 'export', format: 'html', copy: 'teacher' }, { type: 'export', format: 'qti', copy: 'student' }]) {
      assert.ok(parsePreviewMessage(message).ok, JSON.stringify(message));
    }
  });

  it('refuses malformed messages with the first problem and where it is', () => {
    assert.deepEqual(parsePreviewMessage({ type: 'reveal', line: 0 }).ok, false);
    const bad = parsePreviewHostMessage({ type: 'document', uri: 'u', name: 'n', version: 1, seq: 1, result: { ok: true, lesson: { blocks: [{ kind: 'heading', line: 1 }] } } });
    assert.ok(!bad.ok);
    assert.match(bad.error, /at result/);
    assert.equal(parsePreviewHostMessage({ type: 'agentEdit', version: 1, ranges: [] }).ok, false, 'an edit lights at least one range');
    assert.equal(parsePreviewMessage({ type: 'export', format: 'html', copy: 'parent' }).ok, false);
    assert.equal(parsePreviewMessage({ type: 'export', format: 'pdf', copy: 'student' }).ok, false);
  });
});

// What the document holds of an agent edit, followed as the teacher undoes, redoes and types; and
// sessions saved by earlier releases (version 4, then version 5's checksummed lines) brought to
// version 6: a reverted edit reads as undone, the other as it landed.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashText, makePatch } from '../../../../src/core/documents/patch';
import { readJournal } from '../../../../src/core/sessions/journal';
import { migrateV5 } from '../../../../src/core/sessions/migrations';
import { editPresence, presenceChanges, storedPresence } from '../../../../src/core/sessions/presence';
import type { EditRecord, Session } from '../../../../src/core/sessions/schema';
import { SESSION_SCHEMA_VERSION } from '../../../../src/core/sessions/schema';
import { sessionToView } from '../../../../src/core/sessions/view';

const BEFORE = '<lesson>\n  <h1>Verbs</h1>\n  <p>Intro.</p>\n  <p>Closing.</p>\n</lesson>\n';
const AFTER = BEFORE.replace('  <p>Closing.</p>\n', '  <p>New exercise.</p>\n  <p>Closing.</p>\n');

function edit(extra: Partial<EditRecord> = {}): EditRecord {
  return {
    id: 'e1',
    toolCallId: 'c1',
    turnId: 't1',
    documentUri: 'file:///x.lesson.xml',
    summary: 'Added an exercise',
    patch: makePatch(BEFORE, AFTER),
    hashBefore: hashText(BEFORE),
    hashAfter: hashText(AFTER),
    status: 'applied',
    plannedAt: 1,
    appliedAt: 1,
    ...extra,
  };
}

describe('what the document holds of an edit', () => {
  it('applied, undone, applied again after typing, and changed when its lines were rewritten', () => {
    assert.equal(editPresence(edit(), AFTER), 'applied');
    assert.equal(editPresence(edit(), BEFORE), 'undone', 'Ctrl+Z');
    assert.equal(editPresence(edit(), AFTER.replace('Verbs', 'French verbs')), 'applied', 'typing elsewhere');
    assert.equal(editPresence(edit(), BEFORE.replace('Verbs', 'French verbs')), 'undone', 'undone, with typing elsewhere');
    assert.equal(editPresence(edit(), AFTER.replace('New exercise.', 'My own exercise.')), 'changed', 'typed over');
  });

  it('lists only the edits whose state changed, of the conversation\'s turns', () => {
    const session = { turns: [{ id: 't1' }], edits: [edit(), edit({ id: 'e2', turnId: 'set-aside' })] } as unknown as Session;
    assert.deepEqual(presenceChanges(session, 'file:///x.lesson.xml', AFTER), []);
    assert.deepEqual(presenceChanges(session, 'file:///x.lesson.xml', BEFORE), [{ editId: 'e1', presence: 'undone' }]);
    assert.deepEqual(presenceChanges(session, 'file:///other.lesson.xml', BEFORE), [], 'another document says nothing');
    assert.equal(storedPresence(edit({ revertedAt: 4 })), 'undone', 'a reverted edit saved without a state');
  });
});

describe('sessions of earlier versions', () => {
  it('migrateV5 is pure: a reverted edit becomes undone, the others stay as they landed', () => {
    const raw = { version: 5, edits: [edit({ revertedAt: 7 }), edit({ id: 'e2' })] };
    const frozen = structuredClone(raw);
    const next = migrateV5(raw);
    assert.deepEqual(raw, frozen, 'the input is not changed');
    assert.deepEqual((next.edits as EditRecord[]).map((e) => [e.presence, e.presenceAt]), [['undone', 7], [undefined, undefined]]);
  });

  // Written by the previous releases' agents: two turns with an edit each, the first reverted from the panel.
  for (const version of [4, 5]) {
    const file = `session-v${version}-edits.jsonl`;
    it(`a journal the version ${version} release wrote loads at version ${SESSION_SCHEMA_VERSION}, its checkpoints brought forward too`, () => {
      const bytes = readFileSync(join(__dirname, '..', '..', '..', '..', '..', 'test', 'unit', 'core', 'sessions', 'fixtures', file));
      assert.match(bytes.toString('utf8', 0, 12), new RegExp(`^\\{"v":${version},`));
      const { session, damage } = readJournal(bytes);
      assert.equal(damage, undefined);
      assert.equal(session.version, SESSION_SCHEMA_VERSION);
      const [first, second] = session.edits;
      assert.equal(first?.presence, 'undone', 'the reverted edit, from a checkpoint line');
      assert.equal(second?.presence, undefined);
      const steps = sessionToView(session).items.flatMap((i) => (i.kind === 'assistant' ? i.steps.filter((s) => s.editId) : []));
      assert.deepEqual(
        steps.map((s) => [s.resultSummary, s.reverted ?? false, s.editState]),
        [
          ['added 1 line', true, undefined],
          ['changed 1 line', false, undefined],
        ],
      );
    });
  }
});
